"""A decision being entered, previewed on a map from a seat's `view` alone (the kernel's
`Previewing`): where a course takes a ship hex by hex, where it may still end this turn, and the
hexes a weapon can reach. The numbers are the view's: the ship's place, facing, speed, ADF and
MR (movement.py's rules: F one hex ahead, P and S one hexside, the count of F the new speed
within ADF of the old, the turns within MR)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.hexgrid import Hex, hex_to_offset, offset_to_hex, turn

Offset = tuple[int, int]
MAX_REACH_STATES = 50_000   # ours: a preview gives up rather than keep a screen waiting


def _ship(view: Mapping[str, Any], ship: str) -> Mapping[str, Any] | None:
    for s in view.get("ships", ()):
        if isinstance(s, Mapping) and s.get("id") == ship:
            return s
    return None


def _start(s: Mapping[str, Any]) -> tuple[Hex, int] | None:
    try:
        return offset_to_hex(int(s["col"]), int(s["row"])), int(s["heading"]) % 6
    except (KeyError, TypeError, ValueError):
        return None


def _step(here: Hex, facing: int, letter: str) -> tuple[Hex, int]:
    if letter == "F":
        return here.neighbor(facing), facing
    if letter in "PS":
        return here, turn(facing, -1 if letter == "P" else 1)
    return here, facing


def course_path(view: Mapping[str, Any], ship: str,
                steps: str) -> tuple[tuple[Offset, int], ...]:
    s = _ship(view, ship)
    start = _start(s) if s is not None else None
    if start is None:
        return ()
    here, facing = start
    out = []
    for letter in steps:
        here, facing = _step(here, facing, letter)
        out.append((hex_to_offset(here), facing))
    return tuple(out)


def course_reach(view: Mapping[str, Any], ship: str, planned: str, points: int,
                 letters: str) -> frozenset[Offset]:
    """Every hex a course that begins with `planned` may end in: its count of F within the
    ship's ADF of its speed, its turns within its MR, at most `points` more letters."""
    s = _ship(view, ship)
    start = _start(s) if s is not None else None
    if s is None or start is None:
        return frozenset()
    try:
        speed, adf, mr = int(s["speed"]), int(s["adf"]), int(s["mr"])
    except (KeyError, TypeError, ValueError):
        return frozenset()
    low, high = max(0, speed - adf), speed + adf
    here, facing = start
    for letter in planned:
        here, facing = _step(here, facing, letter)
    ahead, turns = planned.count("F"), len(planned) - planned.count("F")
    # A turn only after a hex entered, one in each (movement.course_problem): whether the
    # course may turn now. A ship stopped all turn turns in place and so ends where it is.
    may_turn = planned[-1:] == "F"
    seen: set[tuple[Hex, int, int, int, bool]] = set()
    frontier = [(here, facing, ahead, turns, may_turn)]
    ends: set[Offset] = set()
    for _ in range(max(0, points) + 1):
        grown = []
        for node in frontier:
            if node in seen or len(seen) > MAX_REACH_STATES:
                continue
            seen.add(node)
            h, f, a, t, m = node
            if low <= a <= high and t <= mr:
                ends.add(hex_to_offset(h))
            for letter in letters:
                if letter == "F" and a < high:
                    grown.append((h.neighbor(f), f, a + 1, t, True))
                elif letter in "PS" and t < mr and m:
                    grown.append((h, turn(f, -1 if letter == "P" else 1), a, t + 1, False))
        frontier = grown
    return frozenset(ends)


def arc_hexes(view: Mapping[str, Any], ship: str, weapon: str,
              max_range: int) -> frozenset[Offset]:
    """A forward-firing weapon reaches the hexes straight ahead of the bow; any other, every hex
    within its range (seed 002, line 11: FF, Forward Firing; lines 19-23: which weapons are)."""
    s = _ship(view, ship)
    start = _start(s) if s is not None else None
    w = next((w for w in (s or {}).get("weapons", ()) if isinstance(w, Mapping)
              and weapon in (w.get("id"), w.get("code"))), None)
    if start is None or w is None:
        return frozenset()
    here, facing = start
    reach = min(max_range, int(w.get("range") or 0))
    if w.get("forward"):
        hexes = []
        for _ in range(reach):
            here = here.neighbor(facing)
            hexes.append(here)
    else:
        hexes = [Hex(here.q + dq, here.r + dr) for dq in range(-reach, reach + 1)
                 for dr in range(max(-reach, -dq - reach), min(reach, -dq + reach) + 1)
                 if dq or dr]
    cols, rows = _size(view)
    return frozenset(o for o in map(hex_to_offset, hexes)
                     if 0 <= o[0] < cols and 0 <= o[1] < rows)


def _size(view: Mapping[str, Any]) -> tuple[int, int]:
    mp = view.get("map")
    try:
        return int(mp["cols"]), int(mp["rows"])   # type: ignore[index]
    except (KeyError, TypeError, ValueError):
        return 0, 0
