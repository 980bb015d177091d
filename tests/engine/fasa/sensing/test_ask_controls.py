"""The Movement Phase's sensor question is offered at the panel (`controls`), not only to the
autopilot: after the Sensor Phase's lock the `ask` decision lists the questions about the ship
locked on (Expert: Sensors, lines 707-717; Command & Control: one question a roll, line 1219)."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import Seat
from engine.rulesets.fasa.values.officers import needs


def first_ask(level: str, crewed: bool) -> tuple[Any, Any]:
    scenario = prepare(load_scenario("duel", None), None, level, None, 3)
    if crewed:
        officers = {st: dict.fromkeys(keys, 60) for st, keys in needs("4").items()}
        scenario = {**scenario, "ships": [{**s, "crew": "4", "officers": officers}
                                          for s in scenario["ships"]]}
    state: Any = engine.new_game(scenario)
    dice = VirtualDice(5)
    for _ in range(2000):
        prompts = engine.pending(state)
        asking = [p for p in prompts if p.action == "ask"]
        if asking:
            return state, asking[0]
        p = prompts[0]
        state, _ = engine.apply(state, dice.roll(p.roll) if p.roll else engine.decide(state, p))
    raise AssertionError("no sensor question was ever open")


@pytest.mark.parametrize(("level", "crewed"), [("expert", False), ("command", True)])
def test_the_ask_decision_offers_the_questions(level: str, crewed: bool) -> None:
    state, prompt = first_ask(level, crewed)
    (decision,) = [d for d in engine.controls(state, Seat(prompt.station, prompt.ship))
                   if d.action == "ask"]
    offered = {str(c.value) for c in decision.field_named("question").choices}
    assert {"0", "1", "3", "7"} <= offered, offered
    action = decision.make({"question": "3"})
    assert engine.problem(state, action) is None
