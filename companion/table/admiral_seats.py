"""The Admirals' seats at the table (an optional rule of the advanced game, Book Two, Advanced,
seed 000 line 437; the engine's `engine/rulesets/fasa/command/admiral.py`): which sides have one, asked
of the engine's view (the edges import no ruleset), and the seat key of each, "Side/admiral", in
the table's seats beside the crews' "ship/station" (a phone takes it as it takes any seat)."""

from __future__ import annotations

from engine import GameState, Seat, view
from engine.stations import ADMIRAL, INSTRUCTOR


def admiral_sides(state: GameState) -> tuple[str, ...]:
    """The sides with an Admiral in this game, in the order their ships come."""
    seen = view(state, Seat(INSTRUCTOR))
    options = seen.get("options") or {}
    sides = tuple(dict.fromkeys(str(s.get("side", "")) for s in seen.get("ships", ())))
    if options.get("admiral") is True:
        return sides
    named = options.get("admirals") or ()
    return tuple(s for s in sides if s in named)


def admiral_seats(state: GameState) -> tuple[tuple[str, str], ...]:
    """The table's seat keys (side, "admiral") of the game's Admirals."""
    return tuple((side, str(ADMIRAL)) for side in admiral_sides(state))
