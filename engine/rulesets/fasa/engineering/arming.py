"""The autopilot's arming of a ship's weapons with its power to weapons (Book Two, Advanced:
Sequence Of Play step 1; Romulan Plasma Bolts, seed line 387: plasma "Arming is done as with a
missile weapon"), as a player who knows the rules would: a weapon armed with a set charge
(missiles, plasma) gets its whole charge or nothing, so those are armed first, the largest charge
first, and the beams take what is left, each up to its full power.

It reads the ship alone (its own allocation and weapons), so it is the arming's own, beside the
rule that declares it (`power_rule.py`); the autopilot's allocation, which reads the battle, is
`autopilots/`'s.
"""

from __future__ import annotations

from engine.rulesets.fasa.data.ships import WeaponKind, WeaponSpec
from engine.rulesets.fasa.values.actions import WeaponPower
from engine.rulesets.fasa.values.state import Ship


def charged(spec: WeaponSpec) -> bool:
    """Whether the weapon takes a set charge (missiles and plasma: "Arming is done as with a
    missile weapon", seed line 387) rather than any power up to its maximum (beams)."""
    return spec.kind != WeaponKind.BEAM


def arming_order(ship: Ship) -> list[tuple[int, WeaponSpec]]:
    """The working weapons in the order power goes to them: charged weapons first (each gets its
    whole charge or none), the largest charge first, then the beams."""
    specs = [(i, s) for i, s in enumerate(ship.cls.weapons) if not ship.weapons[i].damaged]
    return sorted(specs, key=lambda p: (not charged(p[1]), -p[1].arm_power))


def arming(ship: Ship) -> tuple[WeaponPower, ...]:
    """The power to weapons spread over them in `arming_order`."""
    assert ship.allocation is not None
    left = ship.allocation.weapons
    out = []
    for _, spec in arming_order(ship):
        if spec.kind == "beam":
            give = min(spec.max_power, left)
        else:
            give = spec.arm_power if spec.arm_power <= left else 0
        if give > 0:
            out.append(WeaponPower(spec.id, give))
            left -= give
    return tuple(out)
