"""Who must act now in a FASA game: every open prompt of the turn's step, with its station and
what it asks (Book Two, Advanced: Sequence Of Play; Command & Control: Sequence Of Play).
`turn.pending` tells a seat the prompts it may see."""

from __future__ import annotations

from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.rule import Prompts
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.state import (
    OVER,
    FasaState,
    Step,
)


def all_prompts(state: FasaState) -> tuple[Prompt, ...]:
    """Every open prompt: the roll wanted, or the decisions of the turn's step (`BY_LEVEL` of the
    game's level, a lookup by the step, a variant's first; the ship whose turn it is to move or
    declare otherwise)."""
    if state.step == OVER:
        return ()
    if state.roll is not None:
        r = state.roll
        return (Prompt(r.ship, r.station, r.purpose, r, "roll"),)
    return (variant_tables.layered(variant_tables.of(state).prompts, BY_LEVEL[state.level],
                                   state.step) or _none)(state)


def _none(state: FasaState) -> tuple[Prompt, ...]:
    """A step no table gives decisions to (the ratings', the tactical advantage's and the
    blasts' steps ask rolls alone): none. A ship's declared targets are the Firing rule's
    (firing/fire_rule.py)."""
    return ()


_BASE: dict[Step, Prompts] = {
}
STEP_PROMPTS: dict[Step, Prompts] = rules.joined_prompts(_BASE)
"""The decisions open in each step, by the step, of every rule (`rule.Rule.prompts`; the base
table is empty, every step's decisions being declared by their rules)."""
BY_LEVEL: dict[str, dict[Step, Prompts]] = rules.prompts_per_level(_BASE)
"""The decisions open in each step of each level: `_BASE`'s, then those of the rules that level
switches on, in the order they are declared (`rules.RULES`)."""
