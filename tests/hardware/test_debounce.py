"""The debouncer on its own: chatter is one press, holds are one long press, nothing repeats."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hardware.debounce import LONG, PRESS, RELEASE, Debouncer


def kinds(presses: list) -> list[str]:  # type: ignore[type-arg]
    return [p.kind for p in presses]


def test_chatter_on_press_and_release_makes_one_press_and_one_release() -> None:
    d = Debouncer("helm", "up", bounce=0.02, hold=0.8)
    out = []
    for i, level in enumerate([True, False, True, False, True]):
        out += d.edge(level, 1.0 + i * 0.001)
    for i, level in enumerate([False, True, False, True, False]):
        out += d.edge(level, 1.3 + i * 0.001)
    out += d.poll(2.0)
    assert kinds(out) == [PRESS, RELEASE]


def test_a_hold_is_one_long_press_and_never_repeats() -> None:
    d = Debouncer("helm", "confirm", bounce=0.02, hold=0.8)
    out = d.edge(True, 0.0)
    out += d.poll(0.5)
    out += d.poll(0.81)
    out += d.poll(5.0)
    out += d.edge(False, 6.0)
    assert kinds(out) == [PRESS, LONG, RELEASE]


def test_a_long_press_seen_only_at_release_is_still_reported() -> None:
    d = Debouncer("helm", "confirm", bounce=0.02, hold=0.8)
    assert kinds(d.edge(True, 0.0) + d.edge(False, 1.0)) == [PRESS, LONG, RELEASE]


def test_a_release_lost_in_chatter_is_found_when_the_window_ends() -> None:
    d = Debouncer("p", "b", bounce=0.02, hold=0.8)
    out = d.edge(True, 0.0) + d.edge(False, 0.005)  # a 5 ms tap: the release is inside the window
    assert kinds(out) == [PRESS]
    assert kinds(d.poll(0.03)) == [RELEASE]
    assert not d.pressed


@pytest.mark.slow
@given(st.lists(st.tuples(st.booleans(), st.floats(0, 0.05)), max_size=60))
def test_presses_and_releases_alternate_and_are_spaced(edges: list[tuple[bool, float]]) -> None:
    d = Debouncer("p", "b", bounce=0.02, hold=0.8)
    t, out = 0.0, []
    for level, gap in edges:
        t += gap
        out += d.edge(level, t)
    out += d.poll(t + 1.0)
    ups = [p for p in out if p.kind in (PRESS, RELEASE)]
    for a, b in itertools.pairwise(ups):
        assert a.kind != b.kind
        assert b.t - a.t >= 0.02
    assert len([p for p in out if p.kind == LONG]) <= len([p for p in ups if p.kind == PRESS])
