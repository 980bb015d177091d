"""Who decides at once, as plain data (no pygame): the stations of a seat whose decisions the game
waits for at the same time (after Engineering confirms, Helm arms while Science sets the
shields; in Power Allocation at the command level, the Captain's orders beside Engineering's
allocation). The bridge display then shows each of them in its own part of the panel's place
(display.draw_split) instead of one panel that flips to whoever pressed last.

A roll waits for no one else: while a station of the seat must roll, nobody shares the screen
with its dialog (no roll is made unseen), and an offer (display.offers) is no decision the game
waits for."""

from __future__ import annotations

from collections.abc import Sequence

from display.game_link import Open


def together(opens: Sequence[Open], stations: Sequence[str]) -> tuple[str, ...]:
    """The stations, in `stations`' order, that decide at once: two or more with a decision the
    game waits for and none of the seat's with a roll; () otherwise."""
    if any(o.decision.action == "roll" for o in opens if o.station in stations):
        return ()
    acting = {o.station for o in opens if not o.decision.optional}
    found = tuple(st for st in stations if st in acting)
    return found if len(found) >= 2 else ()
