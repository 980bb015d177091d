"""The Rolls list and a roll's explanation in the panel's place: opening, closing and going
back (`browse`), and drawing them (`draw_browsing`), for the bridge display; and the texts it
opens whole in front of the panel (display.holds): what the roll on screen needs, the ship's
log, a line cut to fit (`read`, `open_cut`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from display.draw_rolls import draw_rolls, draw_why, rows_per_page
from display.game_link import seat_side
from engine import explain_pending

if TYPE_CHECKING:
    from display.bridge import BridgeDisplay


def browse(d: BridgeDisplay, kind: str, rest: str) -> None:
    """The Rolls list: open or close it, open a roll's explanation, go back."""
    d.focus = None
    if kind == "rolls":   # the ticker's button opens the list, or closes what is open
        was = d.browsing
        d.rolls_open, d.opened, d.rolls_page = not was, None, 0
    elif kind == "close-rolls":
        d.rolls_open = False
    elif kind == "close-why":
        d.opened = None
    else:   # "why": the newest roll; "rolled:<n>": roll n from the list
        entry = d.rolls.newest() if kind == "why" else (
            d.rolls.find(int(rest)) if rest.isdigit() else None)
        if entry is not None:
            d.opened, d.why_page = entry.number, 0


def draw_browsing(d: BridgeDisplay) -> bool:
    """The Rolls list, or the explanation of the roll opened, in the panel's place."""
    lay, p, rect = d.layout, d.painter, pygame.Rect
    entry = d.rolls.find(d.opened) if d.opened is not None else None
    if entry is not None:
        newest = d.rolls.newest()
        title = ("WHY: THE LAST ROLL" if newest is not None and entry.number == newest.number
                 else f"WHY: ROLL {entry.number} · TURN {entry.turn}")
        pages = draw_why(p, title, entry.lines, d.why_page, rect(lay.panel),
                         rect(lay.actions), lay.touch, d.focus)
        d.why_page = min(d.why_page, pages - 1)
        return True
    d.opened = None   # a roll no longer kept (or taken back) opens nothing
    if not d.rolls_open:
        return False
    per = rows_per_page(p, rect(lay.panel), lay.touch)
    pages = d.rolls.pages(per)
    d.rolls_page = min(d.rolls_page, pages - 1)
    draw_rolls(p, d.rolls.page(d.rolls_page, per), d.rolls_page, pages,
               rect(lay.panel), rect(lay.actions), lay.touch, d.focus)
    return True


def read(d: BridgeDisplay, kind: str) -> bool:
    """Open "why-now" (what the roll on screen is and needs, not the last roll) or "log" (the
    ship's log whole, newest first: the ticker scrolled back); whether `kind` was one."""
    if kind == "why-now" and d.state is not None:
        d.holds.read("WHY: THIS ROLL", explain_pending(d.state, seat_side(d.state, d.seat)))
        return True
    if kind == "log":
        d.holds.read("SHIP'S LOG · NEWEST FIRST",
                        [f"T{n} {e.text}" for n, e in reversed(d.history)
                         if e.text and not e.quiet])   # as the ticker
        return True
    return False


def open_cut(d: BridgeDisplay, x: int, y: int) -> bool:
    """A tap on a line cut to fit (outside the map) opens it whole; whether it was one."""
    cut = next((t for t in d.painter.texts if t.cut and t.region != "map"
                and t.rect.collidepoint(x, y)), None)
    if cut is None:
        return False
    d.holds.read("IN FULL", (cut.whole,))
    d.dirty = True
    return True
