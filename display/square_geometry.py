"""Screen geometry of a square map (the kernel's `engine.squaregrid`): square (col, row) with row
0 at the top; a facing 0-7 is north, then clockwise by eighths. Pure: no pygame."""

from __future__ import annotations

import math
from dataclasses import dataclass

from display.geometry import MapFrame, Rect, Window


def facing_angle(facing: int) -> float:
    """Screen angle in radians (0 = +x, clockwise since y grows down) of compass point
    `facing` (0 N, 2 E, 4 S, 6 W)."""
    return math.radians(-90 + 45 * (facing % 8))


@dataclass(frozen=True, slots=True)
class SquareFrame(MapFrame):
    """Where a square map sits on screen: `size` the side of a square, `origin` the centre of
    square (0, 0), `window` the columns and rows shown."""

    def center(self, col: int, row: int) -> tuple[float, float]:
        return self.origin[0] + col * self.size, self.origin[1] + row * self.size

    def hex_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The square under screen point (x, y), or None when off the map shown."""
        col = math.floor((x - self.origin[0]) / self.size + 0.5)
        row = math.floor((y - self.origin[1]) / self.size + 0.5)
        c0, r0, c1, r1 = self.window
        return (col, row) if c0 <= col <= c1 and r0 <= row <= r1 else None

    def rect(self, col: int, row: int) -> Rect:
        """The square's (x, y, width, height) on screen."""
        cx, cy = self.center(col, row)
        half = self.size / 2
        return round(cx - half), round(cy - half), round(self.size), round(self.size)


def fit_squares(cols: int, rows: int, area: Rect, window: Window | None = None) -> SquareFrame:
    """The largest squares that show `window` (default: the whole map) inside `area`, centred."""
    x, y, w, h = area
    c0, r0, c1, r1 = window if window is not None else (0, 0, max(cols, 1) - 1,
                                                         max(rows, 1) - 1)
    across, down = c1 - c0 + 1, r1 - r0 + 1
    size = max(1.0, min(w / across, h / down))
    ox = x + (w - size * across) / 2 + size / 2 - c0 * size
    oy = y + (h - size * down) / 2 + size / 2 - r0 * size
    return SquareFrame(cols, rows, size, (ox, oy), (c0, r0, c1, r1))
