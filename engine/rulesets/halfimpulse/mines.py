"""Mines and T-bombs: laid, detected, set off.

Same speed, same moment: one player's counters at one speed move together, space by space, and
a mine one of them sets off catches every unit in its blast where the space leaves it, the
other stacks moved as well (seed lines 20-37): a second stack that would have been in the blast
zone is caught too, and one that is leaving the zone is not (lines 27-30). Ships do not move
together: the ship with the initiative makes all its moves first, so a mine it sets off is gone
before the other ship moves, and catches it only if it is in the blast where it waits (lines
38-45).

What sets a mine off and how far its blast reaches are the table's numbers, entered with the
mine (`trigger`, `blast`: hexes). The referee sets a mine off when, after a space of movement,
a unit that moved in it (the moving slot's) is within the trigger range of a mine of another
side (ours: nothing in the seed says a mine spares its own side; SFB's rules say more, and the
table plays them). A mine is its side's secret until it is detected or goes off.
"""

from __future__ import annotations

from engine.events import Event
from engine.hexgrid import Hex, hex_to_offset
from engine.rulesets.halfimpulse.events import Note
from engine.rulesets.halfimpulse.state import HalfState, Load, Mine, Unit, replace


def place(h: Hex) -> str:
    col, row = hex_to_offset(h)
    return f"[{col}, {row}]"


def lay(state: HalfState, unit: Unit, load: Load, at: Hex, how: str) -> tuple[HalfState, Event]:
    """`unit` lays one mine or T-bomb of `load` at `at` (its count taken from the load)."""
    n = state.counter + 1
    mine = Mine(f"mine-{n}", load.name, unit.side, unit.player, at, load.trigger, load.blast)
    unit = replace(unit, loads=tuple(replace(ld, count=ld.count - 1) if ld.name == load.name
                                     else ld for ld in unit.loads))
    state = replace(state.with_unit(unit), mines=state.mines + (mine,), counter=n)
    return state, Note(f"{unit.name} {how} a {load.name} at {place(at)}", side=unit.side)


def set_off(state: HalfState) -> tuple[HalfState, list[Event]]:
    """The mines the space of movement just made set off: each catches every unit on the map
    within its blast where the space left them."""
    slot = state.slot
    if slot is None:
        return state, []
    movers = [u for u in state.on_map() if u.id in slot.units]
    events: list[Event] = []
    struck = list(state.struck)
    kept: list[Mine] = []
    for mine in state.mines:
        by = [u for u in movers if u.side != mine.side
              and u.pos.distance(mine.pos) <= mine.trigger]
        if not by:
            kept.append(mine)
            continue
        caught = [u for u in state.on_map() if u.pos.distance(mine.pos) <= mine.blast]
        struck += [u.id for u in caught if u.id not in struck]
        names = ", ".join(u.name for u in caught) or "nothing"
        events.append(Note(f"{mine.name} at {place(mine.pos)} goes off, set off by "
                           f"{by[0].name} (blast {mine.blast}): caught {names} "
                           f"(lines 20-45)", alert=caught[0].player if caught else None))
    return replace(state, mines=tuple(kept), struck=tuple(struck)), events


def detect(state: HalfState, unit: Unit, reach: int) -> tuple[HalfState, list[Event]]:
    """The mines of other sides within `reach` of `unit` become known to its side."""
    found = [m for m in state.mines if m.side != unit.side and unit.side not in m.known_to
             and m.pos.distance(unit.pos) <= reach]
    mines = tuple(replace(m, known_to=(*m.known_to, unit.side)) if m in found else m
                  for m in state.mines)
    where = ", ".join(place(m.pos) for m in found)
    return replace(state, mines=mines), [
        Note(f"{unit.name} looks for mines within {reach}"),
        Note(f"{unit.name} finds {len(found)} mine(s)" + (f" at {where}" if where else ""),
             side=unit.side)]


def known(mine: Mine, side: str | None) -> bool:
    """Whether a seat of `side` (None: the Instructor) knows where `mine` is."""
    return side is None or mine.side == side or side in mine.known_to
