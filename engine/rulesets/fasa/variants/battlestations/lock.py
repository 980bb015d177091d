"""The Sensors Phase's lock (*Battlestations!*, 01A-3 lines 88-93 and 01B lines 127-135).

- Contact: "Vessels are in sensor contact when they are one the mapsheet at the same time" and
  "will know each other's basic position, heading, and speed. They can fire upon one another as
  long as sensors are operational, but do not need a sensor lock to do so" (line 129): FASA's
  map and firing already show every ship on the map and fire without a lock (`in_contact`).
- Range: "sensor range is the entire mapsheet" (line 131).
- The roll: "one die. A roll of 1-6 indicates that a sensor lock is obtained" (line 133); in a
  gravity well 1-4 or 1-3 (line 193, wells.py); "Captains with a lock from a previous turn do not
  need to reroll, unless switching the sensor lock to a different vessel" (line 90).
- Holding: "The sensors remain locked until a lock is attempted on another ship, until the
  sensors are knocked out by enemy fire, or until the target ship's weapons successfully hit the
  locking ship, whether or not the sensors are damaged. Only one ship may be 'locked on' at a
  time." (line 133): `lock_broken` says which of these ended a lock; FASA's firing already drops
  it when the sensors are knocked out or the target hits (firing/combat.py on_roll).
- With the lock, one question (line 92, 157) and the automatic information (questions.py).

`sense` and `on_roll` are the Sensors Phase's decision and its roll; `sense_controls` and
`sense_options` its fields and legal choices. The revised turn registers them for its Sensors
Phase in place of FASA's (values/variant_tables.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.controls import Choice, Decision, Field, FieldKind, Together, Value
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import distance
from engine.ruleset import Prompt
from engine.rulesets.fasa.firing.combat import request, targetable
from engine.rulesets.fasa.sensing import cloak, sensors, sensors_rule
from engine.rulesets.fasa.values.actions import Sense
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import SensorAnswered, SensorLocked
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, SensorReport, Ship, replace
from engine.rulesets.fasa.variants.battlestations import questions, wells
from engine.rulesets.fasa.variants.battlestations.questions import BODY_PREFIX, QUESTIONS
from engine.stations import title

Result = tuple[FasaState, list[Event]]


def in_contact(state: FasaState, ship: Ship, other: Ship) -> bool:
    """Sensor contact (line 129): both on the map at once (neither escaped nor destroyed)."""
    return ship.status in (ACTIVE, "disabled") and targetable(other)


def lock_need(state: FasaState, ship: Ship, target: Ship | None = None,
              body_id: str = "") -> int:
    """The highest roll that locks `ship`'s sensors on a ship (or on the body `body_id`):
    1-6 (line 133), less from inside a gravity well (line 193)."""
    if target is not None:
        return wells.lock_need_in(state, ship.pos, target.pos)
    body = questions.body_named(state, body_id)
    return wells.lock_need_in(state, ship.pos, body.pos) if body is not None else wells.LOCK_ROLL


def prompt_words(state: FasaState, ship: Ship) -> str:
    """What the Sensors Phase asks of `ship`'s Science under the revised sensors: a lock on a
    ship or a body on one die (1-6, less from inside a gravity well: lines 133, 193) and one
    question with it (line 92), at every level; FASA's words (a SENSORS roll at the command
    level, a cloaked ship's movement) are not this variant's."""
    return (f"sensors of {ship.name}: lock on a ship or a body (1-{wells.LOCK_ROLL} on a d10, "
            "less from a gravity well) and ask one question, or keep the lock held")


def needs_roll(ship: Ship, target_id: str) -> bool:
    """A lock held needs no roll; a switch to another target does (line 90)."""
    return ship.lock != target_id


def lock_broken(state: FasaState, ship: Ship) -> str:
    """Why `ship`'s lock no longer holds, or "" while it holds (line 133): its sensors knocked
    out, or the ship locked on gone from the map (no longer in contact)."""
    if not ship.lock or not state.has_ship(ship.lock):
        return ""
    target = state.ship(ship.lock)
    if ship.sensors_out:
        return f"{ship.name}'s sensors are knocked out"
    if not targetable(target):
        return f"{target.name} is {target.status}"
    return ""


def after_hit(locking: Ship, firer: str) -> Ship:
    """The lock holds "until the target ship's weapons successfully hit the locking ship,
    whether or not the sensors are damaged" (line 133)."""
    return replace(locking, lock="") if locking.lock == firer else locking


def sense(state: FasaState, ship: Ship, target_id: str, question: int, detail: str,
          who: str = "Science") -> Result:
    """The ship's use of its sensors in a Sensors Phase: none; the lock it holds (a question, no
    roll); a lock on another ship (a roll; the old lock is gone, line 133); or a reading of a body
    of the map (a roll at the same odds; the gamemaster's answers, lines 146-151; a ship locked
    on stays locked: a body is not "another ship"). The scan for cloaked ships is FASA's."""
    if not target_id and question == cloak.SCAN_QUESTION:
        return sensors.sense(state, ship, target_id, question, detail, who)
    if not target_id and not question and not detail:
        return sensors.sense(state, ship, "", 0, "", who)
    if ship.sensed:
        raise IllegalAction(f"{who}: {ship.name} has used its sensors in this Sensors Phase")
    if ship.sensors_out:
        raise IllegalAction(f"{who}: {ship.name}'s sensors are out")
    if not target_id:
        raise IllegalAction(f"{who}: a question needs a sensor lock: name the ship to lock on")
    if target_id.startswith(BODY_PREFIX):
        body = questions.body_named(state, target_id)
        if body is None:
            raise IllegalAction(f"{who}: there is no body {target_id.removeprefix(BODY_PREFIX)!r} "
                                "on the map")
        if question or detail:
            raise IllegalAction(f"{who}: the questions are asked of ships; of {body.name} the "
                                "gamemaster tells what is known")
        need = lock_need(state, ship, body_id=target_id)
        return _ask(state, replace(ship, sensed=True), target_id, 0, "",
                    f"sensor reading of {ship.name} on {body.name}: 1-{need} reads it", need)
    if not state.has_ship(target_id):
        raise IllegalAction(f"{who}: there is no ship {target_id!r}")
    target = state.ship(target_id)
    why = sensors.lock_problem(state, ship, target) or questions.question_problem(
        state, question, detail)
    if why:
        raise IllegalAction(f"{who}: {why}")
    ship = replace(ship, sensed=True, lock_tried=True)
    if not needs_roll(ship, target_id):
        state = state.with_ship(ship)
        return report(state, ship, target, question, detail,
                      [SensorLocked(ship.id, ship.name, target.id, target.name, "held")])
    need = lock_need(state, ship, target)
    return _ask(state, replace(ship, lock=""), target_id, question, detail,
                f"sensor lock of {ship.name} on {target.name}: 1-{need} locks", need)


def _ask(state: FasaState, ship: Ship, target_id: str, question: int, detail: str,
         purpose: str, need: int) -> Result:
    state = replace(state.with_ship(ship), asking=(ship.id, target_id, question, detail))
    state, ev = request(state, ship.id, Duty.SENSORS, purpose, (1, need))
    return state, [ev]


def claims_roll(state: FasaState) -> bool:
    """Whether the roll awaited is this Sensors Phase's lock or reading (`sense`)."""
    return bool(state.asking)


def on_roll(state: FasaState, value: int) -> Result:
    """The lock roll: within the need, the lock (or the reading of a body) and its answers."""
    assert len(state.asking) == 4
    ship_id, target_id, question, detail = state.asking
    if not target_id:  # FASA's scan for cloaked ships
        return sensors.on_roll(state, value)
    state = replace(state, asking=(), roll=None)
    ship = state.ship(ship_id)
    body = questions.body_named(state, target_id)
    if body is not None:
        need = lock_need(state, ship, body_id=target_id)
        if value > need:
            return state, [SensorLocked(ship.id, ship.name, target_id, body.name, "failed")]
        facts = questions.gamemaster_answers(body)
        made = SensorReport(state.turn, ship.id, target_id, 0, "", facts, (), "; ".join(facts))
        return _kept(state, made, ship, body.name, [])
    target = state.ship(target_id)
    if value > lock_need(state, ship, target):
        return state, [SensorLocked(ship.id, ship.name, target.id, target.name, "failed")]
    ship = replace(ship, lock=target.id)
    state = state.with_ship(ship)
    return report(state, ship, target, question, detail,
                  [SensorLocked(ship.id, ship.name, target.id, target.name, "locked")])


def report(state: FasaState, ship: Ship, target: Ship, question: int, detail: str,
           events: list[Event]) -> Result:
    """The automatic information and the answer, kept as the sensing ship's latest report."""
    facts = questions.automatic_information(ship, target)
    pairs, words = questions.answer(state, ship, target, question, detail) if question else ((),
                                                                                            "")
    text = "; ".join(facts) + (f". Q{question}: {words}" if question else "")
    made = SensorReport(state.turn, ship.id, target.id, question, detail, facts, pairs, text)
    return _kept(state, made, ship, target.name, events)


def _kept(state: FasaState, made: SensorReport, ship: Ship, target_name: str,
          events: list[Event]) -> Result:
    reports = tuple(r for r in state.reports if r.ship != ship.id) + (made,)
    return replace(state, reports=reports), [*events, SensorAnswered(ship.id, ship.name,
                                                                      target_name, made.text)]


# --- The decision at a panel, and the autopilot's choices --------------------------------------

def question_choices(state: FasaState, ship: Ship) -> list[Choice]:
    """The nine questions, 4-6 with what they name (as FASA's panel words them)."""
    out = [Choice("0", "no question")]
    for n, text in QUESTIONS.items():
        out += sensors_rule.worded(state, ship, n, text)
    return out


def sense_controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The Sensors Phase's fields: the ship to lock on (each with its roll: "1-4" from a well;
    the lock held: no roll), or a body to read, and the question."""
    targets = [Choice(None, "no sensor lock")]
    lockable: list[Ship] = []
    if not ship.sensed:
        for target in state.ships:
            if target.side == ship.side:
                continue
            why = sensors.lock_problem(state, ship, target)
            note = (" (locked: no roll)" if ship.lock == target.id
                    else f" (1-{lock_need(state, ship, target)})")
            targets.append(Choice(target.id, target.name + note, why or None))
            if not why:
                lockable.append(target)
        for body in state.setup.bodies:
            bid = questions.body_id(body)
            targets.append(Choice(bid, f"{body.name}, {body.kind} "
                                  f"(1-{lock_need(state, ship, body_id=bid)}: what is known)"))
    default = ship.lock if any(t.id == ship.lock for t in lockable) else (
        min(lockable, key=lambda t: (distance(ship.pos, t.pos), t.id)).id if lockable else None)
    asked = question_choices(state, ship)

    def build(v: Mapping[str, Value]) -> Sense:
        target, q = v["target"], v["question"]
        number, _, detail = q.partition(":") if isinstance(q, str) else ("", "", "")
        return Sense(station, ship.id, "" if target is None else cast(str, target),
                     int(number) if number.isdigit() else -1, detail)

    fields = (
        Field("target", "Sensor lock (a d10; 1-6, less from a gravity well)", FieldKind.CHOICE,
              default, choices=tuple(targets)),
        Field("question", "Question to ask if the lock holds", FieldKind.CHOICE, "0",
              choices=tuple(asked)),
    )
    pairs = tuple((t.value, q.value) for t in targets for q in asked
                  if (t.value is not None and not str(t.value).startswith(BODY_PREFIX))
                  or q.value == "0")
    return Decision(prompt, "sense", station, f"{title(station)}: {ship.name}'s sensors", fields,
                    (), build, together=(Together(("target", "question"), pairs,
                                                  "a question needs a lock on a ship"),))


def sense_options(state: FasaState, ship: Ship) -> list[tuple[str, int, str]]:
    """The choices a Sensors Phase leaves (target, question, detail): none; each ship it may lock
    on with each question (4-6 naming their first shield, beams, the target's first weapon);
    each body to read."""
    out = [("", 0, "")]
    if ship.sensed:
        return out
    for target in state.ships:
        if not sensors.lockable(state, ship, target):
            continue
        for q in range(len(QUESTIONS) + 1):
            detail = {4: "1", 5: "beam", 6: target.cls.weapons[0].id if target.cls.weapons
                      else ""}.get(q, "")
            if not questions.question_problem(state, q, detail):
                out.append((target.id, q, detail))
    out += [(questions.body_id(b), 0, "") for b in state.setup.bodies]
    return out


def sense_choice(state: FasaState, ship: Ship, station: str, kind: str) -> Sense:
    """The autopilot's Sensors Phase, from what its seat may know: the scan for cloaked ships
    while it is open (Book Two's Romulan Cloaking Device, as FASA's autopilot); else a lock on the
    nearest enemy `sense` accepts (line 133), asking how its shields are powered (question 3);
    else no lock. A cloaked ship is never named: the revised sensors have no lock on a cloaked
    ship's movement (lines 127-135), which FASA's autopilot would name for a crewed ship."""
    if not ship.sensed and not ship.sensors_out and sensors.may_scan(state, ship):
        return Sense(station, ship.id, "", cloak.SCAN_QUESTION, "")
    foes = ([t for t in state.ships if sensors.lockable(state, ship, t)]
            if not ship.sensed and not ship.sensors_out else [])
    if not foes:
        return Sense(station, ship.id, "", 0, "")
    target = min(foes, key=lambda t: (distance(ship.pos, t.pos), t.id))
    question = 0 if questions.question_problem(state, 3, "") else 3
    return Sense(station, ship.id, target.id, question, "")
