"""What the tactical map shows, from the engine's per-seat `view`: pure, no pygame.

Book Two, Advanced: Moving The Starship Silhouette Counters (one hex ahead per movement point; a
turn of one hexside before a step), Emergency Heading Changes (two hexsides, then ahead), Reverse
Movement (one hex straight back; turns in place while the engines are set for reverse) and
Firing Weapons (arcs, range in hexes). A course's steps are the engine's (`movement.STEP_TURNS`,
`FORWARD_STEPS`, `CHANGEOVER_PHASES`; tested against `movement.path`). Which ships and how
much of them a seat sees is the engine's `view`; this module only arranges it for drawing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from display.counters_model import CounterMarker, counter_markers
from display.shield_marks import ShieldMark
from display.theme import Colour, side_colours, side_shapes
from engine.hexgrid import HEADING_NAMES, Hex, hex_to_offset, offset_to_hex, turn
from engine.rulesets.fasa.arcs import in_arc
from engine.rulesets.fasa.movement import CHANGEOVER_PHASES, FORWARD_STEPS, STEP_TURNS

Offset = tuple[int, int]

BACK = "B"
"""The step one hex straight back, heading unchanged (Advanced: Reverse Movement)."""


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
    shields: tuple[ShieldMark, ...] = ()   # the own ship's shields round it (shield_marks)
    counters: tuple[CounterMarker, ...] = ()   # mines and decoys, as the seat knows them


def _ship(view: Mapping[str, Any], ship_id: str | None) -> Mapping[str, Any] | None:
    """The ship `ship_id` of the view, if the seat knows where it is."""
    for s in view.get("ships", ()):
        if s.get("id") == ship_id and s.get("col") is not None and s.get("heading") is not None:
            return dict(s)
    return None


def _backing(steps: str, reverse: bool) -> bool:
    """Whether `steps` is a course in reverse, as the engine's `movement.reversing` has it: a
    step back, or (the engines already set for reverse) turns in place only."""
    return BACK in steps or (reverse and bool(steps) and not FORWARD_STEPS & set(steps))


def _step(pos: Hex, heading: int, letter: str, back: bool) -> tuple[Hex, int] | None:
    """Where one step of a course takes a ship (None for a letter that is no step)."""
    if letter == BACK:
        return pos.neighbor(turn(heading, 3)), heading
    if letter not in STEP_TURNS:
        return None
    heading = turn(heading, STEP_TURNS[letter])
    return (pos if back else pos.neighbor(heading)), heading


def plan_path(col: int, row: int, heading: int, steps: str,
              reverse: bool = False) -> list[tuple[Offset, int]]:
    """The hexes and headings after each letter of a planned move, as the engine moves them
    (letters that are no step are ignored, and a course the engine refuses is drawn as its
    letters say: the engine's `problem` names what is wrong). `reverse`: the ship's engines are
    set for reverse, so P and S turn it in place."""
    back = _backing(steps, reverse)
    pos, out = offset_to_hex(col, row), []
    for step in steps:
        moved = _step(pos, heading, step, back)
        if moved is None:
            continue
        pos, heading = moved
        out.append((hex_to_offset(pos), heading))
    return out


def reachable(col: int, row: int, heading: int, points: int, cols: int, rows: int,
              obstacles: frozenset[Offset], letters: str = "FPS", reverse: bool = False,
              still: int = 0, planned: str = "") -> frozenset[Offset]:
    """Every hex on the map a ship at (col, row) can end in with at most `points` more steps of
    `letters` after the `planned` ones (fewer steps hold station), never entering an obstacle;
    the start hex included. Advanced: a ship must have been stationary `CHANGEOVER_PHASES`
    Movement Phases (`still`) to go from forward to reverse or back; a step back (B) is a
    course alone, and in reverse P and S turn in place."""
    here = (col, row)
    found: set[Offset] = {here}
    if BACK in planned or _backing(planned, reverse) or points <= 0:
        return frozenset(found)   # nothing follows a B; turns in place stay here

    def open_hex(off: Offset) -> bool:
        return off not in obstacles and 0 <= off[0] < cols and 0 <= off[1] < rows

    changeover = still >= CHANGEOVER_PHASES
    if BACK in letters and not planned and (reverse or changeover):
        behind = hex_to_offset(offset_to_hex(col, row).neighbor(turn(heading, 3)))
        if open_hex(behind):
            found.add(behind)
    if reverse and not changeover and not planned:
        return frozenset(found)   # forward again only after the change-over
    turns = [STEP_TURNS[c] for c in letters if c in STEP_TURNS]
    start = (offset_to_hex(col, row), heading % 6)
    seen = {start}
    frontier = [start]
    for _ in range(points):
        nxt = []
        for pos, head in frontier:
            for delta in turns:
                h = turn(head, delta)
                p = pos.neighbor(h)
                off = hex_to_offset(p)
                if not open_hex(off):
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
              moving: str | None = None, movement_points: int = 0, planned: str = "",
              letters: str = "FPS", shields: tuple[ShieldMark, ...] = ()) -> MapModel:
    """The map for one seat's `view`.

    `selected_ship`/`weapon`: show that weapon's arc out to `weapon_range` hexes (arcs from the
    view's weapon entry); `target`: the line and range to that ship; `moving`: the ship Helm is
    moving, with `movement_points` this phase, the letters `planned` so far and the course
    `letters` the level allows.
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
        reverse = bool(mover.get("reverse"))
        trail = plan_path(*start, int(mover["heading"]), planned, reverse)
        plan = (start, *(p for p, _ in trail))
        here, heading = (trail[-1] if trail else (start, int(mover["heading"])))
        left = max(0, movement_points - len(trail))
        reach = reachable(*here, heading, left, cols, rows, frozenset(obstacles), letters,
                          reverse, int(mover.get("stationary_phases") or 0), planned)
    return MapModel(cols, rows, obstacles, markers, arcs, reach, plan, line, rng, left, shields,
                    counters)


def heading_name(heading: int) -> str:
    return HEADING_NAMES[heading % 6]


def distance(a: Offset, b: Offset) -> int:
    """Range in hexes between two offset positions."""
    return offset_to_hex(*a).distance(offset_to_hex(*b))


__all__ = ["Hex", "MapModel", "ShipMarker", "arc_hexes", "distance", "heading_name", "map_model",
           "plan_path", "reachable"]
