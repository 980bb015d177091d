"""The Master Control Panel page in the panel's place (display.mcp_model): opened by RECORD on
the panel of a station of the seat's ship at the expert level, closed by BACK, paged with < >
when it does not fit. Any other tap (a tab, ROLLS) closes it.

Widget ids (see `BridgeDisplay.activate`):
    record                   open the page
    back:record / page:-1 / page:+1    back from, and through, the page (Backspace, as the
                             panel's own BACK, and Page Up/Down on a keyboard)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from display import theme
from display.draw_rolls import PARAGRAPH, _head, _nav, why_pages
from display.mcp_model import mcp_model
from display.paint import Painter, Widget


class RecordPage:
    def __init__(self) -> None:
        self.open = False
        self.page = 0

    def button(self, view: Mapping[str, Any], ship: str | None, touch: int,
               p: Painter) -> tuple[Widget, ...]:
        """RECORD, for the panel's row of buttons, when the view carries the ship's panel."""
        if mcp_model(view, ship) is None:
            return ()
        width = max(touch * 2, p.font("body").size("RECORD")[0] + 24)
        return (Widget("record", pygame.Rect(0, 0, width, touch), "RECORD"),)

    def activate(self, kind: str, rest: str) -> bool:
        """Handle a tap; whether it was the page's."""
        if kind == "record":
            self.open, self.page = True, 0
            return True
        if self.open and kind == "back" and rest == "record":
            self.open = False
            return True
        if self.open and kind == "page":
            self.page = max(0, self.page + int(rest))
            return True
        self.open = False   # any other tap goes on from the page
        return False

    def draw(self, p: Painter, view: Mapping[str, Any], ship: str | None, panel: pygame.Rect,
             actions: pygame.Rect, touch: int, focus: str | None) -> bool:
        """Draw the page when open; whether it was drawn."""
        model = mcp_model(view, ship) if self.open else None
        if model is None:
            self.open = False
            return False
        y = _head(p, model.title, panel)
        x, w = panel.x + 12, panel.width - 24
        split = why_pages(p, model.lines, panel)
        self.page = max(0, min(self.page, len(split) - 1))
        step = p.line_height("small")
        for part in split[self.page]:
            if not part:
                y += PARAGRAPH
                continue
            p.text(part, (x, y), "small", theme.TEXT, w)
            y += step
        _nav(p, actions, touch, self.page, len(split), focus, "back:record")
        return True
