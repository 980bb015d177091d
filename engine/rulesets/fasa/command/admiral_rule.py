"""The Admiral, declared once (Book Two, the optional rules: a side's Admiral, seed 000 line 437;
`admiral.py` is the rule itself, this its part in the game: `rule.Rule`).

A side with an Admiral (a seat with no ship) is offered its fleet orders in each Power Allocation
Phase, first of the phase's decisions: an order (close, hold, withdraw) and an enemy to engage for
each of its ships; the captains decide. Its decision is a side's, not a ship's, so what it does,
its legal actions, its fields and the autopilot's orders are looked up by its kind where a
decision with no ship is answered (`flow/decide.BY_SIDE`, `decisions/legal`,
`decisions/controls`, `autopilots/autopilot`); another side is not told of it.
"""

from __future__ import annotations

from engine.rulesets.fasa.command import admiral
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Disclosure, Rule, Told
from engine.rulesets.fasa.values.state import POWER

RULE = Rule(
    name="Optional: the Admiral (line 437)",
    levels=LEVELS_FROM_BASIC,  # an option of the table's, offered at every level (options.py)
    step_of={"fleet_orders": POWER},
    prompts={POWER: admiral.prompts},  # first of the phase's decisions
    disclosure={"fleet_orders": Disclosure(Told.NOTHING, "giving fleet orders")},
)
