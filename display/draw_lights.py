"""Draws the mocked station panels' lights: a small strip under the map (see lights_model)."""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from display import theme
from display.lights_model import Light, PanelLights, kind_of
from display.paint import Painter, Widget
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


def _mark(p: Painter, light: Light, rect: pygame.Rect, px: int) -> None:
    """An indicator: its mark (a number, a letter) drawn in its colour at its level, on a dark
    cell, in a diamond for a warning; unlit, in the unlit grey with the cell's outline."""
    surf = p.surface
    on = light.level > 0 and light.colour != "off"
    colour = _dim(COLOURS.get(light.colour, OFF), light.level) if on else OFF
    if light.colour == "warning":
        c, r = rect.center, rect.height // 2
        pts = [(c[0], c[1] - r), (c[0] + r, c[1]), (c[0], c[1] + r), (c[0] - r, c[1])]
        pygame.draw.polygon(surf, colour, pts)
        if not on:
            pygame.draw.polygon(surf, theme.TEXT_DIM, pts, 1)
        ink = theme.TEXT_DARK if on else theme.TEXT_DIM
    else:
        pygame.draw.rect(surf, colour if on else theme.BACKGROUND, rect, border_radius=3)
        if not on:
            pygame.draw.rect(surf, OFF, rect, 1, border_radius=3)
        ink = theme.TEXT_DARK if on else theme.TEXT_DIM
    glyph = p.font(px).render(light.mark, True, ink)
    surf.blit(glyph, glyph.get_rect(center=rect.center))


def draw_lights(p: Painter, strip: tuple[PanelLights, ...], area: pygame.Rect,
                keys: str | None = None, focus: str | None = None) -> list[pygame.Rect]:
    """Each panel's label and status light above its indicators (each with its mark), side by
    side across `area`. With `keys` (a widget id), the whole strip is one touch target that
    opens the sheet of keys and lights, "KEYS" written at its right end. Returns the rectangle
    of every light drawn (the tests check that none overlaps another)."""
    p.region = "lights"
    surf = p.surface
    pygame.draw.rect(surf, theme.PANEL, area, border_radius=8)
    drawn: list[pygame.Rect] = []
    right = area.right - 2
    if keys is not None:   # the sheet of keys and lights, one tap away
        p.widgets.append(Widget(keys, area, "KEYS"))
        if focus == keys:
            pygame.draw.rect(surf, theme.FOCUS, area, width=3, border_radius=8)
        w = p.font("small").size("KEYS")[0]
        r = p.text("KEYS", (area.right - w - 8, area.centery - p.line_height("small") // 2),
                   "small", theme.ACCENT_3, w)
        right = r.x - 6
    if not strip:
        return drawn
    row = max(p.line_height("small"), (area.height - 4) // 2)
    room = right - area.x - 6
    # the largest sizes that hold every panel (a second crew's, the Instructor's): smaller
    # labels and marks before any panel is left off
    for scale in (1.0, 0.9, 0.8, 0.7, 0.6):
        sizes = _Sizes.at(p, scale, row)
        cells = [_cell(p, panel, sizes) for panel in strip]
        if sum(c[0] for c in cells) + sizes.pad * 2 * len(strip) <= room:
            break
    top, low = area.y + 2, area.y + 2 + row
    x = area.x + sizes.pad + 2
    for panel, (cell, head_w, units) in zip(strip, cells, strict=True):
        if x + cell > right:
            break  # no room for this panel at all: leave it off rather than draw over
        line = p.line_height(sizes.label)
        p.text(panel.label, (x, top + (row - line) // 2 + 1), sizes.label, theme.TEXT_DIM,
               head_w)
        lx = x + head_w
        big = sizes.big
        for light in panel.status:
            r = pygame.Rect(lx, top + (row - big) // 2, big, big)
            _dot(surf, light, r, SHAPES.get(light.colour, SHAPES.get(light.role, "circle")))
            drawn.append(r)
            lx += big + 3
        ix = x
        for light, unit in zip(panel.indicators, units, strict=True):
            w = min(unit - 1, (sizes.mark_h + 1) if light.colour == "warning" else unit - 1)
            r = pygame.Rect(ix + unit - 1 - w, low + (row - sizes.mark_h) // 2, w, sizes.mark_h)
            _mark(p, light, r, sizes.mark)
            drawn.append(r)
            ix += unit
        x += cell + sizes.pad * 2
    return drawn


@dataclass(frozen=True, slots=True)
class _Sizes:
    label: int     # the panel's name, px
    big: int       # a status light
    mark: int      # an indicator's mark, px
    mark_h: int    # an indicator's height
    pad: int

    @classmethod
    def at(cls, p: Painter, scale: float, row: int) -> _Sizes:
        label = max(9, round(p.sizes["small"] * scale))
        mark = max(8, round(p.sizes["small"] * 0.8 * scale))
        big = max(8, min(row - 4, p.line_height(label)))
        return cls(label, big, mark, min(row - 2, max(9, p.font(mark).get_height())),
                   max(2, round(4 * scale)))


def _cell(p: Painter, panel: PanelLights, sz: _Sizes) -> tuple[int, int, list[int]]:
    """(the panel's width, its label's, each indicator's): a little room between kinds."""
    font = p.font(sz.mark)
    label_w = p.font(sz.label).size(panel.label)[0] + 4
    units = [max(sz.mark_h + 1 if light.colour == "warning" else 0, font.size(light.mark)[0] + 4)
             + (3 if n and kind_of(light.role) != kind_of(panel.indicators[n - 1].role) else 0)
             for n, light in enumerate(panel.indicators)]
    return max(label_w + len(panel.status) * (sz.big + 3), sum(units)), label_w, units
