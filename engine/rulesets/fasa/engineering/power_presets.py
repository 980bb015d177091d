"""Quick fills for the Power Allocation Phase's decisions: the panels' presets, declared with the
rule's fields (`power_controls.py`, `power_rule.py`).

Science steps a shield point at a time, about thirty presses a turn, and Engineering about
fifteen; a preset fills every field at once and the officer adjusts from there:

- "As last turn": the allocation (or the shield points) this ship last made, cut down to what the
  ship has now (a damaged engine gives less power, a damaged shield generator takes no points);
- "Spread evenly": power shared between movement, shields and weapons (shield points between
  the working shields) as evenly as the fields' steps allow, fore shields first for what is left;
- "Facing the enemy" (shields): the shield or shields facing the nearest enemy ship the side
  knows the place of (a cloaked ship it has not detected is not one) filled first, up to each
  shield's maximum, the rest spread evenly over the others;
- Helm's arming: "As last turn" (last turn's weapon powers, the Master Control Panel's column,
  within this turn's power to weapons) and "Arm everything" (every weapon the power to weapons
  allows: a launcher its Power To Arm, the beams as evenly as the power shares out), so that
  arming fourteen power is one hold of select, not fourteen presses;
- Helm's fire: "Every weapon that can hit", each ready weapon at the enemy ship it is likeliest
  to hit (the highest number the shot needs, the engine's `Choice.need`; the first on a tie),
  the least likely left out while the rules refuse the declaration (a fire limit), so that
  declaring eight weapons is one hold of select, not sixteen presses (declared with the Firing
  rule, `firing/fire_rule.py`).

Every preset's values are within the decision's bounds and budgets, and checked with the rule
itself (`power.allocate`, `power.set_shields`): a preset the rules would refuse is offered
greyed out with the reason, never with values. These fills are our own (docs/rules-decisions.md,
Panels); the rules they respect are Book Two, Expert: Engineering Display and Damage Control
Display (power and shield caps), C&C: Power To Movement Track (whole movement points).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.actions import Action
from engine.controls import Field, Preset
from engine.errors import IllegalAction
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.arcs import ALL_SHIELDS, SHIELD_FACINGS, shields_facing
from engine.rulesets.fasa.engineering.power import allocate, arm, set_shields
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    SetShields,
    WeaponPower,
)
from engine.rulesets.fasa.values.state import FasaState, Ship

LAST, EVEN, FACING, ALL, HIT = "last", "even", "facing", "all", "hit"
LABELS = {LAST: "As last turn", EVEN: "Spread evenly", FACING: "Facing the enemy",
          ALL: "Arm everything", HIT: "Every weapon that can hit"}

FORE_FIRST: tuple[int, ...] = tuple(sorted(
    ALL_SHIELDS, key=lambda n: (min(SHIELD_FACINGS[n - 1], 6 - SHIELD_FACINGS[n - 1]), n)))
"""Shields from the bow aft (fore, then fore-port and fore-starboard, ...): who gets a point
left over when points do not share out evenly."""

Values = dict[str, int]


def fitted(fields: Sequence[Field], budget: int, want: dict[str, int]) -> Values:
    """`want` within each field's bounds (down to a whole step) and then, a step at a time from
    the fullest field, within the budget."""
    out: Values = {}
    for f in fields:
        v = max(f.minimum, min(f.maximum, want.get(f.name, f.minimum)))
        out[f.name] = v - (v - f.minimum) % max(1, f.step)
    while sum(out.values()) > budget:
        givers = [f for f in fields if out[f.name] - max(1, f.step) >= f.minimum]
        if not givers:
            break
        f = max(givers, key=lambda f: out[f.name])
        out[f.name] -= max(1, f.step)
    return out


def spread(fields: Sequence[Field], budget: int) -> Values:
    """As even as the steps allow: a step at a time to the field with the least (the first in
    `fields` on a tie), while the budget and the fields' maxima allow."""
    out: Values = {f.name: f.minimum for f in fields}
    while True:
        left = budget - sum(out.values())
        can = [f for f in fields if out[f.name] + max(1, f.step) <= f.maximum
               and max(1, f.step) <= left]
        if not can:
            return out
        f = min(can, key=lambda f: out[f.name])   # min keeps the first of equals
        out[f.name] += max(1, f.step)


def _checked(key: str, values: Values, make: Callable[[Values], Action],
             rule: Callable[[Action], object]) -> Preset:
    try:
        rule(make(values))
    except IllegalAction as exc:
        return Preset(key, LABELS[key], (), str(exc))
    return Preset(key, LABELS[key], tuple(values.items()))


def allocation_presets(state: FasaState, ship: Ship, station: str, fields: Sequence[Field],
                       total: int) -> tuple[Preset, ...]:
    """"As last turn" and "spread evenly" for allocating `total` power over `fields`."""
    def make(v: Values) -> Action:
        return AllocatePower(station, ship.id, v.get("movement", 0), v.get("shields", 0),
                             v.get("weapons", 0), v.get("cloak", 0))

    def rule(action: Action) -> object:
        assert isinstance(action, AllocatePower)
        return allocate(state, ship, action)

    last = ship.last_allocation
    if last is None:
        as_last = Preset(LAST, LABELS[LAST], (), "no power was allocated last turn")
    else:
        want = {"movement": last.movement, "shields": last.shields, "weapons": last.weapons,
                "cloak": last.cloak}
        as_last = _checked(LAST, fitted(fields, total, want), make, rule)
    shared = [f for f in fields if f.name in ("movement", "shields", "weapons")]
    even = spread(shared, total)
    even.update({f.name: f.minimum for f in fields if f.name not in even})
    return (as_last, _checked(EVEN, even, make, rule))


def shield_presets(state: FasaState, ship: Ship, station: str, fields: Sequence[Field],
                   points: int) -> tuple[Preset, ...]:
    """"As last turn", "spread evenly" and "facing the enemy" for `points` shield points over
    the six shield `fields` (shield1..shield6)."""
    names = [f.name for f in fields]

    def make(v: Values) -> Action:
        p = [v.get(n, 0) for n in names]
        return SetShields(station, ship.id, (p[0], p[1], p[2], p[3], p[4], p[5]))

    def rule(action: Action) -> object:
        assert isinstance(action, SetShields)
        return set_shields(state, ship, action)

    def in_order(values: Values) -> Values:
        return {n: values.get(n, 0) for n in names}

    fore_first = [fields[n - 1] for n in FORE_FIRST]
    if ship.last_shields is None:
        as_last = Preset(LAST, LABELS[LAST], (), "no shields were set last turn")
    else:
        as_last = _checked(LAST, in_order(fitted(fields, points, dict(zip(
            names, ship.last_shields, strict=True)))), make, rule)
    even = _checked(EVEN, in_order(spread(fore_first, points)), make, rule)
    enemies = [e for e in state.ships if e.side != ship.side and combat.targetable(e)
               and not hooks.of(state).hidden(state, e, ship.side, ship.id)]
    if not enemies:
        facing = Preset(FACING, LABELS[FACING], (), "no enemy ship in sight")
    else:
        nearest = min(enemies, key=lambda e: ship.pos.distance(e.pos))
        toward = shields_facing(ship.pos, ship.heading, nearest.pos)
        first = spread([f for f in fore_first if int(f.name[-1]) in toward], points)
        rest = spread([f for f in fore_first if f.name not in first],
                      points - sum(first.values()))
        facing = _checked(FACING, in_order({**first, **rest}), make, rule)
    return (as_last, even, facing)


def last_arming(ship: Ship) -> tuple[WeaponPower, ...]:
    """Last turn's weapon powers (the Master Control Panel's column), within this turn's power to
    weapons; a weapon damaged since stays unarmed."""
    alloc = ship.allocation
    budget = alloc.weapons if alloc is not None else 0
    if not ship.record:
        return ()
    out = []
    for spec, w, (p, _fired, _damaged) in zip(ship.cls.weapons, ship.weapons,
                                             ship.record[-1].weapons, strict=True):
        if not p or w.damaged or p > budget:
            continue
        if spec.kind == "beam":
            p = min(p, spec.max_power)
        elif p != spec.arm_power:
            continue
        out.append(WeaponPower(spec.id, p))
        budget -= p
    return tuple(out)


def arming_presets(state: FasaState, ship: Ship, station: str, fields: Sequence[Field],
                   budget: int) -> tuple[Preset, ...]:
    """"As last turn" and "arm everything" for Helm's `fields` (one a weapon) within `budget`,
    the power to weapons."""
    names = [f.name for f in fields]

    def make(v: Values) -> Action:
        return ArmWeapons(station, ship.id, tuple(WeaponPower(n, v[n]) for n in names if v[n]))

    def rule(action: Action) -> object:
        assert isinstance(action, ArmWeapons)
        return arm(state, ship, action)

    if not fields or budget <= 0:
        why = "no power to weapons this turn"
        return (Preset(LAST, LABELS[LAST], (), why), Preset(ALL, LABELS[ALL], (), why))
    last = {w.weapon: w.power for w in last_arming(ship)}
    as_last = (Preset(LAST, LABELS[LAST], (), "no weapons were armed last turn") if not last
               else _checked(LAST, {n: last.get(n, 0) for n in names}, make, rule))
    launchers = [f for f in fields if f.step > 1]   # a launcher takes its Power To Arm whole
    values: Values = {f.name: 0 for f in fields}
    left = budget
    for f in launchers:
        if f.maximum and f.maximum <= left:
            values[f.name], left = f.maximum, left - f.maximum
    values.update(spread([f for f in fields if f not in launchers], left))
    return (as_last, _checked(ALL, {n: values.get(n, 0) for n in names}, make, rule))

