"""One station's panel as a pure state machine: button presses in, actions and lights out.

    model = PanelModel(Seat("helm", "enterprise"))
    out = model.press("up", PRESS, state)        # -> Outcome: an action to apply, a roll to ask
    model.told(state, events)                     # the events this seat was told (alert light)
    model.lamps(state)                            # what its lights show now (its lights file)

The values a panel steps through are the fields of the seat's `Decision` (engine `controls`), so
the buttons can never build an action out of range; before confirming, the panel asks the
engine's `problem`, and a refused press is a short "not now" flash with the reason.
A press at a seat that has nothing to do is a "not now" flash and nothing else.
Firing cannot be undone: it needs a long press of confirm (or fire).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from engine import Action, Decision, Event, Field, GameState, Prompt, Seat
from engine.stations import INSTRUCTOR, title
from engine.steps import step_problem
from hardware import engine_api as api
from hardware import functions as fn
from hardware.debounce import LONG, PRESS
from hardware.lamps import Lamp
from hardware.rule_lamps import Entering, default_rules, panel_plan
from lights.rules import RuleSet

Value = int | str | None
FLASH_S = 0.15                      # the "not now" flash
HARD_TURNS = {fn.PORT: ("P", "L"), fn.STARBOARD: ("S", "R")}  # held: the hard turn
ROUND = frozenset({"place_ship"})   # decisions whose numbers go round at their bounds: a
                                    # ship's column and row stepped with up alone (a Captain's
                                    # panel has no down) start again at the map's first


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a press led to: an action to apply, a roll to make, or a reason it did nothing."""

    action: Action | None = None
    roll: Prompt | None = None
    refused: str | None = None   # "not now": why (shown on the display, flashed on the panel)
    note: str | None = None      # a hint that is not a refusal ("hold confirm to fire")


@dataclass
class Editor:
    """The decision in front of the seat, and the values chosen on the panel so far."""

    decision: Decision
    values: dict[str, Value]
    cursor: int = 0
    preset: int = -1    # the quick fill last used (a long press of select takes the next)

    @classmethod
    def start(cls, decision: Decision) -> Editor:
        return cls(decision, {f.name: f.default for f in decision.fields})

    @property
    def field(self) -> Field | None:
        fields = self.decision.fields
        return fields[self.cursor] if fields else None

    def field_named(self, name: str) -> Field | None:
        return next((f for f in self.decision.fields if f.name == name), None)

    def fits(self, values: dict[str, Value]) -> bool:
        """Every budget holds (the fields of a budget together within its maximum)."""
        for budget in self.decision.budgets:
            total = sum(v for n in budget.fields if isinstance(v := values.get(n), int))
            if total > budget.maximum:
                return False
        return True

    def adopt(self, values: Iterable[tuple[str, Value]], cursor: str | None = None) -> bool:
        """Take over values entered elsewhere for this decision (the touchscreen: the last one
        touched wins), only when every field stays within its bounds (`Field.accepts`) and every
        budget holds; `cursor` moves to that field. False (nothing taken) otherwise."""
        names = [f.name for f in self.decision.fields]
        trial = dict(self.values)
        trial.update((n, v) for n, v in values if n in names)
        if not all(f.accepts(trial.get(f.name)) for f in self.decision.fields) or \
                not self.fits(trial):
            return False
        self.values = trial
        if cursor in names:
            self.cursor = names.index(cursor)
        return True

    def next_preset(self) -> Outcome:
        """A long press of select: the decision's next quick fill (`Decision.presets`: "as last
        turn", "spread evenly", ...) fills every field, one the rules refuse now skipped."""
        presets = self.decision.presets
        if not presets:
            return Outcome(refused=f"not now: no quick fill for {self.decision.title}")
        for n in range(1, len(presets) + 1):
            i = (self.preset + n) % len(presets)
            p = presets[i]
            if p.problem is None and self.adopt(p.values):
                self.preset = i
                after = next((q.label.lower() for k in range(1, len(presets))
                              if (q := presets[(i + k) % len(presets)]).problem is None), None)
                more = f"; hold select again for {after}" if after else ""
                return Outcome(note=f"{p.label}{more}")
        return Outcome(refused="not now: " + "; ".join(
            f"{p.label.lower()}: {p.problem}" for p in presets))

    def move_cursor(self, by: int) -> bool:
        """The cursor `by` fields on (back when negative), round; False (it stays) when the
        decision has fewer than two fields."""
        count = len(self.decision.fields)
        if count < 2:
            return False
        self.cursor = (self.cursor + by) % count
        return True

    def put_back(self, values: dict[str, Value]) -> None:
        """The values as they were before a step that is taken back (held up: its press's)."""
        self.values = dict(values)

    def set(self, name: str, value: Value) -> bool:
        trial = dict(self.values)
        trial[name] = value
        if not self.fits(trial):
            return False
        self.values = trial
        return True

    def step(self, direction: int) -> bool:
        """Up (+1) or down (-1) on the field under the cursor; False when it cannot move. A
        number of a decision in `ROUND` goes round: past its maximum to its minimum."""
        f = self.field
        if f is None:
            return False
        current = self.values.get(f.name)
        if f.kind == "int":
            value = (current if isinstance(current, int) else f.minimum) + direction * f.step
            if self.decision.action in ROUND and not f.minimum <= value <= f.maximum:
                value = f.minimum if direction > 0 else f.maximum
            if not f.minimum <= value <= f.maximum:
                return False
            return self.set(f.name, value)
        if f.kind == "choice":
            allowed = [c.value for c in f.choices if c.problem is None]
            if not allowed:
                return False
            i = allowed.index(current) if current in allowed else -1
            return self.set(f.name, allowed[(i + direction) % len(allowed)])
        if f.kind == "steps":
            return self.add_step("F") if direction > 0 else self.undo_step()
        return False

    def add_step(self, letter: str) -> bool:
        f = self._steps_field()
        if f is None or letter not in f.alphabet:
            return False
        steps = str(self.values.get(f.name) or "")
        if len(steps) >= f.maximum:
            return False
        return self.set(f.name, steps + letter)

    def harden_last_step(self, plain: str, hard: str) -> bool:
        """A held turn button: the turn its press just added (`plain`) becomes the emergency
        heading change of two hex-sides (`hard`), where the rules in play have one (Book Two,
        Advanced: Emergency Heading Changes; the course's alphabet comes from `controls`)."""
        f = self._steps_field()
        steps = str(self.values.get(f.name) or "") if f is not None else ""
        if f is None or hard not in f.alphabet or not steps.endswith(plain):
            return False
        return self.set(f.name, steps[:-1] + hard)

    def undo_step(self) -> bool:
        f = self._steps_field()
        steps = str(self.values.get(f.name) or "") if f is not None else ""
        if f is None or not steps:
            return False
        return self.set(f.name, steps[:-1])

    def turn_last_step(self) -> bool:
        """A course from the generic buttons: the last step goes ahead, then port, then
        starboard, then ahead again (`up` adds a step ahead, `down` takes the last one off)."""
        f = self._steps_field()
        steps = str(self.values.get(f.name) or "") if f is not None else ""
        if f is None or not steps:
            return False
        cycle = f.alphabet
        turned = cycle[(cycle.index(steps[-1]) + 1) % len(cycle)] if steps[-1] in cycle else "F"
        return self.set(f.name, steps[:-1] + turned)

    def _steps_field(self) -> Field | None:
        return next((f for f in self.decision.fields if f.kind == "steps"), None)

    def move_unit(self, into: str) -> bool:
        """Engineering: one unit of power into field `into`; when the budget is full, the unit
        comes out of the fullest other field of that budget."""
        target = self.field_named(into)
        if target is None or target.kind != "int":
            return False
        value = self.values.get(into)
        raised = (value if isinstance(value, int) else target.minimum) + target.step
        if raised > target.maximum:
            return False
        if self.set(into, raised):
            return True
        donors = [f for b in self.decision.budgets if into in b.fields for n in b.fields
                  if n != into and (f := self.field_named(n)) is not None and f.kind == "int"]
        trial = dict(self.values)
        trial[into] = raised
        while not self.fits(trial):
            # Take a unit from the fullest other field that can give one.
            givers = [f for f in donors if int(trial.get(f.name) or 0) - f.step >= f.minimum]
            if not givers:
                return False
            donor = max(givers, key=lambda f: int(trial.get(f.name) or 0))
            trial[donor.name] = int(trial.get(donor.name) or 0) - donor.step
        self.values = trial
        return True


@dataclass
class PanelModel:
    """A station's panel: the seat it speaks for, the decision being edited, the alert."""

    seat: Seat
    rules: RuleSet = field(default_factory=default_rules, repr=False, compare=False)
    editor: Editor | None = None
    buttons: frozenset[str] = frozenset()   # the panel's buttons (empty: not known, every one)
    alert: bool = False
    flash_until: float = float("-inf")
    last: Outcome = field(default_factory=Outcome)
    # What the engine said for the last state seen (states are immutable: asked once each).
    _state: GameState | None = field(default=None, repr=False, compare=False)
    _prompts: tuple[Prompt, ...] = field(default=(), repr=False, compare=False)
    _decisions: tuple[Decision, ...] | None = field(default=None, repr=False, compare=False)
    _pressed_on: Decision | None = field(default=None, repr=False, compare=False)
    _before_up: dict[str, Value] | None = field(default=None, repr=False, compare=False)
    # The decision just made (its state and editor), until the engine answers: its lights show
    # it made (no "your move"), and its values, not the defaults of the state it was made on.
    _sent: tuple[GameState, Editor] | None = field(default=None, repr=False, compare=False)

    def _ask(self, state: GameState) -> None:
        if state is not self._state:
            self._prompts = api.prompts(state, self.seat)
            self._decisions = None  # asked when wanted (`decisions`)
            self._state = state
            if self._sent is not None and self._sent[0] is not state:
                self._sent = None   # the engine answered (or the game went elsewhere: undo)

    def prompts(self, state: GameState) -> tuple[Prompt, ...]:
        """What this seat must do now (`pending(state, seat)`)."""
        self._ask(state)
        return self._prompts

    def decisions(self, state: GameState) -> tuple[Decision, ...]:
        """The seat's decisions (`controls(state, seat)`). The engine gives one per prompt, and
        a roll's prompt is for the roll alone, so a seat with nothing but rolls (or nothing)
        to do has no decision to edit: `controls` is asked only when a prompt is not a roll."""
        self._ask(state)
        if self._decisions is None:
            # The Instructor may end the game at any step (engine `end_game`): his panel edits
            # that ruling when it has nothing else to (display/ruling_panel.py on the screen).
            wanted = any(p.roll is None for p in self._prompts) or self.seat.station == INSTRUCTOR
            self._decisions = api.decisions(state, self.seat) if wanted else ()
        return self._decisions

    def sync(self, state: GameState) -> Editor | None:
        """Follow the game: a new decision for this seat starts from its defaults."""
        decisions = sorted((d for d in self.decisions(state) if d.action != "roll"),
                           key=lambda d: d.optional)   # an offer after what the game waits for
        if not decisions:
            self.editor = None
        elif self.editor is None or self.editor.decision != decisions[0]:
            self.editor = Editor.start(decisions[0])
        return self.editor

    def roll_prompt(self, state: GameState) -> Prompt | None:
        return next((p for p in self.prompts(state) if p.roll is not None), None)

    def press(self, button: str, kind: str, state: GameState, t: float = 0.0) -> Outcome:
        """A debounced press ("press" or "long") of the button with function `button`."""
        if kind not in (PRESS, LONG):
            return Outcome()  # a release does nothing
        current = self.sync(state)
        decision = current.decision if current is not None else None
        if kind == PRESS:
            self._pressed_on = decision
        elif decision != self._pressed_on:
            # The press began on an earlier decision (already made): holding on into the next
            # one must not confirm it (it could be firing).
            return Outcome()
        out = self._press(button, kind, state)
        if out.refused is not None:
            self.flash_until = t + FLASH_S
        self.last = out
        return out

    def _press(self, button: str, kind: str, state: GameState) -> Outcome:
        if kind == PRESS:
            self.alert = False  # any press acknowledges the alert
        roll = self.roll_prompt(state)
        if roll is not None:
            if kind == PRESS and button in (fn.ROLL, fn.CONFIRM, fn.END_PHASE):
                return Outcome(roll=roll)
            return Outcome(refused=f"roll the die first: {roll.roll.purpose}" if roll.roll else "")
        editor = self.sync(state)
        if editor is None:
            return Outcome(refused=f"not now: nothing for {title(self.seat.station)} to do")
        if button in (fn.CONFIRM, fn.END_PHASE, fn.FIRE):
            return self._confirm(editor, kind, state, button)
        if kind == LONG and button in HARD_TURNS:
            editor.harden_last_step(*HARD_TURNS[button])
            return Outcome()
        if kind == LONG and button == fn.UP and self._up_selects(editor):
            return self._next_field(editor)
        if kind == LONG and button == fn.SELECT and editor.decision.presets:
            editor.move_cursor(-1)   # the press moved the cursor on (two fields or more): back
            return editor.next_preset()
        if kind == LONG:
            return Outcome()  # a held button never repeats
        if button == fn.ROLL:
            return Outcome(refused="no roll is wanted now")
        self._before_up = dict(editor.values) if button == fn.UP else None
        if self._edit(editor, button):
            return Outcome()
        field = editor.field
        if field is not None and button in (fn.UP, fn.ADD, fn.DOWN, fn.REMOVE):
            # the same words as the screen's greyed-out stepper (engine.steps)
            why = step_problem(editor.decision, editor.values, field.name,
                               1 if button in (fn.UP, fn.ADD) else -1)
            if why is not None:
                return Outcome(refused=why)
        return Outcome(refused=f"not now: {button.replace('_', ' ')} cannot change "
                               f"{editor.decision.title}")

    def _up_selects(self, editor: Editor) -> bool:
        """A panel with up but no select (the Captain's: up, confirm, back) moves to the next
        field with a long press of up, so two buttons reach every field (placing a ship: its
        column, row and heading)."""
        return bool(self.buttons) and fn.SELECT not in self.buttons and \
            len(editor.decision.fields) >= 2

    def _next_field(self, editor: Editor) -> Outcome:
        """Held up: the step its press made taken back, the cursor on the next field."""
        if self._before_up is not None:
            editor.put_back(self._before_up)
            self._before_up = None
        editor.move_cursor(+1)
        label = editor.field.label if editor.field is not None else ""
        return Outcome(note=f"{label}: press up to change it, hold up for the next")

    def _edit(self, editor: Editor, button: str) -> bool:
        if button == fn.SELECT and editor.field is not None and editor.field.kind == "steps":
            return editor.turn_last_step()
        if button in (fn.SELECT, fn.NEXT_WEAPON, fn.NEXT_SHIELD):
            return editor.move_cursor(+1)
        if button == fn.BACK:
            if editor.field is not None and editor.field.kind == "steps":
                return editor.undo_step()
            return editor.move_cursor(-1)
        if button in (fn.UP, fn.ADD, fn.NEXT_CHOICE):
            return editor.step(+1)
        if button in (fn.DOWN, fn.REMOVE):
            return editor.step(-1)
        letters = {fn.PORT: "P", fn.STARBOARD: "S", fn.AHEAD: "F"}
        if button in letters:
            return editor.add_step(letters[button])
        if button == fn.UNDO_STEP:
            return editor.undo_step()
        units = {fn.TO_MOVEMENT: "movement", fn.TO_SHIELDS: "shields", fn.TO_WEAPONS: "weapons"}
        if button in units:
            return editor.move_unit(units[button])
        return False

    def _confirm(self, editor: Editor, kind: str, state: GameState, button: str) -> Outcome:
        decision = editor.decision
        if button == fn.FIRE and decision.action != "fire":
            return Outcome(refused="not now: no weapons to fire")
        action = decision.make(editor.values)
        why = api.problem(state, action)
        if why is not None:
            return Outcome(refused=why)
        irreversible = decision.irreversible_with(editor.values)  # a shot, DESTRUCT; not holding
        if irreversible and kind != LONG:
            what = "fire" if decision.action == "fire" else decision.title.lower()
            return Outcome(note=f"hold confirm to {what}: it cannot be undone")
        if not irreversible and kind == LONG:
            return Outcome()  # the short press already did it
        self.editor = None
        self._sent = (state, editor)
        return Outcome(action=action)

    def note_for(self, decision: Decision) -> str | None:
        """The hint the last press gave ("hold confirm to fire"), while it was on `decision`."""
        return self.last.note if self._pressed_on == decision else None

    def withdraw(self) -> None:
        """The decision just made was not applied (refused after all): its lights go back."""
        self._sent = None

    def instead(self, out: Outcome, text: str) -> bool:
        """What the press that gave `out` did instead, in this panel's words (its display, and
        the screen following it); False when `out` is not this panel's last press."""
        if self.last is not out:
            return False
        self.last = Outcome(note=text)
        return True

    def set_alert(self, on: bool) -> bool:
        """The red alert lit or put out from outside the game (a dice tray lost, then back);
        whether it changed."""
        changed, self.alert = self.alert != on, on
        return changed

    def sent(self, state: GameState) -> Editor | None:
        """The editor of the decision made on `state` that the engine has not answered yet."""
        return self._sent[1] if self._sent is not None and self._sent[0] is state else None

    def lamp_inputs(self, state: GameState, t: float) -> tuple[object, ...]:
        """Everything `lamps` reads besides the time's blink: the same inputs (compared with
        `same_inputs`) light the same plan. The state and the editor by identity (a state is
        immutable and gives the same prompts and view), the editor's values by a copy."""
        sent = self.sent(state)
        editor = sent or self.editor
        return (state, editor, dict(editor.values) if editor is not None else None,
                self.alert, t < self.flash_until, sent is not None,
                editor.cursor if editor is not None else None, self.last)

    def told(self, events: tuple[Event, ...]) -> None:
        """The events this seat was told (already filtered by `events_for`)."""
        if any(api.is_alert(e, self.seat) for e in events):
            self.alert = True

    def lamps(self, state: GameState, t: float, has_amber: bool,
              lights: Collection[str] | None = None) -> dict[str, Lamp]:
        """What this panel's lights show now (`lights`: the roles this panel has, when only
        those are wanted): the panels' lights file's rules (hardware.rule_lamps) over the seat's
        own prompts, decisions and view and what is being entered here. "Your move" is only for
        what the game waits for: an offer (a self-destruct order, a warp speed left as it is)
        lights nothing (`asked.decide`)."""
        sent = self.sent(state)
        editor = sent or self.editor
        entering = Entering(editor.decision if editor is not None else None,
                            editor.values if editor is not None else {}, self.alert,
                            t < self.flash_until, sent is not None)
        return panel_plan(self.rules, self.seat, state, entering, has_amber, lights,
                          self.decisions(state))
