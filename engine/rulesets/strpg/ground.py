"""The map under the characters: what each square is, which doors stand open, what it costs to
enter a square and what it hides (seed 004 line 204, Tactical Scale and Maps: squares of 1.5
metres; line 212, movement costs and doors)."""

from __future__ import annotations

from engine.rulesets.strpg.state import Door, RPGState
from engine.rulesets.strpg.tables import Terrain
from engine.squaregrid import Square, adjacent

COVER_RANK = {"none": 0, "low": 1, "high": 2, "slit": 3, "full": 4}


def terrain(state: RPGState, square: Square) -> Terrain:
    """The terrain of `square`; off the map is a wall."""
    return state.tables.terrain[state.symbol(square)]


def door_open(state: RPGState, door: Door) -> bool:
    """Whether a door stands open now. "Most doors aboard starships and modern buildings are
    automatic, opening whenever someone steps into the space adjacent to the door" (line 212):
    an automatic door is open while anybody up stands next to it, unless it is locked open or
    closed; a security door and a non-automatic door are open when they were opened; and no
    door closes on somebody in the doorway, up or down (ours)."""
    if any(c.pos == door.pos for c in state.characters):
        return True   # nothing closes on somebody in the doorway (ours)
    if door.held:
        return door.held == "open"
    if door.kind != "automatic":
        return False
    return any(c.up and adjacent(c.pos, door.pos) for c in state.characters)


def cover(state: RPGState, square: Square) -> str:
    """What `square` hides behind it: none, low, high, slit or full (an open door: none)."""
    t = terrain(state, square)
    if t.feature == "door":
        door = state.door_at(square)
        return "none" if door is not None and door_open(state, door) else "full"
    return t.cover


def way_in(state: RPGState, square: Square) -> str:
    """How a character enters `square`: walk, swim, climb, or none (a wall, an obstacle, a
    closed door, off the map)."""
    if not (0 <= square[0] < state.width and 0 <= square[1] < state.height):
        return "none"
    t = terrain(state, square)
    if t.feature == "door":
        door = state.door_at(square)
        return "walk" if door is not None and door_open(state, door) else "none"
    return t.move


def factor(state: RPGState, square: Square) -> int:
    """The multiple of a move's AP cost for entering `square` (line 212: hilly 2x, swampy,
    rocky or heavy vegetation 3x, cliffs up to 4x; climbing 2x or 3x; swimming 2x)."""
    return max(1, terrain(state, square).factor)


def difficult(state: RPGState, square: Square) -> bool:
    """Rough terrain that tires (line 212: "move across difficult terrain")."""
    t = terrain(state, square)
    return t.move == "walk" and t.factor > 1

