"""A crewed ship's sensors out by phases, declared once (Book Two, Command & Control: Sensors
Track, seed line 1247: "If the sensors are damaged in combat, roll one die. A result of 1-5 means
the sensors are damaged one Movement/Firing Phase, and a roll of 6-0 means that they are damaged
for two Movement/Firing Phases"; `sensors_rating.py` is the rule itself, this its part in the
game: `rule.Rule`), at the command level.

The die is rolled as a shot's damage lands on the sensors of a crewed ship, in the middle of the
combat roll's sequence (`Hit.stage` is `SENSORS`), so it is a roll between shots
(`rolls_between`), tried after the sensors' and the explosion's and before the combat roll
takes every roll left (`fire_rule.py`).
"""

from __future__ import annotations

from engine.rulesets.fasa.rule import COMMAND_LEVEL, RollOwner, Rule
from engine.rulesets.fasa.sensing import sensors_rating

RULE = Rule(
    name="C&C: sensors out by phases (line 1247)",
    levels=COMMAND_LEVEL,
    rolls_between=(RollOwner("C&C: sensors out by phases (line 1247)",
                             sensors_rating.owns_damage_roll, sensors_rating.on_damage_roll),),
)
