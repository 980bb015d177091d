"""The house's checks, enforced by the suite (so by CI, which runs it): `ruff check` over the
whole checkout and `mypy --strict` over the packages pyproject.toml names; the import contracts
are tests/test_import_contracts.py's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing() -> None:
    done = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "."], cwd=ROOT,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]


def test_mypy_strict_finds_nothing() -> None:
    done = subprocess.run([sys.executable, "-m", "mypy", "--strict"], cwd=ROOT,
                          capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    assert "Success: no issues found" in done.stdout
