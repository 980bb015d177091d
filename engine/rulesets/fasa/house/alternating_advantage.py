"""House rule: Alternating Advantage (`house_rules = ["alternating_advantage"]`). Not FASA's.

FASA decides the tactical advantage by a roll each game turn: "Each player rolls a die. The player
who rolls the higher number has the tactical advantage in this game turn. If both players roll the
same number in this phase, each player rolls again" (Book Two, Advanced: Sequence Of Play step 2,
seed 000 line 240; the multi-player game's captains likewise, line 443). Its optional rules are
offered "to speed the game, particularly for large numbers of players" (seed 000, Optional Rules
and Hints on Play, line 431). In that spirit a table may skip the roll: the advantage passes from
side to side each game turn, the scenario's last side holding it in turn 1, then the side before
it, and round again. The side holding it declares its targets last and, on equal movement, moves
last (as the roll's winner does, lines 248, 256); within a side the scenario's order stands (its
last ship is the last to act). Every seat sees which side holds it next turn.

At the basic and advanced levels, where the roll decides it; at the expert levels the Captains'
ratings decide it without a roll (Expert, line 695), so the house rule has nothing to replace.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.rulesets.fasa.hooks import Hooks
from engine.rulesets.fasa.rule import Rule
from engine.rulesets.fasa.values.state import ACTIVE, FasaState
from engine.stations import Seat

NAME = "alternating_advantage"
"""The name a table lists in `house_rules`."""


def holder(sides: tuple[str, ...], turn: int) -> str:
    """The side holding the advantage in game turn `turn`: the last side in turn 1, then each
    side before it in turn."""
    return sides[-1 - (turn - 1) % len(sides)]


def order(state: FasaState) -> tuple[str, ...]:
    """The ships in play, lowest advantage first: side by side, the holder's last (the sides
    from the one after the holder round to it), each side's in the scenario's order."""
    sides = state.sides
    last = sides.index(holder(sides, state.turn))
    rotated = sides[last + 1:] + sides[:last + 1]
    return tuple(s.id for side in rotated for s in state.ships
                 if s.side == side and s.status == ACTIVE)


class AlternatingAdvantage(Hooks):
    """The Tactical Advantage Phase decided without a roll (`hooks.Hooks.advantage_order`)."""

    def advantage_order(self, state: FasaState) -> tuple[str, ...] | None:
        return order(state)


def view(state: FasaState, seat: Seat) -> Mapping[str, Any]:
    """Every seat sees who holds the advantage this turn and next (public, as the roll is)."""
    return {NAME: {"this_turn": holder(state.sides, state.turn),
                   "next_turn": holder(state.sides, state.turn + 1)}}


RULE = Rule(
    name="House rule: Alternating Advantage",
    levels=frozenset({"basic", "advanced"}),
    house_rule=NAME,
    hooks=AlternatingAdvantage,
    view=view,
)
