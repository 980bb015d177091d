"""Headless pygame for the display tests: SDL's dummy video driver, set before pygame starts,
and the 7" screen a test draws on (`screen`)."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# pygame after the driver is chosen
from collections.abc import Iterator

import pygame
import pytest


@pytest.fixture()
def screen() -> Iterator[pygame.Surface]:
    """The bridge display's 800x480 screen, made for one test and closed after it."""
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((800, 480))
    pygame.event.clear()
    yield surface
    pygame.display.quit()
