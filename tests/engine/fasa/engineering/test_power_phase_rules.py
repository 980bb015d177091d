"""The Power Allocation Phase's decisions come from several declared rules (engineering/
power_rule.py, moving/warp_rule.py, command/admiral_rule.py, command/orders_rule.py,
firing/self_destruct_rule.py) and must come in the order the phase takes them (Book Two, Advanced:
Sequence Of Play step 1; the optional Admiral, seed 000 line 437; Expert: Helm Display, line 759;
C&C: the Captain's orders, line 1101; Ship Explosions, line 407): the Admiral's orders first, the
warp speed, each ship's allocation, the Captain's orders, then the self-destruct order."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from companion.session import load_scenario, prepare
from engine.actions import RollResult
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import admiral_rule, comms_rule, orders_rule
from engine.rulesets.fasa.engineering import power_rule
from engine.rulesets.fasa.firing import self_destruct_rule
from engine.rulesets.fasa.flow import rolls, turn
from engine.rulesets.fasa.moving import warp_rule
from engine.rulesets.fasa.values.state import POWER, FasaState


def game(level: str, **options: Any) -> FasaState:
    """The skirmish at `level`, at its first Power Allocation Phase (the expert ratings rolled)."""
    state: Any = engine.new_game(prepare(load_scenario("skirmish", None), None, level, None, 4,
                                         None, options))
    while state.step != POWER:
        roll = engine.pending(state)[0]
        assert roll.roll is not None
        state = engine.apply(state, RollResult(roll.station, 5))[0]
    assert isinstance(state, FasaState)
    return state


def kinds(state: FasaState) -> list[str]:
    """The kinds of the open decisions, each kind once, in the order they are listed."""
    return list(dict.fromkeys(p.action for p in engine.pending(state)))


@pytest.mark.slow
def test_the_power_phase_lists_the_admiral_the_warp_speed_the_power_then_the_self_destruct() -> None:
    assert kinds(game("expert", admiral=True)) == ["fleet_orders", "set_warp", "allocate_power",
                                                   "self_destruct"]
    assert kinds(game("advanced", admiral=True)) == ["fleet_orders", "allocate_power",
                                                     "self_destruct"]
    assert kinds(game("basic", admiral=True)) == ["fleet_orders", "allocate_power"]
    assert kinds(game("basic")) == ["allocate_power"]


def test_the_rules_of_the_power_phase_are_registered_in_the_order_of_its_prompts() -> None:
    order = [r.name for r in rules.RULES]
    phase = [admiral_rule.RULE.name, warp_rule.RULE.name, power_rule.RULE.name,
             orders_rule.RULE.name, self_destruct_rule.RULE.name]
    assert [n for n in order if n in phase] == phase


def test_the_power_phase_decisions_are_the_power_rules_and_its_roll_the_team_rolls() -> None:
    for kind in ("allocate_power", "arm_weapons", "set_shields"):
        assert turn.STEP_OF[kind] == POWER
        assert kind in power_rule.RULE.decisions and kind in power_rule.RULE.disclosure
    assert turn.STEP_WORDS[POWER] == "the Power Allocation Phase"
    assert rolls.BY_STEP[POWER] is comms_rule.RULE.rolls[POWER]
