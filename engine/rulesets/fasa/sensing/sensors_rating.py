"""Sensors by the Science Officer's rating, for a crewed ship (Book Two, Command & Control: Using
Sensors, seed lines 1209-1221; Sensors Track, lines 1237-1261; Sequence Of Play steps 8-9, lines
1425-1429). A ship the Instructor runs keeps the Expert sensors (sensors.py, sensor_ask.py,
arc_scan.py).

- The lock: "In the Sensors Phase ... the Science Officer/Navigator may make a Skill Roll against
  his rating in STARSHIP SENSORS. If his roll is less than or equal to his Skill Rating, then he
  will have obtained a sensor lock on the target he has designated" (line 1211): a `sense`
  naming the target, a percentile roll (science_dice.py) in place of the d10's 1-6. A lock held
  from an earlier turn holds with no roll, as at the advanced level (a lock "remains" until
  broken); questions are not asked in the Sensor Phase but in the Movement Phases.
- The questions: "divide the Skill Rating by 10 and round any fractions up" (line 1217; Mr.
  Spock's 92 gives 10, line 1243); "At least one question may be asked per Movement Phase ...
  If more than 5 questions are allowed, then one of the additional may be asked per Movement
  Phase until all the extra questions have been asked. No questions may be saved for a later
  game turn"; "For each question asked, the Science Officer/Navigator makes a Skill Roll"
  (line 1219): each `ask` before the ship moves (line 1429) uses a question and asks a roll; a
  success answers it. A second `ask` in the phase is open while extra questions are left; a
  question of 0 ends the phase's questions.
- A cloaked ship's movement: named as the target, the roll "with a 20-point penalty added"
  (lines 1213, 1251); success lets the sensors "detect the movement of a cloaked Romulan in this
  game turn": at the start of each Movement Phase an arc scan (arc_scan.py), "a Skill Roll just
  as though he had a normal sensors lock" that "moves the Sensors Counter one box to the left"
  (lines 1253-1259), finds the nearest cloaked enemy in the arc that has moved (this game turn
  or the last); found, "the Science Officer/Navigator ... has a sensor lock on the ship. Its
  position is given to him, as is the other general information from a normal sensors lock",
  and questions follow. "In the game turn immediately following, the sensors remain locked on
  the cloaked Romulan only if the Science Officer makes a successful Skill Roll in the Sensors
  Phase, without the 20-point penalty" (line 1261).
- Sensors damaged: "roll one die. A result of 1-5 means the sensors are damaged one
  Movement/Firing Phase, and a roll of 6-0 means that they are damaged for two ... When the
  damage takes effect, no more questions may be asked. At the end of the NEXT Firing Phase, the
  counter may be moved one box to the right" (lines 1247-1249): out (no lock, questions or fire)
  for the rest of the Firing Phase of the hit and one or two more Movement/Firing Phases.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import hex_to_offset
from engine.rulesets.fasa.firing.combat import _located, targetable
from engine.rulesets.fasa.sensing import sensors
from engine.rulesets.fasa.sensing.arc_scan import found_this_turn, nearest_in_arc
from engine.rulesets.fasa.sensing.cloak import SCAN_QUESTION, enemies_cloaked
from engine.rulesets.fasa.skills import science_dice
from engine.rulesets.fasa.values.actions import AskSensor, Sense
from engine.rulesets.fasa.values.crew_events import ScienceApplied
from engine.rulesets.fasa.values.events import CloakScanned, Damaged, SensorLocked
from engine.rulesets.fasa.values.officers import crewed, rating
from engine.rulesets.fasa.values.shaken import sensors_dark
from engine.rulesets.fasa.values.state import ACTIVE, MOVE, FasaState, Ship, Stage, replace

CLOAK_PENALTY = 20
"""Added to the roll that names a cloaked ship's movement (lines 1213, 1251)."""
BASE_QUESTIONS = 5
"""Above five, one extra question a Movement Phase (line 1217)."""


def question_count(rating_: int) -> int:
    """Questions a lock gives in a turn: the rating divided by 10, rounded up (line 1217)."""
    return -(-rating_ // 10)


def counter(state: FasaState, ship: Ship) -> Ship:
    """The Sensors Counter put on the box the lock gives (line 1241)."""
    n = question_count(rating(state, ship, "sensors"))
    return replace(ship, questions=n, extra_questions=max(0, n - BASE_QUESTIONS),
                   phase_questions=0)


def cloak_penalty(ship: Ship, target: Ship) -> tuple[tuple[str, int], ...]:
    """The +20 of naming a cloaked ship's movement; none to hold last turn's lock on it."""
    if target.id == ship.cloak_lock:
        return ()
    return ((f"+{CLOAK_PENALTY} for a cloaked ship", CLOAK_PENALTY),)


def cloak_target(ship: Ship, target: Ship) -> bool:
    """Whether `target` is a cloaked enemy whose movement the ship's Science may name."""
    return target.cloaked and target.side != ship.side and targetable(target)


def sense_problem(state: FasaState, ship: Ship, action: Sense) -> str:
    if ship.sensed:
        return f"{ship.name} has used its sensors this turn"
    if ship.sensors_out:
        return f"{ship.name}'s sensors are out"
    if action.question or action.detail:
        return ("at the command level the sensor questions are asked in the Movement Phases, "
                "each with a roll of its own: name the target alone (question 0)")
    if not action.target:
        return ""
    if not state.has_ship(action.target):
        return f"there is no ship {action.target!r}"
    target = state.ship(action.target)
    if cloak_target(ship, target):
        return ""  # its movement may be named, at 20 worse (line 1213)
    return sensors.lock_problem(state, ship, target)


def sense(state: FasaState, ship: Ship, action: Sense,
          station: str) -> tuple[FasaState, list[Event]]:
    """The Sensor Phase's choice: no lock, the lock held (no roll), a new lock (a roll), or a
    cloaked ship's movement (a roll at +20, or a plain one to hold last turn's lock on it)."""
    why = sense_problem(state, ship, action)
    if why:
        raise IllegalAction(f"{station}: {why}")
    renewing = bool(action.target) and action.target == ship.cloak_lock
    ship = replace(ship, sensed=True, scanned=True, cloak_lock=ship.cloak_lock if renewing
                   else "")
    if not action.target:
        return state.with_ship(ship), [SensorLocked(ship.id, ship.name, "", "", "none")]
    target = state.ship(action.target)
    ship = replace(ship, lock_tried=True)
    if ship.lock == target.id and not target.cloaked:
        ship = counter(state, ship)
        state = state.with_ship(ship)
        return sensors.report(state, ship, target, 0, "",
                              [SensorLocked(ship.id, ship.name, target.id, target.name, "held")])
    ship = replace(ship, lock="")
    state = replace(state.with_ship(ship), asking=(ship.id, target.id, 0, ""))
    penalty = cloak_penalty(ship, target) if target.cloaked else ()
    return science_dice.ask(state, ship, "sensors", "lock", "locks", penalty)


def on_lock_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    assert len(state.asking) == 4
    target = state.ship(state.asking[1])
    state = replace(state, asking=())
    penalty = cloak_penalty(ship, target) if target.cloaked else ()
    if not target.cloaked:
        ok, event = science_dice.read(state, ship, "sensors", value, f"locked on {target.name}",
                                      f"no lock on {target.name}")
        if not ok:
            return state, [event, SensorLocked(ship.id, ship.name, target.id, target.name,
                                               "failed")]
        ship = counter(state, replace(ship, lock=target.id))
        state = state.with_ship(ship)
        return sensors.report(state, ship, target, 0, "", [
            event, SensorLocked(ship.id, ship.name, target.id, target.name, "locked")])
    if not penalty:  # last turn's lock on the cloaked ship, held by a plain roll (line 1261)
        ok, event = science_dice.read(state, ship, "sensors", value,
                                      f"still locked on the cloaked {target.name}",
                                      f"{target.name} is cloaked once more")
        if not ok:
            return state.with_ship(replace(ship, cloak_lock="")), [event]
        return found(state, ship, target, [event])
    ok, event = science_dice.read(state, ship, "sensors", value,
                                  "the sensors may detect a cloaked ship's movement this turn: "
                                  "scan an arc in each Movement Phase",
                                  "no cloaked ship's movement detected", penalty)
    if not ok:
        return state, [event]
    return state.with_ship(counter(state, replace(ship, cloak_sense=target.id))), [event]


def found(state: FasaState, ship: Ship, target: Ship,
          events: list[Event]) -> tuple[FasaState, list[Event]]:
    """A cloaked ship detected: a lock on it, its place for this ship, the general information
    (lines 1257, 1261); the questions of the turn, if not counted yet."""
    if not ship.questions and not ship.cloak_sense:
        ship = counter(state, ship)
    ship = replace(ship, lock=target.id, cloak_lock=target.id, cloak_sense="")
    state = state.with_ship(ship)
    if (ship.id, target.id) not in state.detected_by:
        state = replace(state, detected_by=state.detected_by + ((ship.id, target.id),))
    return sensors.report(state, ship, target, 0, "", [
        *events, SensorLocked(ship.id, ship.name, target.id, target.name, "locked")])


def may_scan(state: FasaState, ship: Ship) -> bool:
    """A crewed ship scans an arc while its sensors may detect a cloaked ship's movement this
    turn, a question is left, and this phase's scan is not made (lines 1253-1259)."""
    return (bool(ship.cloak_sense) and not ship.sensors_out and ship.questions > 0
            and ship.arc_phase != state.phase)


def use_question(state: FasaState, ship: Ship) -> Ship:
    """One question used (the Sensors Counter one box to the left), as this phase's first or
    second (an extra one)."""
    second = ship.asked_phase == state.phase and ship.phase_questions >= 1
    return replace(ship, questions=ship.questions - 1, asked_phase=state.phase,
                   phase_questions=ship.phase_questions + 1 if second else 1,
                   extra_questions=ship.extra_questions - 1 if second else ship.extra_questions)


def locked_on(state: FasaState, ship: Ship) -> Ship | None:
    """The ship the sensors are locked on, while questions about it may be asked."""
    if not ship.lock or not state.has_ship(ship.lock):
        return None
    target = state.ship(ship.lock)
    if target.cloaked:
        return target if (ship.id, target.id) in state.detected_by and targetable(target) \
            else None
    return target if sensors.lockable(state, ship, target) else None


def open_for(state: FasaState, ship: Ship) -> bool:
    """Whether the ship, first in the movement order, has a question to ask before it moves:
    questions left, and this phase's first, or a second while extra ones are left."""
    if not (state.step == MOVE and state.queue and state.queue[0] == ship.id
            and not ship.sensors_out and ship.questions > 0 and locked_on(state, ship)):
        return False
    if ship.asked_phase != state.phase:
        return True
    return ship.phase_questions == 1 and ship.extra_questions > 0


def ask(state: FasaState, ship: Ship, action: AskSensor,
        station: str) -> tuple[FasaState, list[Event]]:
    if not open_for(state, ship):
        raise IllegalAction(f"{station}: {ship.name} has no sensor question to ask now")
    if action.question == 10:
        raise IllegalAction(f"{station}: question 10 is asked by the arc scan at this level")
    why = sensors.question_problem(state, action.question, action.detail)
    if why:
        raise IllegalAction(f"{station}: {why}")
    if not action.question:  # no (more) questions in this phase
        ship = replace(ship, asked_phase=state.phase, phase_questions=2)
        return state.with_ship(ship), [SensorLocked(ship.id, ship.name, "", "", "no question")]
    ship = use_question(state, ship)
    state = replace(state.with_ship(ship), asking=(ship.id, ship.lock, action.question,
                                                   action.detail))
    return science_dice.ask(state, ship, "sensors", "question", "answers")


def on_question_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    assert len(state.asking) == 4
    _, target_id, question, detail = state.asking
    state = replace(state, asking=())
    ok, event = science_dice.read(state, ship, "sensors", value, f"question {question} answered",
                                  f"question {question}: no answer from the data")
    if not ok:
        return state, [event]
    return sensors.report(state, ship, state.ship(target_id), question, detail, [event])


def owns_damage_roll(state: FasaState) -> bool:
    """Whether the roll awaited is how long a crewed ship's sensors are out."""
    hit = state.hit
    return (hit is not None and hit.stage == Stage.SENSORS and bool(state.shots)
            and crewed(state.ship(state.shots[0].target)))


def on_damage_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    """1-5: out one Movement/Firing Phase; 6-0: two; the lock and the turn's questions are
    lost; they work again at the end of the Firing Phase after the last one out."""
    target = state.ship(state.shots[0].target)
    phases = 1 if value <= 5 else 2
    target = replace(target, sensors_out=1, sensor_phases=phases + 1, lock="", questions=0,
                     extra_questions=0, cloak_sense="")
    state = state.with_ship(target)
    ev = Damaged(target.id, target.name, "sensors", phases,
                 f"sensors out for the rest of this Firing Phase and {phases} more "
                 f"Movement/Firing Phase{'s' if phases > 1 else ''}: no questions, no fire")
    return _located(state, [ev])


def end_of_firing_phase(state: FasaState) -> tuple[FasaState, list[Event]]:
    """The Sensors Counter one box to the right for each crewed ship whose sensors are out
    (line 1249): on OPER they work again."""
    events: list[Event] = []
    ships = []
    for s in state.ships:
        if s.sensor_phases > 0:
            left = s.sensor_phases - 1
            s = replace(s, sensor_phases=left, sensors_out=s.sensors_out if left else 0)
            if not left:
                events.append(ScienceApplied(s.id, s.name, "sensors operational again"))
        ships.append(s)
    return replace(state, ships=tuple(ships)), events


def end_of_turn(state: FasaState, ship: Ship) -> Ship:
    """No question is saved for a later turn (line 1217); sensors still out stay out (the
    Expert panel's reset counts turns); a cloaked ship found this turn may be held next turn."""
    if not crewed(ship):
        return ship
    keep = ship.lock if (ship.id, ship.lock) in state.detected_by else ""
    return replace(ship, questions=0, extra_questions=0, phase_questions=0, cloak_sense="",
                   cloak_lock=keep, sensors_out=1 if ship.sensor_phases else ship.sensors_out)

def on_arc_scan_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    """A crewed ship's scan roll (C&C, line 1257): a success finds a cloaked ship that has
    moved in the arc and locks on it; a success that finds none is told as a miss would be."""
    assert len(state.asking) == 4
    arc = state.asking[3]
    state = replace(state, asking=())
    ok, event = science_dice.read(state, ship, "sensors", value, f"the {arc} arc scanned",
                                  f"the {arc} arc not scanned")
    found_ship = nearest_in_arc(state, ship, arc, this_turn=True) if ok else None
    if found_ship is None:
        return state, [event, CloakScanned(ship.id, ship.name, "", "", -1, -1)]
    col, row = hex_to_offset(found_ship.pos)
    return found(state, ship, found_ship, [
        event, CloakScanned(ship.id, ship.name, found_ship.id, found_ship.name, col, row)])


def scan_offered(state: FasaState, ship: Ship) -> bool:
    """Whether a crewed ship's Science Officer is offered the arc scan in this Movement Phase:
    after the +20 roll, scans that use questions (lines 1253-1259), not while his sensors or he
    are shaken (shaken.py)."""
    return (ship.status == ACTIVE and may_scan(state, ship)
            and enemies_cloaked(state, ship) and not found_this_turn(state, ship)
            and not sensors_dark(state, ship))


def scan(state: FasaState, ship: Ship, arc: str) -> tuple[FasaState, list[Event]]:
    """A crewed ship's arc scan: a sensors Skill Roll, one question used (lines 1253-1259)."""
    ship = use_question(state, ship)
    state = replace(state.with_ship(ship), asking=(ship.id, "", SCAN_QUESTION, arc))
    return science_dice.ask(state, ship, "sensors", "scan", "scans the arc")
