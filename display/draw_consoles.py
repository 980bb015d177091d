"""Drawing the Instructor's Consoles view in the panel's place: each seat's QR code, to scan with
a phone's camera, paged. A code is the seat's link with its secret: only the Instructor's
display shows this view, and the Instructor chooses when.

The codes come as plain matrices (rows of dark/light modules, quiet zone included: the app makes
them with segno, consoles.links.qr_matrix), drawn here as rectangles, black on white whatever the
theme (a camera reads dark modules on a light ground).

Above the codes, the network the links are on ("Phones on 10.42.0.1 (wlan0: this machine's own
Wi-Fi hotspot)"), the name people may type instead (http://starbridge.local:8765), and, when the
machine has no network, that phones cannot join and what to do.

Widget ids (what a tap does, see `BridgeDisplay.activate`):
    page:-1 / page:+1      page through the seats;  close-consoles  back to the panel
    consoles-network       the links name the machine's next address (several networks)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from display import theme
from display.draw_panel import GAP, draw_pager
from display.paint import Painter, Widget

DARK, LIGHT = (0, 0, 0), (255, 255, 255)
MIN_MODULE = 2
"""px a module at least: smaller, a phone's camera may not read it from the table."""


@dataclass(frozen=True, slots=True)
class ConsoleNetwork:
    """The network the links are on: its words, the name to type (or ""), whether a phone can
    reach it at all, how many addresses the Instructor may choose among, and the fix to say
    when none can be reached."""

    where: str
    typed: str = ""
    reachable: bool = True
    choices: int = 1
    fix: str = ""


@dataclass(frozen=True, slots=True)
class ConsoleCode:
    """One seat's console: its title ("Helm · USS Enterprise"), link and QR code."""

    title: str
    url: str
    modules: tuple[tuple[bool, ...], ...]


def draw_code(surface: pygame.Surface, modules: Sequence[Sequence[bool]], x: int, y: int,
              size: int) -> int:
    """Draw a QR code at (x, y) no larger than `size` px a side; returns its side in px."""
    n = len(modules)
    if n == 0:
        return 0
    scale = max(1, size // n)
    side = scale * n
    pygame.draw.rect(surface, LIGHT, (x, y, side, side))
    for r, row in enumerate(modules):
        c = 0
        while c < n:   # runs of dark modules as one rect each
            if row[c]:
                start = c
                while c < n and row[c]:
                    c += 1
                pygame.draw.rect(surface, DARK, (x + start * scale, y + r * scale,
                                                 (c - start) * scale, scale))
            else:
                c += 1
    return side


def per_page(area: pygame.Rect, touch: int, modules: int, head: int) -> tuple[int, int]:
    """How many codes fit a row and how large each is: the largest codes that keep a module at
    least MIN_MODULE px, at most 4 a page."""
    best = (1, max(0, min(area.width, area.height - head)))
    for cols in (1, 2, 3, 4):
        side = min((area.width - (cols + 1) * GAP) // cols, area.height - head - GAP)
        if side // max(1, modules) >= MIN_MODULE * 2 or cols == 1:
            best = (cols, side)
    return best


def draw_consoles(p: Painter, codes: Sequence[ConsoleCode], area: pygame.Rect,
                  actions: pygame.Rect, touch: int, page: int, focus: str | None,
                  network: ConsoleNetwork | None = None) -> int:
    """Draw the Consoles view; returns the number of pages its codes take."""
    p.region = "panel"
    pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=12)
    x, w = area.x + 12, area.width - 24
    r = p.text("CONSOLES", (x, area.y + 6), "large", theme.ACCENT, w)
    p.text("scan with the seat's phone", (area.right - 12, r.bottom -
           p.line_height("small")), "small", theme.TEXT_DIM, w - r.width - 12, align="right")
    top = r.bottom + 4
    small = p.line_height("small")
    if network is not None:
        if network.reachable:
            line = f"Phones on {network.where}" + (f" · or type {network.typed}"
                                                   if network.typed else "")
            top += p.wrap(line, pygame.Rect(x, top, w, 2 * small), "small", theme.TEXT_DIM) + 2
        else:   # said whole: the codes below name this machine alone
            said = f"Phones cannot join: this machine has no network. {network.fix}."
            top += p.wrap(said, pygame.Rect(x, top, w, 4 * small), "small", theme.ALERT) + 2
    inner = pygame.Rect(area.x + GAP, top, area.width - 2 * GAP, area.bottom - top - 4)
    n_mod = max((len(c.modules) for c in codes), default=1)
    cols, side = per_page(inner, touch, n_mod, small * 2 + 2)
    n_pages = max(1, -(-len(codes) // cols))
    page = max(0, min(page, n_pages - 1))
    cell = inner.width // cols
    for i, code in enumerate(codes[page * cols:(page + 1) * cols]):
        cx = inner.x + i * cell
        p.text(code.title, (cx + cell // 2, top), "small", theme.TEXT, cell - GAP, align="center")
        drawn = draw_code(p.surface, code.modules, cx + (cell - side) // 2, top + small + 2,
                          side)
        link = code.url.split("#", 1)[0].rsplit("/", 1)[0]   # the address: no seat's secret
        p.text(link, (cx + cell // 2, top + small + 4 + drawn), "small", theme.TEXT_DIM,
               cell - GAP, align="center")
    if not codes:
        p.text("The station consoles are off ([stations] in the configuration).",
               (x, top), "small", theme.TEXT_DIM, w)
    p.region = "actions"
    pygame.draw.rect(p.surface, theme.BACKGROUND, actions)
    y = actions.y + (actions.height - touch) // 2
    after = draw_pager(p, actions.x, y, touch, page, n_pages, focus)
    if network is not None and network.choices > 1:   # the room between the pager and BACK
        room = actions.right - 2 * touch - GAP - after
        other = Widget("consoles-network", pygame.Rect(after, y, room, touch),
                       "NETWORK" if room >= 2 * touch else "NET")
        p.button(other, focused=focus == other.id, colour=theme.ACCENT_3)
    back = Widget("close-consoles", pygame.Rect(actions.right - 2 * touch, y, 2 * touch, touch),
                  "BACK")
    p.button(back, focused=focus == back.id, colour=theme.ACCENT_2)
    return n_pages
