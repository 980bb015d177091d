"""Drawing the Rolls list and a roll's explanation ("why did this hit?"), in the panel's place.

Widget ids (see `BridgeDisplay.activate`):
    rolls                    open (or close) the Rolls list; the button sits in the ticker
    rolled:<n>               open roll n's explanation
    page:-1 / page:+1        page through the list or the explanation
    close-rolls / close-why  back from the list / from an explanation
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display import theme
from display.draw_panel import GAP, draw_pager
from display.paint import Painter, Widget
from readouts.roll_log import RollEntry

PARAGRAPH = 3   # px between the explanation's lines


def _head(p: Painter, text: str, area: pygame.Rect) -> int:
    """The title at the top of the panel; returns the y below it."""
    p.region = "panel"
    pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=12)
    x, w = area.x + 12, area.width - 24
    size = "large" if p.font("large").size(text)[0] <= w else "body"
    r = p.text(text, (x, area.y + 6), size, theme.ACCENT, w)
    return max(r.bottom, area.y + 6 + p.line_height("large")) + 4


def rows_per_page(p: Painter, area: pygame.Rect, touch: int) -> int:
    """How many roll rows (touch targets) fit in the panel under its title."""
    top = area.y + 6 + p.line_height("large") + 4
    return max(1, (area.bottom - 6 - top + GAP) // (touch + GAP))


def draw_rolls(p: Painter, entries: Sequence[RollEntry], page: int, n_pages: int,
               area: pygame.Rect, actions: pygame.Rect, touch: int, focus: str | None) -> None:
    """One page of the Rolls list, newest first: each row a touch target with the turn, who
    rolled, for what, the value and hit or miss; a tap opens the roll's explanation."""
    y = _head(p, "ROLLS · NEWEST FIRST", area)
    x, w = area.x + 12, area.width - 24
    if not entries:
        p.wrap("No rolls yet. Each roll this screen is told of is kept here with the rule and "
               "the numbers behind it.", pygame.Rect(x, y + 4, w, area.bottom - y - 10),
               "body", theme.TEXT_DIM)
    for entry in entries:
        _row(p, entry, pygame.Rect(x, y, w, touch), focus)
        y += touch + GAP
    _nav(p, actions, touch, page, n_pages, focus, "close-rolls")


def _row(p: Painter, entry: RollEntry, rect: pygame.Rect, focus: str | None) -> None:
    wid = Widget(f"rolled:{entry.number}", rect, entry.summary)
    p.widgets.append(wid)
    radius = min(14, rect.height // 3)
    pygame.draw.rect(p.surface, theme.BUTTON, rect, border_radius=radius)
    small, large = p.line_height("small"), p.line_height("large")
    value, result = str(entry.value), entry.result
    # room for "MISS" (the rows line up), wider for a longer word ("EXPLODED"): never cut
    block_w = max(p.font("large").size("00")[0], p.font("small").size("MISS")[0],
                  p.font("small").size(result)[0]) + 16
    block = pygame.Rect(rect.right - block_w, rect.y, block_w, rect.height)
    if result == "HIT":
        pygame.draw.rect(p.surface, theme.BUTTON_ACTIVE, block, border_radius=radius)
    if focus == wid.id:
        pygame.draw.rect(p.surface, theme.FOCUS, rect, width=3, border_radius=radius)
    tall = large + (small if result else 0)
    top = block.y + (block.height - tall) // 2
    p.text(value, (block.centerx, top), "large", theme.TEXT_DARK, block_w - 4, align="center")
    if result:
        p.text(result, (block.centerx, top + large), "small", theme.TEXT_DARK, block_w - 4,
               align="center")
    text_w = block.x - rect.x - 16
    top = rect.y + (rect.height - 2 * small) // 2
    p.text(entry.head, (rect.x + 8, top), "small", theme.TEXT_DARK, text_w)
    p.text(entry.what, (rect.x + 8, top + small), "small", theme.TEXT_DARK, text_w)


def why_pages(p: Painter, lines: Sequence[str], area: pygame.Rect) -> list[list[str]]:
    """The explanation's lines wrapped to the panel, in pages that fit under the title ("" marks
    the gap between two of its lines)."""
    width = area.width - 24
    room = area.bottom - 6 - (area.y + 6 + p.line_height("large") + 4)
    step = p.line_height("small")
    out: list[list[str]] = [[]]
    used = 0
    for line in lines:
        wrapped = p.lines(line, width, "small")
        h = step * len(wrapped) + PARAGRAPH
        if out[-1] and used + h - PARAGRAPH > room:
            out.append([])
            used = 0
        for part in wrapped:    # a paragraph taller than a page goes on over the next
            if out[-1] and used + step > room:
                out.append([])
                used = 0
            out[-1].append(part)
            used += step
        out[-1].append("")
        used += PARAGRAPH
    return out


def draw_why(p: Painter, title: str, lines: Sequence[str], page: int, area: pygame.Rect,
             actions: pygame.Rect, touch: int, focus: str | None) -> int:
    """The rule, the table row and the numbers behind a roll, in the panel's place, paged to
    fit; returns the number of pages."""
    y = _head(p, title, area)
    x, w = area.x + 12, area.width - 24
    split = why_pages(p, lines, area)
    page = max(0, min(page, len(split) - 1))
    step = p.line_height("small")
    for part in split[page]:
        if not part:
            y += PARAGRAPH
            continue
        p.text(part, (x, y), "small", theme.TEXT, w)
        y += step
    _nav(p, actions, touch, page, len(split), focus, "close-why")
    return len(split)


def _nav(p: Painter, area: pygame.Rect, touch: int, page: int, n_pages: int, focus: str | None,
         back_id: str) -> None:
    """BACK, then < > and the page number when there is more than one page."""
    p.region = "actions"
    pygame.draw.rect(p.surface, theme.BACKGROUND, area)
    y = area.y + (area.height - touch) // 2
    back = Widget(back_id, pygame.Rect(area.x, y, 3 * touch, touch), "BACK")
    p.button(back, focused=focus == back.id, colour=theme.ACCENT_2)
    x = back.rect.right + GAP
    draw_pager(p, x, y, touch, page, n_pages, focus, area.right - x - 2 * (touch + GAP))
