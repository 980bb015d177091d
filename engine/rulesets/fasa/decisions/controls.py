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
from engine.controls import Budget, Choice, Decision, Field, FieldKind, Together, Value
from engine.hexgrid import distance
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.arcs import arc_words
from engine.rulesets.fasa.campaigns import rescues
from engine.rulesets.fasa.command import admiral, helm_rolls, orders, ruling
from engine.rulesets.fasa.data.ships import WeaponSpec
from engine.rulesets.fasa.decisions import cc_controls, power_down_controls, presets, science_controls
from engine.rulesets.fasa.decisions.controls_bonus import bonus_power, bonus_shield
from engine.rulesets.fasa.engineering.power import shield_power_cap, weapon_cap
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.firing.hiding import hidden_from
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.rule import Make
from engine.rulesets.fasa.sensing.cloak import has_cloak
from engine.rulesets.fasa.skills import skill_roll
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    ChooseDamagedWeapon,
    DeclareFire,
    SelfDestruct,
    SetShields,
    SkillBonus,
    Target,
    WeaponPower,
)
from engine.rulesets.fasa.values.options import limit_label
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship
from engine.stations import INSTRUCTOR, Seat, title
from engine.words import plural

SHIELD_FIELDS = tuple(f"shield{n}" for n in range(1, 7))


def controls(state: FasaState, seat: Seat) -> tuple[Decision, ...]:
    """One decision for each prompt `seat` faces now, made as that seat's station."""
    return (tuple(decision(state, prompt, seat.station) for prompt in pending(state, seat))
            + ruling.offer(state, seat))  # C&C: the Instructor may end the game (ruling.py)


def decision(state: FasaState, prompt: Prompt, station: str) -> Decision:
    if prompt.roll is not None:
        return _roll(prompt, station)
    if prompt.action == "fleet_orders":  # an optional rule: the Admiral's (admiral.py)
        return admiral.decision(state, prompt, station)
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
        Field("movement", f"Power to movement ({ship.cls.mpr[0]} per "
                          f"{plural(ship.cls.mpr[1], 'movement point')})", FieldKind.INT, 0, 0,
              total // step * step, step),
        Field("shields", "Power to shields", FieldKind.INT, 0, 0,
              min(total, shield_power_cap(ship))),
        Field("weapons", "Power to weapons", FieldKind.INT, 0, 0, min(total, weapon_cap(ship))),
    )
    if cost and cost <= total:
        # Advanced: Romulan Cloaking Device: its power, and no weapons in the same turn.
        fields += (Field("cloak", f"Power to the cloaking device ({cost}; then no weapons this "
                                  "turn)", FieldKind.INT, 0, 0, cost, cost),)
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


def _fire(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    fields = []
    for i in combat.ready_weapons(ship):
        spec = ship.cls.weapons[i]
        choices = [Choice(None, "hold fire")]
        for target in state.ships:
            if target.side == ship.side:
                continue
            why = orders.fire_problem(state, ship) or combat.shot_problem(state, ship, spec, target)
            need = _need(state, ship, spec, target)
            choices.append(Choice(target.id, target.name, why or None, need,
                                  note=_reach(ship, target) if need is not None else ""))
        fields.append(Field(spec.id, spec.name, FieldKind.CHOICE, None, choices=tuple(choices)))
    names = tuple(f.name for f in fields)
    if helm_rolls.applies(state, ship):  # C&C: the weaponry roll (lines 1115, 1461)
        fields.append(helm_rolls.weaponry_field(state, ship))

    def build(v: Mapping[str, Value]) -> Action:
        return DeclareFire(station, ship.id, tuple(Target(n, cast(str, v[n])) for n in names
                                                   if v.get(n) is not None),
                           bool(v.get("weaponry", False)))

    limit = limit_label(state.setup.options)
    return Decision(prompt, "fire", station,
                    f"{title(station)}: declare {ship.name}'s targets{limit}",
                    tuple(fields), (), build, irreversible=True,
                    presets=presets.fire_presets(state, ship, station, fields, names))


def _reach(ship: Ship, target: Ship) -> str:
    """Where a target the firing side sees lies from the firer: its range and the firer's arc
    (Advanced: Firing Arcs), said beside the odds before it is chosen."""
    return (f"range {distance(ship.pos, target.pos)}, "
            f"{arc_words(ship.pos, ship.heading, target.pos)}")


def _need(state: FasaState, ship: Ship, spec: WeaponSpec, target: Ship) -> int | None:
    """What a shot at `target` needs to hit (`combat.need_to_hit`: the Firing Chart at the range,
    the firer's emergency heading change, a detected cloaked target), 0 when it cannot hit at that
    range; None for a target the firing side does not know the place of (Advanced: Romulan
    Cloaking Device, seed lines 399-403: "it may not fire into a hex hoping a successfully cloaked
    ship is there"), or one out of play: nothing here may tell where it is."""
    if not combat.targetable(target) or hidden_from(state, target, ship.side, ship.id):
        return None
    return combat.need_to_hit(state, ship, spec, distance(ship.pos, target.pos), target)


def _choose(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    assert state.hit is not None
    firer = state.ship(state.shots[0].firer)
    candidates = combat.weapons_hit_candidates(ship, firer, state.hit.kind)
    choices = tuple(Choice(w, ship.cls.weapon(w).name) for w in candidates)

    def build(v: Mapping[str, Value]) -> Action:
        return ChooseDamagedWeapon(station, ship.id, cast(str, v["weapon"]))

    field = Field("weapon", "Which weapon is damaged", FieldKind.CHOICE,
                  candidates[0] if candidates else None, choices=choices)
    return Decision(prompt, "choose_damaged_weapon", station,
                    f"{title(station)}: which of {ship.name}'s weapons is damaged", (field,), (),
                    build)


def _self_destruct(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """Hold (the default) or destruct: the ship explodes at once, which no panel can take back
    (Advanced: Ship Explosions)."""
    choices: tuple[Choice, ...] = (Choice("hold", "hold"), Choice("destruct", "DESTRUCT"))
    if rescues.in_play(state):  # an optional rule: Rescues During Combat
        choices += (Choice(rescues.ABANDON, "ABANDON",
                           rescues.abandon_problem(state, ship) or None),)

    def build(v: Mapping[str, Value]) -> Action:
        return SelfDestruct(station, ship.id, cast(str, v["order"]))

    label = ("Self-destruct or abandon ship (no undo)" if rescues.in_play(state)
             else "Self-destruct (no undo)")
    field = Field("order", label, FieldKind.CHOICE, "hold",
                  choices=choices)
    return Decision(prompt, "self_destruct", station,
                    f"{title(station)}: {ship.name}'s self-destruct order", (field,), (), build,
                    irreversible=True, optional=ship.status == ACTIVE)


BONUS_WORDS = {"none": "no bonus", "aim": "aim two weapons (one less to hit)",
               "power": "one more power point (the Engineer places it)",
               "shield": "one more shield point, past the maximum (placed at the shields)",
               "repair": "repair one point for good"}


def _skill_bonus(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The bonus of a successful Skill Roll (Expert: Skill Roll Phase; the Campaign Advancement
    bonuses, seed lines 506-511), with the aimed weapons and the part repaired; a power or shield
    point is placed afterwards at the Engineer's or Science's panel (`controls_bonus.py`). The
    defaults are the first the rules accept, and each bonus carries the reason it cannot be
    taken with them."""
    working = [spec.id for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True)
               if not w.damaged]
    weapons = (Choice(None, "none"), *(Choice(spec.id, spec.name) for spec in ship.cls.weapons))
    repair_parts = (Choice("superstructure", "superstructure"),
                    *(Choice(f"engine{n}", spec.name)
                      for n, spec in enumerate(ship.cls.engines, 1)))

    def make(v: Mapping[str, Value]) -> SkillBonus:
        bonus = v["bonus"]
        aimed = tuple(w for w in (v.get("first"), v.get("second")) if w is not None)
        part = v.get("repair") if bonus == "repair" else ""
        return SkillBonus(station, ship.id, cast(str, bonus),
                          cast(tuple[str, ...], aimed) if bonus == "aim" else (),
                          cast(str, part or ""))

    def why(values: Mapping[str, Value]) -> str:
        return skill_roll.bonus_problem(state, ship, make(values))

    base: dict[str, Value] = {"bonus": "none", "first": working[0] if working else None,
                              "second": None, "repair": "superstructure"}
    base["repair"] = next((c.value for c in repair_parts
                           if not why({**base, "bonus": "repair", "repair": c.value})),
                          "superstructure")
    choices = tuple(Choice(b, BONUS_WORDS[b], why({**base, "bonus": b}) or None)
                    for b in BONUS_WORDS)

    def build(v: Mapping[str, Value]) -> Action:
        return make(v)

    fields = (
        Field("bonus", f"Skill bonus (roll {ship.skill_rolled} against "
                       f"{skill_roll.against(state)} {skill_roll.target(state, ship)})",
              FieldKind.CHOICE, "none", choices=choices),
        Field("first", "Aim: first weapon", FieldKind.CHOICE, base["first"], choices=weapons),
        Field("second", "Aim: second weapon", FieldKind.CHOICE, None, choices=weapons),
        Field("repair", "The point repaired", FieldKind.CHOICE, base["repair"],
              choices=repair_parts),
    )
    # the aim names one or two different working weapons (`skill_roll.bonus_problem`); the
    # other bonuses leave the weapons aside
    ids = [c.value for c in weapons]
    aims = [(a, b) for a in ids for b in ids if (a is not None or b is not None) and a != b
            and all(w is None or w in working for w in (a, b))]
    combos = tuple((c.value, a, b) for c in choices for a in ids for b in ids
                   if c.value != "aim" or (a, b) in aims)
    # a repair names a damaged point (`skill_roll.bonus_problem`, Expert: Skill Roll Phase,
    # seed lines 506-511); the other bonuses leave the part aside
    mends = tuple((c.value, p.value) for c in choices for p in repair_parts
                  if c.value != "repair" or not why({**base, "bonus": "repair", "repair": p.value}))
    return Decision(prompt, "skill_bonus", station,
                    f"{title(station)}: {ship.name}'s skill bonus for this turn", fields, (),
                    build, together=(Together(("bonus", "first", "second"), combos,
                                              "aim one or two different working weapons"),
                                     Together(("bonus", "repair"), mends,
                                              "repair a damaged point")))




_MAKERS_BASE: dict[str, Make] = {
    "allocate_power": _allocate,
    "arm_weapons": _arm,
    "set_shields": _shields,
    "fire": _fire,
    "choose_damaged_weapon": _choose,
    "self_destruct": _self_destruct,
    "skill_bonus": _skill_bonus,
    **cc_controls.MAKERS,
    "bonus_power": bonus_power,
    "bonus_shield": bonus_shield,
    **science_controls.MAKERS,  # C&C: the Science Officer's decisions
    **power_down_controls.DECISIONS,  # C&C: powering down (power_down_controls.py)
}
_MAKERS: dict[str, Make] = rules.every_rule(_MAKERS_BASE, lambda r: r.controls)
"""Each decision's fields and limits, by its kind: those not yet declared by their rules here,
and those a rule declares with its module (`rule.Rule.controls`)."""
