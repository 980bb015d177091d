"""The Knight Hawks autopilot plays competently: against a side that picks random legal actions
it wins most games of either scenario, playing either side."""

from __future__ import annotations

import random

import pytest

import engine
from engine import RollResult, Seat
from engine.rulesets.knighthawks.autopilots import autopilot
from engine.rulesets.knighthawks.flow.setup import load_scenario
from engine.rulesets.knighthawks.values.state import KHState


def winner(name: str, seed: int) -> tuple[str, str]:
    rng = random.Random(seed)
    state = engine.new_game(load_scenario(name))
    assert isinstance(state, KHState)
    auto = state.sides[seed % 2]
    while not state.over:
        p = engine.pending(state)[0]
        if p.roll is not None:
            action: engine.Action = RollResult(p.roll.station, rng.randint(1, p.roll.sides))
        elif state.ship(str(p.ship)).side == auto:
            action = autopilot.decide(state, p)
        else:
            action = rng.choice(engine.legal_actions(state, Seat(p.station, p.ship)))
        new, _ = engine.apply(state, action)
        assert isinstance(new, KHState)
        state = new
    won = next((s for s in state.sides
                if state.outcome.startswith(f"victory to {state.side_name(s)}")), "")
    return auto, won


@pytest.mark.slow
@pytest.mark.parametrize("name", ["patrol", "fleet"])
def test_the_autopilot_beats_random_play(name: str) -> None:
    results = [winner(name, seed) for seed in range(6)]
    assert sum(auto == won for auto, won in results) >= 4, results
