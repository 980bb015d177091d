"""A sensor question in each Movement Phase (Book Two, Expert: Sequence Of Play steps 4-8,
seed lines 707-717; Sensors, line 777).

"If a lock is obtained, the player with the lock may ask one question about his target in each
Movement Phase of the game turn"; "If he has a sensor lock, the ship captain with the greatest
number of movement points may ask a question about his target" before he moves, and so on down
the movement order. At the expert levels a ship whose sensors are locked on an enemy it may
still lock on, when its turn to move in a Movement Phase comes, first answers an `ask` decision
(Science): a question (0 for none), as the Sensor Phase's questions are asked (`sensors.py`),
with no roll. A ship that does not move in a phase is not asked then (our reading: the text asks
each captain in the movement order; docs/rules-decisions.md, Expert). The answer is the sensing
side's, as every sensor report is.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.sensing import sensors
from engine.rulesets.fasa.values.events import SensorLocked
from engine.rulesets.fasa.values.state import MOVE, FasaState, Ship, replace


def open_for(state: FasaState, ship: Ship) -> bool:
    """Whether the ship, first in the movement order, has its question to ask before it moves."""
    crewed_answer = hooks.of(state).crewed_question(state, ship)  # C&C: sensors_rating.py
    if crewed_answer is not None:
        return crewed_answer
    if not (expert(state.level) and state.step == MOVE and state.queue
            and state.queue[0] == ship.id and ship.lock and not ship.sensors_out
            and ship.asked_phase != state.phase and state.has_ship(ship.lock)):
        return False
    return sensors.lockable(state, ship, state.ship(ship.lock))


def ask(state: FasaState, ship: Ship, question: int, detail: str,
        station: str) -> tuple[FasaState, list[Event]]:
    crewed_ask = hooks.of(state).crewed_ask(state, ship, question, detail, station)  # C&C
    if crewed_ask is not None:
        return crewed_ask
    if not open_for(state, ship):
        raise IllegalAction(f"{station}: {ship.name} has no sensor question to ask now")
    if question == 10:
        raise IllegalAction(f"{station}: question 10 is asked by the arc scan at this level")
    why = sensors.question_problem(state, question, detail)
    if why:
        raise IllegalAction(f"{station}: {why}")
    ship = replace(ship, asked_phase=state.phase)
    state = state.with_ship(ship)
    if not question:
        return state, [SensorLocked(ship.id, ship.name, "", "", "no question")]
    return sensors.report(state, ship, state.ship(ship.lock), question, detail, [])
