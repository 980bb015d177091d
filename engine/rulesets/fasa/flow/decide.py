"""Which rule takes each decision, as data: `DECISIONS` maps the kind of a decision to the rule
that applies it, once `turn._decision` has checked the seat, the ship and the step (Book Two,
Advanced: Sequence Of Play; Expert; Command & Control). A rule that brings a decision adds its
line here, and its step in `turn.STEP_OF`."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import admiral, helm_rolls
from engine.rulesets.fasa.ending import check_game_over, moved
from engine.rulesets.fasa.moving import warp
from engine.rulesets.fasa.rule import active as _active
from engine.rulesets.fasa.rule import in_turn as _in_turn
from engine.rulesets.fasa.sensing import sensor_ask
from engine.rulesets.fasa.values.actions import (
    Move,
    SetWarp,
)
from engine.rulesets.fasa.values.state import FasaState, Ship

Result = tuple[FasaState, list[Event]]
Decide = Callable[[FasaState, Ship, Action, str], Result]


def _fleet_orders(state: FasaState, action: Action) -> Result:
    assert isinstance(action, admiral.FleetOrders)
    return admiral.give(state, action)


BY_SIDE: dict[str, Callable[[FasaState, Action], Result]] = {
    "fleet_orders": _fleet_orders,  # an optional rule: the Admiral (line 437; admiral_rule.py)
}
"""The decisions a side takes with no ship of its own, by their kind, checked by their rule
itself (the Admiral's seat is a side's, not a ship's station)."""




def _set_warp(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    # A scenario may score breaking off at warp (victory.py: broke_off).
    assert isinstance(action, SetWarp)
    state, events = warp.set_warp(state, ship, action.warp, station)
    state, more = check_game_over(state)
    return state, [*events, *more]




def _move(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, Move)
    if sensor_ask.open_for(state, ship):
        # Expert: "the ship captain ... may ask a question about his target" before he moves
        # (line 711): the question (or none) comes first.
        raise IllegalAction(f"{station}: {ship.name}'s sensor question comes first (the Science "
                            "Officer asks one, or none, before the ship moves)")
    state, events = helm_rolls.move(state, ship, action.steps, station)
    return moved(state, ship.id, events)


DECISIONS: dict[str, Decide] = rules.every_rule({
    "set_warp": _active(_set_warp),
    "move": _in_turn(_move),
}, lambda r: r.decisions)
"""The rule that applies each kind of decision, in its step."""
