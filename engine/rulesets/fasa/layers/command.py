"""What Command & Control (Book Two, seed lines 875-1563) changes at the expert game's hooks: a
player crew's Science Officer rolls where its shots strike (`firing/hit_location.py`, line 1480)
and his damage control takes points off incoming shots (`firing/damage_control.py`, line
1193)."""

from __future__ import annotations

from engine.rulesets.fasa.firing import damage_control, hit_location
from engine.rulesets.fasa.layers.expert import Expert
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import FasaState, Ship


class Command(Expert):
    """Command & Control's hooks."""

    level = "command"

    def roller(self, state: FasaState, ship: str, duty: Duty) -> tuple[str, str]:
        return hit_location.roller(state, ship, duty)

    def damage_control_cut(self, state: FasaState, target: Ship,
                           penetrating: int) -> tuple[FasaState, int]:
        return damage_control.take(state, target, penetrating)
