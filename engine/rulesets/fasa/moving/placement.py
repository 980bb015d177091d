"""Placing ships before turn 1 where the scenario leaves it to the table.

Book Two, Advanced Scenarios, The Romulan Gambit, Game Setup (seed 000_4373da4a9495c8f8.txt,
line 545): "The Romulan vessels are both cloaked; the players may place their ships anywhere they
desire on the map, making a note of their location ... The Federation cruiser may enter the map
from any location, moving at full speed." A scenario's ship entry with `place = "anywhere"`
(any hex of the map that is not an obstacle) or `place = "edge"` (a hex on an edge of the map,
the cruiser entering from it) starts the game with a placement step: before turn 1's Power
Allocation Phase each such ship's Captain (or the Instructor, for the whole table) gives its hex
and heading, all at once and in any order; the scenario's own place is the default. A cloaked
ship's placement is told only to its side, as its moves are (`events.ShipPlaced` is a
`ShipMoved`). Choices are in docs/rules-decisions.md (The advanced game).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import MapBounds, hex_to_offset, offset_to_hex
from engine.rulesets.fasa.values.actions import PlaceShip
from engine.rulesets.fasa.values.events import ShipPlaced
from engine.rulesets.fasa.values.state import FasaState, Ship, replace

ANYWHERE, EDGE = "anywhere", "edge"
PLACEMENTS = (ANYWHERE, EDGE)


def kind_of(state: FasaState, ship_id: str) -> str:
    """How the ship is placed: "anywhere", "edge", or "" (where the scenario puts it)."""
    return dict(state.setup.placements).get(ship_id, "")


def on_edge(bounds: MapBounds, col: int, row: int) -> bool:
    return col in (0, bounds.cols - 1) or row in (0, bounds.rows - 1)


def place_problem(state: FasaState, ship: Ship, col: object, row: object,
                  heading: object) -> str:
    """Why the ship cannot start at `col`, `row` facing `heading`, or ""."""
    if ship.id not in state.to_place:
        return f"{ship.name} is not to be placed now"
    bounds = state.bounds
    if type(col) is not int or type(row) is not int \
            or not (0 <= col < bounds.cols and 0 <= row < bounds.rows):
        return (f"{col},{row} is off the {bounds.cols}x{bounds.rows} map (columns 0-"
                f"{bounds.cols - 1}, rows 0-{bounds.rows - 1})")
    if type(heading) is not int or not 0 <= heading <= 5:
        return f"heading must be 0 to 5 (0 = north, clockwise), not {heading!r}"
    if offset_to_hex(col, row) in state.obstacles:
        return f"{col},{row} is an obstacle"
    if kind_of(state, ship.id) == EDGE and not on_edge(bounds, col, row):
        return (f"{ship.name} enters the map from an edge: column 0 or {bounds.cols - 1}, or "
                f"row 0 or {bounds.rows - 1}")
    return ""


def place(state: FasaState, ship: Ship, action: PlaceShip,
          who: str = "Captain") -> tuple[FasaState, list[Event]]:
    why = place_problem(state, ship, action.col, action.row, action.heading)
    if why:
        raise IllegalAction(f"{who}: {why}")
    ship = replace(ship, pos=offset_to_hex(action.col, action.row), heading=action.heading)
    state = replace(state.with_ship(ship), to_place=tuple(s for s in state.to_place
                                                          if s != ship.id))
    return state, [ShipPlaced(ship.id, ship.name, "", action.col, action.row, action.heading,
                              kind_of(state, ship.id) == EDGE)]


def where(ship: Ship) -> tuple[int, int]:
    """The ship's offset place now (the scenario's, until it is placed)."""
    col, row = hex_to_offset(ship.pos)
    return col, row
