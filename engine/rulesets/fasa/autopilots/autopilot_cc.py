"""The autopilot's course for Command & Control's shaken helm (shaken.py): deterministic, from what
the seat may know (its own ship whole). Its powering down is declared with the rule
(command/power_down_options.py)."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.values.actions import Move
from engine.rulesets.fasa.values.state import FasaState, Ship


def straight_course(state: FasaState, ship: Ship) -> Move:
    """A shaken helm's course: straight ahead as far as the phase allows and the map is clear
    (straight back one hex in reverse), or holding still."""
    n = movement.phase_points(state, ship)
    letter = "B" if ship.reverse else "F"
    for k in range(1 if ship.reverse else n, 0, -1) if n else ():
        steps = letter * k
        try:
            movement.path(state, ship, steps)
        except IllegalAction:
            continue
        return Move("helm", ship.id, steps)
    return Move("helm", ship.id, "")
