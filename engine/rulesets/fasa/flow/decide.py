"""Which rule takes each decision, as data: `DECISIONS` maps the kind of a decision to the rule
that applies it, once `turn._decision` has checked the seat, the ship and the step (Book Two,
Advanced: Sequence Of Play; Expert; Command & Control). A rule declares its decisions with its
module (`rule.Rule.decisions`, a side's `Rule.side_decisions`) and their step (`Rule.step_of`);
the tables here are assembled from them."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action
from engine.events import Event
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.rule import SideDecision
from engine.rulesets.fasa.values.state import FasaState, Ship

Result = tuple[FasaState, list[Event]]
Decide = Callable[[FasaState, Ship, Action, str], Result]


BY_SIDE: dict[str, SideDecision] = rules.every_rule({
}, lambda r: r.side_decisions)
"""The decisions a side takes with no ship of its own, by their kind (`rule.SideDecision`), each
checked by its rule itself (the Admiral's seat is a side's, not a ship's station): what they do,
their legal actions, their fields and the autopilot's answer."""


DECISIONS: dict[str, Decide] = rules.every_rule({
}, lambda r: r.decisions)
"""The rule that applies each kind of decision, in its step."""
