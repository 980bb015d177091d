"""The Science Officer's decisions with their limits, for panels and screens (Book Two, Command &
Control: The Skill Rolls, seed lines 1175-1207; controls.py for the rest of the game):

- the Skill Roll's use, each use carrying the reason it cannot be chosen now;
- the extra shield points, a field a shield bounded by its room up to 2 over its maximum, their
  sum the points won (by default placed as the autopilot would);
- a Firing Phase's damage control, a field an incoming shot, their sum at most the points left
  (by default none spent).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Budget, Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.command import science_roll
from engine.rulesets.fasa.firing import damage_control
from engine.rulesets.fasa.skills import skill_words
from engine.rulesets.fasa.values.actions import SCIENCE_USES, Cut, DamageControl, ExtraShields, ScienceRoll
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.stations import title

SHIELD_FIELDS = tuple(f"shield{n}" for n in range(1, 7))


def science_roll_decision(state: FasaState, ship: Ship, prompt: Prompt,
                          station: str) -> Decision:
    choices = tuple(Choice(u, science_roll.USE_WORDS[u],
                           science_roll.use_problem(ship, u) or None,
                           explain=skill_words.science_explain(state, ship, u,
                                                               science_roll.skill_of(u)))
                    for u in SCIENCE_USES)
    default = science_roll.autopilot_use(state, ship)

    def build(v: Mapping[str, Value]) -> Action:
        return ScienceRoll(station, ship.id, cast(str, v["use"]))

    field = Field("use", "This turn's Skill Roll", FieldKind.CHOICE, default, choices=choices)
    return Decision(prompt, "science_roll", station,
                    f"{title(station)}: {ship.name}'s Science Skill Roll", (field,), (), build)


def extra_shields_decision(state: FasaState, ship: Ship, prompt: Prompt,
                           station: str) -> Decision:
    room = science_roll.room(ship)
    placed = science_roll.autopilot_place(state, ship)
    fields = tuple(
        Field(name, f"Shield {n} (+{room[n - 1]} at most)", FieldKind.INT, placed[n - 1], 0,
              min(room[n - 1], ship.extra_shields))
        for n, name in enumerate(SHIELD_FIELDS, 1))

    def build(v: Mapping[str, Value]) -> Action:
        p = [cast(int, v[n]) for n in SHIELD_FIELDS]
        return ExtraShields(station, ship.id, (p[0], p[1], p[2], p[3], p[4], p[5]))

    return Decision(prompt, "extra_shields", station,
                    f"{title(station)}: place {ship.name}'s {ship.extra_shields} extra shield "
                    "points", fields,
                    (Budget(SHIELD_FIELDS, ship.extra_shields, "Extra shield points",
                            ship.extra_shields),), build)


def damage_control_decision(state: FasaState, ship: Ship, prompt: Prompt,
                            station: str) -> Decision:
    shots = damage_control.incoming(state, ship)
    names = tuple(f"{s.firer}:{s.weapon}" for s in shots)
    fields = tuple(Field(name, f"Points off {damage_control.shot_name(state, s)}",
                         FieldKind.INT, 0, 0, ship.dc_points)
                   for name, s in zip(names, shots, strict=True))

    def build(v: Mapping[str, Value]) -> Action:
        cuts = []
        for name in names:
            firer, _, weapon = name.partition(":")
            points = v.get(name, 0)
            if points != 0:
                cuts.append(Cut(firer, weapon, cast(int, points)))
        return DamageControl(station, ship.id, tuple(cuts))

    return Decision(prompt, "damage_control", station,
                    f"{title(station)}: {ship.name}'s damage control this phase "
                    f"({ship.dc_points} point(s) left this turn)", fields,
                    (Budget(names, ship.dc_points, "Damage control points"),), build)


MAKERS = {"science_roll": science_roll_decision, "extra_shields": extra_shields_decision,
          "damage_control": damage_control_decision}
