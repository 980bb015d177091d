"""Opening the screen: full-screen on a Pi without a desktop (SDL's KMSDRM driver), a window on
a PC with one, and an off-screen surface under SDL's dummy driver (tests, screenshots)."""

from __future__ import annotations

import os
import sys

import pygame

DEFAULT_SIZE = (800, 480)


def has_desktop() -> bool:
    return sys.platform in ("win32", "darwin") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def open_screen(size: tuple[int, int] | None = None,
                fullscreen: bool | None = None) -> pygame.Surface:
    """Start pygame's display and fonts and open the screen. `fullscreen` None: full-screen
    when there is no desktop (the Pi's console), else a window of `size` (default 800x480)."""
    # Under a desktop, the window drawn through the window system's shared memory, not an OpenGL
    # texture: Mesa's OpenGL (LLVM and all) would cost the window about 90 MB resident.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.display.init()
    pygame.font.init()
    if fullscreen is None:
        fullscreen = not has_desktop() and pygame.display.get_driver() != "dummy"
    if fullscreen:
        screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        screen = pygame.display.set_mode(size or DEFAULT_SIZE)
        pygame.display.set_caption("starbridge: bridge display")
    pygame.mouse.set_visible(not fullscreen)   # a touchscreen shows no pointer
    return screen
