"""What the tactical map shows, from the engine's per-seat `view`: pure, no pygame.

A course being entered (its hexes and where the ship may still end) and a weapon's arc are the
kernel's preview from the same view (`engine.game.course_path`, `course_reach`, `arc_hexes`:
the ruleset's, FASA's in engine/rulesets/fasa/seats/preview.py). Which ships and how much of them a
seat sees is the engine's `view`; this module only arranges it for drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine import arc_hexes, course_path, course_reach
from engine.hexgrid import HEADING_NAMES, Hex, offset_to_hex
from engine.squaregrid import range_between
from readouts.counters_model import CounterMarker, counter_markers
from readouts.shield_marks import ShieldMark
from readouts.sides import Colour, side_colours, side_shapes
from readouts.square_model import SquareFeatures, square_features

Offset = tuple[int, int]


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
    hard_turned: bool = False   # an emergency heading change this phase (seen by every seat)
    reverse: bool = False       # engines set for reverse (told to its own side only)
    cloaked: bool = False       # under its cloaking device (seen: its own side's, or detected)
    locked: bool = False        # enemy sensors are locked on it (told to its own side)

    @property
    def label(self) -> str:
        name = self.name if self.status == "active" else f"{self.name} ({self.status})"
        tags = [t for t, on in (("HARD", self.hard_turned), ("REV", self.reverse),
                                ("CLOAK", self.cloaked), ("LOCKED", self.locked)) if on]
        return " · ".join([name, *tags])


@dataclass(frozen=True, slots=True)
class BodyMarker:
    """A planet, moon or star on the map and the hexes of its gravity well (the view's
    `bodies`)."""

    name: str
    kind: str
    col: int
    row: int
    well: int
    well_hexes: frozenset[Offset]

    @property
    def label(self) -> str:
        return f"{self.name} (well {self.well})"


def body_markers(view: Mapping[str, Any]) -> tuple[BodyMarker, ...]:
    """The view's bodies, each with its well."""
    return tuple(
        BodyMarker(str(b["name"]), str(b.get("kind", "planet")), int(b["col"]), int(b["row"]),
                   int(b["well"]), frozenset((int(c), int(r)) for c, r in b.get("well_hexes", ())))
        for b in view.get("bodies", ()))


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
    target_range: float | None
    movement_left: int | None
    shields: tuple[ShieldMark, ...] = ()   # the own ship's shields round it (shield_marks)
    counters: tuple[CounterMarker, ...] = ()   # mines and decoys, as the seat knows them
    squares: SquareFeatures | None = None      # a square map's walls, doors, cover (else hexes)
    bodies: tuple[BodyMarker, ...] = ()        # planets and their gravity wells

    @property
    def well_hexes(self) -> frozenset[Offset]:
        """Every hex in a gravity well."""
        return frozenset().union(*(b.well_hexes for b in self.bodies))


def _ship(view: Mapping[str, Any], ship_id: str | None) -> Mapping[str, Any] | None:
    """The ship `ship_id` of the view, if the seat knows where it is."""
    for s in view.get("ships", ()):
        if s.get("id") == ship_id and s.get("col") is not None and s.get("heading") is not None:
            return dict(s)
    return None


def map_model(view: Mapping[str, Any], *, selected_ship: str | None = None,
              weapon: str | None = None, weapon_range: int = 0, target: str | None = None,
              moving: str | None = None, movement_points: int = 0, planned: str = "",
              letters: str = "FPS", shields: tuple[ShieldMark, ...] = (),
              left: int | None = None) -> MapModel:
    """The map for one seat's `view`.

    `selected_ship`/`weapon`: show that weapon's arc out to `weapon_range` hexes (arcs from the
    view's weapon entry); `target`: the line and range to that ship; `moving`: the ship Helm is
    moving, with `movement_points` this phase, the letters `planned` so far and the course
    `letters` the level allows; `left`: the movement left where it is not `movement_points`
    less the letters planned (a course whose turns are not movement: `panel_model.movement_left`).
    """
    cols, rows = int(view["map"]["cols"]), int(view["map"]["rows"])
    obstacles = tuple(sorted((int(c), int(r)) for c, r in view.get("obstacles", ())))
    ships = list(view.get("ships", ()))
    sides = [str(s["side"]) for s in ships]
    colours, shapes = side_colours(sides), side_shapes(sides)
    counters = counter_markers(view, sides)
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
                   s["id"] == selected_ship, bool(s.get("emergency_turned")),
                   bool(s.get("reverse")), bool(s.get("cloaked")),
                   (own_side is None or s["side"] == own_side)
                   and any(side != s["side"] and target == s["id"] for side, target in locks))
        for s in seen)

    arcs: frozenset[Offset] = frozenset()
    firer = _ship(view, selected_ship)
    if firer is not None and weapon is not None:
        arcs = arc_hexes(view, str(firer["id"]), weapon, weapon_range)

    squares = square_features(view)
    line: tuple[Offset, Offset] | None = None
    rng: float | None = None
    aim = _ship(view, target)
    if firer is not None and aim is not None:
        a, b = (int(firer["col"]), int(firer["row"])), (int(aim["col"]), int(aim["row"]))
        line = (a, b)
        rng = range_between(a, b) if squares is not None else \
            offset_to_hex(*a).distance(offset_to_hex(*b))

    reach: frozenset[Offset] = frozenset()
    plan: tuple[Offset, ...] = ()
    told_left, left = left, None
    mover = _ship(view, moving)
    if mover is not None:
        start = (int(mover["col"]), int(mover["row"]))
        trail = course_path(view, str(mover["id"]), planned)
        plan = (start, *(p for p, _ in trail))
        left = max(0, movement_points - len(trail)) if told_left is None else told_left
        reach = course_reach(view, str(mover["id"]), planned, movement_points, letters)
    return MapModel(cols, rows, obstacles, markers, arcs, reach, plan, line, rng, left, shields,
                    counters, squares, body_markers(view))


def heading_name(heading: int) -> str:
    return HEADING_NAMES[heading % 6]


def distance(a: Offset, b: Offset) -> int:
    """Range in hexes between two offset positions."""
    return offset_to_hex(*a).distance(offset_to_hex(*b))


__all__ = ["BodyMarker", "Hex", "MapModel", "ShipMarker", "distance", "heading_name", "map_model"]
