"""Every ruleset passes the kernel's random playthrough (OpenSpiel's `random_sim_test`): from its
example scenario, random games through the kernel API alone, checking what the kernel promises
of any ruleset:

- `apply` never changes its input, and refuses only with `IllegalAction`, whose text `problem`
  gives beforehand; what it accepts round-trips through the JSON-lines log and replays exactly;
- `pending` is empty exactly when the game is over, and every prompt has a seat that may act on
  it and a legal action for that seat; `controls` gives one decision per prompt of a seat;
- `events_for` tells the Instructor everything and any seat a part of what happened;
- every game ends.

"Every ruleset" is the packaged ones and the toy duel of tests/toy_ruleset, registered at run
time for each test (`engine.rulesets.registered`): a ruleset from outside the engine's package
plays through the same kernel.
"""

from __future__ import annotations

import io
import random
from collections.abc import Iterator

import pytest
from toy_ruleset import every_ruleset, toy_registered

import engine
from engine import IllegalAction, RollResult, Seat, rulesets
from engine.log import action_line, header_line, parse, replay
from engine.stations import INSTRUCTOR

MAX_STEPS = 5000


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with toy_registered():
        yield


def random_game(name: str, seed: int) -> None:
    rng = random.Random(seed)
    scenario = rulesets.get(name).example_scenario()
    state = engine.new_game(scenario)
    actions: list[engine.Action] = []
    for _ in range(MAX_STEPS):
        prompts = engine.pending(state)
        assert bool(prompts) != state.over
        if not prompts:
            break
        prompt = rng.choice(prompts)
        seat = Seat(prompt.station, prompt.ship)
        assert prompt in engine.pending(state, seat)
        decisions = engine.controls(state, seat)
        assert [d.prompt for d in decisions] == list(engine.pending(state, seat))
        if prompt.roll is not None:
            action: engine.Action = RollResult(prompt.roll.station,
                                               rng.randint(1, prompt.roll.sides), "script")
        else:
            options = engine.legal_actions(state, seat)
            assert options, prompt
            action = rng.choice(options)
        before = engine.state_to_json(state)
        assert engine.problem(state, action) is None
        new, events = engine.apply(state, action)
        assert engine.state_to_json(state) == before
        assert engine.events_for(new, events, Seat(INSTRUCTOR)) == tuple(events)
        for other in {Seat(p.station, p.ship) for p in prompts}:
            told = engine.events_for(new, events, other)
            assert all(e in events for e in told)
        # A seat that may not act is refused, with the reason problem gives.
        wrong = [s for s in engine.Station if s not in (INSTRUCTOR, prompt.station)]
        if prompt.ship is not None and wrong:
            bad = RollResult(rng.choice(wrong), 1) if prompt.roll else None
            if bad is not None:
                why = engine.problem(state, bad)
                assert why
                with pytest.raises(IllegalAction, match="^" + why.split(":")[0]):
                    engine.apply(state, bad)
        actions.append(action)
        state = new
    else:
        raise AssertionError(f"{name} seed {seed}: no end after {MAX_STEPS} steps")
    log = io.StringIO()
    log.write(header_line(scenario) + "\n")
    for n, action in enumerate(actions, 1):
        log.write(action_line(n, action) + "\n")
    sc, parsed = parse(io.StringIO(log.getvalue()), f"{name} seed {seed}")
    assert parsed == actions
    assert engine.state_to_json(replay(sc, parsed)) == engine.state_to_json(state)


@pytest.mark.parametrize("name", every_ruleset())
@pytest.mark.parametrize("seed", [*range(3), *(pytest.param(seed, marks=pytest.mark.slow)
                                              for seed in range(3, 15))])
def test_random_simulation(name: str, seed: int) -> None:
    random_game(name, seed)


def test_rulesets_are_found_by_name_without_the_kernel_importing_them() -> None:
    assert "fasa" in rulesets.names()
    with pytest.raises(KeyError, match="unknown ruleset 'nope'; known: fasa"):
        rulesets.get("nope")


def test_the_toy_is_known_only_while_registered() -> None:
    """The registration hook: the toy is known inside `registered`, forgotten after it, and a
    installed ruleset's name cannot be taken or forgotten."""
    assert "toy" in rulesets.names()
    assert engine.new_game(rulesets.get("toy").example_scenario()).ruleset == "toy"
    with pytest.raises(ValueError, match="installed"):
        rulesets.unregister("fasa")


def test_a_test_s_ruleset_is_forgotten_after_its_block() -> None:
    from toy_ruleset import TOY
    rulesets.unregister("toy")
    assert "toy" not in rulesets.names()
    with pytest.raises(engine.DataError, match="unknown ruleset 'toy'"):
        engine.new_game(TOY.example_scenario())
    with rulesets.registered(TOY):
        assert engine.new_game(TOY.example_scenario()).over is False
    assert "toy" not in rulesets.names()
    rulesets.register(TOY)   # as the fixture left it, for its own unregister
