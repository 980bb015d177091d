""""Why did this happen?" for the advanced game's rolls and blasts: the emergency heading change's
-2 to hit, what an evasion did to a missile's hit (its roll: `firing/evasion_words.py`), a ship's
explosion roll, and the damage of an exploding ship's blast.

Built from the state just before the roll, the events the roll caused and the engine's own
functions and tables (`need_to_hit`, `shields_facing`, `struck_heading`, `evasion.current`,
`blast_damage`'s table rows); nothing here re-decides a roll. Book Two, Advanced: Emergency
Heading Changes (the 1986 firing chart's "-2 firer makes emergency heading change"), Evading
Missile Fire, Ship Explosions, Damage From Exploding Ships; docs/rules-decisions.md, The advanced
game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from engine.events import Event
from engine.hexgrid import distance
from engine.rulesets.fasa.arcs import shields_facing
from engine.rulesets.fasa.data.tables import ExplosionRow
from engine.rulesets.fasa.firing.combat import EMERGENCY_TO_HIT
from engine.rulesets.fasa.firing.evasion import struck_heading
from engine.rulesets.fasa.firing.evasion_words import shields_words as _shields
from engine.rulesets.fasa.firing.explosions import AUTOMATIC
from engine.rulesets.fasa.levels import PER_HIT_LEVELS
from engine.rulesets.fasa.values.state import DESTROYED, FasaState, Ship, Shot
from engine.words import plural

MayKnow = Callable[[str], bool]


def hard_turn_lines(firer: Ship, chart: str, rng: int, printed: int, need: int) -> list[str]:
    """The Firing Chart's number and the -2 of an emergency heading change (seen on the map by
    every seat: the view's "emergency_turned")."""
    return [f"Firing Chart {chart}, range {rng}: 1-{printed} on the chart",
            f"{EMERGENCY_TO_HIT:+d}: {firer.name} made an emergency heading change in the "
            f"Movement Phase before this fire: hits on 1-{need}"]


def evaded_hit_lines(state: FasaState, shot: Shot, firer: Ship, target: Ship,
                     full: int, dealt: int) -> list[str]:
    """A missile's hit after its target evaded: the shield it strikes (the one now facing the
    firer after a success, the one it would have struck after a failure: `struck_heading`) and
    its damage (`dealt`, the engine's, beside the missile's `full` damage)."""
    facing = shields_facing(target.pos, struck_heading(shot, target), firer.pos)
    if shot.evade == "success":
        return [f"Damage {dealt}: half the {full} of a successful evasion, an odd point "
                f"rounding up (Book Two, Advanced: Evading Missile Fire)",
                f"{target.name} evaded: the hit strikes the shield now facing {firer.name}: "
                f"{_shields(facing)}"]
    return [f"Damage {dealt}: {target.name}'s evasion failed: full damage",
            f"It strikes the shield it would have struck before {target.name} turned: "
            f"{_shields(facing)}"]


def explosion_roll_lines(state: FasaState, value: int, events: Sequence[Event],
                         may_know: MayKnow) -> list[str]:
    """The explosion roll: at most the points below 0 explodes; what happened comes from the
    events (the ship destroyed, or `ExplosionAverted`)."""
    ship = state.ship(state.exploding)
    rule = ("Rule: Book Two, Advanced: Ship Explosions; after the barrage a ship below 0 "
            "superstructure explodes on a d10 roll up to its points below 0 "
            f"({AUTOMATIC} below explodes without a roll)")
    exploded = any(type(e).__name__ == "StatusChanged" and getattr(e, "ship", "") == ship.id
                   and getattr(e, "status", "") == DESTROYED for e in events)
    verdict = f"{ship.name} exploded" if exploded else f"{ship.name} held together"
    if not may_know(ship.id):
        return [rule, verdict]
    below = -ship.superstructure
    return [rule, f"{ship.name} is {below} below 0 superstructure: 1-{below} it explodes, "
                  f"{below + 1}-10 it holds together",
            f"{value} {'is' if value <= below else 'is not'} within 1-{below}: {verdict}"]


def _row(state: FasaState, rng: int) -> ExplosionRow | None:
    """The Damage From Exploding Ships row at `rng` hexes (the table `blast_damage` reads)."""
    rows = state.tables.explosion["expert" if state.level in PER_HIT_LEVELS else "advanced"]
    return next((r for r in rows if r.range_min <= rng <= r.range_max), None)


def blast_lines(state: FasaState, event: Event, may_know: MayKnow) -> list[str]:
    """An exploding ship's blast reaching a ship (`BlastStruck`): the table row at its range and
    the damage (the engine's); the exploding ship's Power Units Available only for a seat that
    may know them."""
    return _blast(state, str(getattr(event, "source", "")), str(getattr(event, "target", "")),
                  int(getattr(event, "range", 0)), int(getattr(event, "damage", 0)), may_know)


def blast_roll_lines(state: FasaState, may_know: MayKnow) -> list[str]:
    """A roll for a blast on its way in (which shield, damage location): the blast it is, from
    the state's current `Shot` of the weapon BLAST (its damage is the engine's)."""
    shot = state.shots[0]
    source, target = state.ship(shot.firer), state.ship(shot.target)
    return _blast(state, source.id, target.id, distance(source.pos, target.pos), shot.damage,
                  may_know)


def _blast(state: FasaState, source_id: str, target_id: str, rng: int, damage: int,
           may_know: MayKnow) -> list[str]:
    source, target = state.ship(source_id), state.ship(target_id)
    row = _row(state, rng)
    where = "in the same hex" if rng == 0 else f"{plural(rng, 'hex', 'hexes')} away"
    head = (f"Damage From Exploding Ships: {target.name} is {where} from {source.name}: "
            f"{plural(damage, 'point')}")
    if row is None:
        return [head]
    if row.fixed:
        why = f"{row.fixed} point at {row.range_min}-{row.range_max} hexes"
    else:
        times = (f"{row.numerator}x" if row.denominator == 1 else
                 f"{row.numerator}/{row.denominator} (rounded up) of")
        power = (f"its {source.total_power} Power Units Available" if may_know(source.id)
                 else "its Power Units Available")
        why = f"{times} {power}, at least 1 point"
    out = [head, f"The row for {where}: {why}"]
    if rng == 0:
        out.append("In the same hex the damage is divided among all six shields, rounded up")
    else:
        facing = shields_facing(target.pos, target.heading, source.pos)
        out.append(f"It strikes the shield facing the explosion: {_shields(facing)}")
    return out
