"""The autopilot comes through the kernel (`engine.decide`): the ruleset's own, for FASA as for
Knight Hawks, and a clear refusal for a roll; a roll asked for is a quiet line of an account."""

from __future__ import annotations

import pytest

import engine
from companion.session import account_lines
from engine import RollRequest, StateError, new_game, pending
from engine.dice import Die
from engine.rulesets import get
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.values.events import RollRequested


@pytest.mark.parametrize("name", ["fasa", "knighthawks"])
def test_the_kernel_asks_the_rulesets_autopilot(name: str) -> None:
    state = new_game(get(name).example_scenario())
    decided = 0
    for _ in range(60):
        prompt = pending(state)[0]
        if prompt.roll is not None:
            with pytest.raises(StateError, match="a roll comes from the dice"):
                engine.decide(state, prompt)
            state = engine.apply(state, engine.RollResult(prompt.station, 1))[0]
            continue
        action = engine.decide(state, prompt)
        if name == "fasa":
            assert action == autopilot.decide(state, prompt)  # type: ignore[arg-type]
        assert engine.problem(state, action) is None
        state = engine.apply(state, action)[0]
        decided += 1
    assert decided >= 3


def test_a_roll_asked_for_is_left_out_of_an_account() -> None:
    request = RollRequest(Die.D10, "enterprise", "captain", "Captain: tactical advantage roll")
    assert RollRequested(request).quiet
    assert account_lines((RollRequested(request),)) == []
