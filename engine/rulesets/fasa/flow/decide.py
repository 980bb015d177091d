"""Which rule takes each decision, as data: `DECISIONS` maps the kind of a decision to the rule
that applies it, once `turn._decision` has checked the seat, the ship and the step (Book Two,
Advanced: Sequence Of Play; Expert; Command & Control). A rule that brings a decision adds its
line here, and its step in `turn.STEP_OF`."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action
from engine.events import Event
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import admiral
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




DECISIONS: dict[str, Decide] = rules.every_rule({
}, lambda r: r.decisions)
"""The rule that applies each kind of decision, in its step."""
