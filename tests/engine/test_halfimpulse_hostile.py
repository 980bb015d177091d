"""Hostile announcements to the half-impulse referee: every action type of the ruleset, with its
fields drawn from the game's own ids, neighbouring numbers and garbage, at states along a game
that uses every kind of step, is refused with exactly the words `problem` gives, or accepted and
replayed through the log to the same state. Records given in their plain forms (a list, a
mapping) are the records."""

from __future__ import annotations

import dataclasses
import functools
import io
import random
from typing import Any

import pytest
from halfimpulse_play import scenario, ship, start
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine import IllegalAction, Seat
from engine.log import action_line, header_line, parse, replay
from engine.rulesets.halfimpulse import actions as a
from engine.rulesets.halfimpulse.sequence import STEPS

TYPES = (a.AnnounceSpeeds, a.Move, a.Target, a.Transport, a.Launch, a.Land, a.Remove,
         a.Detect, a.Announce, a.NextStep)


def rich() -> dict[str, Any]:
    """Two players with every kind of counter and every step of the Sequence of Play."""
    loads = [{"name": "Mine", "kind": "mine", "count": 2, "trigger": 1, "blast": 1},
             {"name": "T-bomb", "kind": "tbomb", "count": 1, "trigger": 0, "blast": 1},
             {"name": "Drone", "kind": "drone", "count": 2, "speed": 8},
             {"name": "Fighter", "kind": "fighter", "count": 2, "speed": 6}]
    return scenario([ship("blue", "Blue", (5, 12), 0, [4, 6], loads=loads, race="Andromedan"),
                     ship("red", "Red", (7, 4), 3, [5, 3], loads=loads)],
                    steps=[s.key for s in STEPS], turns=2,
                    counters=[{"id": "d1", "kind": "drone", "player": "red", "at": [6, 6],
                               "facing": 3, "speed": 6}])


@functools.cache
def states() -> tuple[tuple[Any, tuple[engine.Action, ...]], ...]:
    rng = random.Random(3)
    state: Any = start(rich())
    done: list[engine.Action] = []
    out = []
    for n in range(900):
        prompts = engine.pending(state)
        if not prompts:
            break
        if n % 7 == 0:
            out.append((state, tuple(done)))
        p = prompts[0]
        options = [x for x in engine.legal_actions(state, Seat(p.station, p.ship))
                   if not (isinstance(x, a.Remove) and x.unit)] if p.roll is None else []
        action = (engine.RollResult(p.roll.station, rng.randint(1, 6), "script")
                  if p.roll is not None else rng.choice(options))   # nothing leaves the map
        state = engine.apply(state, action)[0]
        done.append(action)
    return tuple(out)


ids = st.sampled_from(["blue", "red", "d1", "blue.5", "", "T-bomb", "Mine", "Drone", "Fighter",
                       "destroyed", "impact", "F", "P", "L", "X", "ghost"])
garbage = st.one_of(ids, st.integers(-3, 40), st.integers(), st.booleans(), st.none(),
                    st.floats(allow_nan=True), st.text(max_size=4),
                    st.lists(st.one_of(ids, st.integers(-1, 9)), max_size=3),
                    st.dictionaries(st.sampled_from(["unit", "speed", "way", "facing"]),
                                    st.one_of(ids, st.integers(-1, 9)), max_size=3))


def value_for(name: str, data: st.DataObject) -> Any:
    if name == "station":
        return data.draw(st.sampled_from(["captain", "instructor", "helm", "nobody"]))
    if name == "speeds":
        return data.draw(st.lists(st.one_of(
            st.tuples(ids, st.integers(-2, 40)),
            st.fixed_dictionaries({"unit": ids, "speed": st.integers(-2, 40)}), garbage),
            max_size=3))
    if name == "moves":
        return data.draw(st.lists(st.one_of(
            st.tuples(ids, ids, st.integers(-2, 7)), garbage), max_size=3))
    return data.draw(st.one_of(ids, st.integers(-2, 40), garbage))


@pytest.mark.slow
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_announcement_is_refused_in_words_or_replays(data: st.DataObject) -> None:
    found = states()
    state, before = found[data.draw(st.integers(0, len(found) - 1))]
    cls = data.draw(st.sampled_from(TYPES))
    values = {f.name: value_for(f.name, data) for f in dataclasses.fields(cls)}
    try:
        action = cls(**values)
    except (TypeError, ValueError):
        return
    why = engine.problem(state, action)
    try:
        new, _ = engine.apply(state, action)
    except IllegalAction as exc:
        assert str(exc) == why and why
        return
    assert why is None
    text = "\n".join([header_line(rich()), *(action_line(n, x) for n, x in
                                             enumerate((*before, action), 1))]) + "\n"
    parsed = parse(io.StringIO(text), "hostile")
    assert parsed.actions[-1] == action
    assert engine.state_to_json(replay(parsed.scenario, parsed.actions)) == \
        engine.state_to_json(new)


def test_records_in_their_plain_forms_are_the_records() -> None:
    given_ = a.AnnounceSpeeds("captain", "blue", 0, (["blue", 4],))  # type: ignore[arg-type]
    assert given_.speeds == (a.UnitSpeed("blue", 4),)
    moved = a.Move("captain", "blue", ({"unit": "blue", "way": "F", "facing": -1},))  # type: ignore[arg-type]
    assert moved.moves == (a.UnitMove("blue", "F", -1),)
