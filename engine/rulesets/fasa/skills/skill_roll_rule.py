"""The Skill Roll Phase, declared once (Book Two, Expert: Skill Roll Phase, seed lines 689,
701-703; with Campaign Advancement's crew rolls and their four bonuses at the advanced level, lines
504-511; `skill_roll.py` is the rule itself, this its part in the game: `rule.Rule`).

After the Power Allocation Phase each ship rolls percentile dice against its Crew Efficiency
Rating (its crew's points with Campaign Advancement); a success gives its Captain the
`skill_bonus` decision: aim two weapons, one more power point, one more shield point, or one point
repaired. The step is in every level's turn, as Campaign Advancement plays it below the expert
level. The phase's flow is `phases/skill_phase_rule.py`'s (it hands over to the Tactical
Advantage Phase, `moving/`, which `skills/` may not import; the Command & Control officers' rolls
after the bonuses are the hook `officers_rolls`); the autopilot's
choice of bonus stays in `autopilots/autopilot.CHOICES` (`autopilot_expert.choose_bonus`, which
reads the autopilots' reckoning of a volley's best range).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Together, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.rule import (
    LEVELS_FROM_BASIC,
    Disclosure,
    Result,
    RollOwner,
    Rule,
    Told,
    active,
)
from engine.rulesets.fasa.skills import skill_roll
from engine.rulesets.fasa.values.actions import SkillBonus
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import SKILL, FasaState, Ship
from engine.stations import title

NAME = "Expert: the Skill Roll Phase"


def _always(state: FasaState) -> bool:
    return True


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    return tuple(Prompt(s.id, state.station_for(s.id, Duty.COMMAND),
                        f"choose the skill bonus of {s.name} for this turn (aim two weapons, "
                        "one more power point, one more shield point, or one point repaired)",
                        None, "skill_bonus")
                 for s in skill_roll.waiting(state))


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, SkillBonus)
    return skill_roll.take(state, ship, action, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [a for a in bonus_options(ship, station)
            if not skill_roll.bonus_problem(state, ship, a)]


def bonus_options(ship: Ship, station: str) -> list[SkillBonus]:
    """Every skill bonus a ship could take (Expert: Skill Roll Phase); `bonus_problem` sorts out
    those it may take now."""
    ids = [w.id for w in ship.cls.weapons]
    out = [SkillBonus(station, ship.id, "none")]
    out += [SkillBonus(station, ship.id, "aim", (a,) if a == b else (a, b))
            for i, a in enumerate(ids) for b in ids[i:]]
    out += [SkillBonus(station, ship.id, "power"), SkillBonus(station, ship.id, "shield")]
    out += [SkillBonus(station, ship.id, "repair", part=p)
            for p in ("superstructure", *(f"engine{n}" for n in range(1, len(ship.engines) + 1)))]
    return out


BONUS_WORDS = {"none": "no bonus", "aim": "aim two weapons (one less to hit)",
               "power": "one more power point (the Engineer places it)",
               "shield": "one more shield point, past the maximum (placed at the shields)",
               "repair": "repair one point for good"}


def _skill_bonus(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The bonus of a successful Skill Roll (Expert: Skill Roll Phase; the Campaign Advancement
    bonuses, seed lines 506-511), with the aimed weapons and the part repaired; a power or shield
    point is placed afterwards at the Engineer's or Science's panel (`bonus_place_rule.py`). The
    defaults are the first the rules accept, and each bonus carries the reason it cannot be
    taken with them."""
    working = [spec.id for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True)
               if not w.damaged]
    weapons = (Choice(None, "none"), *(Choice(spec.id, spec.name) for spec in ship.cls.weapons))
    repair_parts = (Choice("superstructure", "superstructure"),
                    *(Choice(f"engine{n}", spec.name)
                      for n, spec in enumerate(ship.cls.engines, 1)))

    def make(v: Mapping[str, Value]) -> SkillBonus:
        bonus = v["bonus"]
        aimed = tuple(w for w in (v.get("first"), v.get("second")) if w is not None)
        part = v.get("repair") if bonus == "repair" else ""
        return SkillBonus(station, ship.id, cast(str, bonus),
                          cast(tuple[str, ...], aimed) if bonus == "aim" else (),
                          cast(str, part or ""))

    def why(values: Mapping[str, Value]) -> str:
        return skill_roll.bonus_problem(state, ship, make(values))

    base: dict[str, Value] = {"bonus": "none", "first": working[0] if working else None,
                              "second": None, "repair": "superstructure"}
    base["repair"] = next((c.value for c in repair_parts
                           if not why({**base, "bonus": "repair", "repair": c.value})),
                          "superstructure")
    choices = tuple(Choice(b, BONUS_WORDS[b], why({**base, "bonus": b}) or None)
                    for b in BONUS_WORDS)

    def build(v: Mapping[str, Value]) -> Action:
        return make(v)

    fields = (
        Field("bonus", f"Skill bonus (roll {ship.skill_rolled} against "
                       f"{skill_roll.against(state)} {skill_roll.target(state, ship)})",
              FieldKind.CHOICE, "none", choices=choices),
        Field("first", "Aim: first weapon", FieldKind.CHOICE, base["first"], choices=weapons),
        Field("second", "Aim: second weapon", FieldKind.CHOICE, None, choices=weapons),
        Field("repair", "The point repaired", FieldKind.CHOICE, base["repair"],
              choices=repair_parts),
    )
    # the aim names one or two different working weapons (`skill_roll.bonus_problem`); the
    # other bonuses leave the weapons aside
    ids = [c.value for c in weapons]
    aims = [(a, b) for a in ids for b in ids if (a is not None or b is not None) and a != b
            and all(w is None or w in working for w in (a, b))]
    combos = tuple((c.value, a, b) for c in choices for a in ids for b in ids
                   if c.value != "aim" or (a, b) in aims)
    # a repair names a damaged point (`skill_roll.bonus_problem`, Expert: Skill Roll Phase,
    # seed lines 506-511); the other bonuses leave the part aside
    mends = tuple((c.value, p.value) for c in choices for p in repair_parts
                  if c.value != "repair" or not why({**base, "bonus": "repair", "repair": p.value}))
    return Decision(prompt, "skill_bonus", station,
                    f"{title(station)}: {ship.name}'s skill bonus for this turn", fields, (),
                    build, together=(Together(("bonus", "first", "second"), combos,
                                              "aim one or two different working weapons"),
                                     Together(("bonus", "repair"), mends,
                                              "repair a damaged point")))


RULE = Rule(
    name=NAME,
    levels=LEVELS_FROM_BASIC,
    step_of={"skill_bonus": SKILL},
    step_words={SKILL: "the Skill Roll Phase"},
    rolls={SKILL: RollOwner(NAME, _always, skill_roll.on_roll)},
    prompts={SKILL: _prompts},
    decisions={"skill_bonus": active(_decide)},
    options={"skill_bonus": _options},
    controls={"skill_bonus": _skill_bonus},
    # Whether a Captain has a bonus to choose tells that the Skill Roll succeeded: his side's.
    disclosure={"skill_bonus": Disclosure(Told.NOTHING, "giving orders")},
)
