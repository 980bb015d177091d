"""Square-map geometry, beside the hex grid (`engine.hexgrid`): squares at (col, row), y down.

Facings are the eight compass points numbered clockwise from north: 0 N, 1 NE, 2 E, 3 SE,
4 S, 5 SW, 6 W, 7 NW. A step up, down or sideways is one square, a diagonal step one and a
half (*Star Trek: The Role Playing Game*, Revised Rules for Tactical Movement and Combat, seed
004 line 208, "Move one square 1 straight, 1.5 diagonal"; line 222, Range: "counting each
diagonal step as 1.5 squares. Count the target's square but not the attacker's").

`crossing(a, b)` is the straight line from the centre of one square to the centre of another
(line 222, Target Concealment: "draw a straight line from the center of the attacker's square
to the center of the target's square"), in whole numbers: the squares it passes through and
the corners it passes exactly through, each with the two squares that meet there.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

Square = tuple[int, int]
"""(col, row); row 0 is the top of the map."""

STEPS: tuple[Square, ...] = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0),
                             (-1, -1))
"""The (dcol, drow) of a step toward each facing, indexed by facing."""

FACING_NAMES: tuple[str, ...] = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")


def step(square: Square, facing: int) -> Square:
    """The square next to `square` toward `facing` (taken mod 8)."""
    dc, dr = STEPS[facing % 8]
    return square[0] + dc, square[1] + dr


def diagonal(facing: int) -> bool:
    """Whether a step toward `facing` is diagonal (NE, SE, SW, NW)."""
    return facing % 2 == 1


def facing_of(a: Square, b: Square) -> int | None:
    """The facing of a single step from `a` to the neighbouring square `b`; None otherwise."""
    delta = (b[0] - a[0], b[1] - a[1])
    return STEPS.index(delta) if delta in STEPS else None


def toward(a: Square, b: Square) -> int | None:
    """The compass point nearest the direction from `a` to `b` (None when they are one square);
    a direction exactly between two points takes the lower-numbered one."""
    dc, dr = b[0] - a[0], b[1] - a[1]
    if dc == 0 and dr == 0:
        return None
    best, best_key = 0, None
    for facing, (sc, sr) in enumerate(STEPS):
        # cosine of the angle between (dc, dr) and the step, compared without square roots
        dot = dc * sc + dr * sr
        norm = 2 if sc and sr else 1
        key = (dot * abs(dot) / norm, -facing)
        if best_key is None or key > best_key:
            best, best_key = facing, key
    return best


def range_between(a: Square, b: Square) -> float:
    """The range from `a` to `b` in squares along the shortest path, a diagonal step counting
    1.5 (line 222): same square 0, the next square across 1, diagonally 1.5."""
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dc, dr) + 0.5 * min(dc, dr)


def adjacent(a: Square, b: Square) -> bool:
    """Whether `b` is one of the eight squares round `a`."""
    return a != b and abs(a[0] - b[0]) <= 1 and abs(a[1] - b[1]) <= 1


def neighbours(square: Square) -> tuple[Square, ...]:
    return tuple(step(square, f) for f in range(8))


def behind(square: Square, facing: int) -> Square:
    """The square immediately behind a character in `square` facing `facing` (line 216, the
    Vulcan nerve pinch: "the square immediately behind the target")."""
    return step(square, facing + 4)


def front(square: Square, facing: int) -> tuple[Square, ...]:
    """The three squares in front of a character (line 204: "the front and rear squares
    surrounding a character"): ahead and the two ahead diagonals."""
    return tuple(step(square, facing + d) for d in (-1, 0, 1))


def rear(square: Square, facing: int) -> tuple[Square, ...]:
    """The three squares behind a character: straight behind and its two diagonals."""
    return tuple(step(square, facing + 4 + d) for d in (-1, 0, 1))


def from_behind(attacker: Square, target: Square, facing: int) -> bool:
    """Whether an attack from `attacker` comes from behind a target in `target` facing
    `facing`: from one of its three rear squares, or from farther away in that direction."""
    if attacker == target:
        return False
    d = toward(target, attacker)
    return d is not None and (d - facing) % 8 in (3, 4, 5)


@dataclass(frozen=True, slots=True)
class Crossing:
    """What a line from centre to centre passes: `squares` it passes through (the two ends
    left out), in order, and `corners`, the pairs of squares that meet at a corner the line
    passes exactly through (it touches neither square's inside)."""

    squares: tuple[Square, ...]
    corners: tuple[tuple[Square, Square], ...]


@functools.lru_cache(maxsize=65536)
def crossing(a: Square, b: Square) -> Crossing:
    """The squares and corners between the centres of `a` and `b`, exactly (whole numbers:
    the centres doubled are odd, the grid lines even)."""
    if a == b:
        return Crossing((), ())
    ax, ay = 2 * a[0] + 1, 2 * a[1] + 1
    bx, by = 2 * b[0] + 1, 2 * b[1] + 1
    dx, dy = bx - ax, by - ay
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)
    x, y = a
    squares: list[Square] = []
    corners: list[tuple[Square, Square]] = []
    while (x, y) != b:
        # distance to the next grid line across x and across y, along each axis (doubled)
        nx = abs(2 * (x + (1 if sx > 0 else 0)) - ax) if sx else None
        ny = abs(2 * (y + (1 if sy > 0 else 0)) - ay) if sy else None
        if nx is not None and ny is not None:
            # compare nx / |dx| with ny / |dy| without dividing
            left, right = nx * abs(dy), ny * abs(dx)
        else:
            left, right = (0, 1) if nx is not None else (1, 0)
        if left == right:
            corners.append(((x + sx, y), (x, y + sy)))
            x, y = x + sx, y + sy
        elif left < right:
            x += sx
        else:
            y += sy
        if (x, y) != b:
            squares.append((x, y))
    return Crossing(tuple(squares), tuple(corners))


@dataclass(frozen=True, slots=True)
class SquareBounds:
    """A rectangular map of `cols` x `rows` squares."""

    cols: int
    rows: int

    def contains(self, square: Square) -> bool:
        return 0 <= square[0] < self.cols and 0 <= square[1] < self.rows
