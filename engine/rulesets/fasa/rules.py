"""The rules declared with their modules (`rule.Rule`), and the turn's tables assembled from them.

A rule that declares itself is registered here, one line in `RULES`; the turn's tables (the
steps' automatic work, the rolls' owners, the prompts of a step: `flow/turn.py`, `flow/rolls.py`,
`flow/prompts.py`) are assembled per level from the rules that level switches on, and the tables
keyed by a decision's kind (what it does, its legal actions, its fields, the autopilot's choice,
what another side is told: `flow/decide.py`, `decisions/legal.py`, `decisions/controls.py`,
`autopilots/autopilot.py`, `decisions/disclosure.py`) from every rule, as a decision of a rule
not in play is never open. A variant that re-sequences the turn supplies its own rules and
tables the same way (docs/engine.md, "Adding a rule").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TypeVar

from engine.rulesets.fasa.firing import evasion_rule
from engine.rulesets.fasa.rule import Rule, gather
from engine.rulesets.fasa.values.state import LEVELS

RULES: tuple[Rule, ...] = (
    evasion_rule.RULE,
)
"""Every rule declared with its module, in the order their entries are added."""

K = TypeVar("K")
V = TypeVar("V")


def every_rule(base: Mapping[K, V],
               table: Callable[[Rule], Mapping[K, V]]) -> dict[K, V]:
    """`base` with the `table` of every declared rule added."""
    return gather(base, ((r.name, table(r)) for r in RULES))


def per_level(base: Mapping[K, V],
              table: Callable[[Rule], Mapping[K, V]]) -> dict[str, dict[K, V]]:
    """For each level, `base` with the `table` of each rule that level switches on."""
    return {level: gather(base, ((r.name, table(r)) for r in RULES if level in r.levels))
            for level in LEVELS}
