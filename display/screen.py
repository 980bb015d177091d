"""Opening the screen: full-screen on a Pi without a desktop (SDL's KMSDRM driver), a window on
a PC with one, and an off-screen surface under SDL's dummy driver (tests, screenshots).

A screen may be mounted turned (`rotate`, clockwise degrees: the Touch Display 2 is a portrait
720x1280 panel, and a screen may hang upside down). The bridge then draws on a surface of the
size it is seen at (1280x720 for a portrait panel turned 90 degrees), `present` turns that
picture onto the screen, and `events` turns each touch and click back into the picture's
coordinates. Everything else draws and taps as on an unturned screen.

pygame has one display a process; what was opened on it (the surface the bridge draws on, how
it is turned) is kept here beside it, and a second `open_screen` of the same screen (the resume
question, then the game, then the next game) gets the same surface: the screen is set up once.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass

import pygame

DEFAULT_SIZE = (800, 480)
ROTATIONS = (0, 90, 180, 270)
"""How a screen may be turned, in clockwise degrees ([display] rotate)."""
TITLE = "starbridge: bridge display"


@dataclass(frozen=True)
class Opened:
    """The screen as `open_screen` set it up: what SDL shows, what the bridge draws on (the same
    surface when the screen is not turned), how it is turned, and what was asked for."""

    shown: pygame.Surface
    drawn: pygame.Surface
    rotate: int
    asked: tuple[tuple[int, int] | None, bool | None, int]
    size: tuple[int, int]   # the screen's, as SDL has it


_opened: list[Opened] = []   # the one display's set-up, or nothing


def has_desktop() -> bool:
    return sys.platform in ("win32", "darwin") or bool(
        os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def turned(size: tuple[int, int], rotate: int) -> tuple[int, int]:
    """`size` as seen on a screen turned `rotate` degrees (width and height swap at 90, 270)."""
    return (size[1], size[0]) if rotate in (90, 270) else size


def open_screen(size: tuple[int, int] | None = None, fullscreen: bool | None = None,
                rotate: int = 0) -> pygame.Surface:
    """Start pygame's display and fonts and open the screen; the surface to draw on. `fullscreen`
    None: full-screen when there is no desktop (the Pi's console), else a window of `size`
    (default 800x480) as the players see it. `rotate`: how the screen is turned (ROTATIONS)."""
    if rotate not in ROTATIONS:
        raise ValueError(f"a screen turns by 0, 90, 180 or 270 degrees, not {rotate!r}")
    asked = (size, fullscreen, rotate)
    current = opened()
    if current is not None and current.asked == asked:
        return current.drawn
    # Under a desktop, the window drawn through the window system's shared memory, not an OpenGL
    # texture: Mesa's OpenGL (LLVM and all) would cost the window about 90 MB resident.
    os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
    pygame.display.init()
    pygame.font.init()
    if fullscreen is None:
        fullscreen = not has_desktop() and pygame.display.get_driver() != "dummy"
    if fullscreen:
        shown = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
    else:
        shown = pygame.display.set_mode(turned(size or DEFAULT_SIZE, rotate))
        pygame.display.set_caption(TITLE)
    pygame.mouse.set_visible(not fullscreen)   # a touchscreen shows no pointer
    drawn = shown if rotate == 0 else pygame.Surface(turned(shown.get_size(), rotate))
    _opened[:] = [Opened(shown, drawn, rotate, asked, shown.get_size())]
    return drawn


def opened() -> Opened | None:
    """The screen `open_screen` set up, while it is still pygame's display (pygame hands out the
    same surface object for every mode it sets: the size tells another mode)."""
    if not _opened or not pygame.display.get_init():
        return None
    current = _opened[0]
    shown = pygame.display.get_surface()
    return current if shown is current.shown and shown.get_size() == current.size else None


def drawing_surface() -> pygame.Surface | None:
    """The surface the bridge draws on (after a window's size changed, say)."""
    current = opened()
    return current.drawn if current is not None else pygame.display.get_surface()


def present(surface: pygame.Surface) -> bool:
    """Show what was drawn on `surface`, turned as the screen is; False (nothing shown) when
    `surface` is not on the screen (an off-screen picture, a screenshot being made)."""
    current = opened()
    if current is not None and surface is current.drawn and current.rotate:
        current.shown.blit(pygame.transform.rotate(surface, -current.rotate), (0, 0))
    elif pygame.display.get_surface() is not surface:
        return False
    pygame.display.flip()
    return True


def to_drawn(rotate: int, size: tuple[int, int], x: float, y: float) -> tuple[float, float]:
    """A point (x, y) of a screen of `size` (as SDL has it) turned `rotate` degrees, in the
    coordinates of the picture drawn for it. With `size` (1, 1) it turns a touch's fractions."""
    w, h = size
    last_x, last_y = (w - 1, h - 1) if size != (1, 1) else (1, 1)
    if rotate == 90:
        return y, last_x - x
    if rotate == 180:
        return last_x - x, last_y - y
    if rotate == 270:
        return last_y - y, x
    return x, y


def events() -> list[pygame.event.Event]:
    """pygame's waiting events, each click and touch in the drawn picture's coordinates."""
    got = pygame.event.get()
    current = opened()
    if current is None or not current.rotate:
        return got
    return [_turned(e, current.rotate, current.shown.get_size()) for e in got]


def _turned(event: pygame.event.Event, rotate: int, size: tuple[int, int]) -> pygame.event.Event:
    fields = dict(event.dict)
    if "pos" in fields:
        x, y = to_drawn(rotate, size, *fields["pos"])
        fields["pos"] = (int(x), int(y))
    if event.type in (pygame.FINGERDOWN, pygame.FINGERUP, pygame.FINGERMOTION):
        fields["x"], fields["y"] = to_drawn(rotate, (1, 1), fields["x"], fields["y"])
        fields["dx"], fields["dy"] = _turned_delta(rotate, fields.get("dx", 0.0),
                                                   fields.get("dy", 0.0))
    if "rel" in fields:
        fields["rel"] = tuple(int(v) for v in _turned_delta(rotate, *fields["rel"]))
    return pygame.event.Event(event.type, fields)


def _turned_delta(rotate: int, dx: float, dy: float) -> tuple[float, float]:
    return {90: (dy, -dx), 180: (-dx, -dy), 270: (-dy, dx)}.get(rotate, (dx, dy))


def draw_starting(surface: pygame.Surface, line: str = "Starting the bridge...") -> None:
    """The first frame, drawn while the rules, the saves and the panels load: the name and
    what is happening, so a screen that lights up at power-on says it is coming."""
    from display import theme

    surface.fill(theme.BACKGROUND)
    w, h = surface.get_size()
    big = pygame.font.Font(None, max(32, h // 6))
    small = pygame.font.Font(None, max(20, h // 16))
    title = big.render("STARBRIDGE", True, theme.ACCENT)
    surface.blit(title, title.get_rect(center=(w // 2, h * 2 // 5)))
    said = small.render(line, True, theme.TEXT)
    surface.blit(said, said.get_rect(center=(w // 2, h * 2 // 5 + title.get_height())))
    present(surface)
