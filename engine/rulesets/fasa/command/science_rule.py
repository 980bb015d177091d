"""The Science Officer's decisions, declared once (Book Two, Command & Control: the Science
Officer/Navigator, seed lines 1165-1301: the Skill Roll's use and the extra shield points of the
Skill Roll Phase, lines 1175-1207; damage control before a Firing Phase's dice; a difficult
communications task, lines 1229-1231, 1453; `science.py` is the officer in the turn,
`science_roll.py`, `firing/damage_control.py` and `skills/hard_comms.py` the rules, this their
part in the game: `rule.Rule`), at the command level.

The officer's rolls may come at any step (`FasaState.science_wait`): their owner is declared here
(`rolls_anywhere`), tried first of every roll's owners (`flow/rolls.owner`). A difficult
communications task is named by the Instructor at any step, which `flow/turn.py` lets through
before the step's check; so it has no step here, only what another side is told of it. The
Skill Roll Phase's flow asks his roll through Command & Control's hook `officers_rolls`
(`phases/skill_phase_rule.py`), and resolving fire waits for his damage control through the hook
`fire_waits` (`phases/fire_resolution_rule.py`).
"""

from __future__ import annotations

from engine.actions import Action
from engine.rulesets.fasa.command import science, science_controls, science_roll
from engine.rulesets.fasa.firing import damage_control
from engine.rulesets.fasa.rule import COMMAND_LEVEL, Disclosure, Result, RollOwner, Rule, Told
from engine.rulesets.fasa.values.state import RESOLVE, SKILL, FasaState, Ship


def _waits(state: FasaState) -> bool:
    """Whether the roll now asked is the Science Officer's (`science_dice.ask`)."""
    return bool(state.science_wait)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    return science.decide(state, action, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return science.legal_for(state, ship.id, kind, station)


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return science.autopilot(state, ship.id, kind, station)


RULE = Rule(
    name="C&C: the Science Officer's decisions (science.py)",
    levels=COMMAND_LEVEL,
    step_of=science.STEPS,
    rolls_anywhere=(RollOwner("C&C: the Science Officer's roll (science.py)", _waits,
                              science.on_roll),),
    prompts={SKILL: science_roll.prompts,
             RESOLVE: damage_control.prompts},  # damage control before the dice
    decisions=dict.fromkeys(science.STEPS, _decide),
    options=dict.fromkeys(science.PROMPTS, _options),
    controls=science_controls.MAKERS,
    autopilot=dict.fromkeys(science.PROMPTS, _autopilot),
    disclosure={"science_roll": Disclosure(Told.NOTHING, "giving orders"),
                "extra_shields": Disclosure(Told.NOTHING, "setting shields"),
                "damage_control": Disclosure(Told.NOTHING, "giving orders"),
                "comms_task": Disclosure(Told.NOTHING, "giving orders")},
)
