"""How the autopilot plays the Expert rules (Book Two, Expert Starship Tactics, seed lines
575-873) as a player who knows them would: full values, the skill bonus, the warp speed and a
cloaked ship's ambush.

Everything here reads a state already redacted for the deciding seat (`views.redacted`).

- Full values (lines 639-643): a plasma launcher's damage is the table's full figure at scale 1
  (the basic and advanced games use the italic third), so the range where a volley does most is
  worked out at the game's own scale (`expected_damage`, `best_range`), each weapon's odds and
  reach changed as the game's variant changes the shot (`variant_changes`: Battlestations!'
  gravity wells, seed 001 line 194, and an Andorian captain's chosen weapon, line 204), so
  the range a ship steers for is the one the rolls will read.
- The skill bonus (lines 689, 701-703, the four of Campaign Advancement, lines 506-511): a point
  of superstructure or engine power back for good when the ship is hurt and no shot is near; the
  to-hit bonus on the two strongest armed weapons that bear when an enemy is within reach; else
  a shield point on the shield facing the nearest enemy.
- The warp speed (line 759) and the cloak scan (lines 779-787) are declared with their rules
  (`moving/warp_rule.warp_choice`, `sensing/arc_scan_rule.scan_arc`).
- The ambush (The Romulan Gambit's notes, line 553: "remain cloaked as long as possible,
  attempting to get a shot ... when it least suspects it"): at the expert level a cloaked ship
  that is within reach decloaks only when the shot is worth it: the enemy's bow does not point
  at it (it lies in the enemy's side or aft sextants, where fewer of its weapons bear), or the
  enemy is close enough that its own weapons' best range is reached this turn.
"""

from __future__ import annotations

from fractions import Fraction

from engine.hexgrid import distance, sextants
from engine.rulesets.fasa.arcs import in_arc
from engine.rulesets.fasa.data.tables import Tables
from engine.rulesets.fasa.firing.combat import (
    MOST_TO_HIT,
    NO_CHANGE,
    plasma_damage_at,
    shot_change,
)
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.skills.bonus_place import nearest_in_play
from engine.rulesets.fasa.values.actions import SkillBonus
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.rulesets.fasa.values.variant_tables import ShotChange

TAC = Fraction(1, 3)
AIM_REACH = 4
"""Hexes beyond its best range within which an enemy makes the to-hit bonus worth more than a
shield point (the enemy closes about that much in a turn)."""
AMBUSH_CLOSE = 1
"""Hexes beyond its best range at which a cloaked ship decloaks even under the enemy's bow."""


def expected_damage(tables: Tables, ship: Ship, rng: int, scale: Fraction = TAC,
                    changes: tuple[ShotChange, ...] = ()) -> float:
    """Expected damage of a full volley at `rng` hexes, every weapon at full power, the plasma
    table read at `scale` (its full figure at scale 1, the italic third at 1/3); `changes`, one
    a weapon, what the game's variant does to each weapon's to-hit number and reach
    (`variant_changes`), read as `combat.need_to_hit` reads them."""
    total = 0.0
    for i, (spec, w) in enumerate(zip(ship.cls.weapons, ship.weapons, strict=True)):
        if w.damaged:
            continue
        need = tables.to_hit(spec.chart, rng)
        change = changes[i] if i < len(changes) else NO_CHANGE
        if need and change.reach and rng > tables.max_range(spec.chart) + change.reach:
            need = 0
        if need and change.to_hit:
            need = min(MOST_TO_HIT, max(0, need + change.to_hit))
        if spec.kind == "beam":
            dmg = spec.max_power + spec.band_modifier(rng)
        elif spec.kind == "missile":
            dmg = spec.damage
        else:
            dmg = plasma_damage_at(tables, spec.plasma_table, rng, scale)
        total += need / 10 * dmg
    return total


_BEST: dict[tuple[int, int, tuple[bool, ...], Fraction, tuple[tuple[int, int], ...]],
            tuple[Tables, object, int]] = {}
"""`best_range` of each class with its weapons' damage, by the tables' and the class's identity
(both held, so that their ids are not reused while they are here): the autopilots ask it for
every ship at almost every decision, and it reads 24 ranges of every weapon."""
BEST_KEPT = 4096
"""How many `best_range` answers are kept at most (a long-running table plays many games)."""


def best_range(tables: Tables, ship: Ship, scale: Fraction = TAC,
               changes: tuple[ShotChange, ...] = ()) -> int:
    """The range where a full volley does most, the longer on a near tie (`changes`: the
    variant's to each weapon, `expected_damage`)."""
    key = (id(tables), id(ship.cls), tuple(w.damaged for w in ship.weapons), scale,
           tuple((c.to_hit, c.reach) for c in changes))
    kept = _BEST.get(key)
    if kept is not None and kept[0] is tables and kept[1] is ship.cls:
        return kept[2]
    scores = [(expected_damage(tables, ship, r, scale, changes), r) for r in range(1, 25)]
    top = max(s for s, _ in scores)
    best = max(r for s, r in scores if s >= 0.9 * top) if top > 0 else 1
    if len(_BEST) >= BEST_KEPT:
        _BEST.clear()
    _BEST[key] = (tables, ship.cls, best)
    return best


def variant_changes(state: FasaState, ship: Ship) -> tuple[ShotChange, ...]:
    """What the game's variant does to each of `ship`'s weapons fired at the nearest enemy it
    sees (`combat.shot_change`: Battlestations!' gravity wells between them, an Andorian
    captain's chosen weapon); () where it changes none, as in FASA's own game."""
    foe = nearest_in_play(state, ship)
    if foe is None:
        return ()
    changes = tuple(shot_change(state, ship, spec, foe) for spec in ship.cls.weapons)
    return changes if any(c.to_hit or c.reach for c in changes) else ()


def best_range_now(state: FasaState, ship: Ship) -> int:
    """`best_range` of `ship` in this game: at its scale, with what its variant does to each
    weapon's odds and reach against the nearest enemy (`variant_changes`)."""
    return best_range(state.tables, ship, state.scale, variant_changes(state, ship))


def choose_bonus(state: FasaState, ship: Ship, station: str) -> SkillBonus:
    """The skill bonus a competent Captain takes this turn (module docstring)."""
    foe = nearest_in_play(state, ship)
    reach = best_range_now(state, ship) + AIM_REACH
    near = foe is not None and distance(ship.pos, foe.pos) <= reach
    cls = ship.cls
    if 0 < ship.superstructure <= cls.superstructure // 2:
        return SkillBonus(station, ship.id, "repair", part="superstructure")
    armed = [i for i, w in enumerate(ship.weapons) if w.power and not w.damaged]
    if near and foe is not None:
        bearing = [i for i in armed if in_arc(ship.pos, ship.heading, cls.weapons[i].arcs,
                                              foe.pos)] or armed
        if bearing:
            best = sorted(bearing, key=lambda i: (-ship.weapons[i].power, i))[:2]
            return SkillBonus(station, ship.id, "aim", tuple(cls.weapons[i].id for i in best))
    hurt = [i for i, e in enumerate(cls.engines) if ship.engines[i] < e.power]
    if hurt:  # power back for good, on the most damaged engine
        i = max(hurt, key=lambda i: (cls.engines[i].power - ship.engines[i], -i))
        return SkillBonus(station, ship.id, "repair", part=f"engine{i + 1}")
    if 0 < ship.superstructure < cls.superstructure:
        return SkillBonus(station, ship.id, "repair", part="superstructure")
    if not [n for n in range(1, 7) if n not in ship.shields_damaged]:
        return SkillBonus(station, ship.id, "none")
    return SkillBonus(station, ship.id, "shield")  # Science places it (bonus_place_rule.py)


def worth_decloaking(state: FasaState, ship: Ship, best: int) -> bool:
    """At the expert level, whether a cloaked ship within reach of the nearest enemy it sees
    should decloak to fire this turn: the enemy's bow does not point at it, or it is within one
    hex of its best range already. Below the expert level, always (the advanced autopilot)."""
    if not expert(state.level):
        return True
    foe = nearest_in_play(state, ship)
    if foe is None:
        return False
    if distance(ship.pos, foe.pos) <= best + AMBUSH_CLOSE:
        return True
    return sextants(foe.pos, foe.heading, ship.pos)[0] not in (0, 1, 5)


CHASE_SHARE = Fraction(1, 2)
"""The most of its power a pursuer puts into movement to keep up with a ship running for an
edge."""


def chase_power(state: FasaState, ship: Ship, foe: Ship | None, runners: frozenset[str]) -> int:
    """The power to movement that keeps up with `foe` when it is running for the map's edge
    (`runners`, the scenario's escapers): enough to match a runner that puts two thirds of its
    class's power into movement (its allocation is secret until the Sensors Phase, line 707), at
    most `CHASE_SHARE` of the power, in whole steps. At full values the power left after the
    shields seldom spills into movement as it does at a third, so without this a pursuer falls
    behind (docs/scenarios.md, Raiders)."""
    if foe is None or foe.id not in runners:
        return 0
    cls = ship.cls
    step = cls.movement_step
    want = foe.cls.movement_points(foe.cls.total_power * 2 // 3)
    power = -(-want * cls.mpr[0] // cls.mpr[1])
    power = -(-power // step) * step
    top = int(ship.total_power * CHASE_SHARE) // step * step
    return min(power, top)
