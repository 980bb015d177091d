"""What a seat's map shows of a decision being entered, from its `view` (Book Two, Advanced:
Moving The Starship Silhouette Counters: one hex ahead per movement point, a turn of one hexside
before a step; Emergency Heading Changes: two hexsides, then ahead; Reverse Movement: one hex
straight back, turns in place while the engines are set for reverse; Firing Weapons: arcs, range
in hexes): a course's hexes and where the ship may still end, a weapon's arc. A course's steps
are the engine's (`movement.STEP_TURNS`, `FORWARD_STEPS`, `CHANGEOVER_PHASES`; tested against
`movement.path`); the kernel's `course_path`, `course_reach` and `arc_hexes` (engine.game, the
`engine.ruleset.Previewing` protocol) come here through the ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.hexgrid import Hex, hex_to_offset, offset_to_hex, turn
from engine.rulesets.fasa.arcs import in_arc
from engine.rulesets.fasa.moving.movement import CHANGEOVER_PHASES, FORWARD_STEPS, STEP_TURNS

Offset = tuple[int, int]

BACK = "B"
"""The step one hex straight back, heading unchanged (Advanced: Reverse Movement)."""


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


def _placed(view: Mapping[str, Any], ship_id: str) -> Mapping[str, Any] | None:
    """The ship `ship_id` of the view, if the seat knows where it is and which way it faces."""
    for s in view.get("ships", ()):
        if s.get("id") == ship_id and s.get("col") is not None and s.get("heading") is not None:
            return dict(s)
    return None


def view_course_path(view: Mapping[str, Any], ship: str,
                     steps: str) -> tuple[tuple[Offset, int], ...]:
    """`plan_path` for a ship of the view (none for a ship the seat cannot place)."""
    s = _placed(view, ship)
    if s is None:
        return ()
    return tuple(plan_path(int(s["col"]), int(s["row"]), int(s["heading"]), steps,
                           bool(s.get("reverse"))))


def view_course_reach(view: Mapping[str, Any], ship: str, planned: str, points: int,
                      letters: str) -> frozenset[Offset]:
    """`reachable` after the `planned` steps of a course of up to `points` letters from
    `letters`, on the view's map and round the obstacles the seat knows."""
    s = _placed(view, ship)
    if s is None:
        return frozenset()
    start, heading = (int(s["col"]), int(s["row"])), int(s["heading"])
    reverse = bool(s.get("reverse"))
    trail = plan_path(*start, heading, planned, reverse)
    here, facing = trail[-1] if trail else (start, heading)
    cols, rows = int(view["map"]["cols"]), int(view["map"]["rows"])
    obstacles = frozenset((int(c), int(r)) for c, r in view.get("obstacles", ()))
    return reachable(*here, facing, max(0, points - len(trail)), cols, rows, obstacles, letters,
                     reverse, int(s.get("stationary_phases") or 0), planned)


def view_arc_hexes(view: Mapping[str, Any], ship: str, weapon: str,
                   max_range: int) -> frozenset[Offset]:
    """`arc_hexes` of that weapon of a ship of the view (its arcs from the view's weapon entry:
    only a seat that is told them), out to `max_range` hexes."""
    s = _placed(view, ship)
    if s is None:
        return frozenset()
    cols, rows = int(view["map"]["cols"]), int(view["map"]["rows"])
    for w in s.get("weapons", ()):
        if w.get("id") == weapon and w.get("arcs"):
            return arc_hexes(int(s["col"]), int(s["row"]), int(s["heading"]),
                             frozenset(w["arcs"]), max_range, cols, rows)
    return frozenset()


__all__ = ["BACK", "Hex", "arc_hexes", "plan_path", "reachable", "view_arc_hexes",
           "view_course_path", "view_course_reach"]
