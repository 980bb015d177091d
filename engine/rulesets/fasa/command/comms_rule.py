"""Team Communications, declared once (Book Two, the optional rules: Team Communications, seed 000
line 447; `comms.py` is the rule itself, this its part in the game: `rule.Rule`).

A game played with the option opens each Power Allocation Phase with the teams' communication
rolls (`comms.start`, through the option's hook `team_rolls`, `layers/option_hooks.py`); the rolls of the
Power Allocation Phase are this rule's while one is awaited (`state.comms`).
"""

from __future__ import annotations

from engine.rulesets.fasa.command import comms
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, RollOwner, Rule
from engine.rulesets.fasa.values.state import POWER, FasaState

NAME = "Optional: Team Communications (line 447)"


def _awaited(state: FasaState) -> bool:
    return bool(state.comms)


RULE = Rule(
    name=NAME,
    levels=LEVELS_FROM_BASIC,  # an option of the table's, offered at every level (options.py)
    rolls={POWER: RollOwner("an optional rule: Team Communications", _awaited, comms.on_roll)},
)
