"""Hostile input, for every ruleset (FASA, Knight Hawks, the toy duel of tests/toy_ruleset),
through the kernel API alone: the legal actions of states along a game with one field swapped
for garbage or a neighbouring value, rolls with garbage, and things that are no action at all
are refused with exactly the words `problem` gives, or accepted and replayed through the log to
the same state; and a recorded log with a byte flipped, a line dropped, two lines swapped or its
last line cut short is refused naming its line, or read back as a prefix of the game recorded
(a cut last line with a warning), never as another game.

Each ruleset's own action shapes are pressed harder by its own suites (test_apply_hostile.py,
test_log_hostile.py, test_knighthawks_hostile.py); these are the properties every ruleset owes
the kernel, run on each without a copy per ruleset.
"""

from __future__ import annotations

import dataclasses
import functools
import io
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_secrets_every_ruleset import cases, example, games
from toy_ruleset import toy_registered

import engine
from engine import IllegalAction, RollResult
from engine.errors import LogError
from engine.log import action_line, header_line, parse, replay
from engine.stations import STATION_NAMES


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with toy_registered():
        yield


@functools.cache
def recorded(name: str, seed: int = 4) -> tuple[tuple[tuple[Any, tuple[engine.Action, ...]], ...],
                                                 tuple[engine.Action, ...], Any]:
    """States along one game of the ruleset (each with the actions that led to it), every
    action of the game, and its last state."""
    out: list[tuple[Any, tuple[engine.Action, ...]]] = []
    actions: list[engine.Action] = []
    state: Any = None
    for state, action in games(name, seed, steps=400):
        out.append((state, tuple(actions)))
        actions.append(action)
    assert state is not None
    last = engine.apply(state, actions[-1])[0]
    return tuple(out[::5]), tuple(actions), last


def log_text(name: str, actions: tuple[engine.Action, ...]) -> str:
    lines = [header_line(example(name))]
    lines += [action_line(n, a) for n, a in enumerate(actions, 1)]
    return "\n".join(lines) + "\n"


scalar = st.one_of(st.integers(-3, 120), st.integers(), st.floats(allow_nan=True),
                   st.booleans(), st.none(), st.text(max_size=6),
                   st.sampled_from(["kite", "heron", "enterprise", "destroyer", "", "in", "LC"]))
garbage = st.recursive(scalar, lambda inner: st.lists(inner, max_size=3) | st.tuples(inner, inner),
                       max_leaves=6)


def check(name: str, state: Any, before: tuple[engine.Action, ...], action: Any) -> None:
    why = engine.problem(state, action)
    try:
        new, _ = engine.apply(state, action)
    except IllegalAction as exc:
        assert str(exc) == why and why
        return
    assert why is None
    parsed = parse(io.StringIO(log_text(name, (*before, action))), "hostile")
    assert parsed.actions[-1] == action
    assert (engine.state_to_json(replay(parsed.scenario, parsed.actions))
            == engine.state_to_json(new))


@pytest.mark.slow
@pytest.mark.parametrize("name", cases())
@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_legal_action_with_a_field_changed_is_refused_in_words_or_replays(
        name: str, data: st.DataObject) -> None:
    states = recorded(name)[0]
    state, before = states[data.draw(st.integers(0, len(states) - 1))]
    prompts = engine.pending(state)
    options = [a for p in prompts
               for a in engine.legal_actions(state, engine.Seat(p.station, p.ship))]
    kind = data.draw(st.sampled_from(["field", "roll", "none"]))
    if kind == "roll" or not options:
        action: Any = RollResult(data.draw(st.one_of(st.sampled_from(STATION_NAMES), scalar)),
                                 data.draw(st.one_of(st.integers(-1, 101), scalar)),
                                 data.draw(st.sampled_from(["virtual", "tray", "manual", "x"])))
    elif kind == "none":
        action = data.draw(garbage)
    else:
        action = data.draw(st.sampled_from(options))
        f = data.draw(st.sampled_from(dataclasses.fields(action)))
        value = getattr(action, f.name)
        new = data.draw(st.one_of(garbage, st.integers(-1, 1).map(lambda d: value + d))
                        if type(value) is int else garbage)
        try:
            action = dataclasses.replace(action, **{f.name: new})
        except (TypeError, ValueError):   # the action class's own coercion refused the shape
            return
    check(name, state, before, action)


# -- logs ----------------------------------------------------------------------------------------
def outcome(name: str, text: str) -> tuple[str, Any]:
    try:
        read = parse(io.StringIO(text), "hostile.jsonl")
        state = replay(read.scenario, read.actions, "hostile.jsonl")
    except LogError as exc:
        message = str(exc)
        assert message.startswith("hostile.jsonl") and "\n" not in message, message
        return "refused", message
    return "read", (tuple(read.actions), read.warnings, state)


def no_silent_change(name: str, text: str) -> None:
    _, actions, last = recorded(name)
    kind, result = outcome(name, text)
    if kind == "refused":
        return
    read, warnings, state = result
    assert read == actions[:len(read)]
    if len(read) == len(actions):
        assert engine.state_to_json(state) == engine.state_to_json(last)
    else:
        assert warnings or text.count("\n") <= len(read) + 1


@pytest.mark.slow
@pytest.mark.parametrize("name", cases())
def test_the_recorded_log_reads_back(name: str) -> None:
    _, actions, last = recorded(name)
    kind, (read, warnings, state) = outcome(name, log_text(name, actions))
    assert (kind, read, warnings) == ("read", actions, ())
    assert engine.state_to_json(state) == engine.state_to_json(last)


@pytest.mark.slow
@pytest.mark.parametrize("name", cases())
def test_a_flipped_byte_is_found_or_harmless(name: str) -> None:
    rng = random.Random(name)
    data = log_text(name, recorded(name)[1]).encode()
    for _ in range(60):
        mutated = bytearray(data)
        mutated[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        try:
            text = mutated.decode("utf-8")
        except UnicodeDecodeError:
            continue
        no_silent_change(name, text)


@pytest.mark.slow
@pytest.mark.parametrize("name", cases())
def test_a_dropped_swapped_or_doubled_line_is_named(name: str) -> None:
    lines = log_text(name, recorded(name)[1]).splitlines()
    n = len(lines) // 2
    for broken, line in (([*lines[:n], *lines[n + 1:]], n + 1),
                         ([*lines[:n], lines[n + 1], lines[n], *lines[n + 2:]], n + 1),
                         ([*lines[:n + 1], lines[n], *lines[n + 1:]], n + 2),
                         (lines[1:], 1)):
        kind, message = outcome(name, "\n".join(broken) + "\n")
        assert kind == "refused" and f"line {line}" in message, message


@pytest.mark.slow
@pytest.mark.parametrize("name", cases())
def test_a_last_line_cut_short_resumes_from_the_lines_before(name: str) -> None:
    actions = recorded(name)[1]
    text = log_text(name, actions)
    head, last = text[:-1].rsplit("\n", 1)
    for cut in range(1, len(last), 3):
        kind, result = outcome(name, head + "\n" + last[:cut])
        assert kind == "read", result
        assert result[0] == actions[:-1] and len(result[1]) == 1
