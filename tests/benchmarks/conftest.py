"""The benchmarks' tests (benchmarks/, in the checkout beside the packages) never open a window:
SDL's dummy drivers for every test."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
