"""Tests for engine.hexgrid."""

from __future__ import annotations

import itertools
import math

import pytest

from engine.hexgrid import (
    DIRECTIONS,
    HEADING_NAMES,
    Hex,
    MapBounds,
    distance,
    hex_to_offset,
    line,
    line_of_fire_clear,
    offset_to_hex,
    sextants,
    turn,
)
from engine.rulesets.fasa.arcs import ARC_NAMES, SHIELD_OF_SEXTANT, in_arc, shields_facing


def hex_to_pixel(h: Hex, size: float) -> tuple[float, float]:
    """The screen layout the module's docstring states: x = 1.5*q, y = sqrt(3)*(r + q/2)."""
    return size * 1.5 * h.q, size * math.sqrt(3) * (h.r + h.q / 2)

ORIGIN = Hex(0, 0)


def ring(center: Hex, radius: int) -> list[Hex]:
    return [
        Hex(center.q + dq, center.r + dr)
        for dq in range(-radius, radius + 1)
        for dr in range(-radius, radius + 1)
        if distance(center, Hex(center.q + dq, center.r + dr)) == radius
    ]


def test_constants() -> None:
    assert HEADING_NAMES == ("N", "NE", "SE", "S", "SW", "NW")
    assert ARC_NAMES == ("f", "fs", "as", "a", "ap", "fp")
    assert SHIELD_OF_SEXTANT == (2, 3, 4, 5, 6, 1)


def test_distances() -> None:
    assert distance(ORIGIN, ORIGIN) == 0
    assert distance(ORIGIN, Hex(0, -1)) == 1
    assert distance(ORIGIN, Hex(2, -1)) == 2
    assert distance(ORIGIN, Hex(3, 3)) == 6
    assert distance(ORIGIN, Hex(3, -3)) == 3
    assert distance(Hex(-20, 7), Hex(25, -30)) == 45
    assert distance(Hex(10, 10), Hex(-10, -10)) == 40
    assert Hex(4, -9).distance(Hex(-3, 2)) == 11


def test_turn_wraps() -> None:
    assert turn(0, 1) == 1
    assert turn(5, 1) == 0
    assert turn(0, -1) == 5
    assert turn(2, -3) == 5
    assert turn(3, 6) == 3
    assert turn(1, -13) == 0


def test_neighbors_round_trip_and_layout() -> None:
    for start in (ORIGIN, Hex(5, -3), Hex(-7, 11)):
        for h in range(6):
            n = start.neighbor(h)
            assert distance(start, n) == 1
            assert n.neighbor(turn(h, 3)) == start
            assert start + Hex(*DIRECTIONS[h]) == n
    # Compass bearing of heading h is 60*h degrees on screen (y down).
    for h in range(6):
        x, y = hex_to_pixel(ORIGIN.neighbor(h), 1.0)
        assert math.degrees(math.atan2(x, -y)) % 360 == pytest.approx(60 * h)


def test_sextants_of_direct_neighbours_at_every_heading() -> None:
    for heading in range(6):
        for d in range(6):
            assert sextants(ORIGIN, heading, ORIGIN.neighbor(d)) == ((d - heading) % 6,)
            assert sextants(Hex(3, -8), heading, Hex(3, -8).neighbor(d)) == ((d - heading) % 6,)


def test_sextants_same_hex_is_empty() -> None:
    assert sextants(Hex(2, 2), 4, Hex(2, 2)) == ()


def test_sextants_on_vertex_lines() -> None:
    # Two steps along a vertex ray: N then NE lies at compass 30 degrees.
    assert sextants(ORIGIN, 0, Hex(1, -2)) == (0, 1)
    assert sextants(ORIGIN, 1, Hex(1, -2)) == (0, 5)
    # Due east (compass 90) and due west (compass 270).
    assert sextants(ORIGIN, 0, Hex(2, -1)) == (1, 2)
    assert sextants(ORIGIN, 0, Hex(-2, 1)) == (4, 5)
    assert sextants(ORIGIN, 0, Hex(-4, 2)) == (4, 5)
    # Compass 150 and 210, far away.
    assert sextants(ORIGIN, 0, Hex(5, 5)) == (2, 3)
    assert sextants(ORIGIN, 0, Hex(-5, 10)) == (3, 4)
    # Just off the line is a single sextant.
    assert sextants(ORIGIN, 0, Hex(1, -3)) == (0,)
    assert sextants(ORIGIN, 0, Hex(2, -3)) == (1,)
    assert sextants(ORIGIN, 0, Hex(3, -3)) == (1,)


@pytest.mark.parametrize("radius", range(1, 9))
def test_boundary_count_over_ring(radius: int) -> None:
    hexes = ring(Hex(1, 1), radius)
    assert len(hexes) == 6 * radius
    doubles = [h for h in hexes if len(sextants(Hex(1, 1), 2, h)) == 2]
    assert len(doubles) == (6 if radius % 2 == 0 else 0)
    counts = [0] * 6
    for h in hexes:
        for s in sextants(Hex(1, 1), 2, h):
            counts[s] += 1
    assert len(set(counts)) == 1


@pytest.mark.parametrize("heading", range(6))
def test_shields_facing(heading: int) -> None:
    ship = Hex(4, -2)
    ahead = ship.neighbor(heading).neighbor(heading)
    astern = ship.neighbor(turn(heading, 3))
    assert shields_facing(ship, heading, ahead) == (2,)
    assert shields_facing(ship, heading, astern) == (5,)
    assert shields_facing(ship, heading, ship.neighbor(turn(heading, 1))) == (3,)
    assert shields_facing(ship, heading, ship.neighbor(turn(heading, 2))) == (4,)
    assert shields_facing(ship, heading, ship.neighbor(turn(heading, -2))) == (6,)
    assert shields_facing(ship, heading, ship.neighbor(turn(heading, -1))) == (1,)
    # Boundary between fore (2) and fore-starboard (3): ahead, then one step starboard.
    fore_starboard_line = ship.neighbor(heading).neighbor(turn(heading, 1))
    assert shields_facing(ship, heading, fore_starboard_line) == (2, 3)
    fore_port_line = ship.neighbor(heading).neighbor(turn(heading, -1))
    assert shields_facing(ship, heading, fore_port_line) == (1, 2)
    aft_port_line = ship.neighbor(turn(heading, -2)).neighbor(turn(heading, -1))
    assert shields_facing(ship, heading, aft_port_line) == (1, 6)


def test_shields_facing_same_hex_is_all() -> None:
    assert shields_facing(ORIGIN, 3, ORIGIN) == (1, 2, 3, 4, 5, 6)


def test_in_arc() -> None:
    fore = frozenset({"f"})
    assert in_arc(ORIGIN, 0, fore, Hex(0, -5))
    assert not in_arc(ORIGIN, 0, fore, Hex(0, 5))
    assert in_arc(ORIGIN, 3, fore, Hex(0, 5))
    assert in_arc(ORIGIN, 2, frozenset({"fp"}), Hex(1, -1))
    # Boundary at compass 30 with heading N: between "f" and "fs".
    assert in_arc(ORIGIN, 0, fore, Hex(1, -2))
    assert in_arc(ORIGIN, 0, frozenset({"fs"}), Hex(1, -2))
    assert not in_arc(ORIGIN, 0, frozenset({"fp", "a"}), Hex(1, -2))
    assert in_arc(ORIGIN, 0, frozenset(), ORIGIN)
    assert not in_arc(ORIGIN, 0, frozenset(), Hex(1, 0))


def test_line_straight_and_trivial() -> None:
    assert line(ORIGIN, ORIGIN) == ((ORIGIN,),)
    assert line(ORIGIN, Hex(3, 0)) == ((ORIGIN, Hex(1, 0), Hex(2, 0), Hex(3, 0)),)


def test_line_along_edges_gives_two_candidates() -> None:
    cands = line(ORIGIN, Hex(2, -1))
    assert len(cands) == 2
    assert {c[1] for c in cands} == {Hex(1, 0), Hex(1, -1)}
    assert len(line(ORIGIN, Hex(4, 4))) == 2
    # Off a vertex ray, but the midpoint sample sits exactly on an edge midpoint.
    assert {c[3] for c in line(ORIGIN, Hex(6, -1))} == {Hex(3, 0), Hex(3, -1)}


def test_line_of_fire_blocked_in_middle() -> None:
    assert not line_of_fire_clear(ORIGIN, Hex(4, 0), frozenset({Hex(2, 0)}))
    assert line_of_fire_clear(ORIGIN, Hex(4, 0), frozenset({Hex(2, 1)}))


def test_line_of_fire_endpoints_never_block() -> None:
    assert line_of_fire_clear(ORIGIN, Hex(4, 0), frozenset({ORIGIN, Hex(4, 0)}))
    assert line_of_fire_clear(ORIGIN, Hex(1, 0), frozenset({ORIGIN, Hex(1, 0)}))


def test_line_of_fire_edge_running_needs_both_candidates_blocked() -> None:
    target = Hex(2, -1)
    assert line_of_fire_clear(ORIGIN, target, frozenset({Hex(1, 0)}))
    assert line_of_fire_clear(ORIGIN, target, frozenset({Hex(1, -1)}))
    assert not line_of_fire_clear(ORIGIN, target, frozenset({Hex(1, 0), Hex(1, -1)}))


def test_offset_round_trip_over_map() -> None:
    seen = set()
    for col in range(30):
        for row in range(20):
            h = offset_to_hex(col, row)
            assert hex_to_offset(h) == (col, row)
            seen.add(h)
    assert len(seen) == 600
    # Odd columns are shoved down: (1, 0) is SE of (0, 0), (2, 0) is two columns east.
    assert offset_to_hex(1, 0) == offset_to_hex(0, 0).neighbor(2)
    assert offset_to_hex(1, 0) == offset_to_hex(2, 0).neighbor(4)


def test_map_bounds_edges() -> None:
    bounds = MapBounds(30, 20)
    assert bounds.contains(offset_to_hex(0, 0))
    assert bounds.contains(offset_to_hex(29, 19))
    assert bounds.contains(offset_to_hex(29, 0))
    assert bounds.contains(offset_to_hex(0, 19))
    assert not bounds.contains(offset_to_hex(30, 0))
    assert not bounds.contains(offset_to_hex(0, 20))
    assert not bounds.contains(offset_to_hex(-1, 5))
    assert not bounds.contains(offset_to_hex(5, -1))
    assert not bounds.contains(offset_to_hex(29, 19).neighbor(3))


try:
    from hypothesis import given
    from hypothesis import strategies as st
except ImportError:  # pragma: no cover
    pass
else:
    coords = st.integers(min_value=-60, max_value=60)
    hexes = st.builds(Hex, coords, coords)
    headings = st.integers(min_value=0, max_value=5)

    @pytest.mark.slow
    @given(hexes, hexes, hexes)
    def test_distance_metric(a: Hex, b: Hex, c: Hex) -> None:
        assert distance(a, b) == distance(b, a)
        assert distance(a, c) <= distance(a, b) + distance(b, c)
        assert (distance(a, b) == 0) == (a == b)

    @pytest.mark.slow
    @given(hexes, headings, hexes)
    def test_sextants_rotate_with_heading(origin: Hex, heading: int, target: Hex) -> None:
        base = sextants(origin, heading, target)
        turned = sextants(origin, turn(heading, 1), target)
        assert turned == tuple(sorted((s - 1) % 6 for s in base))

    @pytest.mark.slow
    @given(hexes, hexes)
    def test_sextants_match_screen_angle(origin: Hex, target: Hex) -> None:
        found = sextants(origin, 0, target)
        if target == origin:
            assert found == ()
            return
        ox, oy = hex_to_pixel(origin, 1.0)
        tx, ty = hex_to_pixel(target, 1.0)
        bearing = math.degrees(math.atan2(tx - ox, oy - ty)) % 360
        if len(found) == 2:
            lo, hi = found
            assert (hi - lo) % 6 in (1, 5)
            edge = 30 + 60 * (lo if hi - lo == 1 else hi)
            assert abs((bearing - edge + 180) % 360 - 180) < 1e-6
        else:
            assert found == (round(bearing / 60) % 6,)
            assert abs(bearing % 60 - 30) > 1e-3

    @pytest.mark.slow
    @given(hexes, hexes)
    def test_lines_are_connected(a: Hex, b: Hex) -> None:
        cands = line(a, b)
        assert 1 <= len(cands) <= 2
        for cand in cands:
            assert cand[0] == a
            assert cand[-1] == b
            assert len(cand) == distance(a, b) + 1
            assert all(distance(x, y) == 1 for x, y in itertools.pairwise(cand))
