"""The station panels' own displays, drawn on a PC (where no OLED is wired): each panel's last
image (hardware.station_display, luma's dummy device) at its real size in a row in a strip of its
own at the foot of the map's place, labelled with its panel: those of the seats that must act
now. So two officers deciding at once each read their own decision, as they would on their
panels, and the map, drawn above the strip (`screens_height`), hides nothing under them: no
ship's label, no gravity well's marker.

The app hands in plain pixels (`BridgeDisplay.show_station_screens`): the display imports no
panel code and no Pillow.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import pygame

from display import theme
from display.lights_model import panel_label
from display.paint import Painter

INK = (120, 220, 255)   # an OLED's blue-white on black


@dataclass(frozen=True, slots=True)
class StationFrame:
    """One panel's display: its image as 8-bit grey pixels, and whether its seat must act."""

    size: tuple[int, int]
    pixels: bytes
    acting: bool = False


StationFrames = Mapping[str, StationFrame]


def chosen(frames: StationFrames, room: int, width: int) -> list[str]:
    """The panels whose displays are drawn in `room` pixels: those whose seats must act, in the
    order given, as many as fit whole (the others' say only "waiting": the map keeps its room)."""
    order = [name for name in frames if frames[name].acting]
    out: list[str] = []
    used = 0
    for name in order:
        w = frames[name].size[0] + 8
        if used + w > room:
            break
        out.append(name)
        used += w
    return out


def screens_height(p: Painter, frames: StationFrames, area: pygame.Rect) -> int:
    """The height of the strip the chosen displays take at the foot of `area` (0: none to draw),
    which the map leaves to them."""
    names = chosen(frames, area.width - 8, area.width)
    if not names:
        return 0
    return max(frames[n].size[1] for n in names) + p.line_height("small") + 12


def draw_station_screens(p: Painter, frames: StationFrames, area: pygame.Rect) -> list[str]:
    """Draw the chosen displays along the foot of `area` (the map); returns the panels drawn."""
    p.region = "station-screens"
    names = chosen(frames, area.width - 8, area.width)
    x = area.x + 6
    label_h = p.line_height("small")
    for name in names:
        frame = frames[name]
        w, h = frame.size
        if len(frame.pixels) != w * h:
            continue
        y = area.bottom - h - 6
        box = pygame.Rect(x - 3, y - label_h - 3, w + 6, h + label_h + 6)
        pygame.draw.rect(p.surface, (0, 0, 0), box, border_radius=4)
        pygame.draw.rect(p.surface, theme.BUTTON_ACTIVE if frame.acting else theme.TEXT_DIM,
                         box, 1, border_radius=4)
        p.text(panel_label(name), (x, y - label_h - 1), "small",
               theme.BUTTON_ACTIVE if frame.acting else theme.TEXT_DIM, w)
        grey = pygame.image.frombuffer(frame.pixels, (w, h), "P")
        grey.set_palette([(0, 0, 0)] * 128 + [INK] * 128)
        p.surface.blit(grey, (x, y))
        x += w + 8
    return names
