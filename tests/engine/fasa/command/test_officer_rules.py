"""The officers' rules declared once (rule.Rule): each in the turn's tables of its levels only,
the steps Campaign Advancement shares with the expert game in every level's, and the Skill Roll
Phase's prompts in the order the table has always read them."""

from __future__ import annotations

from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import aftermath_rule, orders_rule, science_rule
from engine.rulesets.fasa.decisions import controls, disclosure, legal
from engine.rulesets.fasa.flow import decide, prompts, rolls, turn
from engine.rulesets.fasa.rule import Rule
from engine.rulesets.fasa.skills import (
    bonus_place_rule,
    engineer_roll_rule,
    ratings_rule,
    skill_roll_rule,
)
from engine.rulesets.fasa.values.state import AFTERMATH, LEVELS, RATINGS, RESOLVE, SKILL

OFFICERS: tuple[Rule, ...] = (ratings_rule.RULE, orders_rule.RULE, skill_roll_rule.RULE,
                              engineer_roll_rule.RULE, bonus_place_rule.RULE, science_rule.RULE,
                              aftermath_rule.RULE)


def test_each_is_registered_once() -> None:
    for rule in OFFICERS:
        assert rules.RULES.count(rule) == 1, rule.name


def test_command_and_control_is_in_the_command_games_turn_alone() -> None:
    for level in LEVELS:
        command = level == "command"
        assert (AFTERMATH in rolls.BY_LEVEL[level]) is command, level
        assert (AFTERMATH in prompts.BY_LEVEL[level]) is command, level
        # damage control before a Firing Phase's dice (science_rule)
        assert (RESOLVE in prompts.BY_LEVEL[level]) is command, level


def test_the_steps_campaign_advancement_shares_are_in_every_levels_turn() -> None:
    """Campaign Advancement rolls its points in the ratings step and its crews' rolls in the Skill
    Roll Phase at every level (seed 000 lines 496-529)."""
    for level in LEVELS:
        assert turn.FLOWS[level][RATINGS] is ratings_rule.RULE.steps[RATINGS]
        assert rolls.BY_LEVEL[level][RATINGS] is ratings_rule.RULE.rolls[RATINGS]
        assert rolls.BY_LEVEL[level][SKILL] is skill_roll_rule.RULE.rolls[SKILL]
        assert SKILL in prompts.BY_LEVEL[level]


def test_every_decision_they_open_is_whole() -> None:
    """A decision a rule opens has its step, its action, its legal actions, its fields and what
    another side is told, from the rule that declares it."""
    for rule in OFFICERS:
        for kind in rule.decisions:
            assert turn.STEP_OF[kind] == rule.step_of[kind], kind
            assert decide.DECISIONS[kind] is rule.decisions[kind], kind
            assert legal.OPTIONS[kind] is rule.options[kind], kind
            assert controls._MAKERS[kind] is rule.controls[kind], kind
            assert disclosure.DISCLOSURE[kind] is rule.disclosure[kind], kind


def test_the_skill_roll_phases_prompts_keep_their_order() -> None:
    """The bonus, the Chief Engineer's roll, the bonus point placed, the Science Officer's roll:
    the order of the rules that open them in `RULES`."""
    order = [rules.RULES.index(r) for r in (skill_roll_rule.RULE, engineer_roll_rule.RULE,
                                            bonus_place_rule.RULE, science_rule.RULE)]
    assert order == sorted(order)
    openers = [r for r in rules.RULES if SKILL in r.prompts]
    assert openers[:4] == [skill_roll_rule.RULE, engineer_roll_rule.RULE, bonus_place_rule.RULE,
                           science_rule.RULE]
