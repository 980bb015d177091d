"""What Command & Control (Book Two, seed lines 875-1563) changes at the expert game's hooks: a
player crew's Science Officer rolls where its shots strike (`firing/hit_location.py`, line 1480),
his damage control takes points off incoming shots (`firing/damage_control.py`, line 1193) and
his roll may keep a ship from exploding (`skills/explosion_roll.py`); a bridge hit or engineering
out shakes a crewed ship (`firing/bridge_hits.py`, line 1347); the Captain's orders before the
arming and the fire (`command/orders.py`, line 1101) and the Helmsman's rolls
(`command/helm_rolls.py`); a crewed ship's lock by the Science Officer's rating
(`sensing/sensors_rating.py`); and in the turn's flow, panels kept from last turn
(`command/frozen_panels.py`), the Chief Engineer's and Science Officer's rolls after the bonuses,
damage control decided before the dice and the end of a Firing Phase's aftermath
(`command/aftermath.py`), power spent counted from the first Movement Phase
(`engineering/power_spent.py`), the Sensors Counter at the end of a phase and the officers'
orders, rolls and repairs at the end of a turn (`command/cc_turn.py`)."""

from __future__ import annotations

from engine.controls import Field
from engine.events import Event
from engine.rulesets.fasa.command import aftermath, cc_turn, frozen_panels, helm_rolls, orders, science
from engine.rulesets.fasa.engineering import power_spent
from engine.rulesets.fasa.firing import bridge_hits, damage_control, hit_location
from engine.rulesets.fasa.hooks import Located
from engine.rulesets.fasa.layers.expert_hooks import Expert
from engine.rulesets.fasa.sensing import sensors_rating
from engine.rulesets.fasa.skills import engineer_roll, explosion_roll
from engine.rulesets.fasa.values.actions import AskSensor, DeclareFire, Sense
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.officers import crewed
from engine.rulesets.fasa.values.shaken import sensors_dark
from engine.rulesets.fasa.values.state import FasaState, Ship, replace


class CommandAndControl(Expert):
    """Command & Control's hooks."""

    level = "command"

    def roller(self, state: FasaState, ship: str, duty: Duty) -> tuple[str, str]:
        return hit_location.roller(state, ship, duty)

    def course(self, state: FasaState, ship: Ship, steps: str, who: str) -> Located | None:
        # The helm operation roll first, at a crewed ship's first emergency heading change of
        # the turn (helm_rolls.py, lines 1121, 1503); any other course at once.
        return helm_rolls.move(state, ship, steps, who)

    def sense(self, state: FasaState, ship: Ship, action: Sense, who: str) -> Located:
        if crewed(ship):  # the lock by the Science Officer's rating (sensors_rating.py)
            return sensors_rating.sense(state, ship, action, who)
        return super().sense(state, ship, action, who)

    def sensors_out_duty(self, state: FasaState, target: Ship) -> Duty:
        # The Instructor's ships keep the captain's roll (line 897); a crewed ship's Science
        # Officer, on whose Damage Control Panel the Sensors Track is ("Sensors Damaged: If the
        # sensors are damaged in combat, roll one die", C&C line 1247): the station with the
        # sensors duty in its crew.
        return Duty.SENSORS if crewed(target) else Duty.COMMAND

    def damage_control_cut(self, state: FasaState, target: Ship,
                           penetrating: int) -> tuple[FasaState, int]:
        return damage_control.take(state, target, penetrating)

    def bridge_struck(self, state: FasaState, ship: Ship, code: str, points: int) -> FasaState:
        return bridge_hits.record(state, ship, code, points)

    def explosion_check(self, state: FasaState, ship: Ship) -> Located | None:
        # Only a crewed ship has officers: a game below the command level keeps none.
        return explosion_roll.ask(state, ship) if ship.officers else None

    def crewed_scan_offered(self, state: FasaState, ship: Ship) -> bool | None:
        return sensors_rating.scan_offered(state, ship) if crewed(ship) else None

    def crewed_scan(self, state: FasaState, ship: Ship, arc: str) -> Located | None:
        return sensors_rating.scan(state, ship, arc) if crewed(ship) else None

    def crewed_question(self, state: FasaState, ship: Ship) -> bool | None:
        if not crewed(ship):
            return None
        return sensors_rating.has_question(state, ship) and not sensors_dark(state, ship)

    def relock_open(self, state: FasaState, ship: Ship) -> bool:
        return crewed(ship) and sensors_rating.relock_open(state, ship)  # line 1249

    def crewed_ask(self, state: FasaState, ship: Ship, question: int, detail: str,
                   station: str) -> Located | None:
        if not crewed(ship):
            return None
        return sensors_rating.ask(state, ship, AskSensor(station, ship.id, question, detail),
                                  station)

    def fire_problem(self, state: FasaState, firer: Ship) -> str:
        return orders.fire_problem(state, firer)  # line 1101

    def weaponry_problem(self, state: FasaState, firer: Ship, shots: int) -> str:
        return helm_rolls.weaponry_problem(state, firer, shots)  # lines 1115, 1461

    def weaponry_field(self, state: FasaState, firer: Ship) -> Field | None:
        return helm_rolls.weaponry_field(state, firer) if helm_rolls.applies(state, firer) else None

    def declared(self, state: FasaState, firer: Ship, action: DeclareFire,
                 station: str) -> Located | None:
        return helm_rolls.declare(state, firer, action, station)

    def arming_waits(self, state: FasaState, ship: Ship) -> bool:
        return orders.awaited(state, ship)  # the Captain's fire order first (line 1101)

    def arm_problem(self, state: FasaState, ship: Ship, powered: bool) -> str:
        return orders.arm_problem(state, ship, powered)  # hold fire arms nothing (line 1101)

    def arming_note(self, state: FasaState, ship: Ship) -> str:
        return orders.note(state, ship)  # the Captain's fire order in the arming's title

    # The rules' declarations (`sensing/sensors_rule.py`).
    def relock(self, state: FasaState, ship: Ship, action: Sense, station: str) -> Located:
        return sensors_rating.relock(state, ship, action, station)  # line 1249

    def cloak_target(self, state: FasaState, ship: Ship, target: Ship) -> bool:
        return sensors_rating.cloak_target(ship, target)  # line 1213

    # The turn's flow (`phases/`).
    def panels_kept(self, state: FasaState) -> Located:
        return frozen_panels.settle(state)  # lines 1357, 1401

    def officers_rolls(self, state: FasaState) -> tuple[FasaState, list[Event], bool]:
        state, events, wait = engineer_roll.step(state)  # the Chief Engineer's roll
        if wait:
            return state, events, True
        state, more, wait = science.skill_phase(state)  # the Science Officer's roll
        return state, events + more, wait

    def start_of_movement(self, state: FasaState) -> FasaState:
        return power_spent.start_turn(state)  # the running totals (line 1093)

    def fire_waits(self, state: FasaState) -> bool:
        return bool(science.prompts(state))  # damage control decided before the dice

    def firing_aftermath(self, state: FasaState) -> Located | None:
        # Bridge hits, repairs and powering down at the end of the Firing Phase.
        return aftermath.start(state) if aftermath.in_play(state) else None

    def end_of_phase(self, state: FasaState) -> Located:
        state, sensing = sensors_rating.end_of_firing_phase(state)  # the Sensors Counter
        state, more = super().end_of_phase(state)
        return helm_rolls.end_of_phase(state), sensing + more  # the weaponry bonus

    def turn_over(self, state: FasaState,
                  ships: tuple[Ship, ...]) -> tuple[tuple[Ship, ...], list[Event]]:
        ships, events = cc_turn.end_of_turn(state, ships)  # orders, officers' rolls, repairs
        ships = science.end_of_turn(replace(state, ships=ships)).ships  # Science's counters
        ships, more = super().turn_over(state, ships)
        return ships, events + more
