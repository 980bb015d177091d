"""`./run` and `./test` on a fresh clone say in a line what they install and roughly how long it
takes, then install; the second time they install nothing and start at once; a changed
pyproject.toml installs again. The environment's python is a stand-in that writes down how it
was called (the real install is what every other test runs in)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
STAND_IN = """#!/usr/bin/env bash
echo "$(basename "$0") $*" >> "$(dirname "$0")/../../calls"
"""


@pytest.fixture
def clone(tmp_path: Path) -> Path:
    for name in ("run", "test", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    bin_dir = tmp_path / ".venv" / "bin"
    bin_dir.mkdir(parents=True)
    for name in ("python", "starbridge"):
        (bin_dir / name).write_text(STAND_IN)
        (bin_dir / name).chmod(0o755)
    return tmp_path


def go(clone: Path, script: str, *args: str) -> tuple[str, list[str]]:
    calls = clone / "calls"
    calls.unlink(missing_ok=True)
    done = subprocess.run([f"./{script}", *args], cwd=clone, capture_output=True, text=True,
                          timeout=60, env={k: v for k, v in os.environ.items()
                                           if k != "VIRTUAL_ENV"})
    assert done.returncode == 0, done.stderr
    return done.stderr, calls.read_text().splitlines() if calls.exists() else []


def test_run_says_what_it_installs_once_then_starts_at_once(clone: Path) -> None:
    said, calls = go(clone, "run", "--help")
    assert said.startswith("./run: installing starbridge and what it needs")
    assert "about a minute the first time" in said and said.count("\n") == 1
    assert calls == ["python -m pip install --quiet --disable-pip-version-check -e .",
                     "starbridge --help"]
    said, calls = go(clone, "run", "--help")
    assert said == "" and calls == ["starbridge --help"]
    with (clone / "pyproject.toml").open("a") as fh:
        fh.write("\n# a new dependency\n")
    said, calls = go(clone, "run")
    assert said.startswith("./run: installing") and calls[0].startswith("python -m pip")


def test_test_installs_the_dev_tools_once_even_after_run(clone: Path) -> None:
    go(clone, "run")
    said, calls = go(clone, "test", "-q")
    assert said.startswith("./test: installing starbridge with its test tools")
    assert calls == ["python -m pip install --quiet --disable-pip-version-check -e .[dev]",
                     "python -m pytest -q"]
    said, calls = go(clone, "test", "-q")
    assert said == "" and calls == ["python -m pytest -q"]
    said, calls = go(clone, "run")   # the dev install holds what ./run needs
    assert said == "" and [c.strip() for c in calls] == ["starbridge"]
