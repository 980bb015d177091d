"""Mine and decoy counters on the map, as each seat may know them, with their legend.

Book Two, Advanced: Mines: the mine counters are laid face down with three dummy counters for
each, and nobody but the laying side knows which are mines until a ship enters their hex and
they are turned over. The engine's `view` says so per seat (`counters`: each counter's hex, its
side, whether it is turned over, and `mine` true/false where the seat may know it, else None);
this module only arranges that for drawing: a seat sees its own side's mines and decoys, and
other sides' face-down counters as "face-down counter" only. The Instructor sees everything.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from display import theme
from display.geometry import MapFrame
from display.paint import Painter
from display.theme import Colour

MINE, DECOY, FACE_DOWN = "mine", "decoy", "face-down"
LEGEND = {MINE: "mine", DECOY: "decoy (dummy counter)", FACE_DOWN: "face-down counter: mine or decoy"}
"""The legend's words for each kind of counter drawn."""


@dataclass(frozen=True, slots=True)
class CounterMarker:
    col: int
    row: int
    side: str
    kind: str           # MINE, DECOY or FACE_DOWN (what the seat may know)
    shown: bool         # turned over: every seat sees what it is
    colour: Colour      # the laying side's colour (grey for a counter the seat cannot read)


def counter_markers(view: Mapping[str, Any], sides: Sequence[str]) -> tuple[CounterMarker, ...]:
    """The view's counters as markers, in their laying side's colour (`sides`: the ships' sides
    in order, so a side's counters share its ships' colour)."""
    raw = [c for c in view.get("counters", ()) or () if isinstance(c, Mapping)]
    colours = theme.side_colours([*sides, *(str(c.get("side")) for c in raw)])
    out = []
    for c in raw:
        try:
            col, row, side = int(c["col"]), int(c["row"]), str(c["side"])
        except (KeyError, TypeError, ValueError):
            continue
        mine = c.get("mine")
        kind = FACE_DOWN if mine is None else (MINE if mine else DECOY)
        colour = theme.TEXT_DIM if kind == FACE_DOWN else colours.get(side, theme.TEXT_DIM)
        out.append(CounterMarker(col, row, side, kind, bool(c.get("shown")), colour))
    return tuple(out)


def legend_lines(counters: Sequence[CounterMarker]) -> tuple[tuple[str, str], ...]:
    """(kind, words) for each kind of counter on the map, in a fixed order."""
    kinds = {c.kind for c in counters}
    return tuple((k, LEGEND[k]) for k in (MINE, DECOY, FACE_DOWN) if k in kinds)


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
