"""The Rolls list and a roll's explanation in the panel's place (`RollsBrowser`: what is open,
at which page; `draw` draws it), for the bridge display; and the texts it opens whole in front
of the panel (display.holds): what the roll on screen needs, the ship's log, a line cut to fit
(`read`, `open_cut`). Each takes what it needs, not the display."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import pygame

from display.draw_rolls import draw_rolls, draw_why, rows_per_page
from display.game_link import seat_side
from display.holds import Holds
from display.layout import Layout
from display.paint import Painter
from engine import GameState, Seat, explain_pending
from engine.events import Event
from readouts.roll_log import RollLog


@dataclass
class RollsBrowser:
    """Every roll this seat was told of (`log`, explained), and which of them is in the panel's
    place: the Rolls list (`open`, at `page`) or one roll's explanation (`opened`, at
    `why_page`)."""

    log: RollLog = field(default_factory=RollLog)
    open: bool = False
    page: int = 0
    opened: int | None = None
    why_page: int = 0

    @property
    def browsing(self) -> bool:
        """The Rolls list or a roll's explanation is in the panel's place."""
        return self.open or self.opened is not None

    def close(self) -> None:
        """Put the list and the explanation away (the panel comes back)."""
        self.open, self.opened = False, None

    def turn(self, step: int) -> None:
        """Turn the page of what is open: the explanation, else the list."""
        if self.opened is not None:
            self.why_page = max(0, self.why_page + step)
        else:
            self.page = max(0, self.page + step)

    def browse(self, kind: str, rest: str) -> None:
        """The Rolls list: open or close it, open a roll's explanation, go back."""
        if kind == "rolls":   # the ticker's button opens the list, or closes what is open
            was = self.browsing
            self.open, self.opened, self.page = not was, None, 0
        elif kind == "close-rolls":
            self.open = False
        elif kind == "close-why":
            self.opened = None
        else:   # "why": the newest roll; "rolled:<n>": roll n from the list
            entry = self.log.newest() if kind == "why" else (
                self.log.find(int(rest)) if rest.isdigit() else None)
            if entry is not None:
                self.opened, self.why_page = entry.number, 0

    def draw(self, p: Painter, lay: Layout, focus: str | None) -> bool:
        """The Rolls list, or the explanation of the roll opened, in the panel's place."""
        rect = pygame.Rect
        entry = self.log.find(self.opened) if self.opened is not None else None
        if entry is not None:
            newest = self.log.newest()
            title = ("WHY: THE LAST ROLL" if newest is not None and entry.number == newest.number
                     else f"WHY: ROLL {entry.number} · TURN {entry.turn}")
            pages = draw_why(p, title, entry.lines, self.why_page, rect(lay.panel),
                             rect(lay.actions), lay.touch, focus)
            self.why_page = min(self.why_page, pages - 1)
            return True
        self.opened = None   # a roll no longer kept (or taken back) opens nothing
        if not self.open:
            return False
        per = rows_per_page(p, rect(lay.panel), lay.touch)
        pages = self.log.pages(per)
        self.page = min(self.page, pages - 1)
        draw_rolls(p, self.log.page(self.page, per), self.page, pages,
                   rect(lay.panel), rect(lay.actions), lay.touch, focus)
        return True


def read(kind: str, holds: Holds, state: GameState | None, seat: Seat,
         history: Sequence[tuple[int, Event]]) -> bool:
    """Open "why-now" (what the roll on screen is and needs, not the last roll) or "log" (the
    ship's log whole, newest first: the ticker scrolled back); whether `kind` was one."""
    if kind == "why-now" and state is not None:
        holds.read("WHY: THIS ROLL", explain_pending(state, seat_side(state, seat)))
        return True
    if kind == "log":
        holds.read("SHIP'S LOG · NEWEST FIRST",
                   [f"T{n} {e.text}" for n, e in reversed(history)
                    if e.text and not e.quiet])   # as the ticker
        return True
    return False


def open_cut(painter: Painter, holds: Holds, x: int, y: int) -> bool:
    """A tap on a line cut to fit (outside the map) opens it whole; whether it was one."""
    cut = next((t for t in painter.texts if t.cut and t.region != "map"
                and t.rect.collidepoint(x, y)), None)
    if cut is None:
        return False
    holds.read("IN FULL", (cut.whole,))
    return True
