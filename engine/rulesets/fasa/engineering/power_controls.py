"""The Power Allocation Phase's decisions with their limits, for panels and screens
(`engine.controls`), declared with the rule (`power_rule.py`): the allocation, the arming and
the shields, each field's bounds the rule's own (`power.py`), each decision's quick fills
`power_presets.py`'s.

- power: Book Two, Expert: Engineering Display (total power), C&C: Power To Movement Track (whole
  movement points), Expert: Damage Control Display (what the shields can hold); Advanced: Romulan
  Cloaking Device (its power, and no weapons in the same turn: the hook `has_cloak`);
- arming: Expert: Weapons Display; Advanced: Romulan Plasma Bolts (a set charge); C&C's
  Captain's hold fire (line 1101: the hooks `arm_problem`, `arming_note`);
- shields: Expert: Damage Control Display.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Budget, Decision, Field, FieldKind, Together, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.engineering import power_presets
from engine.rulesets.fasa.engineering.power import shield_power_cap, weapon_cap
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    SetShields,
    WeaponPower,
)
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.stations import title

SHIELD_FIELDS = tuple(f"shield{n}" for n in range(1, 7))


def _int(v: Value) -> int:
    """A field value passed on as it is: a value of the wrong type is refused by the kernel's
    type check with a reason (`problem`), never raised here."""
    return cast(int, v)


def allocation(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    total = ship.total_power
    step = ship.cls.movement_step

    cost = ship.cls.cloak_cost if hooks.of(state).has_cloak(state, ship) else 0

    def build(v: Mapping[str, Value]) -> Action:
        return AllocatePower(station, ship.id, _int(v["movement"]), _int(v["shields"]),
                             _int(v["weapons"]), _int(v.get("cloak", 0)))

    fields: tuple[Field, ...] = (
        Field("movement", f"Power to movement ({ship.cls.movement_cost})", FieldKind.INT, 0, 0,
              total // step * step, step),
        Field("shields", "Power to shields", FieldKind.INT, 0, 0,
              min(total, shield_power_cap(ship))),
        Field("weapons", "Power to weapons", FieldKind.INT, 0, 0, min(total, weapon_cap(ship))),
    )
    if cost and cost <= total:
        # Advanced: Romulan Cloaking Device: its power, and no weapons in the same turn.
        fields += (Field("cloak", f"Power to the cloaking device ({cost} power; then no weapons "
                                  "this turn)", FieldKind.INT, 0, 0, cost, cost),)
    together: tuple[Together, ...] = ()
    if len(fields) == 4:   # a cloaked ship cannot fire (`power.allocate`): weapons or the cloak
        weapons = fields[2].values()
        together = (Together(("weapons", "cloak"), (*((w, 0) for w in weapons), (0, cost)),
                             "a cloaked ship cannot fire: power to weapons or to the cloak, "
                             "not both"),)
    budget = Budget(tuple(f.name for f in fields), total, "Total power available")
    return Decision(prompt, "allocate_power", station,
                    f"{title(station)}: allocate {ship.name}'s power", fields, (budget,), build,
                    presets=power_presets.allocation_presets(state, ship, station, fields, total),
                    together=together)


def arming(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    assert ship.allocation is not None
    # C&C: under hold fire the Helmsman arms nothing (line 1101; the hook `arm_problem`).
    budget = 0 if hooks.of(state).arm_problem(state, ship, True) else ship.allocation.weapons
    fields = []
    for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True):
        if w.damaged:
            continue
        if spec.kind == "beam":
            fields.append(Field(spec.id, f"{spec.name} (1 to {spec.max_power})", FieldKind.INT,
                                0, 0, min(spec.max_power, budget)))
        else:
            most = spec.arm_power if spec.arm_power <= budget else 0
            fields.append(Field(spec.id, f"{spec.name} (arms with {spec.arm_power})",
                                FieldKind.INT, 0, 0, most, max(1, spec.arm_power)))
    names = tuple(f.name for f in fields)

    def build(v: Mapping[str, Value]) -> Action:
        return ArmWeapons(station, ship.id, tuple(WeaponPower(n, _int(v[n])) for n in names
                                                  if v.get(n) != 0))

    return Decision(prompt, "arm_weapons", station,
                    f"{title(station)}: arm {ship.name}'s weapons{hooks.of(state).arming_note(state, ship)}",
                    tuple(fields), (Budget(names, budget, "Power to weapons"),), build,
                    presets=power_presets.arming_presets(state, ship, station, fields, budget))


def shields(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    assert ship.allocation is not None
    points = ship.cls.shield_points(ship.allocation.shields)
    cap = ship.cls.max_shield_points
    fields = tuple(
        Field(name, f"Shield {n}" + (" (generator damaged)" if n in ship.shields_damaged else ""),
              FieldKind.INT, 0, 0, 0 if n in ship.shields_damaged else min(cap, points))
        for n, name in enumerate(SHIELD_FIELDS, 1))

    def build(v: Mapping[str, Value]) -> Action:
        p = [_int(v[n]) for n in SHIELD_FIELDS]
        return SetShields(station, ship.id, (p[0], p[1], p[2], p[3], p[4], p[5]))

    return Decision(prompt, "set_shields", station, f"{title(station)}: set {ship.name}'s shields",
                    fields, (Budget(SHIELD_FIELDS, points, "Shield points available"),), build,
                    presets=power_presets.shield_presets(state, ship, station, fields, points))
