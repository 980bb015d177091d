"""Sensors, declared once (Book Two, Advanced: Sequence Of Play step 3; Sensors; Command &
Control: Using Sensors, lines 1213, 1249; `sensors.py` is the rule itself, `sensors_rating.py` a
crewed ship's; this its part in the game: `rule.Rule`).

"Each player may designate one target vessel for a sensor lock. He rolls one die; on a roll of 1
through 6, a sensor lock is obtained" and asks "one of the following ten questions": in the Sensor
Phase (the `sense` step) each ship in play with an enemy to sense is asked by its Science Officer
for a lock (or none) and a question, at the advanced level and above. At the command level a
crewed ship names the target alone (its questions come in the Movement Phases) or a cloaked
ship's movement (line 1213), and its sensors working again may try a lock in its place in a
Movement Phase (line 1249: the `sense` prompt of `sensor_ask_rule.py`).

The step's automatic work is `phases/sensor_phase_rule.py`'s, a basic rule: every level passes
the step, and below the advanced level it begins the Movement Phase at once. The
lock's roll comes between the moves and shots too (a question, a lock tried again), so its owner
is declared among the rolls between (`rolls_between`), not as the Sensor Phase's own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Together, Value
from engine.hexgrid import distance
from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.rule import (
    LEVELS_FROM_ADVANCED,
    Disclosure,
    Result,
    RollOwner,
    Rule,
    Told,
    active,
    in_turn,
)
from engine.rulesets.fasa.sensing import cloak, sensors
from engine.rulesets.fasa.sensing.cloak import SCAN_QUESTION, unseen_enemies
from engine.rulesets.fasa.values.actions import Sense
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import MOVE, SENSE, FasaState, Ship
from engine.stations import title


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    return tuple(Prompt(s.id, state.station_for(s.id, Duty.SENSORS),
                        sensors.prompt_words(state, s), None, "sense")
                 for s in state.ships if sensors.may_sense(state, s))


def _asking(state: FasaState) -> bool:
    """Whether the roll now asked is a sensor lock's, a question's or a scan's."""
    return bool(state.asking)


def _sense(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, Sense)
    if state.step == MOVE:  # C&C: a lock tried again at the ship's turn (line 1249)
        return in_turn(_relock)(state, ship, action, station)
    # The advanced game's lock (sensors.py); C&C's by the Science Officer's rating.
    return hooks.of(state).sense(state, ship, action, station)


def _relock(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, Sense)
    return hooks.of(state).relock(state, ship, action, station)  # C&C, line 1249


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    if state.step == MOVE:  # C&C: a lock tried again in a Movement Phase (line 1249)
        return [Sense(station, ship.id, t.id if t else "") for t in (
            None, *(t for t in state.ships if sensors.lockable(state, ship, t)))]
    return [Sense(station, ship.id, t, q, d) for t, q, d in sense_options(state, ship)]


def sense_options(state: FasaState, ship: Ship) -> list[tuple[str, int, str]]:
    """No lock; the scan for cloaked ships while it is open; a lock on each enemy it may lock on
    with each question (questions 4-6 with their first shield, beam weapons, first weapon),
    while the lock is still to be chosen."""
    out = [("", 0, "")]
    if ship.officers:  # C&C: the target alone, or a cloaked ship's movement (sensors_rating.py)
        return out + [(t.id, 0, "") for t in state.ships if not ship.sensed and (
            sensors.lockable(state, ship, t) or hooks.of(state).cloak_target(state, ship, t))]
    if sensors.may_scan(state, ship):
        out.append(("", SCAN_QUESTION, ""))
    for target in state.ships:
        if ship.sensed or not sensors.lockable(state, ship, target):
            continue
        # Expert: the lock alone; the questions come in the Movement Phases (line 777).
        for q in range(len(sensors.QUESTIONS) + 1 if sensors.phase_question(state) else 1):
            detail = {4: "1", 5: "beam", 6: target.cls.weapons[0].id if target.cls.weapons
                      else ""}.get(q, "")
            if not sensors.question_problem(state, q, detail):
                out.append((target.id, q, detail))
    return out


def question_choices(state: FasaState, ship: Ship, default: str | None) -> list[Choice]:
    """The sensor questions the ship may ask of `default` (the ship it locks on; None: only the
    scan for cloaked ships): "4:2" asks whether shield 2 is up, "5:beam" how the beam weapons
    are powered, "6:<weapon id>" whether that weapon is powered."""
    questions = [Choice("0", "no question")]
    for n, text in sensors.QUESTIONS.items():
        if default is None and n != cloak.SCAN_QUESTION:
            continue  # no ship to lock on: only the scan for cloaked ships can be asked
        if n == cloak.SCAN_QUESTION and default is None and not sensors.may_scan(state, ship):
            continue  # the scan is made (advanced: a roll of its own, line 399)
        questions += worded(state, ship, n, text)
    return questions


def worded(state: FasaState, ship: Ship, n: int, text: str) -> list[Choice]:
    """Question `n` at a panel, with what it names: "4:2" asks whether shield 2 is up, "5:beam"
    how the beam weapons are powered, "6:<weapon id>" whether that enemy weapon is powered; any
    other question as the book words it (`text`)."""
    if n == 4:
        return [Choice(f"4:{d}", f"4. Is shield {d} up?") for d in sensors.SHIELD_DETAILS]
    if n == 5:
        return [Choice(f"5:{d}", f"5. How are the {d} weapons powered?")
                for d in sensors.KIND_DETAILS]
    if n == 6:
        named: dict[str, str] = {}
        for other in state.ships:
            if other.side != ship.side:
                for spec in other.cls.weapons:
                    named.setdefault(spec.id, f"{other.cls.name}'s {spec.name}")
        return [Choice(f"6:{w}", f"6. Is the {label} powered?") for w, label in named.items()]
    return [Choice(str(n), f"{n}. {text}")]


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The ship to lock on (the lock held needs no roll; by default the lock held, else the
    nearest enemy) and the question with what it names: "4:2" asks whether shield 2 is up,
    "5:beam" how the beam weapons are powered, "6:<weapon id>" whether that weapon is powered."""
    targets = [Choice(None, "no sensor lock")]
    lockable = []
    for target in state.ships:
        # The lock is used: the scan is left (but a lock tried again mid-turn, C&C line 1249).
        if target.side == ship.side or (ship.sensed and state.step != MOVE):
            continue
        why = sensors.lock_problem(state, ship, target)
        held = " (locked: no roll)" if ship.lock == target.id else ""
        if (ship.officers and target.cloaked and hooks.of(state).cloak_target(state, ship, target)
                and state.step != MOVE):
            # C&C: a cloaked ship's movement, at +20 (or held by a plain roll), line 1213
            targets.append(Choice(target.id, f"{target.name}'s movement (cloaked, "
                                  f"{'plain roll' if target.id == ship.cloak_lock else '+20'})"))
            continue
        targets.append(Choice(target.id, target.name + held, why or None))
        if not why:
            lockable.append(target)
    default = ship.lock if any(t.id == ship.lock for t in lockable) else (
        min(lockable, key=lambda t: (distance(ship.pos, t.pos), t.id)).id if lockable else None)
    # C&C: a crewed ship names a cloaked ship's movement, or none; questions come later (`ask`)
    # Expert: the questions come in the Movement Phases (line 777; `sensors.phase_question`).
    questions = [Choice("0", "no question")] if ship.officers or not sensors.phase_question(
        state) else question_choices(state, ship, default)

    def build(v: Mapping[str, Value]) -> Action:
        target, asked = v["target"], v["question"]
        number, _, detail = asked.partition(":") if isinstance(asked, str) else ("", "", "")
        return Sense(station, ship.id, "" if target is None else cast(str, target),
                     int(number) if number.isdigit() else -1, detail)

    fields = (
        Field("target", (f"Sensor lock (1-{sensors.LOCK_ROLL} on a d10)"
                         + ("" if sensors.phase_question(state)
                            else "; questions come in the Movement Phases")) if not ship.officers
              else "Sensor lock (a SENSORS roll; questions come in the Movement Phases)",
              FieldKind.CHOICE,
              default, choices=tuple(targets)),
        Field("question", "Question to ask if the lock holds", FieldKind.CHOICE,
              str(cloak.SCAN_QUESTION) if ship.sensed else "0", choices=tuple(questions)),
    )
    # A question needs a lock first; without one only the scan for cloaked ships may be asked
    # (`sensors.sense`), while it is still open.
    scan = str(cloak.SCAN_QUESTION)
    unlocked = ("0", scan) if sensors.may_scan(state, ship) else ("0",)
    pairs = tuple((t.value, q.value) for t in targets for q in questions
                  if t.value is not None or q.value in unlocked)
    return Decision(prompt, "sense", station, f"{title(station)}: {ship.name}'s sensors", fields,
                    (), build, together=(Together(("target", "question"), pairs,
                                                  "a question needs a sensor lock (without one: "
                                                  "only the scan for cloaked ships)"),))


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    if ship.officers:  # C&C: questions come in the Movement Phases (sensors_rating.py)
        return Sense(station, ship.id, _crewed_target(state, ship))
    return Sense(station, ship.id, *_lock_choice(state, ship))


def _lock_choice(state: FasaState, ship: Ship) -> tuple[str, int, str]:
    """Scan for cloaked ships when an enemy is cloaked out of sight (question 10 without a
    lock); then (at the advanced level the scan is a roll of its own, line 399) or else lock on
    the nearest enemy it may lock on and ask how its shields are powered (question 3: the
    numbers that matter most to fire); no lock when there is none."""
    if unseen_enemies(state, ship) and sensors.may_scan(state, ship):
        return "", SCAN_QUESTION, ""
    foes = [t for t in state.ships if sensors.lockable(state, ship, t)] if not ship.sensed else []
    if not foes:
        return "", 0, ""
    target = min(foes, key=lambda t: (distance(ship.pos, t.pos), t.id))
    return target.id, 3 if sensors.phase_question(state) else 0, ""


def _crewed_target(state: FasaState, ship: Ship) -> str:
    """A crewed ship locks on the nearest enemy it may lock on; with none, it names a cloaked
    enemy's movement (C&C, line 1213: the one it found last turn first, else the first)."""
    foes = [t for t in state.ships if sensors.lockable(state, ship, t)]
    if foes:
        return min(foes, key=lambda t: (distance(ship.pos, t.pos), t.id)).id
    named = hooks.of(state).cloak_target
    cloaked = sorted(t.id for t in state.ships if named(state, ship, t))
    if ship.cloak_lock in cloaked:
        return ship.cloak_lock
    return cloaked[0] if cloaked else ""


RULE = Rule(
    name="Advanced: Sensors",
    levels=LEVELS_FROM_ADVANCED,
    step_of={"sense": SENSE},
    step_words={SENSE: "the Sensor Phase"},
    rolls_between=(RollOwner("Advanced: Sensors (a lock, a question, a scan)", _asking,
                             sensors.on_roll),),
    prompts={SENSE: _prompts},
    decisions={"sense": active(_sense)},
    options={"sense": _options},
    controls={"sense": _controls},
    autopilot={"sense": _autopilot},
    disclosure={"sense": Disclosure(Told.ACTS, "using the sensors")},
)
