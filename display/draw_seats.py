"""Drawing the Instructor's Seats view in the panel's place: each seat's three modes, paged.

Widget ids (what a tap does, see `BridgeDisplay.activate`):
    seatmode:<ship>/<station>:<mode>   ask for that mode (made at the start of the next turn)
    page:-1 / page:+1                  page through the seats;  close-seats  back to the panel
    consoles                           the seats' console codes (display.draw_consoles)
"""

from __future__ import annotations

import pygame

from display import theme
from display.draw_panel import GAP, TAB_NAMES, draw_pager
from display.paint import Painter, Widget
from readouts.seats_model import ASKED_NOTE, LABELS, SeatLine

RULE = "made as the next turn starts"


def seat_pages(p: Painter, lines: tuple[SeatLine, ...], height: int, touch: int,
               ) -> list[list[SeatLine]]:
    """The lines on each page of `height` px: a ship's name never ends a page, and a page that
    goes on with a ship's seats starts with its name again."""
    head_h, row_h = p.line_height("small") + GAP, touch + GAP
    out: list[list[SeatLine]] = [[]]
    used = 0
    ship: SeatLine | None = None   # the name of the ship whose seats follow
    owed = False                   # its name is not on this page yet
    for line in lines:
        if not line.choices:
            ship, owed = line, True
            continue
        need = row_h + (head_h if owed else 0)
        if out[-1] and used + need > height:
            out.append([])
            used, owed = 0, ship is not None
        if owed and ship is not None:
            out[-1].append(ship)
            used += head_h
            owed = False
        out[-1].append(line)
        used += row_h
    return out


def _button_width(p: Painter, touch: int) -> int:
    label = max(p.font("body").size(t)[0] for t in LABELS.values())
    note = p.font("small").size(ASKED_NOTE)[0]
    return max(touch, max(label, note) + 16)


def _label_style(p: Painter, lines: tuple[SeatLine, ...], width: int) -> tuple[bool, str]:
    """How every station is named, alike: (short tab names?, text size). Names in body text,
    else small, else the tabs' short names."""
    names = [line.label for line in lines if line.choices]
    for size in ("body", "small"):
        if all(p.font(size).size(n)[0] <= width for n in names):
            return False, size
    return True, "body"


def draw_seats(p: Painter, lines: tuple[SeatLine, ...], area: pygame.Rect,
               actions: pygame.Rect, touch: int, page: int, focus: str | None,
               message: str | None, codes: bool = False) -> int:
    """Draw the Seats view; returns the number of pages its lines take. `codes`: the station
    consoles are on, and a button opens their codes."""
    p.region = "panel"
    pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=12)
    x, w = area.x + 12, area.width - 24
    r = p.text("SEATS", (x, area.y + 6), "large", theme.ACCENT, w)
    small = p.line_height("small")
    if p.font("small").size(RULE)[0] <= area.right - 12 - r.right - 12:
        p.text(RULE, (area.right - 12, r.bottom - small), "small", theme.TEXT_DIM,
               align="right")
    y = r.bottom + 2
    if message:   # a line kept for it, so the pages do not move when one is shown
        p.text(message, (x, y), "small", theme.ALERT, w)
    y += small + 4
    split = seat_pages(p, lines, area.bottom - 6 - y, touch)
    n_pages = len(split)
    bw = _button_width(p, touch)
    label_w = w - 3 * bw - 3 * GAP
    short, size = _label_style(p, lines, label_w)
    for line in split[min(page, n_pages - 1)]:
        if not line.choices:
            p.text(line.label, (x, y), "small", theme.ACCENT_3, w)
            y += small + GAP
            continue
        text = TAB_NAMES.get(line.station, line.label[:4].upper()) if short else line.label
        p.text(text, (x, y + (touch - p.line_height(size)) // 2), size, theme.TEXT, label_w)
        bx = x + w - 3 * bw - 2 * GAP
        for c in line.choices:
            wid = Widget(c.id, pygame.Rect(bx, y, bw, touch), c.label, c.problem is None,
                         c.problem, ASKED_NOTE if c.asked else "")
            p.button(wid, chosen=c.current, focused=focus == wid.id,
                     colour=theme.ACCENT if c.asked else None)
            bx += bw + GAP
        y += touch + GAP
    _actions(p, actions, touch, page, n_pages, focus, codes)
    return n_pages


def _actions(p: Painter, area: pygame.Rect, touch: int, page: int, n_pages: int,
             focus: str | None, codes: bool = False) -> None:
    p.region = "actions"
    pygame.draw.rect(p.surface, theme.BACKGROUND, area)
    y = area.y + (area.height - touch) // 2
    x = area.x
    end = draw_pager(p, x, y, touch, page, n_pages, focus)
    back = Widget("close-seats", pygame.Rect(area.right - 2 * touch, y, 2 * touch, touch),
                  "BACK")
    p.button(back, focused=focus == back.id, colour=theme.ACCENT_2)
    if codes:   # the widest label that fits between the pager and BACK
        room = back.rect.x - GAP - end
        label = next((t for t in ("QR CODES", "CODES", "QR")
                      if p.font("body").size(t)[0] + 24 <= room), "QR")
        w = max(touch, p.font("body").size(label)[0] + 24)
        qr = Widget("consoles", pygame.Rect(back.rect.x - GAP - w, y, w, touch), label)
        p.button(qr, focused=focus == qr.id, colour=theme.ACCENT_2)
