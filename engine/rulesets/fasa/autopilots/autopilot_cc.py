"""The autopilot's choices for Command & Control's shaken bridge and powering down (aftermath.py,
power_spent.py): deterministic, from what the seat may know (its own ship whole)."""

from __future__ import annotations

from engine.actions import Action
from engine.errors import IllegalAction
from engine.rulesets.fasa.engineering import power_spent
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.values.actions import Move, WeaponPower
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.rulesets.fasa.values.state import FasaState, Ship

ORDER = ("movement", "shields", "weapons")
"""The Chief Engineer's cut: movement first (the ship keeps its guns and shields), then shields,
then weapons."""


def decide(state: FasaState, ship: Ship, station: str, action: str) -> Action:
    """A power-down decision."""
    if action == "power_down":
        have = power_spent.left(ship)
        need = ship.shaken.cut
        out = dict.fromkeys(ORDER, 0)
        for part in ORDER:
            out[part] = min(need, have[part])
            need -= out[part]
        return PowerDown(station, ship.id, out["movement"], out["weapons"], out["shields"])
    if action == "cut_weapons":
        return CutWeapons(station, ship.id, tuple(
            WeaponPower(w, p) for w, p in power_spent.fixed_weapon_cuts(ship).items()))
    p = power_spent.fixed_shield_cuts(ship)
    return CutShields(station, ship.id, (p[0], p[1], p[2], p[3], p[4], p[5]))


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
