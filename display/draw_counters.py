"""Drawing the mine and decoy counters (readouts.counters_model) on the map, with a legend."""

from __future__ import annotations

import math
from collections.abc import Sequence

import pygame

from display import theme
from display.geometry import MapFrame
from display.paint import Painter
from display.theme import Colour
from readouts.counters_model import DECOY, FACE_DOWN, MINE, CounterMarker, legend_lines


def draw_counter(surf: pygame.Surface, centre: tuple[float, float], size: float,
                 kind: str, colour: Colour) -> pygame.Rect:
    """One counter: a mine is a spiked disc, a decoy an empty ring, a face-down counter a grey
    square with a question mark's dot (shape as well as colour tells them apart)."""
    cx, cy = centre
    r = max(4.0, size * 0.38)
    if kind == MINE:
        for n in range(8):
            a = n * math.pi / 4
            pygame.draw.line(surf, colour, (cx, cy), (cx + math.cos(a) * r * 1.45,
                                                       cy + math.sin(a) * r * 1.45), 2)
        pygame.draw.circle(surf, colour, (cx, cy), r)
        pygame.draw.circle(surf, theme.BACKGROUND, (cx, cy), r, 1)
    elif kind == DECOY:
        pygame.draw.circle(surf, colour, (cx, cy), r, 2)
    elif kind != FACE_DOWN:   # a ruleset's own counter (a seeker missile): a diamond
        points = [(cx, cy - r * 1.3), (cx + r, cy), (cx, cy + r * 1.3), (cx - r, cy)]
        pygame.draw.polygon(surf, colour, points)
        pygame.draw.polygon(surf, theme.BACKGROUND, points, 1)
    else:
        box = pygame.Rect(0, 0, round(r * 1.8), round(r * 1.8))
        box.center = (round(cx), round(cy))
        pygame.draw.rect(surf, theme.BUTTON_DISABLED, box, border_radius=2)
        pygame.draw.rect(surf, colour, box, 1, border_radius=2)
        pygame.draw.circle(surf, colour, (cx, cy), max(1.5, r * 0.25))
    return pygame.Rect(round(cx - r * 1.5), round(cy - r * 1.5), round(r * 3), round(r * 3))


def draw_counters(p: Painter, frame: MapFrame, counters: Sequence[CounterMarker],
                  area: pygame.Rect) -> list[pygame.Rect]:
    """The counters in view, under the ships; returns where they were drawn."""
    c0, r0, c1, r1 = frame.window
    boxes = []
    for c in counters:
        if c0 <= c.col <= c1 and r0 <= c.row <= r1:
            boxes.append(draw_counter(p.surface, frame.center(c.col, c.row), frame.size,
                                      c.kind, c.colour))
    return boxes


def draw_legend(p: Painter, counters: Sequence[CounterMarker], area: pygame.Rect,
                taken: list[pygame.Rect]) -> pygame.Rect | None:
    """A small legend in the map's bottom-left corner for the kinds of counter on the map."""
    lines = legend_lines(counters)
    if not lines:
        return None
    step = p.line_height("small")
    width = max(p.font("small").size(words)[0] for _, words in lines) + step + 16
    h = step * len(lines) + 8
    box = pygame.Rect(area.x + 4, area.bottom - 4 - h, min(width, area.width - 8), h)
    pygame.draw.rect(p.surface, theme.PANEL, box, border_radius=6)
    colour_of = {c.kind: c.colour for c in counters}
    y = box.y + 4
    for kind, words in lines:
        draw_counter(p.surface, (box.x + 4 + step / 2, y + step / 2), step * 0.9, kind,
                     colour_of.get(kind, theme.TEXT_DIM))
        p.text(words, (box.x + step + 10, y), "small", theme.TEXT, box.width - step - 14)
        y += step
    taken.append(box)
    return box
