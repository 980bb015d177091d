"""Offers at a crew's station: a decision the game does not wait for (`Decision.optional`: FASA's
self-destruct order each Power Allocation Phase, a warp speed Helm may leave as it is) is not a
step to take. Its station's panel shows its readings and, beside CONFIRM, a button that opens
the offer (DESTRUCT, WARP, ORDERS); the offer is on the panel only once opened (or while a
physical panel edits it), and CLOSE puts it away. The Instructor's END GAME is its own
(display.ruling_panel).
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display.game_link import Open
from display.paint import Painter, Widget
from display.panel_sync import Key
from display.ruling_panel import ACTION as RULING


def is_offer(o: Open) -> bool:
    return o.decision.optional and o.decision.action != RULING


def shown(o: Open, opened: Key | None) -> bool:
    """Whether `o` is on its station's panel: a decision the game waits for always, an offer
    once opened."""
    return not is_offer(o) or o.key == opened


def label(o: Open) -> str:
    """The button that opens an offer: its action in a word or two ("DESTRUCT")."""
    return WORDS.get(o.decision.action, o.decision.action.replace("_", " ").upper())


WORDS = {"self_destruct": "DESTRUCT", "set_warp": "WARP", "orders": "ORDERS"}


def buttons(p: Painter, opens: Sequence[Open], station: str, opened: Key | None,
            touch: int) -> tuple[Widget, ...]:
    """The offers of `station` as buttons beside CONFIRM (CLOSE for the one opened), each as
    wide as its label."""
    out = []
    for o in opens:
        if o.station != station or not is_offer(o):
            continue
        text = "CLOSE" if o.key == opened else label(o)
        width = max(touch * 2, p.font("body").size(text)[0] + 28)
        out.append(Widget(f"offer:{o.decision.action}", pygame.Rect(0, 0, width, touch), text))
    return tuple(out)
