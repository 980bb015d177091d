"""The placing of a skill bonus's point, declared once (Book Two, Expert: Skill Roll Phase, seed
lines 509-510, and Campaign Advancement's bonuses at the advanced level, lines 506-511;
`bonus_place.py` is the rule itself, this its part in the game: `rule.Rule`).

A Captain who took one more power point has the Engineer place it (`bonus_power`: movement, a
shield within its maximum, or a beam weapon within its full power); one more shield point goes on
a shield past its maximum at the shields' station (`bonus_shield`). Both are decided in the Skill
Roll Phase, at every level (Campaign Advancement plays it below the expert level). The autopilot
places both here (`bonus_place.choose_power`; `choose_shield`, on the shield facing the nearest
enemy it sees).
"""

from __future__ import annotations

from engine.actions import Action
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Disclosure, Result, Rule, Told, active
from engine.rulesets.fasa.skills import bonus_place, controls_bonus, skill_roll
from engine.rulesets.fasa.values.actions import BonusPower, BonusShield
from engine.rulesets.fasa.values.state import SKILL, FasaState, Ship


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    return bonus_place.place(state, ship, action, station)


def _power_options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [BonusPower(station, ship.id, p, n) for p, n in skill_roll.power_places(ship)
            if not skill_roll.power_problem(ship, p, n)]


def _shield_options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [BonusShield(station, ship.id, n) for n in range(1, 7)
            if not skill_roll.shield_problem(ship, n)]


def _power_autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return bonus_place.choose_power(ship, station)


def _shield_autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return bonus_place.choose_shield(state, ship, station)


_ORDERS = Disclosure(Told.NOTHING, "giving orders")

RULE = Rule(
    name="Expert: the Skill Roll Phase, the bonus point placed (bonus_place.py)",
    levels=LEVELS_FROM_BASIC,
    step_of={"bonus_power": SKILL, "bonus_shield": SKILL},
    prompts={SKILL: bonus_place.prompts},
    decisions={"bonus_power": active(_decide), "bonus_shield": active(_decide)},
    options={"bonus_power": _power_options, "bonus_shield": _shield_options},
    controls={"bonus_power": controls_bonus.bonus_power,
              "bonus_shield": controls_bonus.bonus_shield},
    autopilot={"bonus_power": _power_autopilot,
               "bonus_shield": _shield_autopilot},
    disclosure={"bonus_power": _ORDERS, "bonus_shield": _ORDERS},
)
