"""The Skill Roll Phase's own work, declared once (Book Two, Expert: Sequence Of Play, the Skill
Roll Phase, lines 689, 701; Campaign Advancement's crew roll, line 506; Command & Control's
officers' rolls, lines 1183-1193; `skills/skill_roll.py` is the crews' roll and
`skills/skill_roll_rule.py` its roll and decisions, this the step's own work: `rule.Rule`).

The Power Allocation Phase begins the step when the game's layer names one
(`hooks.Hooks.skill_phase`, `start_skill_phase`). Each crew in the queue rolls; the step waits
for the bonus to be placed; then the officers' rolls a higher level adds (the hook
`officers_rolls`: Command & Control's Chief Engineer and Science Officer,
`layers/command_hooks.py`); then the Tactical Advantage Phase. Declared here rather than beside
`skill_roll_rule.py`: the Tactical Advantage Phase is `moving`'s, which `skills` may not import
(`phases/__init__.py`).
"""

from __future__ import annotations

from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.moving import advantage
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Flow, Rule
from engine.rulesets.fasa.skills import bonus_place, skill_roll
from engine.rulesets.fasa.values.state import SKILL, FasaState


def _flow(state: FasaState) -> Flow:
    if state.queue:
        state, more = skill_roll.ask(state)
        return state, more, True
    if skill_roll.waiting(state) or bonus_place.placing(state):
        return state, [], True
    state, events, wait = hooks.of(state).officers_rolls(state)  # C&C: the officers' rolls
    if wait:
        return state, events, True
    state, more = advantage.start(state)
    return state, events + more, False


RULE = Rule(
    name="Expert: the Skill Roll Phase (line 689; Campaign Advancement's crew roll, line 506)",
    levels=LEVELS_FROM_BASIC,  # Campaign Advancement's crew roll is an option at every level
    steps={SKILL: _flow},
)
