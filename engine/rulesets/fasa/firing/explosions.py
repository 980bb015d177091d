"""Ship explosions and the damage they do (Book Two, Advanced: Ship Explosions; Damage From
Exploding Ships).

"When a ship faces a barrage of incoming fire that causes the damage recorded on its
Superstructure Damage Track to drop below 0, the ship may explode ... After all hits in the
barrage have been resolved, the ship's captain must roll one die. If the number rolled is less
than or equal to the amount of damage below 0 points, the ship explodes." The roll is "made
once, during the game turn segment that the superstructure drops below 0, but it must be made
once again if the ship takes any more superstructure damage"; "When the superstructure takes 10
more damage points than its maximum, the ship automatically explodes."

A barrage is a Firing Phase's fire: the rolls come after its last shot (docs/rules-decisions.md).
The blast strikes every ship within 10 hexes by the Damage From Exploding Ships table
(`explosion.csv`), "applied to the shield facing the explosion", with "damage location rolls ...
for every 2 damage points just as if weapons were being fired from the exploding ship": each
blast is a `Shot` of the weapon `mines.BLAST`, landing as a hit does.

Self-destruction (line 407: "such as when a player decides to self-destruct his vessel ... The
explosion because of self-destruction is automatic"; line 1269: a ship at 0 superstructure or
below "is no longer able to fire weapons or move. Usually this means that its captain will
surrender unless he feels that he will be able to repair the damage or inflict more damage on
the enemy by self-destructing"): the Captain's order (`self_destruct`), offered in each Power
Allocation Phase to every ship on the map, in play or disabled, whatever its superstructure,
destroys the ship at once, with the same blast. When in the turn it may be ordered is our
reading (docs/rules-decisions.md, The advanced game). Seed lines are `cat -n` lines of
`000_4373da4a9495c8f8.txt`.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import distance
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.data.tables import Tables
from engine.rulesets.fasa.firing.combat import request, targetable
from engine.rulesets.fasa.levels import PER_HIT_LEVELS
from engine.rulesets.fasa.values.actions import SELF_DESTRUCT_ORDERS
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import ExplosionAverted, SelfDestructOrder, StatusChanged
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    BLAST,
    DESTROYED,
    DISABLED,
    HAZARD,
    FasaState,
    Ship,
    Shot,
    replace,
)

AUTOMATIC = 10
"""Points below 0 at which a ship explodes without a roll."""
BLAST_RANGE = 10
"""Hexes within which an explosion damages ships ("all ships within 10 hexes")."""


def blast_damage(tables: Tables, level: str, power: int, rng: int) -> int:
    """Damage From Exploding Ships at `rng` hexes from a ship with `power` Power Units Available:
    2x in the same hex, 1x at 1, 1/2, 1/4, 1/8 (fractions rounded up), then 1 point to 10 hexes;
    at least 1 point within 10 hexes, 0 beyond."""
    if rng > BLAST_RANGE:
        return 0
    rows = tables.explosion["expert" if level in PER_HIT_LEVELS else "advanced"]
    for row in rows:
        if row.range_min <= rng <= row.range_max:
            if row.fixed:
                return row.fixed
            return max(1, -(-power * row.numerator // row.denominator))
    return 1


def next_check(state: FasaState) -> tuple[FasaState, list[Event]]:
    """After a Firing Phase's last shot (and each blast): the first ship whose superstructure
    damage below 0 is not yet rolled for rolls (or explodes at 10 below); none, nothing."""
    ship = next((s for s in state.ships if s.blast_roll and targetable(s)), None)
    if ship is None:
        return state, []
    below = -ship.superstructure
    if below >= AUTOMATIC:
        return explode(state, ship)
    prevented = hooks.of(state).explosion_check(state, ship)  # C&C: explosion_roll.py
    if prevented is not None:
        return prevented
    state, ev = request(replace(state, exploding=ship.id), ship.id, Duty.COMMAND,
                        f"{ship.name} is {below} below 0 superstructure: 1-{below} it explodes, "
                        f"{below + 1}-10 it holds together")
    return state, [ev]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    ship = state.ship(state.exploding)
    state = replace(state, exploding="", roll=None)
    below = -ship.superstructure
    if value <= below:
        return explode(state, ship)
    state = state.with_ship(replace(ship, blast_roll=False))
    return state, [ExplosionAverted(ship.id, ship.name, below, value)]


def explode(state: FasaState, ship: Ship,
            self_destructed: bool = False) -> tuple[FasaState, list[Event]]:
    """The ship is destroyed; every ship on the map within 10 hexes is struck in turn by a blast
    of the exploding ship's Total Power Units Available by range. The status change is seen by
    every seat, so its words carry no number of the ship's own: how far below 0 it was and what
    its roll was are its side's (the roll's own event tells them)."""
    gone = replace(ship, status=DESTROYED, blast_roll=False)
    state = state.with_ship(gone)
    blasts = []
    for other in state.ships:
        if other.id == ship.id or not targetable(other):
            continue
        rng = distance(ship.pos, other.pos)
        damage = blast_damage(state.tables, state.level, ship.total_power, rng)
        if damage:
            blasts.append(Shot(ship.id, BLAST, other.id, damage=damage))
    state = replace(state, shots=state.shots + tuple(blasts))
    return state, [StatusChanged(ship.id, ship.name, DESTROYED,
                                 "explodes (self-destruct)" if self_destructed
                                 else "explodes (its superstructure gave way)")]


def may_self_destruct(ship: Ship) -> bool:
    """Whether the Captain is offered the order: a ship on the map, in play or disabled (line
    1269 names the ship at 0 superstructure or below), not yet ordered this turn. The book sets
    no threshold of damage (line 407), so none is set here."""
    return ship.status in (ACTIVE, DISABLED) and not ship.ordered and not ship.abandoned


def self_destruct(state: FasaState, ship: Ship, order: str,
                  who: str = "Captain") -> tuple[FasaState, list[Event]]:
    """The Captain's order: "hold", or "destruct": the ship explodes, no roll (Advanced: Ship
    Explosions: "The explosion because of self-destruction is automatic"); its blasts are
    resolved before the Power Allocation Phase goes on."""
    if ship.ordered:
        raise IllegalAction(f"{who}: {ship.name}'s order for this turn is given")
    if not may_self_destruct(ship):
        raise IllegalAction(f"{who}: {ship.name} is {ship.status}: it has nothing left to "
                            "destroy")
    added = hooks.of(state).captain_order(state, ship, order, who)  # Rescues During Combat
    if added is not None:
        return added
    if order not in SELF_DESTRUCT_ORDERS:
        also = hooks.of(state).more_orders(state)
        raise IllegalAction(f"{who}: the order is {' or '.join(SELF_DESTRUCT_ORDERS)}{also}, "
                            f"not {order!r}")
    ship = replace(ship, ordered=True)
    state = state.with_ship(ship)
    given = SelfDestructOrder(ship.id, ship.name, order)
    if order == "hold":
        return state, [given]
    after = state.step.value
    state, events = explode(state, replace(ship, cloaked=False), self_destructed=True)
    return replace(state, step=HAZARD, after=after), [given, *events]
