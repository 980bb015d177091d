"""What a sensor lock tells (*Battlestations!*, 01B Revised Sensors Rules, seed 001 lines
135-176): the automatic information, the nine questions answered "in *italics*", and the
gamemaster's answers for other objects.

Answers are honest numbers from the state as it stands in the Sensors Phase; the target's
captain "must give" them (line 135), so the engine gives them for him. Where an answer is the
same as Book Two's (questions 1, 3, 4, 5, 6 and 9) FASA's own is used (sensing/sensors.py);
questions 2, 7 and 8 are answered as this seed words them. Readings: docs/rules-decisions.md
(Battlestations!, Sensors).
"""

from __future__ import annotations

import itertools
from fractions import Fraction

from engine.rulesets.fasa.arcs import shields_facing
from engine.rulesets.fasa.sensing import sensors
from engine.rulesets.fasa.values.bodies import Body
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.words import plural

Answer = tuple[tuple[tuple[str, int | str], ...], str]

QUESTIONS: dict[int, str] = {
    1: "How much power is available?",                                   # line 159
    2: "What is the relative power allocation?",                         # line 161, see below
    3: "How are the shields powered?",                                   # line 163
    4: "Is a specific shield up?",                                       # line 165
    5: "How are the weapons powered? (beam or missile)",                 # line 167
    6: "Is a specific weapon powered?",                                  # line 169
    7: "How much damage has the ship taken?",                            # line 171
    8: "What is the status of the ship's life forms?",                   # line 173
    9: "Are any transporters powered?",                                  # line 175
}
"""The nine questions of 01B (lines 157-176), "one of" which is asked "During each Sensor Phase"
(line 157). The seed prints Q2 as "How are the shields powered?", the words of Q3, but its answer
A2 (line 162) is the order of the power allotments: Q2 is asked by its answer, as Book Two's
question 2 (docs/rules-decisions.md)."""

BODY_PREFIX = "body:"
"""A sensor target that is a body of the map (a planet, moon or star), not a ship: "For other
objects, usually only occurring in scenarios with a gamemaster, the information is more general"
(line 146)."""


def question_problem(state: FasaState, question: int, detail: str) -> str:
    """Why `question` naming `detail` cannot be asked, or "": the nine of line 157 (0 asks none),
    4-6 naming what they ask of as Book Two's do (lines 165-170)."""
    if question not in QUESTIONS and question != 0:
        return f"the questions are numbered 1 to {len(QUESTIONS)}, not {question}"
    return sensors.question_problem(state, question, detail)


def automatic_information(ship: Ship, target: Ship) -> tuple[str, ...]:
    """AUTOMATIC INFORMATION (lines 137-144), "disclosed to the sensing ship's captain when a
    sensor lock is obtained": 1) the class or displacement; 2) the majority race of the crew and
    its approximate number, "if the target's shields are down" (read as Book Two's facts are: a
    shield at 0); 3) the name of the class and ship type ("such as Constitution-class cruiser":
    the ship file's name, which holds both); 4) whether the target is locking its sensors on the
    sensing ship. The ship files give no displacement, so 1) is the class's kind ("Heavy
    Cruiser")."""
    cls = target.cls
    if sensors.shields_down(target):
        alive = cls.crew * (1000 - min(target.casualties, 1000)) // 1000
        crew = f"crew: {cls.race}, about {_about(alive)}"
    else:
        crew = "crew: unknown, its shields are up"
    locking = "yes" if target.lock == ship.id else "no"
    return (f"class: {cls.kind or 'starship'}", crew, f"name of class and type: {cls.name}",
            f"locking its sensors on us: {locking}")


def _about(n: int) -> int:
    """An approximate number (line 142: "approximate number"): to the nearest ten."""
    return max(0, (n + 5) // 10 * 10) if n >= 10 else n


def _percent(now: int, full: int) -> int:
    if full <= 0:
        return 0
    return int(Fraction(100 * max(now, 0), full) + Fraction(1, 2))


def answer(state: FasaState, ship: Ship, target: Ship, question: int, detail: str) -> Answer:
    """The answer to `question` (lines 159-176) as (name, value) pairs and in words."""
    if question == 2:
        return _allocation_order(target)
    if question == 7:
        return _damage(target)
    if question == 8:
        return _life_forms(ship, target)
    return sensors.answer_of(state, ship, target, question, detail)


def _allocation_order(target: Ship) -> Answer:
    """A2 (line 162): "The order, from greatest power allotment to least, in which the captain
    has allocated power to weapons, shields, movement, and cloak (if any)"."""
    alloc = target.allocation
    parts = {"weapons": 0, "shields": 0, "movement": 0}
    if alloc is not None:
        parts = {"weapons": alloc.weapons, "shields": alloc.shields, "movement": alloc.movement}
    if target.cls.cloak_cost > 0:
        parts["cloak"] = alloc.cloak if alloc is not None else 0
    order = sorted(parts, key=lambda k: -parts[k])
    words = order[0]
    for prev, k in itertools.pairwise(order):
        words += (" = " if parts[k] == parts[prev] else " > ") + k
    return (("order", words),), f"power allocation, greatest first: {words}"


def _damage(target: Ship) -> Answer:
    """A7 (line 172): "the percentage of power remaining in the engines, operational shield
    generators, operational weapons, and the superstructure"."""
    cls = target.cls
    working = sum(1 for w in target.weapons if not w.damaged)
    status: tuple[tuple[str, int | str], ...] = (
        ("engines", _percent(sum(target.engines), cls.total_power)),
        ("shields", _percent(6 - len(target.shields_damaged), 6)),
        ("weapons", _percent(working, len(cls.weapons))),
        ("superstructure", _percent(target.superstructure, cls.superstructure)))
    return status, ", ".join(f"{k} {v}%" for k, v in status)


def facing_shields(ship: Ship, target: Ship) -> tuple[int, ...]:
    """The target's shield(s) "between it and the sensing ship" (line 173): those facing it."""
    return shields_facing(target.pos, target.heading, ship.pos)


def _life_forms(ship: Ship, target: Ship) -> Answer:
    """A8 (line 174): "The percentage of the vessel's full crew that are still alive", answered
    "only if the target ship's shield between it and the sensing ship is down" (line 173). On a
    line between two shields, either one down lets the sensors through."""
    facing = facing_shields(ship, target)
    down = [n for n in facing if target.shields[n - 1] == 0]
    if not down:
        which = " and ".join(str(n) for n in facing)
        return ((("alive", "no answer"),),
                f"not answered: its shield {which} between us is up")
    alive = 100 - -(-min(target.casualties, 1000) // 10)
    return (("alive", alive),), f"{alive}% of the crew alive (shield {down[0]} is down)"


def body_id(body: Body) -> str:
    return BODY_PREFIX + body.name


def body_named(state: FasaState, target_id: str) -> Body | None:
    """The body a sensor target names (`BODY_PREFIX` and its name), if it is one."""
    if not target_id.startswith(BODY_PREFIX):
        return None
    name = target_id.removeprefix(BODY_PREFIX)
    return next((b for b in state.setup.bodies if b.name == name), None)


def gamemaster_answers(body: Body) -> tuple[str, ...]:
    """What "The gamemaster reveals" of an object (lines 146-151): its mass and size, its
    composition, the status of that composition, and "The type of lifeforms present, if known,
    and their approximate number". What the scenario leaves unsaid is "unknown"."""
    kind = body.kind
    return (f"{body.name}: {kind}, well {plural(body.well, 'hex', 'hexes')} deep",
            f"mass: {body.mass or 'unknown'}; size: {body.size or 'unknown'}",
            f"composition: {body.composition or 'unknown'}",
            f"status of the composition: {body.state or 'unknown'}",
            f"life forms: {body.life or 'none known'}")
