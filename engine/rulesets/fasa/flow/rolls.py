"""Which rule owns a roll, as data: the owners of rolls that may come at any step (the C&C
officers'), then the owner of each step's own rolls (a lookup by the step), then those of the
rolls between moves and shots (a sensor roll, an explosion roll, a sensors-out roll), and the
combat roll (to-hit, location, damage) when none of them claims it.

Each owner is declared with its rule (`rule.Rule.rolls`, `rolls_anywhere`, `rolls_between`,
`rolls_otherwise`: what claims the roll, and what its result does) and assembled per level from
the rules that level switches on (`rules.py`), so a basic game tries no higher level's owner
(Book Two, Advanced: Sequence Of Play; Expert; Command & Control)."""

from __future__ import annotations

from engine.rulesets.fasa import rules
from engine.rulesets.fasa.rule import RollOwner
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.state import (
    FasaState,
    Step,
)

_BASE: dict[Step, RollOwner] = {
}
BY_STEP: dict[Step, RollOwner] = rules.every_rule(_BASE, lambda r: r.rolls)
"""The rolls of each step of the turn, by the step (one that does not claim the roll leaves it
to the next owners), each declared by its rule (`rule.Rule.rolls`; the base table is empty)."""
BY_LEVEL: dict[str, dict[Step, RollOwner]] = rules.per_level(_BASE, lambda r: r.rolls)
"""`BY_STEP` of each level: the rolls of the rules that level switches on."""
ANYWHERE: dict[str, tuple[RollOwner, ...]] = rules.in_order_per_level(lambda r: r.rolls_anywhere)
"""Each level's owners of the rolls that may come at any step, tried before the step's own."""
BETWEEN: dict[str, tuple[RollOwner, ...]] = rules.in_order_per_level(lambda r: r.rolls_between)
"""Each level's owners of the rolls between moves and shots, tried after the step's own."""
OTHERWISE: dict[str, RollOwner] = rules.one_per_level("the owner of every roll no other claims",
                                                      lambda r: r.rolls_otherwise)
"""Each level's owner of every roll none of the others claims."""


def owner(state: FasaState) -> RollOwner:
    """The rule whose roll is wanted now: a variant's roll of the step before FASA's
    (values/variant_tables.py)."""
    level = state.level
    own = variant_tables.of(state).rolls.get(state.step)
    step = RollOwner(variant_tables.of(state).title, *own) if own \
        else BY_LEVEL[level].get(state.step)
    owners = (*ANYWHERE[level], *((step,) if step is not None else ()), *BETWEEN[level])
    return next((o for o in owners if o.claims(state)), OTHERWISE[level])
