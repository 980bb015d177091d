"""`starbridge bench stations`, cut short: its figures are measured, each beside its floor."""

from __future__ import annotations

import io

import pytest

from benchmarks.stations import stations_bench


@pytest.mark.slow
def test_the_stations_bench_measures_taps_beside_an_echo_and_an_idle_server() -> None:
    out = io.StringIO()
    figures = stations_bench(out, samples=5, idle_s=0.3)
    by = {f.name: f for f in figures}
    p50, p99 = by["tap to 11 consoles updated, p50"], by["tap to 11 consoles updated, p99"]
    assert p50.value is not None and p99.value is not None and 0 < p50.value <= p99.value
    assert p50.floor is not None and p50.floor > 0
    # beside the echo, the same transport without the game: the tap's bytes, the same server
    bare50 = by["tap to 11 consoles updated, p50, vs transport"]
    bare99 = by["tap to 11 consoles updated, p99, vs transport"]
    assert bare50.value == p50.value and bare99.value == p99.value
    assert bare50.floor is not None and bare99.floor is not None and 0 < bare50.floor <= bare99.floor
    rss = by["server process, 12 consoles: resident"]
    assert rss.value is not None and 10 < rss.value < 500
    assert by["server process, 12 consoles: idle CPU"].value is not None
    text = out.getvalue()
    assert "bare WebSocket echo" in text and "nobody playing" in text
    assert "the same transport without the game" in text
