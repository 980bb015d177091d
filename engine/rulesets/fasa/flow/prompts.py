"""Who must act now in a FASA game: every open prompt of the turn's step, with its station and
what it asks (Book Two, Advanced: Sequence Of Play; Command & Control: Sequence Of Play).
`turn.pending` tells a seat the prompts it may see."""

from __future__ import annotations

from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import cc_turn
from engine.rulesets.fasa.firing import explosions
from engine.rulesets.fasa.levels import advanced_rules
from engine.rulesets.fasa.rule import Prompts
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import (
    OVER,
    POWER,
    FasaState,
    Step,
)


def all_prompts(state: FasaState) -> tuple[Prompt, ...]:
    """Every open prompt: the roll wanted, or the decisions of the turn's step (`STEP_PROMPTS`,
    a lookup by the step; the ship whose turn it is to move or declare otherwise)."""
    if state.step == OVER:
        return ()
    if state.roll is not None:
        r = state.roll
        return (Prompt(r.ship, r.station, r.purpose, r, "roll"),)
    return (variant_tables.layered(variant_tables.of(state).prompts, BY_LEVEL[state.level],
                                   state.step) or _none)(state)


def _power(state: FasaState) -> tuple[Prompt, ...]:
    # After the declared rules' decisions: the Admiral's orders (command/admiral_rule.py), the
    # warp speed (moving/warp_rule.py), the power (engineering/power_rule.py).
    out: list[Prompt] = []
    out += cc_turn.power_prompts(state)  # C&C: the Captain's orders, before the self-destruct
    # The Captain of any ship on the map, a disabled one too, may order the self-destruct while
    # the power is allocated (Advanced: Ship Explosions, line 407; line 1269); the phase does
    # not wait for the order (docs/rules-decisions.md).
    if advanced_rules(state.level):
        out += [Prompt(s.id, state.station_for(s.id, Duty.COMMAND),
                       "self-destruct order (hold, or destruct: cannot be undone)", None,
                       "self_destruct")
                for s in state.ships if explosions.may_self_destruct(s)]
    return tuple(out)


def _none(state: FasaState) -> tuple[Prompt, ...]:
    """A step no table gives decisions to (the ratings', the tactical advantage's and the
    blasts' steps ask rolls alone): none. A ship's declared targets are the Firing rule's
    (firing/fire_rule.py)."""
    return ()


_BASE: dict[Step, Prompts] = {
}
_LAST: dict[Step, Prompts] = {
    POWER: _power,
}
"""The decisions of a step not yet declared by their rules that come after the declared ones'
(the Power Allocation Phase's Captain's orders and self-destruct order, after the Admiral's
orders, the warp speed and the power); an entry goes when its rules are declared."""
STEP_PROMPTS: dict[Step, Prompts] = rules.joined_prompts(_BASE, last=_LAST)
"""The decisions open in each step, by the step: those not yet declared by their rules here, and
those a rule declares with its module (`rule.Rule.prompts`)."""
BY_LEVEL: dict[str, dict[Step, Prompts]] = rules.prompts_per_level(_BASE, _LAST)
"""The decisions open in each step of each level: `_BASE`'s, then those of the rules that level
switches on, in the order they are declared (`rules.RULES`), then `_LAST`'s."""
"""The decisions open in each step of the turn, by the step."""
