"""`starbridge bench window`: the real play process in a window, beside bare pygame windows."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest

from benchmarks import suite
from benchmarks.window import Usage, figures, window_bench
from companion.commands import bench as bench_cmd


def test_without_xvfb_the_rows_are_empty_and_say_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    out = io.StringIO()
    rows = window_bench(out)
    assert "skipped: no Xvfb here" in out.getvalue()
    assert "apt install xvfb" in out.getvalue()
    assert rows and all(f.value is None for f in rows)
    assert "skipped" in rows[0].name


def test_the_figures_stand_beside_the_bare_window() -> None:
    usage = {"app": Usage(0.1, 46_000, 47_000), "floor": Usage(1.8, 27_000, 27_500),
             "least": Usage(0.05, 27_000, 27_500)}
    idle, least, peak, rss = figures(usage)
    assert (idle.value, idle.floor, idle.budget) == (0.1, 1.8, 2.0)
    assert idle.within() is True
    assert least.value == 0.05
    assert peak.value == pytest.approx(47_000 * 1024 / 1e6)
    assert peak.floor == pytest.approx(27_500 * 1024 / 1e6)
    assert peak.budget == 150.0 and peak.within() is True
    assert rss.value == pytest.approx(46_000 * 1024 / 1e6)


def test_it_is_one_of_the_benchmarks() -> None:
    assert "window" in suite.BENCHES and "window" in bench_cmd.WHAT


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("Xvfb") is None, reason="no Xvfb (apt install xvfb)")
def test_the_real_play_process_is_measured_in_a_window(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path))
    out = io.StringIO()
    idle, least, peak, rss = window_bench(out, idle_s=0.5)
    assert "starbridge play, untouched" in out.getvalue()
    for f in (idle, least, peak, rss):
        assert f.value is not None and f.value >= 0
    assert peak.value is not None and peak.floor is not None and peak.value > peak.floor
    assert [p.name for p in tmp_path.iterdir()] == []   # nothing left behind
