"""How the autopilot plays the advanced rules' cloak, mines and plasma (Book Two, Advanced:
Romulan Cloaking Device; Mines; Romulan Plasma Bolts), as a player who knows them would.

Everything here reads a state already redacted for the deciding seat (`views.redacted`): enemy
ships its side has not detected are not on it, and other sides' face-down counters all read as
decoys, so a ship knows its own side's mines and nothing of the enemy's.

- The cloak: a ship with a cloaking device stays cloaked while no enemy it can see is within
  its best range and a few hexes ("remain cloaked as long as possible, attempting to get a shot
  ... when it least suspects it", The Romulan Gambit's notes); while cloaked it lies still when
  the enemy is coming its way (a ship that did not move last turn cannot be detected, seed line
  399, and the enemy sails on through its minefield) and closes otherwise; it decloaks to fire.
- Mines: an enemy counter face down may be a mine (one in four, "For each mine counter used,
  three dummy counters", line 377), so a course through one costs what a mine is likely to do;
  a ship's own side's counters cost nothing (they are not set off by their own side).
- Plasma and missiles: a weapon armed with a set charge (line 385, "armed like a missile
  weapon") gets its whole charge or nothing, so the power put into weapons covers those charges
  first, and they are armed before the beams (`engineering/arming.py`, declared with the power's
  rule).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.hexgrid import Hex, distance, sextants
from engine.rulesets.fasa.engineering.arming import charged
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship

DECLOAK_MARGIN = 4
"""Hexes beyond its best range at which a cloaked ship decloaks: the enemy closes that much
while the ship's weapons are armed for the turn (tried against 2, 3, 6 and 8 over the Romulan
Gambit's 200 survey games: docs/scenarios.md)."""
COUNTER_RISK = 2.0
"""What a course through an enemy counter face down counts for against a worse position (one
in four is a mine, a mine hits on 1-5 in 10): about one hex from the wanted range."""
SHOWN_MINE_RISK = 6.0
"""A mine turned over and not set off stays, face up, and is rolled for again."""


def charges(ship: Ship) -> int:
    """The power that arms every working charged weapon of the ship in full."""
    return sum(spec.arm_power for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True)
               if charged(spec) and not w.damaged)


def weapons_power(ship: Ship, share: int, cap: int, free: int) -> int:
    """Power for weapons: `share`, raised to arm the charged weapons in full when `free` power
    allows it, never above `cap` (what the weapons can hold)."""
    want = max(share, charges(ship))
    if want > free:
        want = share
    return min(cap, want, free)


def seen_enemies(state: FasaState, ship: Ship) -> list[Ship]:
    """Enemies in play on the (redacted) map: a cloaked enemy the side has not detected is not."""
    return [s for s in state.ships if s.side != ship.side and s.status == ACTIVE]


def nearest(ship: Ship, foes: Sequence[Ship]) -> Ship | None:
    return min(foes, key=lambda s: (distance(ship.pos, s.pos), s.id)) if foes else None


def stay_cloaked(state: FasaState, ship: Ship, best: int) -> bool:
    """Whether a ship that may cloak this turn should: no enemy it sees is within `best` (its
    best firing range) and `DECLOAK_MARGIN` hexes, and an enemy is still in play somewhere."""
    if not any(s.side != ship.side and s.status == ACTIVE for s in state.ships):
        return False
    foe = nearest(ship, seen_enemies(state, ship))
    return foe is None or distance(ship.pos, foe.pos) > best + DECLOAK_MARGIN


def lie_in_wait(state: FasaState, ship: Ship) -> bool:
    """Whether a cloaked ship should hold its hex this Movement Phase: it sees no enemy, or the
    nearest one is coming its way (it moved in its last Movement Phase and the ship lies ahead
    of it, in its forward sextants), so that it stays undetectable and lets the enemy come on.
    An enemy that holds its hex is closed on."""
    if not ship.cloaked:
        return False
    foe = nearest(ship, seen_enemies(state, ship))
    if foe is None:
        return True
    if foe.pos == ship.pos or foe.still > 0:
        return False  # it holds its hex: go to it
    return sextants(foe.pos, foe.heading, ship.pos)[0] in (0, 1, 5)


def counter_risk(state: FasaState, ship: Ship, hexes: Sequence[Hex]) -> float:
    """What entering `hexes` risks from other sides' counters as the ship's side knows them: a
    face-down counter may be a mine; one turned over and shown to be a mine will be rolled for
    again; a decoy turned over is gone."""
    if not state.counters:
        return 0.0
    risk = 0.0
    entered = set(hexes)
    for c in state.counters:
        if c.side == ship.side or c.pos not in entered:
            continue
        if not c.shown:
            risk += COUNTER_RISK
        elif c.mine:
            risk += SHOWN_MINE_RISK
    return risk
