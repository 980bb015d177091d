"""The away team's random playthroughs (as test_playthroughs.py does for FASA): each game takes a
packaged scenario and the Instructor's election at random, then at every step answers the
pending prompt with the autopilot's decision, a random legal action, or a seeded roll; now and
then a corrupted action, which must be refused in words and leave the state alone. After every
action the invariants below hold; at the end the game replays to the same state through its
JSON-lines log. STARBRIDGE_LONG=1 plays 200 games instead of 24; a developer's run plays
the first three (`SAMPLE`)."""

from __future__ import annotations

import dataclasses
import io
import os
import random
from collections import Counter
from typing import Any

import pytest

import engine
from engine import IllegalAction, RollResult, Seat
from engine.log import action_line, header_line, parse, replay
from engine.rulesets.strpg import autopilot, setup
from engine.rulesets.strpg.ground import way_in
from engine.rulesets.strpg.state import DEAD, PRONE, RPGState

GAMES = 200 if os.environ.get("STARBRIDGE_LONG") else 24
SAMPLE = (0, 1, 2)
"""The games a developer's run plays (the rest are marked `slow`: CI plays them all)."""
MAX_STEPS = 8000


def check_invariants(state: RPGState) -> None:
    crowd = Counter(c.pos for c in state.characters if c.status != DEAD)
    assert max(crowd.values()) <= 4, crowd
    for c in state.characters:
        assert 0 <= c.ap <= c.ap_full, c
        assert c.wounds >= 0 and c.temporary >= 0
        if not c.up:
            assert c.posture == PRONE and c.ap == 0 and not c.evading and not c.hidden
        assert way_in(state, c.pos) in ("walk", "swim", "climb"), (c.id, c.pos)
        assert 0 <= c.facing < 8
        items = [i.id for i in (*c.ready, *c.carried)]
        assert len(items) == len(set(items))
    for holder, held in state.grapples:
        assert state.character(holder).up and state.character(held).up
        assert state.character(holder).pos == state.character(held).pos
    assert set(state.order) <= {c.id for c in state.characters}
    assert not state.plan or state.acting() is not None


def corrupt(action: engine.Action, rng: random.Random) -> engine.Action:
    names = [f.name for f in dataclasses.fields(action) if f.name != "station"]
    if not names:
        return action
    name = rng.choice(names)
    value = getattr(action, name)
    junk: Any = rng.choice(["", "nowhere", "zz", -1, 999, "N" * 40]) if not isinstance(
        value, bool) else not value
    try:
        return dataclasses.replace(action, **{name: junk})
    except TypeError:
        return action


@pytest.mark.parametrize("seed", [seed if seed in SAMPLE else pytest.param(seed, marks=pytest.mark.slow)
                                  for seed in range(GAMES)])
def test_random_playthrough(seed: int) -> None:
    rng = random.Random(seed)
    name = rng.choice(["corridor", "boarding", "ambush"])
    sc = setup.load_scenario(name, None, rng.choice([2, 3, 4]))
    state: Any = engine.new_game(sc)
    actions: list[engine.Action] = []
    for _ in range(MAX_STEPS):
        prompts = engine.pending(state)
        if not prompts:
            break
        p = prompts[0]
        seat = Seat(p.station, p.ship)
        if p.roll is not None:
            action: engine.Action = RollResult(p.roll.station, rng.randint(1, p.roll.sides),
                                               "script")
        elif rng.random() < 0.6:
            action = autopilot.decide(state, p)
        else:
            action = rng.choice(engine.legal_actions(state, seat))
        if rng.random() < 0.05:
            bad = corrupt(action, rng)
            why = engine.problem(state, bad)
            if why is not None:
                before = engine.state_to_json(state)
                with pytest.raises(IllegalAction):
                    engine.apply(state, bad)
                assert engine.state_to_json(state) == before
        state, _ = engine.apply(state, action)
        actions.append(action)
        check_invariants(state)
    else:
        raise AssertionError(f"{name} seed {seed}: no end after {MAX_STEPS} steps")
    assert state.over and state.outcome
    log = io.StringIO()
    log.write(header_line(sc) + "\n")
    for n, action in enumerate(actions, 1):
        log.write(action_line(n, action) + "\n")
    parsed_sc, parsed = parse(io.StringIO(log.getvalue()), f"{name} seed {seed}")
    assert engine.state_to_json(replay(parsed_sc, parsed)) == engine.state_to_json(state)
