"""Screen geometry of the hex map, and the layouts at each screen size (no pygame)."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from display.geometry import fit_map, heading_angle, hex_to_pixel, offset_to_pixel, window_around
from display.layout import SIZES, inside, layout, overlaps
from engine.hexgrid import Hex, hex_to_offset, offset_to_hex


def test_hex_to_pixel_matches_offset_layout() -> None:
    for col in range(6):
        for row in range(4):
            a = hex_to_pixel(offset_to_hex(col, row), 10.0)
            b = offset_to_pixel(col, row, 10.0)
            x0, y0 = hex_to_pixel(offset_to_hex(0, 0), 10.0)
            assert math.isclose(a[0] - x0, b[0]) and math.isclose(a[1] - y0, b[1])


def test_neighbours_are_one_hex_width_apart_and_heading_points_at_them() -> None:
    origin = Hex(3, 2)
    ox, oy = hex_to_pixel(origin, 1.0)
    for heading in range(6):
        x, y = hex_to_pixel(origin.neighbor(heading), 1.0)
        assert math.isclose(math.dist((ox, oy), (x, y)), math.sqrt(3))
        ang = heading_angle(heading)
        assert math.isclose(math.atan2(y - oy, x - ox) % math.tau, ang % math.tau, abs_tol=1e-9)
    assert heading_angle(0) == -math.pi / 2   # north is up


@pytest.mark.slow
@given(st.integers(1, 40), st.integers(1, 40), st.integers(200, 1500), st.integers(200, 1000))
def test_fit_map_keeps_every_hex_inside_the_area(cols: int, rows: int, w: int, h: int) -> None:
    frame = fit_map(cols, rows, (10, 20, w, h))
    for col, row in ((0, 0), (cols - 1, rows - 1), (cols - 1, 0), (0, rows - 1), (1, rows - 1)):
        if col >= cols:
            continue
        x, y = frame.center(col, row)
        assert 10 + frame.size - 1e-6 <= x <= 10 + w - frame.size + 1e-6 or frame.size == 1.0
        assert y - frame.size * math.sqrt(3) / 2 + 1e-6 >= 20 or frame.size == 1.0
        assert y + frame.size * math.sqrt(3) / 2 <= 20 + h + 1e-6 or frame.size == 1.0


@pytest.mark.slow
@given(st.integers(0, 31), st.integers(0, 23), st.floats(-0.3, 0.3), st.floats(-0.3, 0.3))
def test_a_tap_inside_a_hex_finds_that_hex(col: int, row: int, dx: float, dy: float) -> None:
    frame = fit_map(32, 24, (0, 0, 800, 600))
    x, y = frame.center(col, row)
    assert frame.hex_at(x + dx * frame.size, y + dy * frame.size) == (col, row)


def test_a_tap_off_the_map_finds_nothing() -> None:
    frame = fit_map(32, 24, (0, 0, 800, 600))
    assert frame.hex_at(-500, -500) is None


@pytest.mark.slow
@given(st.lists(st.tuples(st.integers(0, 31), st.integers(0, 23)), max_size=5))
def test_window_round_ships_holds_them_and_stays_on_the_map(points: list[tuple[int, int]]) -> None:
    c0, r0, c1, r1 = window_around(points, 32, 24, 2, 14, 10)
    assert 0 <= c0 <= c1 < 32 and 0 <= r0 <= r1 < 24
    assert c1 - c0 + 1 >= 14 and r1 - r0 + 1 >= 10
    for c, r in points:
        assert c0 <= c <= c1 and r0 <= r <= r1


def test_offset_round_trip() -> None:
    for col in range(10):
        for row in range(10):
            assert hex_to_offset(offset_to_hex(col, row)) == (col, row)


def test_layout_regions_do_not_overlap_and_fit_the_screen() -> None:
    for w, h in SIZES:
        lay = layout(w, h)
        regions = list(lay.regions().items())
        for n, (name, rect) in enumerate(regions):
            assert inside(rect, (0, 0, w, h)), (w, h, name, rect)
            assert rect[2] > 0 and rect[3] > 0
            for other, orect in regions[n + 1:]:
                assert not overlaps(rect, orect), (w, h, name, other)
        assert lay.touch >= 48
        assert lay.fonts["small"] >= 16


def test_larger_screens_are_laid_out_not_stretched() -> None:
    lays = [layout(w, h) for w, h in SIZES]
    small, big = lays[0], lays[-1]
    # Text and targets grow in proportion up to the 7" 1024x600, then more slowly than the
    # screen: a large screen shows more at once, not the same bigger.
    assert lays[1].touch == round(48 * 600 / 480)
    assert big.touch < 48 * 1080 / 480 and big.fonts["body"] < 19 * 1080 / 480
    rows = [lay.panel[3] / lay.touch for lay in lays]   # steppers a panel's height holds
    assert rows == sorted(rows) and rows[-1] > 1.5 * rows[0]
    assert big.map[2] > 2 * small.map[2] and big.panel[2] < big.width / 2


def test_too_small_a_screen_is_refused_with_a_reason() -> None:
    try:
        layout(320, 240)
    except ValueError as exc:
        assert "640x400" in str(exc)
    else:
        raise AssertionError("a 320x240 screen was accepted")
