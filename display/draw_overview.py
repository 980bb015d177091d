"""Drawing the Instructor's overview of every ship (display.overview_model) in the Instructor
panel's body, under its title: the columns named once at the top, then two lines a ship (its
name and who must act; its superstructure, power, shields and weapons), and a legend."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display import theme
from display.overview_model import COLUMNS, LEGEND, ShipOverview
from display.paint import Painter


def overview_area(p: Painter, panel: pygame.Rect, message: str | None) -> pygame.Rect:
    """The Instructor panel's body below its title (draw_panel's), above a message's lines."""
    top = panel.y + 6 + p.line_height("large") + 4
    bottom = panel.bottom - 6 - ((p.line_height("small") * 2 + 8) if message else 0)
    return pygame.Rect(panel.x + 12, top, panel.width - 24, max(0, bottom - top))


def columns(p: Painter, ships: Sequence[ShipOverview], width: int,
            heads: Sequence[Sequence[str]] = COLUMNS) -> list[int]:
    """Each column's left edge: as wide as its heading or its widest value, spread over `width`."""
    font = p.font("small")
    need = [max([*(font.size(h)[0] for h in heading),
                 *(font.size(_short(s.cells[i], i, len(heads)))[0] for s in ships
                   if i < len(s.cells))])
            for i, heading in enumerate(heads)]
    spare = max(0, width - sum(need)) // max(1, len(need) - 1)
    xs, x = [], 0
    for w in need:
        xs.append(x)
        x += w + spare
    return xs


def _short(cell: str, column: int, count: int = len(COLUMNS)) -> str:
    """A weapons cell without its parenthesis when room is short (the other columns whole)."""
    return cell.split(" (")[0] if column == count - 1 else cell


def draw_overview(p: Painter, ships: Sequence[ShipOverview], area: pygame.Rect,
                  heads: Sequence[Sequence[str]] = COLUMNS, legend_text: str = LEGEND) -> int:
    """The overview in `area` (`heads`, `legend_text`: the columns' names and the legend, the
    view's own where it gives them); returns how many ships it showed whole."""
    p.region = "panel"
    small, body = p.line_height("small"), p.line_height("body")
    xs = columns(p, ships, area.width - 8, heads)
    edges = [*xs[1:], area.width - 8]
    y = area.y
    for i, heading in enumerate(heads):
        for n, words in enumerate(heading):
            p.text(words, (area.x + 8 + xs[i], y + n * small), "small",
                   theme.ACCENT_2 if n == 0 else theme.TEXT_DIM, edges[i] - xs[i])
    y += small * max((len(h) for h in heads), default=1) + 2
    legend = p.lines(legend_text, area.width, "small") if legend_text else []
    drawn = 0
    for n, ship in enumerate(ships):
        rest = len(ships) - n - 1
        if y + body + small + (small if rest else 0) > area.bottom:
            break
        pygame.draw.line(p.surface, ship.colour, (area.x, y + 2), (area.x, y + body + small), 3)
        r = p.text(ship.name, (area.x + 8, y), "body", ship.colour, area.width // 2)
        state = (f"to act: {ship.acting}" if ship.acting else
                 "" if ship.status == "active" else ship.status)
        if state:
            colour = theme.BUTTON_ACTIVE if ship.acting else theme.ALERT
            p.text(state, (r.right + 10, y + (body - small) // 2), "small", colour,
                   area.right - r.right - 10)
        y += body
        for i, cell in enumerate(ship.cells[:len(heads)]):
            colour = theme.ALERT if i == 0 and ship.hurt else theme.TEXT
            room = edges[i] - xs[i] - 4
            if p.font("small").size(cell)[0] > room:   # "0 of 4 (1 hit)": the count first
                cell = _short(cell, i, len(heads))
            p.text(cell, (area.x + 8 + xs[i], y), "small", colour, room)
        y += small + 1
        drawn += 1
    if drawn < len(ships) and y + small <= area.bottom:
        more = ", ".join(s.name + (" (to act)" if s.acting else "") for s in ships[drawn:])
        y += p.wrap(f"Also: {more}", pygame.Rect(area.x, y, area.width, area.bottom - y),
                    "small", theme.TEXT_DIM, max(1, (area.bottom - y) // small))
    if legend and y + small * len(legend) <= area.bottom:
        p.wrap(legend_text, pygame.Rect(area.x, area.bottom - small * len(legend), area.width,
                                   small * len(legend)), "small", theme.TEXT_DIM, len(legend))
    return drawn
