"""The basic replay beside commit d9805f9's engine, in the same run (benchmarks/engine_baseline.py):
that engine is read from the checkout's history and replays the same game in a process of its
own; without the commit the figure says why instead of failing the bench."""

from __future__ import annotations

import pytest

from benchmarks import engine as bench
from benchmarks import engine_baseline


@pytest.mark.slow
def test_d9805f9s_engine_replays_todays_basic_game() -> None:
    scenario = bench.level_scenario("basic")
    _, actions, _ = bench._record(scenario, 1)
    rate, why = engine_baseline.baseline_replay(scenario, [a.to_json() for a in actions], 0.05)
    assert why == "" and rate is not None and rate > 100


def test_without_the_commit_the_figure_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(engine_baseline, "BASELINE", "0000000000000000000000000000000000000000")
    rate, why = engine_baseline.baseline_replay({}, [], 0.05)
    assert rate is None
    assert "is not in this checkout's history" in why or "git could not read" in why
