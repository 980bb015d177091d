"""What bridge hits, engineering out and powering down leave on a crewed ship (Book Two, Command &
Control: Bridge Hits And DEX Rolls, Engineering Out, seed lines 1345-1401; Recording Power
Expended and Powering Down Due To Engine Damage, lines 1079-1089, 1155-1159, 1295-1297).

One record a ship (`Ship.shaken`), and the questions the other rules ask of it: is a station's
officer shaken, is a system out, is the power off the grid. The rules that change the record are in
`bridge_hits.py`, `engineering_out.py` and `power_spent.py`; `aftermath.py` runs them at the end of
each Firing Phase. The record is the ship's side's to know (views.py).

This module imports nothing of the game state at run time, so that `state.py` can hold the record.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.rulesets.fasa.values.copies import replace
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.officers import command_level, crewed

if TYPE_CHECKING:
    from engine.rulesets.fasa.values.state import FasaState, Ship

SYSTEMS = ("comms", "sensors", "shields", "helm", "weapons")
"""The combat systems a bridge hit may shake (line 1381-1387), by their table's order."""
SYSTEM_WORDS = {"comms": "communications/damage control", "sensors": "sensors",
                "shields": "shields", "helm": "helm", "weapons": "weapons"}
SYSTEM_SKILL = {"comms": "damage_control", "sensors": "sensors", "shields": "shields",
                "helm": "helm", "weapons": "weaponry"}
"""The skill of "the officer in charge of the system" (line 1371) that repairs it; its rating is
that of the station carrying the skill's duty (officers.rating)."""


@dataclass(frozen=True, slots=True)
class OfficerOut:
    """One failed DEX roll of the officer at `station` (line 1353, 1359: each shaking its own
    roll): he does not perform until a reroll at the end of a Firing Phase passes. `due`: its
    reroll is to be made at the end of this Firing Phase."""

    station: str
    tries: int = 1
    due: bool = False


@dataclass(frozen=True, slots=True)
class SystemOut:
    """One shaking of a combat system (line 1377: "a separate Skill Roll ... each time"): out until
    its officer's repair roll passes; each failed roll adds 5 to the next (line 1371). `due`: its
    repair roll is to be made at the end of this Firing Phase."""

    system: str
    tries: int = 0
    due: bool = False


@dataclass(frozen=True, slots=True)
class Shaken:
    """A crewed ship's bridge and engine room this turn. Defaults: nothing shaken, power on."""

    officers: tuple[OfficerOut, ...] = ()
    systems: tuple[SystemOut, ...] = ()
    # Engineering out (lines 1397-1399): Movement/Firing Phases the power stays off the grid, the
    # one under way included (0: on); the engineering roll: "" none, "first" due now after the
    # hit, "later" due when the phases run out, "now" due at this end of a Firing Phase; failed
    # engineering rolls so far.
    grid: int = 0
    grid_roll: str = ""
    grid_tries: int = 0
    # Taken this Firing Phase, to be resolved at its end (line 1347).
    bridge: tuple[int, ...] = ()     # each bridge hit's points
    engineering: int = 0             # engineering-out hits
    # The rolls of a bridge hit under way: two dice per 5 points or part (line 1351).
    chunks: int = 0                  # pairs still to roll, the one under way included
    who: int = 0                     # the officer die of the pair under way (0: not rolled)
    rerolls: int = 0                 # system rerolls still due from a 7-9 (line 1388-1390)
    dex: tuple[str, ...] = ()        # stations whose DEX roll is due now
    asking: str = ""                 # what the roll asked of this ship is for
    # Power spent as it goes (lines 1079-1083) and powered down (lines 1085-1089).
    base: int = 0                    # the power on the grid when the turn's movement began
    used: int = 0                    # movement points used this turn
    cut_mp: int = 0                  # movement points powered down this turn
    lost: int = 0                    # power loss already powered down (or absorbed) this turn
    cut: int = 0                     # power the Chief Engineer must take off now
    cut_weapons: int = 0             # power Helm must take off the weapons now
    cut_shields: int = 0             # power Science must take off the shields now


CALM = Shaken()


def station_out(ship: Ship, station: str) -> bool:
    """Whether the officer at `station` is shaken (failed a DEX roll not yet passed)."""
    return any(o.station == station for o in ship.shaken.officers)


def duty_out(state: FasaState, ship: Ship, duty: Duty) -> bool:
    """Whether the officer carrying `duty` on this ship is shaken."""
    return bool(ship.shaken.officers) and station_out(ship, state.station_for(ship.id, duty))


def system_out(ship: Ship, system: str) -> bool:
    """Whether a combat system is out, being repaired (line 1373)."""
    return any(s.system == system for s in ship.shaken.systems)


def grid_out(ship: Ship) -> bool:
    """Whether all power is off the grid (line 1397)."""
    return ship.shaken.grid > 0


def fire_blocked(state: FasaState, ship: Ship) -> bool:
    """No weapon fires: the power off the grid (line 1397), the weapons shaken (line 1375), or the
    officer who fires them shaken (line 1355: "he may fire no weapons")."""
    sh = ship.shaken
    if sh == CALM:
        return False
    return grid_out(ship) or system_out(ship, "weapons") or duty_out(state, ship, Duty.WEAPONS)


def straight_line(state: FasaState, ship: Ship) -> bool:
    """The ship must move in a straight line: the helm shaken (line 1375) or the officer who moves
    it (line 1355)."""
    sh = ship.shaken
    if sh == CALM:
        return False
    return system_out(ship, "helm") or duty_out(state, ship, Duty.MOVEMENT)


def shields_down(ship: Ship) -> bool:
    """The shields do not protect: shaken (line 1373) or no power on the grid (line 1397)."""
    return ship.shaken != CALM and (grid_out(ship) or system_out(ship, "shields"))


def sensors_dark(state: FasaState, ship: Ship) -> bool:
    """No sensor lock, question or scan: the sensors shaken (line 1373), the Science Officer shaken
    (line 1355: "he may ask no sensors questions"; line 1357: no lock), or no power (line 1397)."""
    sh = ship.shaken
    if sh == CALM:
        return False
    return (grid_out(ship) or system_out(ship, "sensors")
            or duty_out(state, ship, Duty.SENSORS))


def comms_out(state: FasaState, ship: Ship) -> bool:
    """No damage control or communications roll: that system shaken, or its officer."""
    sh = ship.shaken
    if sh == CALM:
        return False
    return (system_out(ship, "comms") or duty_out(state, ship, Duty.DAMAGE_CONTROL))


def phase_cap(ship: Ship, points: int) -> int:
    """The movement points a ship may use this phase: none while the power is off the grid (line
    1397), and never more than the turn's points left after what was used and powered down."""
    sh = ship.shaken
    if sh == CALM:
        return points
    if grid_out(ship):
        return 0
    return max(0, min(points, ship.movement_points - sh.used - sh.cut_mp))


def count_moved(state: FasaState, ship_id: str, points: int) -> FasaState:
    """The ship used `points` movement points: their power is spent (line 1083; power_spent.py).
    Kept for the crewed ships of the command level."""
    if points <= 0 or not command_level(state.level):
        return state
    ship = state.ship(ship_id)
    if not crewed(ship):
        return state
    return state.with_ship(replace(ship, shaken=replace(ship.shaken, used=ship.shaken.used + points)))


def darken(state: FasaState) -> FasaState:
    """A Movement Phase begins: a ship whose sensors or Science Officer are shaken, or whose power
    is off the grid, has made its arc scan and its sensor question of the phase already (none), as
    a ship whose sensors are out has used them in the Sensor Phase (sensors.start): that they are
    dark stays its side's, while which ships are busy is seen by all."""
    if not command_level(state.level):
        return state
    ships = tuple(replace(s, arc_phase=state.phase, asked_phase=state.phase)
                  if s.shaken != CALM and sensors_dark(state, s) else s for s in state.ships)
    return replace(state, ships=ships)
