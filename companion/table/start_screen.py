"""Whether a screen can be opened, and the screen's first frame: the table app opens it and says
it is starting before the rules, the saves and the panels load (they take most of a start), so a
screen that lights up at power-on shows the bridge coming, not a console prompt."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from companion.settings.config import Config


def screen_available() -> str | None:
    """None when a screen can be opened, else why not (for the line that says so)."""
    if os.environ.get("SDL_VIDEODRIVER") in ("dummy", "offscreen"):
        return "SDL's video driver is 'dummy' (nobody would see the screen)"
    if sys.platform in ("win32", "darwin"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    if any(Path("/dev/dri").glob("card*")) or Path("/dev/fb0").exists():
        return None
    return "no display found (no DISPLAY or WAYLAND_DISPLAY, no KMSDRM or framebuffer device)"


def show_start(config: Config, window: bool = False) -> None:
    """Open the screen as the game will have it and draw the first frame on it (the game then
    draws on the same surface: `open_screen` sets a screen up once)."""
    from display.screen import draw_starting, open_screen

    draw_starting(open_screen(config.size, False if window else config.fullscreen,
                              config.rotate))
