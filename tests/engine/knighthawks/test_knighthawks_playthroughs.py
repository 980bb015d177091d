"""Knight Hawks random playthroughs (as test_playthroughs.py does for FASA): each game takes a
packaged scenario with a random crew layout for every ship, then at every step answers a random
pending prompt with the autopilot's decision, a random legal action, or a seeded roll; about
one step in twenty also tries a corrupted action, which must be refused in words and leave the
state alone. After every action the invariants below hold; at the end the action list replays
to the same state through the JSON-lines log.

STARBRIDGE_LONG=1 plays 400 games instead of 40.
"""

from __future__ import annotations

import dataclasses
import io
import os
import random
from typing import Any

import pytest

import engine
from engine import IllegalAction, RollResult, Seat, rulesets
from engine.hexgrid import MapBounds
from engine.log import action_line, header_line, parse, replay
from engine.rulesets.knighthawks.autopilots import autopilot
from engine.rulesets.knighthawks.values.crew import CREWS
from engine.rulesets.knighthawks.values.state import KHState
from engine.stations import INSTRUCTOR

GAMES = 400 if os.environ.get("STARBRIDGE_LONG") else 40
SAMPLE = (0, 8)   # the games a developer's run plays; the rest are `slow`
MAX_STEPS = 6000
RULESET = rulesets.get("knighthawks")


def scenario_for(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    name = rng.choice(["patrol", "fleet"])
    sc = RULESET.load_scenario(name, None, rng.choice([3, 5, 8]))  # type: ignore[attr-defined]
    ships = [{**s, "crew": rng.choice(sorted(CREWS))} for s in sc["ships"]]
    return {**sc, "ships": ships}


def check_invariants(state: KHState) -> None:
    bounds = MapBounds(state.width, state.height)
    for s in state.ships:
        assert 0 <= s.hull <= s.hull_max
        assert (s.status == "destroyed") == (s.hull == 0), s
        assert 0 <= s.adf <= s.adf_max and 0 <= s.mr <= s.mr_max and 0 <= s.dcr <= s.dcr_max
        assert all(m.ammo is None or m.ammo >= 0 for m in s.weapons)
        assert all(d.count is None or d.count >= 0 for d in s.defences)
        if s.screen is not None:
            assert s.screen in ("PS", "ES", "SS") and s.has(s.screen)
        if s.active:
            assert bounds.contains(s.pos)
        assert not s.disastrous or s.fire
    for m in state.masks:
        owner = state.ship(m.ship)
        assert owner.active and owner.pos == m.pos
    for k in state.seekers:
        assert k.moves < 6
    prompts = engine.pending(state)
    assert bool(prompts) != state.over
    if any(p.roll is not None for p in prompts):
        assert len(prompts) == 1
    if state.over:
        assert state.outcome


def corrupt(action: engine.Action, rng: random.Random) -> engine.Action:
    fields = [f.name for f in dataclasses.fields(action)]
    name = rng.choice(fields)
    value = getattr(action, name)
    bad: Any = value
    if type(value) is int:
        bad = value + rng.choice([-101, -1, 1, 7, 1000])
    elif type(value) is str:
        bad = rng.choice(["", "zz", value + "X", "PPPPPPPP", "captain"])
    elif type(value) is bool:
        bad = not value
    elif type(value) is tuple:
        bad = ("nope",)
    return dataclasses.replace(action, **{name: bad})


def play(seed: int) -> None:
    rng = random.Random(seed)
    scenario = scenario_for(seed)
    state = engine.new_game(scenario)
    assert isinstance(state, KHState)
    actions: list[engine.Action] = []
    for _ in range(MAX_STEPS):
        check_invariants(state)
        prompts = engine.pending(state)
        if not prompts:
            break
        p = rng.choice(prompts)
        seat = Seat(p.station, p.ship) if rng.random() < 0.8 else Seat(INSTRUCTOR)
        if p.roll is not None:
            action: engine.Action = RollResult(p.roll.station, rng.randint(1, p.roll.sides),
                                               "script")
        elif rng.random() < 0.5:
            action = autopilot.decide(state, p)
        else:
            options = [a for a in engine.legal_actions(state, seat)]
            assert options, p
            action = rng.choice(options)
        if rng.random() < 0.05:
            bad = corrupt(action, rng)
            why = engine.problem(state, bad)
            if why is not None:
                before = engine.state_to_json(state)
                with pytest.raises(IllegalAction) as exc:
                    engine.apply(state, bad)
                assert str(exc.value) == why and ":" in why
                assert engine.state_to_json(state) == before
        assert engine.problem(state, action) is None, (action, engine.problem(state, action))
        new, events = engine.apply(state, action)
        assert isinstance(new, KHState)
        for ship in state.ships:
            told = engine.events_for(new, events, Seat("helm", ship.id))
            assert all(e in events for e in told)
        actions.append(action)
        state = new
    else:
        raise AssertionError(f"seed {seed}: no end after {MAX_STEPS} steps")
    log = io.StringIO()
    log.write(header_line(scenario) + "\n")
    for n, a in enumerate(actions, 1):
        log.write(action_line(n, a) + "\n")
    sc, parsed = parse(io.StringIO(log.getvalue()), f"seed {seed}")
    assert parsed == actions
    assert engine.state_to_json(replay(sc, parsed)) == engine.state_to_json(state)


@pytest.mark.parametrize("seed", [seed if seed in SAMPLE else pytest.param(seed, marks=pytest.mark.slow)
                                  for seed in range(GAMES)])
def test_random_knight_hawks_playthrough(seed: int) -> None:
    play(seed)
