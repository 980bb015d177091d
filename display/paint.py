"""Drawing helpers: text that fits, LCARS-like bars and buttons, and a record of what was drawn.

Every text and every touch target drawn is recorded (`Painter.texts`, `Painter.widgets`), so
tests can check that nothing overlaps, nothing is clipped and the right words are on screen; a
text cut to fit keeps the words it was cut from (`DrawnText.whole`).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from display import theme
from display.theme import Colour

ELLIPSIS = "..."


@dataclass(frozen=True, slots=True)
class Widget:
    """A touch target: `id` says what a tap on it does (see `BridgeDisplay.activate`)."""

    id: str
    rect: pygame.Rect
    label: str
    enabled: bool = True
    reason: str | None = None   # why it is greyed out
    note: str = ""              # a second, smaller line (e.g. "needs 1-6")


@dataclass(frozen=True, slots=True)
class DrawnText:
    rect: pygame.Rect
    text: str
    region: str
    whole: str = ""   # the text before it was cut to fit ("" when it was drawn whole)

    @property
    def cut(self) -> bool:
        return bool(self.whole)


class Painter:
    def __init__(self, surface: pygame.Surface, fonts: dict[str, int]) -> None:
        self.surface = surface
        self.sizes = fonts
        self._fonts: dict[int, pygame.font.Font] = {}
        self.cache: dict[tuple[object, ...], pygame.Surface] = {}   # drawn once, kept
        self._fitted: dict[tuple[str, int, int], str] = {}
        self._rendered: dict[tuple[str, int, Colour], pygame.Surface] = {}
        self.texts: list[DrawnText] = []
        self.widgets: list[Widget] = []
        self.region = ""

    def reset(self) -> None:
        self.texts.clear()
        self.widgets.clear()

    def font(self, size: str | int) -> pygame.font.Font:
        px = self.sizes[size] if isinstance(size, str) else size
        f = self._fonts.get(px)
        if f is None:
            f = self._fonts[px] = pygame.font.Font(None, round(px * 1.3))
        return f

    def fit(self, text: str, size: str | int, width: int) -> str:
        """`text` cut to fit `width` px, with an ellipsis when cut."""
        key = (text, self.sizes[size] if isinstance(size, str) else size, width)
        got = self._fitted.get(key)
        if got is None:
            if len(self._fitted) > 4000:
                self._fitted.clear()
            got = self._fitted[key] = self._fit(text, size, width)
        return got

    def _fit(self, text: str, size: str | int, width: int) -> str:
        font = self.font(size)
        if font.size(text)[0] <= width:
            return text
        while text and font.size(text + ELLIPSIS)[0] > width:
            text = text[:-1]
        return (text.rstrip() + ELLIPSIS) if text else ""

    def text(self, text: str, pos: tuple[int, int], size: str | int = "body",
             colour: Colour = theme.TEXT, width: int = 10_000, align: str = "left",
             record: bool = True) -> pygame.Rect:
        """Draw one line fitted to `width`; `pos` is the top-left (or top-centre / top-right)."""
        shown = self.fit(text, size, width)
        if not shown:
            return pygame.Rect(pos, (0, 0))
        px = self.sizes[size] if isinstance(size, str) else size
        key = (shown, px, colour)
        img = self._rendered.get(key)
        if img is None:
            if len(self._rendered) > 2000:   # a long game's ticker lines: start afresh
                self._rendered.clear()
            img = self._rendered[key] = self.font(size).render(shown, True, colour)
        r = img.get_rect()
        if align == "center":
            r.midtop = pos
        elif align == "right":
            r.topright = pos
        else:
            r.topleft = pos
        self.surface.blit(img, r)
        if record:
            self.texts.append(DrawnText(r, shown, self.region, text if shown != text else ""))
        return r

    def wrap(self, text: str, rect: pygame.Rect, size: str | int = "body",
             colour: Colour = theme.TEXT, max_lines: int = 99) -> int:
        """Draw `text` word-wrapped inside `rect`; returns the height used."""
        lines = self.lines(text, rect.width, size)
        step = self.line_height(size)
        room = max(0, min(max_lines, rect.height // step))
        if len(lines) > room and room:
            lines = lines[:room - 1] + [" ".join(lines[room - 1:])]
        y = rect.y
        for ln in lines[:room]:
            self.text(ln, (rect.x, y), size, colour, rect.width)
            y += step
        return y - rect.y

    def lines(self, text: str, width: int, size: str | int = "body") -> list[str]:
        """`text` broken into lines at most `width` px wide (a word wider than that alone)."""
        font = self.font(size)
        lines, line = [], ""
        for word in text.split():
            trial = f"{line} {word}".strip()
            if font.size(trial)[0] <= width or not line:
                line = trial
            else:
                lines.append(line)
                line = word
        if line:
            lines.append(line)
        return lines

    def line_height(self, size: str | int) -> int:
        return int(self.font(size).get_linesize())

    def pill(self, rect: pygame.Rect, colour: Colour, radius: int | None = None) -> None:
        r = rect.height // 2 if radius is None else radius
        pygame.draw.rect(self.surface, colour, rect, border_radius=r)

    def button(self, widget: Widget, *, chosen: bool = False, focused: bool = False,
               colour: Colour | None = None, size: str | int = "body",
               note_size: str | int = "small") -> None:
        """An LCARS-like rounded button; greyed out when not enabled."""
        self.widgets.append(widget)
        if not widget.enabled:
            fill = theme.BUTTON_DISABLED
            ink = theme.TEXT_DIM
        elif chosen:
            fill, ink = theme.BUTTON_ACTIVE, theme.TEXT_DARK
        else:
            fill, ink = colour or theme.BUTTON, theme.TEXT_DARK
        pygame.draw.rect(self.surface, fill, widget.rect, border_radius=min(14, widget.rect.h // 3))
        if focused:
            pygame.draw.rect(self.surface, theme.FOCUS, widget.rect, width=3,
                             border_radius=min(14, widget.rect.h // 3))
        font_h = self.line_height(size)
        if widget.note and widget.rect.height >= font_h + self.line_height(note_size):
            top = widget.rect.centery - (font_h + self.line_height(note_size)) // 2
            self.text(widget.label, (widget.rect.centerx, top), size, ink,
                      widget.rect.width - 12, align="center")
            self.text(widget.note, (widget.rect.centerx, top + font_h), note_size, ink,
                      widget.rect.width - 12, align="center")
            return
        self.text(widget.label, (widget.rect.centerx, widget.rect.centery - font_h // 2), size,
                  ink, widget.rect.width - 12, align="center")
