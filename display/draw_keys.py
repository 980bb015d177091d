"""Drawing the KEYS sheet (display.keys_sheet) over the bridge below the phase bar: each panel's
keys and what its lights say, then the screen's own keys, in columns, paged when they do not
fit, with CLOSE (and < > for the pages) at the foot. Every line is drawn whole (wrapped)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from display import theme
from display.draw_panel import draw_pager
from display.keys_sheet import SheetBlock
from display.paint import Painter, Widget

GAP = 6


@dataclass(frozen=True, slots=True)
class _Row:
    kind: str        # "title", "line" or "note"
    left: str
    right: str = ""
    key_w: int = 0   # the width of its block's column of keys


def _rows(p: Painter, blocks: Sequence[SheetBlock], width: int) -> list[_Row]:
    out: list[_Row] = []
    for b in blocks:
        widest = max((p.font("small").size(k)[0] for k, _ in b.lines), default=0)
        key_w = min(widest + 10, width * 2 // 5)
        out.append(_Row("title", b.title))
        out += [_Row("line", k, d, key_w) for k, d in b.lines]
        out += [_Row("note", n) for n in b.notes]
    return out


def _height(p: Painter, row: _Row, width: int) -> int:
    if row.kind == "title":
        return p.line_height("body") + 4
    if row.kind == "note":
        return len(p.lines(row.left, width, "small")) * p.line_height("small")
    return len(p.lines(row.right, width - row.key_w, "small")) * p.line_height("small")


def sheet_pages(p: Painter, blocks: Sequence[SheetBlock], area: pygame.Rect,
                columns: int) -> list[list[list[_Row]]]:
    """The sheet's rows in `columns` columns a page; a heading never ends a column."""
    width = (area.width - GAP * 3 * (columns - 1)) // columns
    pages: list[list[list[_Row]]] = [[[]]]
    used = 0
    rows = _rows(p, blocks, width)
    for n, row in enumerate(rows):
        h = _height(p, row, width)
        nxt = _height(p, rows[n + 1], width) if n + 1 < len(rows) else 0
        need = h + (nxt if row.kind == "title" else 0)
        if pages[-1][-1] and used + need > area.height:
            if len(pages[-1]) < columns:
                pages[-1].append([])
            else:
                pages.append([[]])
            used = 0
        pages[-1][-1].append(row)
        used += h
    return pages


def draw_keys(p: Painter, blocks: Sequence[SheetBlock], area: pygame.Rect, actions: pygame.Rect,
              touch: int, page: int, focus: str | None) -> int:
    """Draw the sheet's `page` in `area` with CLOSE in `actions`; returns the number of pages."""
    p.region = "keys"
    pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=12)
    inner = area.inflate(-20, -12)
    columns = 2 if inner.width >= 12 * touch else 1
    pages = sheet_pages(p, blocks, inner, columns)
    page = max(0, min(page, len(pages) - 1))
    width = (inner.width - GAP * 3 * (columns - 1)) // columns
    small = p.line_height("small")
    for c, column in enumerate(pages[page]):
        x, y = inner.x + c * (width + GAP * 3), inner.y
        for row in column:
            if row.kind == "title":
                p.text(row.left, (x, y), "body", theme.ACCENT, width)
                y += p.line_height("body") + 4
            elif row.kind == "note":
                y += p.wrap(row.left, pygame.Rect(x, y, width, 20 * small), "small",
                            theme.TEXT_DIM)
            else:
                p.text(row.left, (x, y), "small", theme.ACCENT_3, row.key_w - 6)
                y += p.wrap(row.right, pygame.Rect(x + row.key_w, y, width - row.key_w,
                                                   20 * small), "small", theme.TEXT)
    p.region = "keys-actions"
    pygame.draw.rect(p.surface, theme.BACKGROUND, actions)
    y = actions.y + (actions.height - touch) // 2
    draw_pager(p, actions.x, y, touch, page, len(pages), focus)
    close = Widget("close-keys", pygame.Rect(actions.right - touch * 3, y, touch * 3, touch),
                   "CLOSE")
    p.button(close, focused=focus == close.id, colour=theme.ACCENT)
    return len(pages)
