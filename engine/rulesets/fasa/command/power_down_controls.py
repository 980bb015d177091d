"""The fields of powering down (Book Two, Command & Control: Powering Down Due To Engine Damage,
seed lines 1085-1089, 1159, 1297; power_spent.py), for panels and screens: each field within what
is left in its system, the Chief Engineer's three parts a budget of the power lost (an exact
total). Each card shows first the cut the rules accept that the autopilot would make, so the
officer confirms it or moves points from there."""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Budget, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.engineering import power_spent
from engine.rulesets.fasa.values.actions import WeaponPower
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.stations import title
from engine.words import plural

SHIELD_FIELDS = tuple(f"shield{n}" for n in range(1, 7))


def _int(v: Value) -> int:
    return cast(int, v)


def power_down(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    cut = ship.shaken.cut
    have = power_spent.left(ship)
    shown, left = {}, cut   # shown first: movement, then shields, then weapons (the autopilot's)
    for part in ("movement", "shields", "weapons"):
        shown[part] = min(left, have[part])
        left -= shown[part]
    fields = tuple(Field(part, f"Power off {part} ({have[part]} left)", FieldKind.INT,
                         shown[part], 0, min(have[part], cut))
                   for part in power_spent.PARTS)

    def build(v: Mapping[str, Value]) -> Action:
        return PowerDown(station, ship.id, _int(v["movement"]), _int(v["weapons"]),
                         _int(v["shields"]))

    return Decision(prompt, "power_down", station,
                    f"{title(station)}: power down {ship.name} by "
                    f"{plural(cut, 'power point')} (exactly; a reduction, not a reallocation)",
                    fields, (Budget(power_spent.PARTS, cut, "Power lost", cut),), build)


def cut_weapons(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    need = ship.shaken.cut_weapons
    shown = power_spent.fixed_weapon_cuts(ship)   # shown first: from the last weapon up
    fields = []
    for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True):
        held = w.power if w.power and not w.fired and not w.damaged else 0
        if not held:
            continue
        if spec.kind == "beam":
            fields.append(Field(spec.id, f"{spec.name} (holds {held})", FieldKind.INT,
                                shown.get(spec.id, 0), 0, held))
        else:
            fields.append(Field(spec.id, f"{spec.name} (a set charge of {held}: all or none)",
                                FieldKind.INT, shown.get(spec.id, 0), 0, held, held))
    names = tuple(f.name for f in fields)
    # a launcher loses its whole charge or none: the only way to take more than the part
    # (`power_spent.cut_weapons_problem`)
    most = need + max(power_spent.charges_held(ship), default=1) - 1

    def build(v: Mapping[str, Value]) -> Action:
        return CutWeapons(station, ship.id, tuple(WeaponPower(n, _int(v[n])) for n in names
                                                  if v.get(n) != 0))

    return Decision(prompt, "cut_weapons", station,
                    f"{title(station)}: take {plural(need, 'power point')} off "
                    f"{ship.name}'s weapons", tuple(fields),
                    (Budget(names, most, "Power off the weapons", need),), build)


def cut_shields(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    points = power_spent.shield_points_off(ship)
    shown = power_spent.fixed_shield_cuts(ship)   # shown first: a point at a time off the strongest
    fields = tuple(Field(name, f"Shield {n} (holds {ship.shields[n - 1]})", FieldKind.INT,
                         shown[n - 1], 0, min(ship.shields[n - 1], points))
                   for n, name in enumerate(SHIELD_FIELDS, 1))

    def build(v: Mapping[str, Value]) -> Action:
        p = [_int(v[n]) for n in SHIELD_FIELDS]
        return CutShields(station, ship.id, (p[0], p[1], p[2], p[3], p[4], p[5]))

    return Decision(prompt, "cut_shields", station,
                    f"{title(station)}: take {plural(points, 'shield point')} off "
                    f"{ship.name}'s shields", fields,
                    (Budget(SHIELD_FIELDS, points, "Shield points to take off", points),), build)


DECISIONS = {"power_down": power_down, "cut_weapons": cut_weapons, "cut_shields": cut_shields}
