"""The Chief Engineer's Skill Roll, declared once (Book Two, Command & Control: the Chief
Engineer, seed lines 1029-1041; the Skill Roll Phase of a crewed ship; `engineer_roll.py` is the
rule itself, this its part in the game: `rule.Rule`).

In the Skill Roll Phase the Chief Engineer of a crewed ship chooses his roll (`engineer_roll`):
none, extra power next turn (warp drive) or an engine repaired from next turn (engineering), each
choice greyed with the reason the rules refuse it. The roll itself is asked by the phase's flow
(`phases/skill_phase_rule.py` through Command & Control's hook `officers_rolls`,
`engineer_roll.step`) and answered as an officer's Skill Roll
(`command/officer_roll_rule.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.rule import COMMAND_LEVEL, Disclosure, Result, Rule, Told, active
from engine.rulesets.fasa.skills import engineer_roll, skill_words
from engine.rulesets.fasa.values.cc_actions import ENGINEER_ROLLS, EngineerRoll
from engine.rulesets.fasa.values.officers import rating
from engine.rulesets.fasa.values.state import SKILL, FasaState, Ship
from engine.stations import title


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, EngineerRoll)
    return engineer_roll.choose(state, ship, action, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    """Every roll, a repair for each damaged engine, that the rules accept now."""
    rolls = [EngineerRoll(station, ship.id, r, n) for r in ENGINEER_ROLLS
             for n in ((0,) if r != "repair" else engineer_roll.damaged_engines(ship))]
    return [a for a in rolls if not engineer_roll.problem(state, ship, a)]


ROLL_WORDS = {"none": "no roll", "power": "extra power next turn (warp drive {warp_drive})",
              "repair": "repair an engine from next turn (engineering {engineering})"}


def _engineer(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The roll (none, extra power, engine repair) and the damaged engine a repair is for."""
    damaged = engineer_roll.damaged_engines(ship)
    first = damaged[0] if damaged else 0
    skills = {k: rating(state, ship, k) for k in ("warp_drive", "engineering")}

    def make(v: Mapping[str, Value]) -> EngineerRoll:
        roll = cast(str, v["roll"])
        return EngineerRoll(station, ship.id, roll,
                            cast(int, v.get("engine", 0)) if roll == "repair" else 0)

    def why(roll: str) -> str | None:
        return engineer_roll.problem(state, ship, make({"roll": roll, "engine": first})) or None

    choices = tuple(Choice(r, w.format(**skills), why(r), explain=skill_words.engineer_explain(
        state, ship, r, "engineering" if r == "repair" else "warp_drive"))
        for r, w in ROLL_WORDS.items())
    engines = (Choice(0, "none"),
               *(Choice(n, f"{spec.name} ({now}/{spec.power})",
                        None if n in damaged else "undamaged")
                 for n, (spec, now) in enumerate(zip(ship.cls.engines, ship.engines,
                                                     strict=True), 1)))
    fields = (
        Field("roll", "The Chief Engineer's Skill Roll", FieldKind.CHOICE, "power",
              choices=choices),
        Field("engine", "Engine to repair", FieldKind.CHOICE, first, choices=engines),
    )
    return Decision(prompt, "engineer_roll", station,
                    f"{title(station)}: {ship.name}'s Skill Roll", fields, (), make)


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return engineer_roll.autopilot_choice(ship, station)


RULE = Rule(
    name="C&C: the Chief Engineer's Skill Roll (engineer_roll.py)",
    levels=COMMAND_LEVEL,
    step_of={"engineer_roll": SKILL},
    prompts={SKILL: engineer_roll.prompts},
    decisions={"engineer_roll": active(_decide)},
    options={"engineer_roll": _options},
    controls={"engineer_roll": _engineer},
    autopilot={"engineer_roll": _autopilot},
    disclosure={"engineer_roll": Disclosure(Told.NOTHING, "working in engineering")},
)
