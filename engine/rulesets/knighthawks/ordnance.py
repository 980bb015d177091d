"""Mines and seeker missiles (seed 002, lines 40-52), and the attacks that need no gunner: a
mine's, a seeker's and an electrical fire's."""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.rulesets.knighthawks.combat import FIRE_DTM
from engine.rulesets.knighthawks.crew import Duty, station_for
from engine.rulesets.knighthawks.events import Note
from engine.rulesets.knighthawks.state import Attack, KHState, Seeker, Ship, replace

SEEKER_LIMIT = 12
"""On the turn a seeker moves 12 hexes it detonates (line 52)."""


def hazard(state: KHState, source: str, label: str, weapon: str, side: str,
           target: Ship) -> Attack:
    """An attack by a mine or a seeker: its chance is read from the Combat Table at the roll
    (after any ICMs); the struck ship's Captain duty rolls (docs/rules-decisions.md)."""
    w = state.tables.weapons[weapon]
    askers = tuple(s.id for s in state.ships if s.active and s.pos == target.pos
                   and s.side == target.side and s.icms() > 0)
    return Attack(source, label, weapon, side, station_for(target.crew, Duty.COMMAND),
                  target.id, 0, False, "icm" if askers else "hit", w.dtm, w.hdr, askers)


def fire_attack(ship: Ship) -> Attack:
    """An electrical fire's damage roll: +20, and 1d10 if it strikes the hull (line 194)."""
    return Attack("fire", f"fire aboard {ship.name}", "", ship.side,
                  station_for(ship.crew, Duty.COMMAND), ship.id, None, False, "damage",
                  FIRE_DTM, "1d10")


def mine_attacks(state: KHState) -> tuple[KHState, list[Attack], list[Note]]:
    """At the end of movement, the mines in every hex an enemy ship entered or passed through
    detonate against each such ship; the hex is clear afterwards (line 41)."""
    attacks: list[Attack] = []
    notes: list[Note] = []
    spent = set()
    for mine in state.mines:
        struck = [s for s in state.ships if s.active and s.side != mine.side and s.moved
                  and mine.pos in s.path[1:]]
        for ship in struck:
            attacks.append(hazard(state, "mine", f"mines at {_place(mine.pos)}", "M",
                                  mine.side, ship))
            notes.append(Note(f"Mines detonate against {ship.name}", ship=ship.id))
        if struck:
            spent.add(mine)
    return replace(state, mines=tuple(m for m in state.mines if m not in spent)), attacks, notes


def _place(pos: Hex) -> str:
    from engine.hexgrid import hex_to_offset
    col, row = hex_to_offset(pos)
    return f"[{col}, {row}]"


def largest_in(state: KHState, pos: Hex) -> Ship | None:
    """The ship a seeker attacks in a hex: the largest (line 50); a tie goes to the first in the
    scenario's order (ours, in place of a die)."""
    here = [s for s in state.ships if s.active and s.pos == pos]
    return max(here, key=lambda s: s.hull_size) if here else None


def closest(state: KHState, pos: Hex) -> Ship | None:
    """The ship a seeker flies toward: the closest of any side (line 48); a tie goes to the first
    in the scenario's order (ours, in place of a die)."""
    ships = [s for s in state.ships if s.active]
    return min(ships, key=lambda s: s.pos.distance(pos)) if ships else None


def move_seekers(state: KHState, side: str) -> tuple[KHState, list[Attack], list[Note]]:
    """Each active seeker of `side` moves 2, 4, 6... hexes toward the closest ship, detonating
    when it enters a ship's hex or when its move is 12 hexes (lines 46-52)."""
    attacks: list[Attack] = []
    notes: list[Note] = []
    kept: list[Seeker] = []
    for sk in state.seekers:
        if sk.side != side or not sk.active:
            kept.append(sk)
            continue
        hexes = 2 * (sk.moves + 1)
        pos, hit = sk.pos, None
        for _ in range(hexes):
            target = closest(state, pos)
            if target is None:
                break
            if target.pos != pos:
                pos = min((pos.neighbor(h) for h in range(6)),
                          key=lambda h: h.distance(target.pos))
            hit = largest_in(state, pos)
            if hit is not None:
                break
        if hit is not None:
            attacks.append(hazard(state, sk.id, "a seeker missile", "S", sk.side, hit))
            notes.append(Note(f"A seeker missile strikes at {hit.name}", ship=hit.id))
        elif hexes >= SEEKER_LIMIT:
            notes.append(Note("A seeker missile detonates at 12 hexes with no ship in reach"))
        else:
            kept.append(replace(sk, pos=pos, moves=sk.moves + 1))
            notes.append(Note(f"A seeker missile moves {hexes} hexes to {_place(pos)}"))
    return replace(state, seekers=tuple(kept)), attacks, notes


def seeker_contact(state: KHState, ship: Ship) -> tuple[KHState, list[Attack], list[Note]]:
    """A ship that enters the hex of an activated seeker sets it off (line 50)."""
    for sk in state.seekers:
        if sk.active and sk.pos in ship.path[1:]:
            hit = largest_in(state, sk.pos) if sk.pos == ship.pos else ship
            assert hit is not None
            state = replace(state, seekers=tuple(s for s in state.seekers if s is not sk))
            return state, [hazard(state, sk.id, "a seeker missile", "S", sk.side, hit)], [
                Note(f"{ship.name} runs into a seeker missile", ship=ship.id)]
    return state, [], []
