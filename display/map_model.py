"""What the tactical map shows, from the engine's per-seat `view`: pure, no pygame.

Book Two, Advanced: Moving The Starship Silhouette Counters (one hex ahead per movement point; a
turn of one hexside before a step) and Firing Weapons (arcs, range in hexes). Which ships and how
much of them a seat sees is the engine's `view`; this module only arranges it for drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from display.theme import Colour, side_colours, side_shapes
from engine.hexgrid import HEADING_NAMES, Hex, hex_to_offset, offset_to_hex, turn
from engine.rulesets.fasa.arcs import in_arc

Offset = tuple[int, int]

STEP_TURNS: dict[str, int] = {"F": 0, "P": -1, "S": 1}
"""A Move's letters (engine Move action): F ahead, P port then ahead, S starboard then ahead."""


@dataclass(frozen=True, slots=True)
class ShipMarker:
    id: str
    name: str
    col: int
    row: int
    heading: int
    side: str
    colour: Colour
    shape: str
    own: bool          # on the seat's side (or everyone, for the Instructor)
    status: str
    selected: bool
    cloaked: bool = False   # under its cloaking device (seen: its own side's, or detected)
    locked: bool = False    # enemy sensors are locked on it (told to its own side)

    @property
    def label(self) -> str:
        text = self.name if self.status == "active" else f"{self.name} ({self.status})"
        tags = [t for t, on in (("CLOAK", self.cloaked), ("LOCKED", self.locked)) if on]
        return " ".join([text, *tags])


@dataclass(frozen=True, slots=True)
class MapModel:
    cols: int
    rows: int
    obstacles: tuple[Offset, ...]
    ships: tuple[ShipMarker, ...]
    arc_hexes: frozenset[Offset]       # the selected weapon's arc, out to its range
    reach_hexes: frozenset[Offset]     # where the moving ship can still end this phase
    plan: tuple[Offset, ...]           # the planned move, hex by hex, from the ship's hex
    target_line: tuple[Offset, Offset] | None
    target_range: int | None
    movement_left: int | None


def _ship(view: Mapping[str, Any], ship_id: str | None) -> Mapping[str, Any] | None:
    """The ship `ship_id` of the view, if the seat knows where it is."""
    for s in view.get("ships", ()):
        if s.get("id") == ship_id and s.get("col") is not None and s.get("heading") is not None:
            return dict(s)
    return None


def plan_path(col: int, row: int, heading: int, steps: str) -> list[tuple[Offset, int]]:
    """The hexes and headings after each letter of a planned move (letters other than F, P, S
    are ignored: the engine's `problem` names them)."""
    pos, out = offset_to_hex(col, row), []
    for step in steps:
        if step not in STEP_TURNS:
            continue
        heading = turn(heading, STEP_TURNS[step])
        pos = pos.neighbor(heading)
        out.append((hex_to_offset(pos), heading))
    return out


def reachable(col: int, row: int, heading: int, points: int, cols: int, rows: int,
              obstacles: frozenset[Offset]) -> frozenset[Offset]:
    """Every hex on the map a ship can end in using at most `points` steps of F, P or S
    (fewer steps hold station), never entering an obstacle; the start hex included."""
    start = (offset_to_hex(col, row), heading % 6)
    seen = {start}
    frontier = [start]
    found: set[Offset] = {(col, row)}
    for _ in range(max(points, 0)):
        nxt = []
        for pos, head in frontier:
            for delta in STEP_TURNS.values():
                h = turn(head, delta)
                p = pos.neighbor(h)
                off = hex_to_offset(p)
                if off in obstacles or not (0 <= off[0] < cols and 0 <= off[1] < rows):
                    continue
                if (p, h) not in seen:
                    seen.add((p, h))
                    nxt.append((p, h))
                    found.add(off)
        frontier = nxt
    return frozenset(found)


def arc_hexes(col: int, row: int, heading: int, arcs: frozenset[str], max_range: int,
              cols: int, rows: int) -> frozenset[Offset]:
    """Hexes within `max_range` of the ship that lie in one of `arcs` (Book Two: Firing Arcs;
    the engine's `in_arc` decides boundaries), the ship's own hex left out."""
    origin = offset_to_hex(col, row)
    out = set()
    for c in range(max(0, col - max_range), min(cols, col + max_range + 1)):
        for r in range(max(0, row - max_range - 1), min(rows, row + max_range + 2)):
            h = offset_to_hex(c, r)
            if h != origin and origin.distance(h) <= max_range and in_arc(origin, heading, arcs, h):
                out.add((c, r))
    return frozenset(out)


def map_model(view: Mapping[str, Any], *, selected_ship: str | None = None,
              weapon: str | None = None, weapon_range: int = 0, target: str | None = None,
              moving: str | None = None, movement_points: int = 0, planned: str = "") -> MapModel:
    """The map for one seat's `view`.

    `selected_ship`/`weapon`: show that weapon's arc out to `weapon_range` hexes (arcs from the
    view's weapon entry); `target`: the line and range to that ship; `moving`: the ship Helm is
    moving, with `movement_points` this phase and the letters `planned` so far.
    """
    cols, rows = int(view["map"]["cols"]), int(view["map"]["rows"])
    obstacles = tuple(sorted((int(c), int(r)) for c, r in view.get("obstacles", ())))
    ships = list(view.get("ships", ()))
    sides = [str(s["side"]) for s in ships]
    colours, shapes = side_colours(sides), side_shapes(sides)
    seat = view.get("seat")
    own_ship = _ship(view, seat.get("ship")) if isinstance(seat, Mapping) else None
    own_side = own_ship["side"] if own_ship else None
    # A cloaked enemy the seat's side has not detected has no place in the view (Book Two,
    # Advanced: Romulan Cloaking Device: its counter "is removed"): it is not drawn at all.
    seen = [s for s in ships if s.get("col") is not None and s.get("row") is not None
            and s.get("heading") is not None]
    locks = {(str(s["side"]), str(s["sensor_lock"])) for s in ships if s.get("sensor_lock")}
    markers = tuple(
        ShipMarker(str(s["id"]), str(s["name"]), int(s["col"]), int(s["row"]), int(s["heading"]),
                   str(s["side"]), colours[str(s["side"])], shapes[str(s["side"])],
                   own_side is None or s["side"] == own_side, str(s.get("status", "active")),
                   s["id"] == selected_ship, bool(s.get("cloaked")),
                   (own_side is None or s["side"] == own_side)
                   and any(side != s["side"] and target == s["id"] for side, target in locks))
        for s in seen)

    arcs: frozenset[Offset] = frozenset()
    firer = _ship(view, selected_ship)
    if firer is not None and weapon is not None:
        for w in firer.get("weapons", ()):
            if w.get("id") == weapon and w.get("arcs"):
                arcs = arc_hexes(int(firer["col"]), int(firer["row"]), int(firer["heading"]),
                                 frozenset(w["arcs"]), weapon_range, cols, rows)

    line: tuple[Offset, Offset] | None = None
    rng: int | None = None
    aim = _ship(view, target)
    if firer is not None and aim is not None:
        a, b = (int(firer["col"]), int(firer["row"])), (int(aim["col"]), int(aim["row"]))
        line, rng = (a, b), offset_to_hex(*a).distance(offset_to_hex(*b))

    reach: frozenset[Offset] = frozenset()
    plan: tuple[Offset, ...] = ()
    left: int | None = None
    mover = _ship(view, moving)
    if mover is not None:
        start = (int(mover["col"]), int(mover["row"]))
        trail = plan_path(*start, int(mover["heading"]), planned)
        plan = (start, *(p for p, _ in trail))
        here, heading = (trail[-1] if trail else (start, int(mover["heading"])))
        left = max(0, movement_points - len(trail))
        reach = reachable(*here, heading, left, cols, rows, frozenset(obstacles))
    return MapModel(cols, rows, obstacles, markers, arcs, reach, plan, line, rng, left)


def heading_name(heading: int) -> str:
    return HEADING_NAMES[heading % 6]


def distance(a: Offset, b: Offset) -> int:
    """Range in hexes between two offset positions."""
    return offset_to_hex(*a).distance(offset_to_hex(*b))


__all__ = ["Hex", "MapModel", "ShipMarker", "arc_hexes", "distance", "heading_name", "map_model",
           "plan_path", "reachable"]
