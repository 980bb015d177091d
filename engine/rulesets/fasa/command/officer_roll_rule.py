"""An officer's Skill Roll, declared once (Book Two, Command & Control: Skill Rolls, seed lines
957-959: "Players will roll the die as percentile dice to see whether or not the skill in question
is of special benefit during that game turn"; `skills/officer_roll.py` is the rule itself, this
its part in the game: `rule.Rule`), at the command level.

An officer's roll is asked where its rule needs it, at any step: the Chief Engineer's in the Skill
Roll Phase (`skills/engineer_roll.py`, lines 1029-1041), the Helmsman's weaponry roll as he
declares targets (line 1115) and his helm operation roll before an emergency heading change is
flown (line 1121; `helm_rolls.py`). While it is awaited the ship's `awaiting` names it, and its
die goes to the rule that asked it (`officer_roll.on_roll`); a course that waited for the helm
operation roll is flown then, and the move ends there (`ending.moved`). So its owner is tried
before any step's own (`rolls_anywhere`), after the Science Officer's (`science_rule.py`,
registered before this one).
"""

from __future__ import annotations

from engine.rulesets.fasa.command import helm_rolls
from engine.rulesets.fasa.ending import moved
from engine.rulesets.fasa.rule import COMMAND_LEVEL, Result, RollOwner, Rule
from engine.rulesets.fasa.skills import officer_roll
from engine.rulesets.fasa.values.state import FasaState


def _awaited(state: FasaState) -> bool:
    """Whether the roll now asked is an officer's Skill Roll (`officer_roll.ask`)."""
    return officer_roll.awaited(state) is not None


def _rolled(state: FasaState, value: int) -> Result:
    officer = officer_roll.awaited(state)
    assert officer is not None  # claimed by `_awaited`
    state, events = officer_roll.on_roll(state, officer, value)
    if officer.awaiting == helm_rolls.HELM:  # the course waited for it
        return moved(state, officer.id, events)
    return state, events


RULE = Rule(
    name="C&C: an officer's Skill Roll (officer_roll.py)",
    levels=COMMAND_LEVEL,
    rolls_anywhere=(RollOwner("C&C: an officer's Skill Roll (officer_roll.py)", _awaited,
                              _rolled),),
)
