"""The suite's two speeds (tests/conftest.py): a developer's run leaves the `slow` tests out and
says so; under CI, with -m, or with tests named, they run."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def collect(*args: str, ci: bool = False) -> tuple[int, int, str]:
    """(tests collected to run, tests deselected, output) of a collection from the checkout."""
    env = {k: v for k, v in os.environ.items() if k not in ("CI", "STARBRIDGE_LONG")}
    if ci:
        env["CI"] = "1"
    r = subprocess.run([sys.executable, "-m", "pytest", "--co", "-p", "no:cacheprovider",
                        "-o", "addopts=", *args], cwd=ROOT, env=env, capture_output=True,
                       text=True, timeout=600)
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    counts = re.search(r"(\d+)(?:/(\d+))? tests collected(?: \((\d+) deselected\))?", r.stdout)
    assert counts, r.stdout[-2000:]
    selected = int(counts.group(1))
    return selected, int(counts.group(3) or 0), r.stdout


@pytest.mark.slow
def test_a_developers_run_leaves_the_slow_tests_to_ci() -> None:
    mine, left, out = collect()
    assert left > 0 and f"{left} slow tests left out" in out
    everything, none, out_ci = collect(ci=True)
    assert none == 0 and "slow tests left out" not in out_ci
    assert everything == mine + left
    only, rest, _ = collect("-m", "slow")
    assert only == left and rest == mine


@pytest.mark.slow
def test_a_test_named_runs_whole_slow_cases_and_all() -> None:
    named, left, _ = collect("tests/engine/fasa/seats/test_secrets_differential.py")
    assert left == 0 and named > 30
