"""The Tactical Advantage Phase, declared once (Book Two, Advanced: Sequence Of Play step 2;
Expert, line 695; Command & Control, lines 1015-1019, 1407; `advantage.py` is the rule itself,
this its part in the game: `rule.Rule`).

After the power is allocated (and the expert game's Skill Roll Phase), each Captain rolls a die,
ties rolling again, to decide who moves last on equal movement and declares targets last for the
turn (at the expert and command levels the Captains' ratings decide it: `hooks.advantage_order`).
An optional rule adds a Captain's Campaign Advancement points to his roll (line 504; the hook
`advantage_added`). The phase
begins from the phase before it (`advantage.start`, called by the Power Allocation and Skill
Roll Phases' work, `engineering/power_rule.py` and `phases/skill_phase_rule.py`).
"""

from __future__ import annotations

from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.moving import advantage
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Flow, Result, RollOwner, Rule
from engine.rulesets.fasa.values.state import ADVANTAGE, FasaState, replace


def _flow(state: FasaState) -> Flow:
    """A roll for each Captain in the queue; then the order is settled and the Sensor Phase
    follows."""
    if state.queue:
        state, events = advantage.ask(state, [])
        return state, events, True
    state, events = advantage.settle(state)
    return state, events, False


def _always(state: FasaState) -> bool:
    return True


def _rolled(state: FasaState, value: int) -> Result:
    """Advanced: Tactical Advantage Phase: each ship's roll, the captain's points added (an
    optional rule: Campaign Advancement, `layers/option_hooks.py`)."""
    ship = state.queue[0]
    value += hooks.of(state).advantage_added(state, state.ship(ship))
    rolls = tuple((s, r + (value,)) if s == ship else (s, r) for s, r in state.adv_rolls)
    return replace(state, adv_rolls=rolls, queue=state.queue[1:], roll=None), []


RULE = Rule(
    name="Advanced: the Tactical Advantage Phase (Sequence Of Play step 2)",
    levels=LEVELS_FROM_BASIC,
    step_words={ADVANTAGE: "the Tactical Advantage Phase"},
    steps={ADVANTAGE: _flow},
    rolls={ADVANTAGE: RollOwner("Advanced: the Tactical Advantage Phase", _always, _rolled)},
)
