"""Shortcuts the engine takes for speed must agree with the rules they stand for."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.session import load_scenario, prepare, scenario_names
from engine import RollResult, Seat, apply, legal_actions, new_game, pending
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.values.state import FasaState


def _slow_has_shot(state: FasaState, ship_id: str) -> bool:
    ship = state.ship(ship_id)
    if not combat.can_fire(ship):
        return False
    return any(not combat.shot_problem(state, ship, ship.cls.weapons[i], target)
               for i in combat.ready_weapons(ship) for target in state.ships)


@pytest.mark.slow
def test_has_shot_agrees_with_shot_problem_in_every_state() -> None:
    """`has_shot` (which skips ships with nothing to fire at) gives the same answer as checking
    every weapon against every ship with `shot_problem`, in every state of varied games."""
    checked = 0
    for n, name in enumerate(scenario_names(None, "fasa") * 3):
        rng = random.Random(n)
        scale = rng.choice([None, "1"])
        scenario = load_scenario(name, None)  # a variant's scenario at its lowest level
        level = "advanced" if scenario.get("variant") else "basic"
        state = new_game(prepare(scenario, None, level, scale, 6))
        while pending(state):
            assert isinstance(state, FasaState)
            for ship in state.ships:
                assert combat.has_shot(state, ship) == _slow_has_shot(state, ship.id), \
                    (name, n, state.turn, state.phase, ship.id)
                checked += 1
            prompt = pending(state)[0]
            if prompt.roll is not None:
                action = RollResult(prompt.station, rng.randint(1, 10))
            elif rng.random() < 0.7:
                action = autopilot.decide(state, prompt)
            else:
                action = rng.choice(legal_actions(state, Seat(prompt.station, prompt.ship)))
            state = apply(state, action)[0]
    assert checked > 1000


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(st.integers(1, 6), st.integers(1, 6), st.integers(1, 40), st.integers(0, 5))
def test_shield_power_cap_is_the_most_power_the_shields_can_use(a: int, b: int, cap: int,
                                                                 damaged: int) -> None:
    """Power To Shields Track: power buys shield points by the ratio; the cap is the most power
    whose points still fit in the working shields, and one more would not fit."""
    from dataclasses import replace

    from engine.rulesets.fasa.engineering.power import shield_power_cap

    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 1))
    assert isinstance(state, FasaState)
    ship = state.ships[0]
    ship = replace(ship, cls=replace(ship.cls, spr=(a, b), max_shield_points=cap),
                   shields_damaged=frozenset(range(1, damaged + 1)))
    held = cap * (6 - damaged)
    power = shield_power_cap(ship)
    assert ship.cls.shield_points(power) <= held < ship.cls.shield_points(power + 1)
