"""The companion tests never open a window: SDL's dummy video driver for every test (the app
counts it as no screen, so `starbridge` with no command plays its headless demonstration)."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
