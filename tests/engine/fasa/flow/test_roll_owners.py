"""Which rule owns a roll (flow/rolls.py): the owners declared with their rules (`Rule.rolls`,
`rolls_anywhere`, `rolls_between`, `rolls_otherwise`) and assembled per level (`rules.py`), tried
in the order the turn tried them when they were central lists: C&C's Science Officer's roll, an
officer's Skill Roll, the step's own, the sensors' roll, the explosion roll, C&C's sensors out by
phases, and the combat roll for every roll none of them claims. A basic game tries none of the
higher levels' owners."""

from __future__ import annotations

import dataclasses

import pytest
from test_fasa_self_destruct import duel

from engine.dice import RollRequest
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import officer_roll_rule, science_rule
from engine.rulesets.fasa.firing import fire_rule, self_destruct_rule
from engine.rulesets.fasa.flow import rolls
from engine.rulesets.fasa.house import alternating_advantage
from engine.rulesets.fasa.rule import COMMAND_LEVEL, LEVELS_FROM_BASIC, RollOwner, Rule
from engine.rulesets.fasa.sensing import sensors_out_rule, sensors_rule
from engine.rulesets.fasa.values.state import LEVELS, RESOLVE, SKILL, replace

SCIENCE = "C&C: the Science Officer's roll (science.py)"
OFFICER = "C&C: an officer's Skill Roll (officer_roll.py)"
SENSORS = "Advanced: Sensors (a lock, a question, a scan)"
EXPLOSION = "Advanced: Ship Explosions"
SENSORS_OUT = "C&C: sensors out by phases (line 1247)"
COMBAT = "the basic game: to-hit, hit location, damage"


def test_each_level_tries_the_owners_in_the_order_of_the_central_lists_they_were() -> None:
    """Before they were declared: AT_ANY_STEP = (Science Officer, officer's Skill Roll),
    IN_FIRING = (sensors, explosions, sensors out), COMBAT last; each level now keeps those of
    its rules, in that order."""
    expected = {
        "basic": ([], [], COMBAT),
        "advanced": ([], [SENSORS, EXPLOSION], COMBAT),
        "expert": ([], [SENSORS, EXPLOSION], COMBAT),
        "command": ([SCIENCE, OFFICER], [SENSORS, EXPLOSION, SENSORS_OUT], COMBAT),
    }
    for level in LEVELS:
        assert ([o.rule for o in rolls.ANYWHERE[level]], [o.rule for o in rolls.BETWEEN[level]],
                rolls.OTHERWISE[level].rule) == expected[level], level


def test_the_owners_are_those_the_rules_declare() -> None:
    assert rolls.ANYWHERE["command"] == (*science_rule.RULE.rolls_anywhere,
                                         *officer_roll_rule.RULE.rolls_anywhere)
    assert rolls.BETWEEN["command"] == (*sensors_rule.RULE.rolls_between,
                                        *self_destruct_rule.RULE.rolls_between,
                                        *sensors_out_rule.RULE.rolls_between)
    assert rolls.OTHERWISE["command"] is fire_rule.RULE.rolls_otherwise


def test_a_roll_claimed_by_several_goes_to_the_first_in_order() -> None:
    """A command game whose state would answer every claim: the Science Officer's roll first,
    then an officer's, then the sensors', then the explosion's; with none left, the combat
    roll's."""
    state = replace(duel("command"), step=RESOLVE)  # a step with no roll of its own
    ship = state.ships[0]
    state = replace(state.with_ship(replace(ship, awaiting="helm")),
                    science_wait=(ship.id, "lock"), asking=(ship.id, "", 0, ""),
                    exploding=ship.id, roll=RollRequest("d100", ship.id, "helm", "a roll"))
    assert rolls.owner(state).rule == SCIENCE
    state = replace(state, science_wait=())
    assert rolls.owner(state).rule == OFFICER
    state = state.with_ship(replace(state.ship(ship.id), awaiting=""))
    assert rolls.owner(state).rule == SENSORS
    state = replace(state, asking=())
    assert rolls.owner(state).rule == EXPLOSION
    state = replace(state, exploding="")
    assert rolls.owner(state).rule == COMBAT


def test_a_step_s_own_roll_comes_after_the_officers_and_before_the_rolls_between() -> None:
    state = replace(duel("command"), step=SKILL, asking=("ent", "", 0, ""))
    assert rolls.owner(state) is rolls.BY_LEVEL["command"][SKILL]
    assert rolls.owner(replace(state, science_wait=("ent", "lock"))).rule == SCIENCE


def test_a_basic_game_tries_no_higher_level_s_owner() -> None:
    """The same claims in a basic game's state reach the combat roll: the basic game never
    looks at the advanced, expert or C&C owners (and never sets what they claim)."""
    state = replace(duel("basic"), step=RESOLVE, science_wait=("ent", "lock"), asking=("ent", "", 0, ""),
                    exploding="ent")
    assert rolls.owner(state).rule == COMBAT


def _always(state: object) -> bool:
    return True


def test_a_level_with_two_owners_of_the_rolls_left_or_none_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    second = Rule(name="a second combat roll", levels=COMMAND_LEVEL,
                  rolls_otherwise=RollOwner("a second combat roll", _always,
                                            lambda s, v: (s, [])))
    monkeypatch.setattr(rules, "RULES", (*rules.RULES, second))
    with pytest.raises(ValueError, match=r"the command level: one rule must declare .*not 2"):
        rules.one_per_level("the combat roll", lambda r: r.rolls_otherwise)
    monkeypatch.setattr(rules, "RULES", tuple(r for r in rules.RULES
                                              if r.rolls_otherwise is None))
    with pytest.raises(ValueError, match=r"the basic level: .*not 0 \(none\)"):
        rules.one_per_level("the combat roll", lambda r: r.rolls_otherwise)


def test_a_house_rule_declaring_a_roll_between_shots_is_refused() -> None:
    rule = dataclasses.replace(alternating_advantage.RULE, levels=LEVELS_FROM_BASIC,
                               rolls_between=(RollOwner("a house roll", _always,
                                                        lambda s, v: (s, [])),))
    with pytest.raises(ValueError, match="a house rule changes the game through its hooks"):
        rules._register(rule)
