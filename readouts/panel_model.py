"""Station panels after the game's Command Control Panels: what each shows and what it edits.

Book Two, Command & Control: the Chief Engineer allocates power (Engineering), the Helmsman arms
weapons, moves and fires (Helm & Weapons), the Science Officer sets shields and reads damage
(Science), the Captain has the ship at a glance and picks the damaged weapon; the Instructor sees
every ship. The facts come from the engine's per-seat `view`; the steppers and choices come from
the engine's `controls` (a `Decision` with `Field`s and `Budget`s), and what is not allowed is
greyed out with the engine's own reason. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.actions import Action
from engine.controls import Decision, Field, Value
from engine.hexgrid import HEADING_NAMES
from engine.stations import (
    CAPTAIN,
    COMMS,
    ENGINEER,
    HELM,
    INSTRUCTOR,
    NAVIGATOR,
    SCIENCE,
    WEAPONS,
    title,
)
from engine.words import plural
from readouts.fact import Fact


def choice_key(value: Value) -> str:
    """A choice's value as a widget id part: "-" for None (e.g. hold fire)."""
    return "-" if value is None else str(value)


@dataclass(frozen=True, slots=True)
class ChoiceView:
    value: Value
    key: str
    label: str
    problem: str | None
    chosen: bool
    note: str = ""
    explain: str = ""      # what choosing it does and takes (the engine's Choice.explain)


@dataclass(frozen=True, slots=True)
class FieldView:
    name: str
    label: str
    kind: str                 # "int", "choice" or "steps"
    value: Value
    text: str                 # the value as shown
    can_down: bool            # int: may step down; steps: may take the last letter back
    can_up: bool              # int: may step up (within bounds and budgets); steps: room left
    choices: tuple[ChoiceView, ...]
    alphabet: str
    note: str = ""            # the engine's Field.note: what the letters or choices do
    columns: int = 0          # the engine's Field.columns: choices this many to a row (0: fit)
    one_at_a_time: bool = False   # choices drawn one at a time between < and > (a small place)


@dataclass(frozen=True, slots=True)
class BudgetView:
    label: str
    used: int
    maximum: int


@dataclass(frozen=True, slots=True)
class PresetView:
    """A quick fill offered beside the steppers (the engine's `Decision.presets`)."""

    key: str
    label: str
    problem: str | None


@dataclass(frozen=True, slots=True)
class PanelView:
    station: str
    title: str
    ship: str                 # the ship's name ("" for the Instructor)
    facts: tuple[Fact, ...]
    decision: str | None      # what the panel asks now, or None when it waits
    fields: tuple[FieldView, ...]
    budgets: tuple[BudgetView, ...]
    problem: str | None       # why Confirm would be refused (None: it may be confirmed)
    waiting: str              # what the panel waits for when it has no decision
    cursor: str | None = None  # the field under the physical panel's cursor (highlighted)
    presets: tuple[PresetView, ...] = ()   # quick fills: "as last turn", "spread evenly", ...


class DecisionEditor:
    """The values a panel is editing for one `Decision`, kept inside its bounds and budgets."""

    def __init__(self, decision: Decision) -> None:
        self.decision = decision
        self.values: dict[str, Value] = {f.name: f.default for f in decision.fields}

    def field(self, name: str) -> Field | None:
        return next((f for f in self.decision.fields if f.name == name), None)

    def _budget_room(self, name: str) -> int | None:
        room: int | None = None
        for b in self.decision.budgets:
            if name in b.fields:
                used = sum(int(v) for n in b.fields
                           if isinstance(v := self.values.get(n), int))
                left = b.maximum - used
                room = left if room is None else min(room, left)
        return room

    def can_step(self, name: str, direction: int) -> bool:
        f = self.field(name)
        if f is None or f.kind != "int":
            return False
        value = self.values.get(name)
        current = value if isinstance(value, int) else f.minimum
        step = max(1, f.step)
        if direction < 0:
            return current - step >= f.minimum
        if current + step > f.maximum:
            return False
        room = self._budget_room(name)
        return room is None or room >= step

    def step(self, name: str, direction: int) -> bool:
        """Step an int field one `step` down (direction < 0) or up; False when not allowed."""
        if not self.can_step(name, direction):
            return False
        f = self.field(name)
        assert f is not None  # can_step found it
        value = self.values.get(name)
        current = value if isinstance(value, int) else f.minimum
        self.values[name] = current + (max(1, f.step) if direction > 0 else -max(1, f.step))
        return True

    def cycle(self, name: str, direction: int) -> bool:
        """The next (direction > 0) or previous choice of a choice field that may be chosen,
        round the list, as a panel's up and down go; False when there is no other."""
        f = self.field(name)
        if f is None or f.kind != "choice":
            return False
        allowed = [c.value for c in f.choices if c.problem is None]
        current = self.values.get(name)
        if not allowed or allowed == [current]:
            return False
        i = allowed.index(current) if current in allowed else -1
        self.values[name] = allowed[(i + (1 if direction > 0 else -1)) % len(allowed)]
        return True

    def choose(self, name: str, key: str) -> bool:
        """Pick the choice whose `choice_key` is `key`; refused (False) for a choice that is
        greyed out or not offered."""
        f = self.field(name)
        if f is None or f.kind != "choice":
            return False
        for c in f.choices:
            if choice_key(c.value) == key and c.problem is None:
                self.values[name] = c.value
                return True
        return False

    def add_letter(self, name: str, letter: str) -> bool:
        f = self.field(name)
        if f is None or f.kind != "steps" or letter not in f.alphabet:
            return False
        text = str(self.values.get(name) or "")
        if len(text) >= f.maximum:
            return False
        self.values[name] = text + letter
        return True

    def take_back(self, name: str) -> bool:
        """Take back the last letter of a planned move (until it is confirmed)."""
        text = str(self.values.get(name) or "")
        if not text:
            return False
        self.values[name] = text[:-1]
        return True

    def action(self) -> Action:
        return self.decision.make(self.values)

    def views(self, note: Callable[[str, Value], str] | None = None,
              ) -> tuple[tuple[FieldView, ...], tuple[BudgetView, ...]]:
        """The fields and budgets as shown; `note(field, value)` adds a line to a choice (e.g.
        the number a shot needs)."""
        fields = []
        for f in self.decision.fields:
            value = self.values.get(f.name)
            if f.kind == "int":
                fields.append(FieldView(f.name, f.label, f.kind, value, str(value),
                                        self.can_step(f.name, -1), self.can_step(f.name, 1),
                                        (), ""))
            elif f.kind == "choice":
                choices = tuple(ChoiceView(c.value, choice_key(c.value), c.label, c.problem,
                                           c.value == value,
                                           note(f.name, c.value) if note else "",
                                           getattr(c, "explain", ""))
                                for c in f.choices)
                chosen = next((c.label for c in choices if c.chosen), "—")
                fields.append(FieldView(f.name, f.label, f.kind, value, chosen, False, False,
                                        choices, "", columns=f.columns))
            else:
                text = str(value or "")
                shown = " ".join(text) or "hold station"
                fields.append(FieldView(f.name, f.label, f.kind, text,
                                        f"{shown} ({steps_left(f, text)})", bool(text),
                                        len(text) < f.maximum, (), f.alphabet, f.note))
        budgets = tuple(
            BudgetView(b.label, sum(int(v) for n in b.fields
                                    if isinstance(v := self.values.get(n), int)), b.maximum)
            for b in self.decision.budgets)
        return tuple(fields), budgets


class _MayBeChosen(Protocol):
    @property
    def problem(self) -> str | None: ...


def choice_place(choices: Sequence[_MayBeChosen], chosen: object) -> str:
    """Where `chosen` is among the choices that may be chosen now ("2 of 12"): the ones a
    panel's up and down, and the screen's < and >, step through (`DecisionEditor.cycle`), so
    the count is how many presses go round; a greyed-out choice (a target out of reach) is not
    counted, as no press stops on it. Empty when `chosen` is not one of them. The panel's small
    display and the bridge display both say it."""
    allowed = [c for c in choices if c.problem is None]
    return f"{allowed.index(chosen) + 1} of {len(allowed)}" if chosen in allowed else ""


def steps_left(f: Field, text: str) -> str:
    """What is left of a steps field once `text` is entered: "9 left" (each letter one point of
    its maximum), or each kind of step's ("5 hexes, 4 turns left") where the field has limits."""
    if not f.limits:
        return f"{max(0, f.maximum - len(text))} left"
    return ", ".join(plural(max(0, most - sum(text.count(c) for c in letters)), one, many)
                     for letters, most, one, many in f.limits) + " left"


def movement_left(f: Field, text: str) -> int | None:
    """The movement left of a steps field with limits once `text` is entered: its first kind's
    (Knight Hawks' hexes); None where every letter is a point of `maximum`."""
    if not f.limits:
        return None
    letters, most, _, _ = f.limits[0]
    return max(0, most - sum(text.count(c) for c in letters))


def _ship(view: Mapping[str, Any], ship_id: str | None) -> Mapping[str, Any] | None:
    return next((s for s in view.get("ships", ()) if s.get("id") == ship_id), None)


def station_facts(view: Mapping[str, Any], station: str, ship_id: str | None) -> tuple[Fact, ...]:
    """The readings a station's panel shows (its own side's ships are seen whole)."""
    if station == INSTRUCTOR:
        out = []
        for s in view.get("ships", ()):
            ss = (f"superstructure {s['superstructure']}/{s['superstructure_max']}"
                  if "superstructure" in s else str(s.get("summary", "")))
            out.append(Fact(str(s["name"]), f"{ss} {s.get('status', '')}".strip(),
                            s.get("status") != "active"))
        return tuple(out)
    s = _ship(view, ship_id)
    if s is None:
        return (Fact("Ship", "not in this game", True),)
    if isinstance(s.get("readings"), Mapping):   # the ruleset's own rows for each station
        return tuple(Fact(str(r[0]), str(r[1]), bool(r[2]))
                     for r in s["readings"].get(station, ()) if len(r) == 3)
    if "power" not in s:
        return (Fact("Ship", "no sensor readings", True),)
    alloc = s.get("allocation") or {}
    mp = s.get("movement_points")
    # Crews of 5 and 6 (Book Two, C&C: Expanding For More Players): Weapons reads as Helm, the
    # Navigator and Communications as Science (readouts.command_facts adds their own readings).
    reads_as: dict[str, str] = {WEAPONS: HELM, NAVIGATOR: SCIENCE, COMMS: SCIENCE}
    station = reads_as.get(station, station)
    if station == ENGINEER:
        facts = [Fact("Total power", str(s["power"]))]
        facts += [Fact(e["name"].replace(" engine", "").capitalize(), f"{e['power']}/{e['max']}",
                       e["power"] < e["max"]) for e in s.get("engines", ())]
        if alloc:
            facts.append(Fact("Allocated", f"M {alloc['movement']} · S {alloc['shields']} · "
                                           f"W {alloc['weapons']}"))
        return tuple(facts)
    if station == HELM:
        facts = [Fact("Movement", "—" if mp is None else f"{mp} MP"),
                 Fact("Heading", HEADING_NAMES[int(s["heading"]) % 6])]
        armed = [w for w in s.get("weapons", ()) if w.get("power")]
        facts.append(Fact("Weapons armed", f"{len(armed)} of {len(s.get('weapons', ()))}"))
        ready = [w for w in armed if not w.get("fired") and not w.get("damaged")]
        facts.append(Fact("Ready to fire", str(len(ready))))
        return (*facts, *order_facts(view, s))
    if station == SCIENCE:
        damaged = set(s.get("shields_damaged", ()))
        shields = " ".join(f"{p}{'x' if n in damaged else ''}"
                           for n, p in enumerate(s.get("shields", ()), 1))
        return (Fact("Shields 1-6", shields, bool(damaged)),
                Fact("Superstructure", f"{s['superstructure']}/{s['superstructure_max']}",
                     s["superstructure"] * 2 < s["superstructure_max"]),
                sensors_fact(view, s),
                Fact("Casualties", f"{s.get('casualties_percent', 0):g}%"),
                *report_facts(view))
    # Captain: the ship at a glance.
    ready = [w for w in s.get("weapons", ()) if w.get("power") and not w.get("fired")
             and not w.get("damaged")]
    return (Fact("Superstructure", f"{s['superstructure']}/{s['superstructure_max']}",
                 s["superstructure"] * 2 < s["superstructure_max"]),
            Fact("Power", str(s["power"])),
            Fact("Shields", str(sum(s.get("shields", ())))),
            Fact("Weapons ready", str(len(ready))),
            Fact("Movement", "—" if mp is None else f"{mp} MP"),
            Fact("Status", str(s.get("status", ""))),
            *order_facts(view, s))


def order_facts(view: Mapping[str, Any], ship: Mapping[str, Any]) -> tuple[Fact, ...]:
    """The Admiral's order to the ship this turn, when the game plays the optional Admiral and
    he gave one (the view's `fleet_orders`: the seat's own side's alone); it binds nobody."""
    for o in view.get("fleet_orders", ()):
        if o.get("ship") == ship.get("id"):
            words = str(o.get("order", ""))
            if o.get("target"):
                words += f" · {_name(view, o['target'])}"
            return (Fact("Admiral's order", words),)
    return ()


def _name(view: Mapping[str, Any], ship_id: Any) -> str:
    ship = _ship(view, ship_id)
    return str(ship["name"]) if ship else str(ship_id)


def sensors_fact(view: Mapping[str, Any], ship: Mapping[str, Any]) -> Fact:
    """The ship's sensors: out (for how many turns), locked (on whom) or working (Book Two,
    Advanced: Sensors; Sensors Out)."""
    out = int(ship.get("sensors_out") or 0)
    if out:
        return Fact("Sensors", f"out {out} turn{'s' if out != 1 else ''}", True)
    if ship.get("sensor_lock"):
        return Fact("Sensors", f"locked on {_name(view, ship['sensor_lock'])}")
    return Fact("Sensors", "working")


REPORT_LINES = 3
"""How many sensor reports the Science panel lists, the newest first."""


def report_facts(view: Mapping[str, Any]) -> tuple[Fact, ...]:
    """The seat's side's sensor reports from its `view` (Book Two, Advanced: Sensors: the
    answer is the sensing side's alone), the newest first: "T2 Hawk" and the answer to the
    question asked (or that the lock gave only the five facts)."""
    reports = [r for r in view.get("sensor_reports", ()) if isinstance(r, Mapping)]
    reports.sort(key=lambda r: -int(r.get("turn") or 0))
    out = []
    for r in reports[:REPORT_LINES]:
        q = int(r.get("question") or 0)
        text = str(r.get("text", ""))
        if q and f". Q{q}: " in text:    # the five facts, then the answer
            answer = text.split(f". Q{q}: ", 1)[1]
        else:                              # a scan says only its answer; a lock, only facts
            answer = text if q and not r.get("facts") else "facts only"
        target = _name(view, r["target"]) if r.get("target") else "scan"   # Q10 without a lock
        out.append(Fact(f"T{r.get('turn')} {target}",
                        f"Q{q} {answer}" if q else answer))
    return tuple(out)


def weapon_facts(ship: Mapping[str, Any]) -> tuple[Fact, ...]:
    """Each weapon's arming and arcs, e.g. "3 · F FP" (Book Two, C&C: Using The Helm And Weapon
    Systems Panel: the Firing Arcs of each weapon)."""
    out = []
    for w in ship.get("weapons", ()):
        arcs = " ".join(str(a).upper() for a in w.get("arcs", ()))
        state = " damaged" if w.get("damaged") else (" fired" if w.get("fired") else "")
        out.append(Fact(str(w.get("name", w.get("id"))), f"{w.get('power', 0)} · {arcs}{state}",
                        bool(w.get("damaged"))))
    if out:   # what the numbers and the arc letters mean, where they appear
        out.append(Fact("Key", ARC_KEY))
    return tuple(out)


ARC_KEY = "power · arcs: F fore, A aft, P port, S starboard (FP fore-port...)"
"""The weapon readings' key (Book Two, Advanced: Firing Arcs: F, FS, AS, A, AP, FP)."""


PANEL_STATIONS: tuple[str, ...] = (CAPTAIN, ENGINEER, HELM, SCIENCE)


def panel_model(view: Mapping[str, Any], station: str, ship_id: str | None,
                editor: DecisionEditor | None,
                problem: Callable[[Action], str | None] | None = None,
                note: Callable[[str, Value], str] | None = None,
                cursor: str | None = None) -> PanelView:
    """One station's panel: its facts, and the decision being edited (if any) with the reason
    (from the engine's `problem`) why Confirm would be refused; `cursor`: the field the
    station's physical panel has selected (display.panel_sync)."""
    ship = _ship(view, ship_id)
    name = str(ship["name"]) if ship else ""
    facts = station_facts(view, station, ship_id)
    if ship is not None and station != INSTRUCTOR:  # C&C: the officers' readings
        from readouts.command_facts import command_facts
        facts += command_facts(ship, station)
    waiting_for = [p for p in view.get("pending", ())
                   if p.get("station") == station and (ship_id is None or p.get("ship") == ship_id)]
    if station == INSTRUCTOR:   # the Instructor sees who the table waits for
        names = {str(x["id"]): str(x["name"]) for x in view.get("ships", ())}
        waiting_for = [{"what": "Waiting for: " + "; ".join(
            f"{title(str(p.get('station')))} · {names.get(str(p.get('ship')), '')}"
            for p in view.get("pending", ()))}] if view.get("pending") else []
    if editor is None:
        waiting = ("Nothing to do now" if not waiting_for else str(waiting_for[0].get("what")))
        if station == HELM and ship is not None and "readings" not in ship:   # each weapon
            facts += weapon_facts(ship)
        return PanelView(station, title(station), name, facts, None, (), (), None, waiting)
    fields, budgets = editor.views(note)
    why: str | None = None
    if problem is not None:
        try:
            why = problem(editor.action())
        except ValueError as exc:   # make() refused a value it was handed
            why = str(exc)
    presets = tuple(PresetView(p.key, p.label, p.problem) for p in editor.decision.presets)
    return PanelView(station, title(station), name, facts, editor.decision.title, fields,
                      budgets, why, "", cursor, presets)
