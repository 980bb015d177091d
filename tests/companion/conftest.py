"""The companion tests never open a window: SDL's dummy video driver for every test (the app
counts it as no screen, so `starbridge` with no command plays its headless demonstration)."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest


@pytest.fixture(autouse=True)
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[pygame.Surface]:
    """The app's screen: an 800x480 display under the dummy driver, closed after the test."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    yield pygame.display.set_mode((800, 480))
    pygame.display.quit()
