"""A sensor question in each Movement Phase (Book Two, Expert: Sequence Of Play steps 4-8,
seed lines 707-717; Sensors, line 777; Command & Control lines 1217, 1245).

"If a lock is obtained, the player with the lock may ask one question about his target in each
Movement Phase of the game turn" (line 707; "one sensor question may be asked in each Movement
Phase", line 777); "If he has a sensor lock, the ship captain with the greatest number of movement
points may ask a question about his target" before he moves, and so on down the movement order
("Steps 7 and 8 are repeated until all ships have been moved", line 717). At the expert levels a
ship whose sensors are locked on an enemy it may still lock on, when its turn in a Movement Phase
comes, first answers an `ask` decision (Science): a question (0 for none), as the Sensor Phase's
questions are asked (`sensors.py`), with no roll. A ship with no movement points in the phase
still has its place in the order and its question ("each Movement Phase"; C&C: "At least one
question may be asked per Movement Phase", line 1217; "At the beginning of each Movement Phase,
the Science Officer asks one or two questions", line 1245): it asks, and does not move
(`movement.movement_order` puts it in the order, `movement.skip_idle` takes it out once it has
no question left). The answer is the sensing side's, as every sensor report is.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.sensing import sensors
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import SensorLocked
from engine.rulesets.fasa.values.state import ACTIVE, MOVE, FasaState, Ship, replace


def open_for(state: FasaState, ship: Ship) -> bool:
    """Whether the ship, first in the movement order, has its question to ask before it moves."""
    return bool(state.queue) and state.queue[0] == ship.id and has_question(state, ship)


def prompt(state: FasaState, ship: Ship) -> Prompt:
    """The prompt of the ship's question at its place in the order: `ask`, or at the command
    level, its sensors working again this turn, `sense` to try a lock in its place (line
    1249; the `relock_open` hook)."""
    station = state.station_for(ship.id, Duty.SENSORS)
    if hooks.of(state).relock_open(state, ship):
        return Prompt(ship.id, station, f"sensors of {ship.name} working again: try a lock "
                      "in place of this phase's question (a SENSORS roll), or none",
                      None, "sense")
    return Prompt(ship.id, station, f"sensor question of {ship.name} about "
                  f"{state.ship(ship.lock).name} before it moves (or none)", None, "ask")


def has_question(state: FasaState, ship: Ship) -> bool:
    """Whether the ship, in play, has a sensor question left to ask in this Movement Phase,
    wherever it stands in the movement order."""
    if state.step != MOVE or ship.status != ACTIVE:
        return False
    crewed_answer = hooks.of(state).crewed_question(state, ship)  # C&C: sensors_rating.py
    if crewed_answer is not None:
        return crewed_answer
    if not (expert(state.level) and ship.lock and not ship.sensors_out
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
