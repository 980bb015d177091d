"""The legal actions of powering down (power_spent.py), for `legal_actions`: every split of the
power lost over movement, weapons and shields; a sample of the weapons' and shields' cuts (every
one could be thousands), each checked by the rule that `apply` enforces; and the autopilot's
choice (`choose`)."""

from __future__ import annotations

import itertools

from engine.actions import Action
from engine.rulesets.fasa.engineering import power_spent
from engine.rulesets.fasa.values.actions import WeaponPower
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.rulesets.fasa.values.state import FasaState, Ship

ACTIONS = ("power_down", "cut_weapons", "cut_shields")


def options(state: FasaState, ship: Ship, station: str, action: str) -> list[Action]:
    if action == "power_down":
        have = power_spent.left(ship)
        cut = ship.shaken.cut
        return [PowerDown(station, ship.id, m, w, cut - m - w)
                for m in range(min(cut, have["movement"]) + 1)
                for w in range(min(cut - m, have["weapons"]) + 1)
                if cut - m - w <= have["shields"]]
    if action == "cut_weapons":
        fixed = power_spent.fixed_weapon_cuts(ship)
        out: list[Action] = [CutWeapons(station, ship.id, tuple(
            WeaponPower(w, p) for w, p in fixed.items()))]
        need = ship.shaken.cut_weapons
        for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True):
            if spec.kind == "beam" and w.power >= need and not w.fired and not w.damaged:
                out.append(CutWeapons(station, ship.id, (WeaponPower(spec.id, need),)))
        return [a for a in out if isinstance(a, CutWeapons)
                and not power_spent.cut_weapons_problem(ship, a)]
    points = power_spent.shield_points_off(ship)
    fixed_shields = power_spent.fixed_shield_cuts(ship)
    shield_cuts = [fixed_shields]
    for n in range(6):
        if ship.shields[n] >= points:
            shield_cuts.append(tuple(points if k == n else 0 for k in range(6)))
    out = []
    for p in dict.fromkeys(itertools.chain(shield_cuts)):
        act = CutShields(station, ship.id, (p[0], p[1], p[2], p[3], p[4], p[5]))
        if not power_spent.cut_shields_problem(ship, act):
            out.append(act)
    return out


ORDER = ("movement", "shields", "weapons")
"""The Chief Engineer's cut: movement first (the ship keeps its guns and shields), then shields,
then weapons."""


def choose(state: FasaState, ship: Ship, station: str, action: str) -> Action:
    """The autopilot's power-down decision (from what its seat may know: its own ship whole)."""
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
