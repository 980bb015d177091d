"""Drawing the movement chart (display.chart_model) as a strip across the top of the map."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from display import theme
from display.chart_model import Chart, chart_model
from display.paint import Painter

MAX_LINES = 2


def _placed(p: Painter, chart: Chart, width: int) -> tuple[list[tuple[int, int, int]], int]:
    """Where each entry goes, (entry, x, line) from the strip's left edge, wrapped to `width`,
    at most MAX_LINES; and how many entries fit (the rest are counted "+3 more")."""
    font = p.font("small")
    out: list[tuple[int, int, int]] = []
    x, line = 8, 1
    for n, e in enumerate(chart.entries):
        w = font.size(_words(e.text, e.mark))[0] + 14
        if x + w > width - 8 and x > 8:
            line, x = line + 1, 8
        rest = len(chart.entries) - n
        more = font.size(f"+{rest - 1} more")[0] + 8 if rest > 1 else 0
        if line > MAX_LINES or (line == MAX_LINES and x + w + more > width - 8 and rest > 1):
            return out, n
        out.append((n, x, line))
        x += w
    return out, len(chart.entries)


def _words(text: str, mark: str) -> str:
    return f"{text} {mark}" if mark else text


def chart_height(p: Painter, chart: Chart, width: int) -> int:
    """The strip's height: a title line and the lines its entries take (at most MAX_LINES)."""
    placed, _ = _placed(p, chart, width)
    lines = max((line for _, _, line in placed), default=1)
    return p.line_height("small") * (lines + 1) + 8


def draw_chart(p: Painter, chart: Chart, area: pygame.Rect) -> None:
    """The chart's title, then its entries in order, wrapped to the strip's lines; the moving
    one boxed in the accent colour. Entries that do not fit are counted ("+3 more")."""
    p.region = "map"
    pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=8)
    step = p.line_height("small")
    p.text(f"Order of movement · {chart.title}" if chart.title else "Order of movement",
           (area.x + 8, area.y + 4), "small", theme.ACCENT_3, area.width - 16)
    placed, shown = _placed(p, chart, area.width)
    x_end, y_end = area.x + 8, area.y + 4 + step
    for n, x, line in placed:
        e = chart.entries[n]
        words = _words(e.text, e.mark)
        at = (area.x + x, area.y + 4 + step * line)
        if e.status == "moving":
            box = pygame.Rect(at[0] - 4, at[1], p.font("small").size(words)[0] + 8, step)
            pygame.draw.rect(p.surface, theme.ACCENT, box, 1, border_radius=4)
        p.text(words, at, "small", e.colour, area.right - 8 - at[0])
        x_end, y_end = at[0] + p.font("small").size(words)[0] + 14, at[1]
    if shown < len(chart.entries):
        p.text(f"+{len(chart.entries) - shown} more", (x_end, y_end), "small", theme.TEXT_DIM)


def chart_strip(p: Painter, view: Mapping[str, Any], area: pygame.Rect) -> pygame.Rect:
    """Draw the view's movement chart, where it has one, across the top of `area`; the rest of
    `area`, for the map."""
    chart = chart_model(view)
    if chart is None:
        return area
    h = chart_height(p, chart, area.width)
    draw_chart(p, chart, pygame.Rect(area.x, area.y, area.width, h))
    return pygame.Rect(area.x, area.y + h + 4, area.width, area.height - h - 4)
