"""`starbridge bench lights`: an engine event to the WLED's POST and to the sACN packet on the
wire, each beside the bare send of the same bytes, measured in the same run."""

from __future__ import annotations

import io

import pytest

from benchmarks.lights import lights_bench


@pytest.mark.slow
def test_bench_lights_times_both_outputs_beside_their_bare_sends() -> None:
    out = io.StringIO()
    figures = lights_bench(out, samples=15)
    names = [f.name for f in figures]
    assert names == ["engine event to WLED POST on the wire, p99",
                     "engine event to sACN packet on the wire, p99"]
    for f in figures:
        assert f.value is not None and f.value > 0 and f.floor is not None and f.floor > 0
        assert f.unit == "ms" and "bare send of the same bytes" in f.floor_is
    text = out.getvalue()
    assert "wled: event to WLED POST on the wire: p50" in text
    assert "dmx: event to sACN packet on the wire: p50" in text
