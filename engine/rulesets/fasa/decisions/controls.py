"""The FASA decisions with their limits, for panels and screens (`engine.controls`).

Each field's bounds come from the rule that `apply` enforces, so a stepper that stays within them
builds an action the rules accept, but for what depends on several fields at once (a budget, a
path blocked by an obstacle, a target out of arc), which `problem` explains:

- power: Book Two, Expert: Engineering Display (total power), C&C: Power To Movement Track (whole
  movement points), Expert: Damage Control Display (what the shields can hold);
- arming: Expert: Weapons Display; Advanced: Romulan Plasma Bolts (a set charge);
- shields: Expert: Damage Control Display;
- movement: Advanced: Moving The Starship Silhouette Counters (emergency heading changes and
  reverse movement at the advanced level);
- fire: Advanced: Firing Weapons; Expert: Weapon Damaged;
- evading a missile: Advanced: Evading Missile Fire;
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action, RollResult
from engine.controls import Budget, Decision, Field, FieldKind, Together, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import orders, ruling
from engine.rulesets.fasa.decisions import presets
from engine.rulesets.fasa.engineering.power import shield_power_cap, weapon_cap
from engine.rulesets.fasa.flow.decide import BY_SIDE
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.rule import Make
from engine.rulesets.fasa.sensing.cloak import has_cloak
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    SetShields,
    WeaponPower,
)
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.stations import INSTRUCTOR, Seat, title

SHIELD_FIELDS = tuple(f"shield{n}" for n in range(1, 7))


def controls(state: FasaState, seat: Seat) -> tuple[Decision, ...]:
    """One decision for each prompt `seat` faces now, made as that seat's station."""
    return (tuple(decision(state, prompt, seat.station) for prompt in pending(state, seat))
            + ruling.offer(state, seat))  # C&C: the Instructor may end the game (ruling.py)


def decision(state: FasaState, prompt: Prompt, station: str) -> Decision:
    if prompt.roll is not None:
        return _roll(prompt, station)
    by_side = BY_SIDE.get(prompt.action)  # a side's decision, with no ship: the Admiral's
    if by_side is not None:
        return by_side.controls(state, prompt, station)
    assert prompt.ship is not None  # every other FASA decision belongs to a ship
    ship = state.ship(prompt.ship)
    own = variant_tables.of(state).controls.get(prompt.action)  # a variant's (values/variant_tables.py)
    if own is not None:
        return own(state, ship, prompt, station)
    make = _MAKERS[prompt.action]
    return make(state, ship, prompt, station)


def _int(v: Value) -> int:
    """A field value passed on as it is: a value of the wrong type is refused by the kernel's
    type check with a reason (`problem`), never raised here."""
    return cast(int, v)


def _roll(prompt: Prompt, station: str) -> Decision:
    req = prompt.roll
    assert req is not None

    def build(v: Mapping[str, Value]) -> Action:
        # A die typed in at the table is "manual"; the Instructor setting another station's roll
        # is an override, and logged as one (docs/rules-decisions.md, Crews).
        return RollResult(station, _int(v["value"]),
                          "override" if station == INSTRUCTOR else "manual")

    value = Field("value", f"{req.kind} roll", FieldKind.INT, 1, 1, req.sides)
    return Decision(prompt, "roll", station, req.purpose, (value,), (), build)


def _allocate(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    total = ship.total_power
    step = ship.cls.movement_step

    cost = ship.cls.cloak_cost if has_cloak(state, ship) else 0

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
                    presets=presets.allocation_presets(state, ship, station, fields, total),
                    together=together)


def _arm(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    assert ship.allocation is not None
    # C&C: under hold fire the Helmsman arms nothing (line 1101; orders.py).
    budget = 0 if orders.arm_problem(state, ship, True) else ship.allocation.weapons
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
                    f"{title(station)}: arm {ship.name}'s weapons{orders.note(state, ship)}",
                    tuple(fields), (Budget(names, budget, "Power to weapons"),), build,
                    presets=presets.arming_presets(state, ship, station, fields, budget))


def _shields(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
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
                    presets=presets.shield_presets(state, ship, station, fields, points))






_MAKERS_BASE: dict[str, Make] = {
    "allocate_power": _allocate,
    "arm_weapons": _arm,
    "set_shields": _shields,
}
_MAKERS: dict[str, Make] = rules.every_rule(_MAKERS_BASE, lambda r: r.controls)
"""Each decision's fields and limits, by its kind: those not yet declared by their rules here,
and those a rule declares with its module (`rule.Rule.controls`)."""
