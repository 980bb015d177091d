"""What *Battlestations!* adds to a shot (seed 001): the gravity wells' torpedo, plasma and missile
range rules (01C-1, line 194; `wells.py`) and an Andorian captain's +2 to the weapon chosen
(01C-2, line 204; `racial_benefits.py`). FASA's firing asks it at the one place it computes a
shot's to-hit number and range (`firing/combat.shot_change`, `Variant.shot`), so the roll, the
refusal, the controls' odds, the autopilot and the WHY? explanation all read the same numbers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rulesets.fasa.values.variant_tables import ShotChange
from engine.rulesets.fasa.variants.battlestations import racial_benefits, wells

if TYPE_CHECKING:
    from engine.rulesets.fasa.data.ships import WeaponSpec
    from engine.rulesets.fasa.values.state import FasaState, Ship


def _direction(out: bool, into: bool) -> str:
    return "out of and into gravity wells" if out and into else \
        "out of a gravity well" if out else "into a gravity well"


def shot_change(state: FasaState, firer: Ship, spec: WeaponSpec, target: Ship) -> ShotChange:
    """The wells' change to a torpedo's or plasma's to-hit number (-1 firing out, -3 firing in)
    and range (-4 hexes out, -2 in), beams unaffected (line 194); and +2 to hit with the weapon
    an Andorian captain chose (line 204)."""
    to_hit = wells.to_hit_change_in(state, firer.pos, target.pos, spec.kind)
    reach = wells.range_change_in(state, firer.pos, target.pos, spec.kind)
    why: list[str] = []
    if to_hit or reach:
        out, into = wells.out_in(state.setup.bodies, firer.pos, target.pos)
        why.append(f"{to_hit} to hit and {reach} hexes of range, firing "
                   f"{_direction(out, into)}")
    bonus = racial_benefits.to_hit_bonus(racial_benefits.captain_of(state, firer.id), spec.id)
    if bonus:
        why.append(f"+{bonus} to hit, the Andorian captain's chosen weapon")
    return ShotChange(to_hit + bonus, reach, tuple(why))
