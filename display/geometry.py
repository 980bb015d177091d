"""Screen geometry of the hex map: flat-topped hexes, "odd-q" offset coordinates, y down.

The engine keeps the rules' geometry (axial hexes, arcs, lines of fire); where a hex is drawn
is the display's business, so `hex_to_pixel` lives here. Pure: no pygame.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.hexgrid import Hex, cube_round, hex_to_offset, offset_to_hex

SQRT3 = math.sqrt(3)

Rect = tuple[int, int, int, int]
"""(x, y, width, height), as pygame.Rect takes it."""

Point = tuple[float, float]


def hex_to_pixel(h: Hex, size: float) -> Point:
    """Centre (x, y) of `h` relative to the centre of Hex(0, 0); `size` = centre-to-corner."""
    return size * 1.5 * h.q, size * SQRT3 * (h.r + h.q / 2)


def offset_to_pixel(col: int, row: int, size: float) -> Point:
    """Centre of the hex at offset (col, row) relative to the centre of (0, 0)."""
    return size * 1.5 * col, size * SQRT3 * (row + 0.5 * (col & 1))


def heading_angle(heading: int) -> float:
    """Screen angle in radians (0 = +x, clockwise since y grows down) of hexside `heading`.

    Flat-topped hexes: 0 N points straight up, each hexside 60 degrees clockwise of the last.
    """
    return math.radians(-90 + 60 * (heading % 6))


_UNIT_CORNERS: tuple[Point, ...] = tuple(
    (math.cos(math.radians(60 * i)), math.sin(math.radians(60 * i))) for i in range(6))


def corners(center: Point, size: float) -> list[Point]:
    """The six corners of a flat-topped hex, clockwise from the east corner."""
    cx, cy = center
    return [(cx + size * ux, cy + size * uy) for ux, uy in _UNIT_CORNERS]


@dataclass(frozen=True, slots=True)
class MapFrame:
    """Where a `cols` x `rows` map sits on screen: hex size, the centre of hex (0, 0) and the
    window of columns and rows shown."""

    cols: int
    rows: int
    size: float
    origin: Point
    window: tuple[int, int, int, int]

    def center(self, col: int, row: int) -> Point:
        x, y = offset_to_pixel(col, row, self.size)
        return self.origin[0] + x, self.origin[1] + y

    def hex_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (col, row) under screen point (x, y), or None when off the map."""
        px, py = (x - self.origin[0]) / self.size, (y - self.origin[1]) / self.size
        q = px * 2 / 3
        r = py / SQRT3 - q / 2
        col, row = hex_to_offset(cube_round(q, r, -q - r))
        c0, r0, c1, r1 = self.window
        if c0 <= col <= c1 and r0 <= row <= r1:
            return col, row
        return None


Window = tuple[int, int, int, int]
"""Columns and rows shown: (first col, first row, last col, last row), inclusive."""


def fit_map(cols: int, rows: int, area: Rect, window: Window | None = None) -> MapFrame:
    """The largest hex size that shows `window` (default: the whole map) inside `area`,
    centred in it."""
    x, y, w, h = area
    cols, rows = max(cols, 1), max(rows, 1)
    c0, r0, c1, r1 = window if window is not None else (0, 0, cols - 1, rows - 1)
    # Unit-size extent of the window's hex centres, then one hex of margin round them.
    xs = [offset_to_pixel(c, 0, 1.0)[0] for c in (c0, c1)]
    has_odd = any(c & 1 for c in range(c0, c1 + 1))
    has_even = any(not c & 1 for c in range(c0, c1 + 1))
    top = SQRT3 * (r0 + (0.0 if has_even else 0.5))
    bottom = SQRT3 * (r1 + (0.5 if has_odd else 0.0))
    width_units = xs[1] - xs[0] + 2
    height_units = bottom - top + SQRT3
    size = max(1.0, min(w / width_units, h / height_units))
    used_w, used_h = size * width_units, size * height_units
    ox = x + (w - used_w) / 2 + size - size * xs[0]
    oy = y + (h - used_h) / 2 + size * SQRT3 / 2 - size * top
    return MapFrame(cols, rows, size, (ox, oy), (c0, r0, c1, r1))


def window_around(points: list[tuple[int, int]], cols: int, rows: int, margin: int,
                  min_cols: int, min_rows: int) -> Window:
    """The smallest window on the map holding `points` with `margin` hexes round them, at least
    `min_cols` x `min_rows` (less only when the map itself is smaller)."""
    if not points:
        return 0, 0, cols - 1, rows - 1
    c0 = min(p[0] for p in points) - margin
    c1 = max(p[0] for p in points) + margin
    r0 = min(p[1] for p in points) - margin
    r1 = max(p[1] for p in points) + margin
    c0, c1 = _widen(c0, c1, min(min_cols, cols), cols)
    r0, r1 = _widen(r0, r1, min(min_rows, rows), rows)
    return c0, r0, c1, r1


def _widen(lo: int, hi: int, least: int, limit: int) -> tuple[int, int]:
    while hi - lo + 1 < least:
        lo, hi = lo - 1, hi + 1
    if hi - lo + 1 > limit:
        return 0, limit - 1
    if lo < 0:
        lo, hi = 0, hi - lo
    if hi > limit - 1:
        lo, hi = lo - (hi - limit + 1), limit - 1
    return max(lo, 0), min(hi, limit - 1)


def offset_hex(col: int, row: int) -> Hex:
    """The engine's axial hex for an offset position (re-exported for view-models)."""
    return offset_to_hex(col, row)
