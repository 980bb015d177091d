"""Who rolls the location of a hit (Book Two, Command & Control: Weapon Firing Sequence step 7,
seed line 1480; Damage Sequence step 4, line 1495; Sequence Of Play, lines 1441-1445).

"Shield Penetrated: 7. Science Officer/Navigator rolls one die and compares result with
appropriate Damage Table to determine location of hit" is the firing ship's sequence (line 1480):
a player crew's Science Officer rolls where its shots strike the Instructor's ships. Incoming
fire on the players' ship is the Damage Sequence: "4. Instructor declares damage location" (line
1495): the Instructor rolls. Our reading (docs/rules-decisions.md, Command & Control): at the
command level the rolls of a hit's stage (which of two shields, the location, which engine, how
long the sensors are out) are the firing ship's Science (hit-location duty) when the firer is
crewed; the Instructor's when only the target is crewed; the target's own station between two
ships of the Instructor, as at the other levels. An explosion's blast and a mine are no ship's
fire: the target's own station rolls them, as before.

The roll is asked of the firing ship's station under that ship's name, so its side is told the
roll; what the hit does inside the enemy ship stays the enemy's (its Master Control Panel).
"""

from __future__ import annotations

from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.officers import command_level, crewed
from engine.rulesets.fasa.values.shaken import duty_out
from engine.rulesets.fasa.values.state import FasaState
from engine.stations import INSTRUCTOR


def roller(state: FasaState, ship: str, duty: Duty) -> tuple[str, str]:
    """(ship, station) of the roll of `duty` asked about `ship`."""
    default = (ship, state.station_for(ship, duty))
    if duty != Duty.HIT_LOCATION or not command_level(state.level) or not state.shots:
        return default
    shot = state.shots[0]
    if shot.damage or shot.target != ship or shot.firer == ship:
        return default  # a blast or a mine
    firer = state.ship(shot.firer)
    if crewed(firer):
        if duty_out(state, firer, duty):
            # A shaken Science Officer may not "determine damage location on successful hits"
            # (line 1355; shaken.py): the Instructor rolls it for his ship.
            return firer.id, INSTRUCTOR
        return firer.id, state.station_for(firer.id, duty)
    if crewed(state.ship(ship)):
        return ship, INSTRUCTOR
    return default

