"""Mines and seeker missiles (seed 002, lines 40-52), and the attacks that need no gunner: a
mine's, a seeker's and an electrical fire's."""

from __future__ import annotations

from engine.hexgrid import Hex
from engine.rulesets.knighthawks.firing.combat import FIRE_DTM
from engine.rulesets.knighthawks.values.crew import Duty, station_for
from engine.rulesets.knighthawks.values.events import Note
from engine.rulesets.knighthawks.values.state import Attack, Check, KHState, Seeker, Ship, replace

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


def mine_attacks(state: KHState, mover: str) -> tuple[KHState, list[Attack], list[Note]]:
    """At the end of `mover`'s movement, the mines in every hex one of its ships entered or
    passed through detonate against each such ship; the hex is clear afterwards (line 41)."""
    attacks: list[Attack] = []
    notes: list[Note] = []
    spent = set()
    for mine in state.mines:
        struck = [s for s in state.ships if s.active and s.side == mover != mine.side
                  and s.moved and mine.pos in s.path[1:]]
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


def largest_in(state: KHState, pos: Hex) -> tuple[Ship, ...]:
    """The ships a seeker may attack in a hex: the largest (line 50); several when they are the
    same size, and a die decides."""
    here = [s for s in state.ships if s.active and s.pos == pos]
    if not here:
        return ()
    top = max(s.hull_size for s in here)
    return tuple(s for s in here if s.hull_size == top)


def closest(state: KHState, pos: Hex) -> tuple[Ship, ...]:
    """The ships a seeker may fly toward: the closest of any side (line 48); several at the
    same distance, and a die decides."""
    ships = [s for s in state.ships if s.active]
    if not ships:
        return ()
    near = min(s.pos.distance(pos) for s in ships)
    return tuple(s for s in ships if s.pos.distance(pos) == near)


def tie_check(state: KHState, kind: str, seeker: Seeker, ships: tuple[Ship, ...]) -> Check:
    """A d10 between tied ships, rolled by the Captain duty of the seeker's side (ours): the
    first of n ships on 1 to 10/n, and so on."""
    lead = next(s for s in state.ships if s.side == seeker.side and s.active) if any(
        s.side == seeker.side and s.active for s in state.ships) else ships[0]
    names = ", ".join(s.name for s in ships)
    what = (f"a seeker missile is equally close to {names}: which it flies at"
            if kind == "aim" else f"a seeker missile strikes a hex of equally large ships "
            f"({names}): which it attacks")
    return Check(kind, lead.id, what, 0, tuple(s.id for s in ships), seeker.id, seeker.side)


def pick(check: Check, value: int) -> str:
    """The tied ship a d10 picks."""
    return check.choices[(value - 1) * len(check.choices) // 10]


def blast(state: KHState, seeker: Seeker, pos: Hex) -> tuple[list[Attack], list[Check]]:
    """A seeker detonating in `pos`: an attack on the largest ship there, or a die first."""
    biggest = largest_in(state, pos)
    if len(biggest) == 1:
        return [hazard(state, seeker.id, "a seeker missile", "S", seeker.side, biggest[0])], []
    if biggest:
        return [], [tie_check(state, "blast", seeker, biggest)]
    return [], []


def aim_seekers(state: KHState, side: str) -> tuple[KHState, Check | None]:
    """Give each active seeker of `side` its target for this move, or the die to roll for a
    tie first."""
    for sk in state.seekers:
        if sk.side == side and sk.active and not sk.target:
            near = closest(state, sk.pos)
            if len(near) > 1:
                return state, tie_check(state, "aim", sk, near)
            if near:
                return replace(state, seekers=tuple(replace(k, target=near[0].id) if k is sk
                                                    else k for k in state.seekers)), None
    return state, None


def move_seekers(state: KHState, side: str
                 ) -> tuple[KHState, list[Attack], list[Check], list[Note]]:
    """Each active seeker of `side` moves 2, 4, 6... hexes toward its target, detonating when it
    enters a ship's hex or when its move is 12 hexes (lines 46-52)."""
    attacks: list[Attack] = []
    checks: list[Check] = []
    notes: list[Note] = []
    kept: list[Seeker] = []
    for sk in state.seekers:
        if sk.side != side or not sk.active:
            kept.append(sk)
            continue
        hexes = 2 * (sk.moves + 1)
        target = state.find(sk.target)
        pos, struck = sk.pos, False
        for _ in range(hexes if target is not None and target.active else 0):
            assert target is not None
            if target.pos != pos:
                pos = min((pos.neighbor(h) for h in range(6)),
                          key=lambda h: h.distance(target.pos))
            if largest_in(state, pos):
                more, ties = blast(state, sk, pos)
                attacks += more
                checks += ties
                notes.append(Note(f"A seeker missile detonates at {_place(pos)}"))
                struck = True
                break
        if struck:
            continue
        if hexes >= SEEKER_LIMIT:
            notes.append(Note("A seeker missile detonates at 12 hexes with no ship in reach"))
        else:
            kept.append(replace(sk, pos=pos, moves=sk.moves + 1, target=""))
            notes.append(Note(f"A seeker missile moves {hexes} hexes to {_place(pos)}"))
    return replace(state, seekers=tuple(kept)), attacks, checks, notes


def seeker_contact(state: KHState, ship: Ship
                   ) -> tuple[KHState, list[Attack], list[Check], list[Note]]:
    """A ship that enters the hex of an activated seeker sets it off (line 50): against the
    largest ship in the hex where the ship stops there, else against the ship passing through."""
    for sk in state.seekers:
        if sk.active and sk.pos in ship.path[1:]:
            state = replace(state, seekers=tuple(s for s in state.seekers if s is not sk))
            note = [Note(f"{ship.name} runs into a seeker missile", ship=ship.id)]
            if sk.pos == ship.pos:
                attacks, checks = blast(state, sk, sk.pos)
                return state, attacks, checks, note
            return state, [hazard(state, sk.id, "a seeker missile", "S", sk.side, ship)], [], note
    return state, [], [], []
