"""Headless pygame for the display tests: SDL's dummy video driver, set before pygame starts."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
