"""Hex-map geometry: flat-topped hexes in axial coordinates (q, r).

Headings are hexsides numbered clockwise from north: 0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW.
Screen layout (y grows downward): x = 1.5*q, y = sqrt(3)*(r + q/2). The third cube
coordinate is s = -q - r.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

DIRECTIONS: tuple[tuple[int, int], ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
"""Axial step for each heading, indexed by heading."""

HEADING_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")

_DIRECTION_OF_ORDER: dict[tuple[int, ...], int] = {
    (1, 0, 2): 0,  # r < q < s: N
    (1, 2, 0): 1,  # r < s < q: NE
    (2, 1, 0): 2,  # s < r < q: SE
    (2, 0, 1): 3,  # s < q < r: S
    (0, 2, 1): 4,  # q < s < r: SW
    (0, 1, 2): 5,  # q < r < s: NW
}
"""Compass sector of a cube delta, keyed by its component indices (q=0, r=1, s=2) ascending.

Each strict ordering of (q, r, s) is exactly one 60-degree sector centred on a hexside
direction; sector boundaries (rays through hex vertices) are where two components are equal.
"""

_NUDGE: tuple[float, float, float] = (1e-6, 2e-6, -3e-6)
"""Endpoint nudge for line drawing; parallel to no hexside or vertex direction."""


@dataclass(frozen=True, slots=True, order=True)
class Hex:
    """One hex in axial coordinates."""

    q: int
    r: int

    @property
    def s(self) -> int:
        """Third cube coordinate, -q - r."""
        return -self.q - self.r

    def __add__(self, other: Hex) -> Hex:
        return Hex(self.q + other.q, self.r + other.r)

    def neighbor(self, heading: int) -> Hex:
        """The adjacent hex across hexside `heading` (taken mod 6)."""
        dq, dr = DIRECTIONS[heading % 6]
        return Hex(self.q + dq, self.r + dr)

    def distance(self, other: Hex) -> int:
        """Hex distance: the number of hex steps from this hex to `other`."""
        dq = self.q - other.q
        dr = self.r - other.r
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def turn(heading: int, hexsides: int) -> int:
    """Heading after turning `hexsides` hexsides; +1 is starboard (clockwise), -1 port."""
    return (heading + hexsides) % 6


def distance(a: Hex, b: Hex) -> int:
    """Hex distance between `a` and `b`."""
    return a.distance(b)


@functools.lru_cache(maxsize=4096)
def _compass_sectors(dq: int, dr: int) -> frozenset[int]:
    """Compass sector(s) 0-5 of a non-zero axial delta; two when it lies on a vertex ray."""
    comps = (dq, dr, -dq - dr)
    low_first = tuple(sorted(range(3), key=lambda i: (comps[i], i)))
    high_first = tuple(sorted(range(3), key=lambda i: (comps[i], -i)))
    return frozenset({_DIRECTION_OF_ORDER[low_first], _DIRECTION_OF_ORDER[high_first]})


def sextants(origin: Hex, heading: int, target: Hex) -> tuple[int, ...]:
    """Relative sextant(s) of `target` seen from `origin` facing `heading`.

    0 is dead ahead, then clockwise: 1 ahead-starboard, 2 aft-starboard, 3 aft, 4 aft-port,
    5 ahead-port. Two sextants (ascending) when the target's centre lies on the boundary ray
    between them, which is exactly when two of the delta's cube components are equal.
    `()` when the target is the origin hex.
    """
    return _relative_sextants(target.q - origin.q, target.r - origin.r, heading)


@functools.lru_cache(maxsize=16384)
def _relative_sextants(dq: int, dr: int, heading: int) -> tuple[int, ...]:
    """Memoised on the delta: the geometry is the same everywhere on the map."""
    if dq == 0 and dr == 0:
        return ()
    sectors = _compass_sectors(dq, dr)
    return tuple(sorted((d - heading) % 6 for d in sectors))


def cube_round(q: float, r: float, s: float) -> Hex:
    """Nearest hex to fractional cube coordinates (also a tap on the screen to its hex)."""
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return Hex(int(rq), int(rr))


def _nudged_line(a: Hex, b: Hex, sign: float) -> tuple[Hex, ...]:
    """Hexes from `a` to `b` by cube interpolation with both endpoints shifted by sign*_NUDGE."""
    n = a.distance(b)
    nq, nr, ns = (sign * e for e in _NUDGE)
    aq, ar, as_ = a.q + nq, a.r + nr, a.s + ns
    bq, br, bs = b.q + nq, b.r + nr, b.s + ns
    hexes = [a]
    for i in range(1, n):
        t = i / n
        hexes.append(cube_round(aq + (bq - aq) * t, ar + (br - ar) * t, as_ + (bs - as_) * t))
    hexes.append(b)
    return tuple(hexes)


def line(a: Hex, b: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The hex line(s) from `a` to `b` inclusive.

    Two candidates when nudging the line either way picks different hexes (it runs along
    hex edges or through an edge point), otherwise one.
    """
    if a == b:
        return ((a,),)
    plus = _nudged_line(a, b, 1.0)
    minus = _nudged_line(a, b, -1.0)
    return (plus,) if plus == minus else (plus, minus)


@functools.lru_cache(maxsize=65536)
def line_of_fire_clear(a: Hex, b: Hex, obstacles: frozenset[Hex]) -> bool:
    """Whether fire from `a` to `b` is unobstructed.

    Book Two, Advanced: Planets, Suns, And Other Obstacles — ships may not fire through these
    counters. Blocked only if every candidate line passes through an obstacle hex strictly
    between `a` and `b`; the endpoints never block.
    """
    if not obstacles:
        return True
    return any(obstacles.isdisjoint(candidate[1:-1]) for candidate in line(a, b))


def offset_to_hex(col: int, row: int) -> Hex:
    """Axial hex of an "odd-q" offset position (odd columns shoved down half a hex)."""
    return Hex(col, row - (col - (col & 1)) // 2)


def hex_to_offset(h: Hex) -> tuple[int, int]:
    """Offset (col, row) of a hex in the "odd-q" layout; inverse of offset_to_hex."""
    return h.q, h.r + (h.q - (h.q & 1)) // 2


@dataclass(frozen=True, slots=True)
class MapBounds:
    """A rectangular map of `cols` x `rows` hexes in "odd-q" offset layout."""

    cols: int
    rows: int

    def contains(self, h: Hex) -> bool:
        """Whether `h` is on the map: 0 <= col < cols and 0 <= row < rows."""
        col, row = hex_to_offset(h)
        return 0 <= col < self.cols and 0 <= row < self.rows
