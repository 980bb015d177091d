"""The sensing rules as declared (`sensing/*_rule.py`): the Movement Phase's two prompts in one
step, the sensor question (Expert: lines 707-717, 777; C&C line 1217) and the move, asked one at
a time, the question first; and the levels whose turn holds each rule's steps."""

from __future__ import annotations

import pytest
from test_ask_controls import first_ask

import engine
from engine.rulesets.fasa.flow import prompts, rolls
from engine.rulesets.fasa.sensing import arc_scan_rule, sensor_ask, sensor_ask_rule
from engine.rulesets.fasa.values.state import MOVE, SCAN, SENSE


@pytest.mark.slow  # plays a game to its first question
@pytest.mark.parametrize(("level", "crewed"), [("expert", False), ("command", True)])
def test_the_ship_first_to_move_is_asked_its_question_then_its_move_never_both(
        level: str, crewed: bool) -> None:
    state, prompt = first_ask(level, crewed)
    ship = prompt.ship
    asked = 0
    while True:
        own = [p.action for p in engine.pending(state) if p.ship == ship]
        assert len(own) == 1, own
        assert (own == ["ask"]) is sensor_ask.open_for(state, state.ship(ship)), own
        if own != ["ask"]:
            break
        (p,) = [p for p in engine.pending(state) if p.ship == ship]
        state, _ = engine.apply(state, engine.decide(state, p))
        # A crewed ship's question is a Skill Roll (line 1219).
        while (req := engine.pending(state)[0].roll) is not None:
            state, _ = engine.apply(state, engine.RollResult(req.station, 1, "virtual"))
        asked += 1
    assert asked >= 1
    assert own == ["move"] and state.step == MOVE and state.queue[0] == ship


@pytest.mark.parametrize("level", ["basic", "advanced"])
def test_below_the_expert_level_the_turn_holds_no_scan_and_no_question(level: str) -> None:
    assert SCAN not in rolls.BY_LEVEL[level]
    assert SCAN not in prompts.BY_LEVEL[level]
    assert prompts.BY_LEVEL[level][MOVE] is prompts.BY_LEVEL["basic"][MOVE]
    assert (SENSE in prompts.BY_LEVEL[level]) is (level == "advanced")


@pytest.mark.parametrize("level", ["expert", "command"])
def test_from_the_expert_level_the_scan_is_the_arc_scan_rules(level: str) -> None:
    assert rolls.BY_LEVEL[level][SCAN] is arc_scan_rule.RULE.rolls[SCAN]
    assert prompts.BY_LEVEL[level][MOVE] is not prompts.BY_LEVEL["advanced"][MOVE]
    assert MOVE in sensor_ask_rule.RULE.prompts
