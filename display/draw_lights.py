"""Draws the mocked station panels' lights: a small strip under the map (see lights_model)."""

from __future__ import annotations

import pygame

from display import theme
from display.lights_model import Light, PanelLights
from display.paint import Painter
from display.theme import Colour

COLOURS: dict[str, Colour] = {
    "green": (0, 158, 115),      # Okabe-Ito bluish green
    "amber": (230, 159, 0),      # orange
    "red": (213, 94, 0),         # vermillion
    "indicator": theme.ACCENT_3,
    "warning": (213, 94, 0),     # vermillion: a Command & Control light (shaken, grid)
}
OFF: Colour = (46, 50, 66)
SHAPES = {"green": "circle", "amber": "diamond", "red": "square"}


def _dim(colour: Colour, level: float) -> Colour:
    """A lit colour at `level` (0..1), mixed down towards the unlit grey."""
    k = 0.35 + 0.65 * level
    return tuple(round(o + (c - o) * k) for c, o in zip(colour, OFF, strict=True))  # type: ignore[return-value]


def _dot(surf: pygame.Surface, light: Light, rect: pygame.Rect, shape: str) -> None:
    on = light.level > 0 and light.colour != "off"
    colour = _dim(COLOURS.get(light.colour, OFF), light.level) if on else OFF
    if shape == "square":
        pygame.draw.rect(surf, colour, rect.inflate(-2, -2), border_radius=2)
    elif shape == "diamond":
        c = rect.center
        r = rect.width // 2
        pygame.draw.polygon(surf, colour, [(c[0], c[1] - r), (c[0] + r, c[1]),
                                           (c[0], c[1] + r), (c[0] - r, c[1])])
    else:
        pygame.draw.circle(surf, colour, rect.center, rect.width // 2)
    if not on:  # an unlit light keeps its outline, so it is seen to be there
        pygame.draw.circle(surf, theme.TEXT_DIM, rect.center, rect.width // 2, 1) \
            if shape == "circle" else pygame.draw.rect(surf, theme.TEXT_DIM, rect.inflate(-2, -2), 1)


def draw_lights(p: Painter, strip: tuple[PanelLights, ...], area: pygame.Rect) -> list[pygame.Rect]:
    """Each panel's label, status light and indicators, side by side across `area`. Returns
    the rectangle of every light drawn (the tests check that none overlaps another)."""
    p.region = "lights"
    surf = p.surface
    pygame.draw.rect(surf, theme.PANEL, area, border_radius=8)
    drawn: list[pygame.Rect] = []
    if not strip:
        return drawn
    pad = 5
    big = max(8, round(area.height * 0.5))          # a status light
    label_w = [p.font("small").size(s.label)[0] + 4 for s in strip]
    fixed = sum(label_w) + sum(len(s.status) * (big + 3) for s in strip) + pad * (len(strip) + 1)
    count = sum(len(s.indicators) for s in strip)
    unit = big if count == 0 else max(4, min(big, (area.width - fixed) // max(count, 1)))
    x = area.x + pad
    for panel, lw in zip(strip, label_w, strict=True):
        cell_right = x + lw + len(panel.status) * (big + 3) + len(panel.indicators) * unit
        if cell_right > area.right - 2:
            break  # no room for this panel at all: leave it off rather than draw over
        p.text(panel.label, (x, area.y + (area.height - p.line_height("small")) // 2 + 1),
               "small", theme.TEXT_DIM, lw)
        x += lw
        cy = area.y + area.height // 2
        for light in panel.status:
            r = pygame.Rect(x, cy - big // 2, big, big)
            _dot(surf, light, r, SHAPES.get(light.colour, SHAPES.get(light.role, "circle")))
            drawn.append(r)
            x += big + 3
        size = max(4, unit - 2)
        for light in panel.indicators:
            r = pygame.Rect(x, cy - size // 2, size, size)
            _dot(surf, light, r, "diamond" if light.colour == "warning" else "circle")
            drawn.append(r)
            x += unit
        x += pad
    return drawn
