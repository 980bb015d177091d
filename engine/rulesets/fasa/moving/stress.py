"""Emergency heading changes and their stress damage (Book Two, Advanced: Emergency Heading
Changes; Emergency Heading Change Stress Damage Sequence).

"In emergencies, the heading also may be changed two hex-sides, but the ship will suffer engine
and possibly superstructure damage from the stress." Each one costs one automatic point of engine
stress (the Total Power Units Available one box to the left), one more if the ship's engine
stress column has ANY number at its warp speed, and one superstructure point if its
superstructure stress column has a number. In the Expert game (seed lines 735-743, 789-797) one
point goes on EACH warp engine, and the printed number of the engine column on each warp engine
too; the printed number of the superstructure column goes on the superstructure: the Enterprise
(J/L) at warp 8 loses 1 + 2 on each warp engine, 6 power units in all, and 3 superstructure
points (line 1123's example, a test).

The firing chart prints "-2 firer makes emergency heading change" (shared/reference
firing_chart_1986.csv, from the 1986 combat tables): a ship that made one in a Movement Phase
fires at -2 to hit in the Firing Phase that follows (`combat.need_to_hit`;
docs/rules-decisions.md).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event
from engine.rulesets.fasa.data.tables import Tables
from engine.rulesets.fasa.firing.combat import damage_engines, damage_superstructure
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.values.events import HeadingStressed
from engine.rulesets.fasa.values.state import FasaState, Ship, replace


@dataclass(frozen=True, slots=True)
class Stress:
    """What one emergency heading change costs: power units and superstructure points."""

    power: int
    superstructure: int


SUPERSTRUCTURE_EASED = 1
"""What a successful helm operation roll takes off the superstructure's stress beyond reading it
one warp factor slower (line 1123's example: 3 becoming 1 at warp 8; `expert_stress`)."""


def stress_of(tables: Tables, ship: Ship, level: str = "advanced") -> Stress:
    """Emergency Heading Change Stress Damage Sequence steps 1-6 at the ship's warp speed: what it
    costs in all (at the expert levels the sum over the warp engines, `expert_stress`)."""
    cls = ship.cls
    if expert(level):
        parts = expert_stress(tables, ship)
        return Stress(sum(min(p, ship.engines[i]) for i, p in parts if i >= 0),
                      sum(p for i, p in parts if i < 0))
    extra = 1 if tables.stress_points(cls.stress_engine, ship.warp) else 0
    hull = 1 if tables.stress_points(cls.stress_superstructure, ship.warp) else 0
    return Stress(1 + extra, hull)


def expert_stress(tables: Tables, ship: Ship, eased: bool = False) -> tuple[tuple[int, int], ...]:
    """Expert: Heading Change Stress Damage Sequence (seed lines 735-743): (engine index, points)
    for each warp engine, 1 + the engine column's number at the warp speed, and (-1, points) for
    the superstructure column's number (none when it prints no number).

    `eased`: the Helmsman's STARSHIP HELM OPERATION roll succeeded (C&C, lines 1121-1123,
    1503-1505; helm_rolls.py): "the automatic damage to the warp engines is decreased by 1 point
    total" (we take it off the warp engine with the least power left, the first on a tie), "and
    additional damage is applied as though the ship were moving one warp factor slower"; the
    superstructure's points are read one warp factor slower too, and 1 more comes off them (never
    below 0), so that line 1123's worked example holds: at warp 8 "the superstructure would take 3
    points ... The superstructure damage is reduced by 2 points as well" (column L prints 2 at
    warp 7; the example counts 1, and its examples win: docs/rules-decisions.md)."""
    cls = ship.cls
    warp = max(0, ship.warp - 1) if eased else ship.warp
    each = 1 + tables.stress_points(cls.stress_engine, warp)
    out = [(i, each) for i, spec in enumerate(cls.engines) if spec.kind == "warp"]
    if eased and out:
        spared = min(out, key=lambda p: (ship.engines[p[0]], p[0]))[0]
        out = [(i, n - 1 if i == spared else n) for i, n in out]
    hull = tables.stress_points(cls.stress_superstructure, warp)
    if eased:
        hull = max(0, hull - SUPERSTRUCTURE_EASED)
    return (*out, (-1, hull)) if hull else tuple(out)


def apply_stress(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    """Record one emergency heading change's stress on `ship` (seed 000 lines 337-345): its power
    units come off the warp engine with the most power left (Advanced tracks only the total;
    docs/rules-decisions.md), the superstructure point as superstructure damage. The turn is told
    as a `HeadingStressed` event, which a side that cannot see a cloaked ship is not told (lines
    397-403; `views.SEEN_MOVING`); the damage is the ship's side's."""
    speed = f"warp {ship.warp}" if ship.warp else "sub-light"
    events: list[Event] = [HeadingStressed(
        ship.id, ship.name, speed, f"{ship.cls.stress_engine}/{ship.cls.stress_superstructure}")]
    if expert(state.level):
        if ship.helm_success:  # the helm operation roll eases this one change (C&C)
            state = state.with_ship(replace(ship, helm_success=False))
        for engine, points in expert_stress(state.tables, ship, ship.helm_success):
            now = state.ship(ship.id)
            if engine < 0:
                state, more = damage_superstructure(state, now, points,
                                                    "emergency heading change stress")
            elif now.engines[engine] > 0 and points > 0:
                # Each engine's own track (line 740): a point beyond its power is not carried.
                state, more = damage_engines(state, now, engine,
                                             min(points, now.engines[engine]))
            else:
                more = []
            events += more
        return state, events
    cost = stress_of(state.tables, ship)
    warp = [i for i, spec in enumerate(ship.cls.engines) if spec.kind == "warp"
            and ship.engines[i] > 0]
    first = max(warp, key=lambda i: (ship.engines[i], -i)) if warp else None
    state, more = damage_engines(state, ship, first, cost.power)
    events += more
    if cost.superstructure:
        state, more = damage_superstructure(state, state.ship(ship.id), cost.superstructure,
                                            "emergency heading change stress")
        events += more
    return state, events
