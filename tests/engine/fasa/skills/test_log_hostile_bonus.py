"""The hostile-input log suite for the skill bonus's placement (Book Two, Expert: Skill Roll
Phase; engine bonus_place.py): a recorded expert game whose Captains take power and shield
bonuses that the Engineer and Science place, its placement lines changed every way (with the
checksum made good, so that the rules, not the checksum, must refuse them), replayed: refused
with a message naming the line, or read as the game recorded, never a traceback or a game
silently changed."""

from __future__ import annotations

import io
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import Action, apply, new_game, pending
from engine.errors import LogError
from engine.log import CHECK, action_line, checksum, header_line, parse, replay
from engine.rulesets.fasa.autopilots.autopilot import decide
from engine.rulesets.fasa.values.actions import SkillBonus

SLOW = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def _record() -> tuple[list[str], list[Action], Any]:
    """The expert duel with every Skill Roll made (5) and the Captains taking power and shield
    bonuses in turn, the rest the autopilot's and seeded dice."""
    scenario = prepare(load_scenario("duel", None), None, "expert", None, 3)
    dice = VirtualDice(7)
    state: Any = new_game(scenario)
    lines, actions = [header_line(scenario)], []
    bonuses = iter(["power", "shield"] * 10)
    while pending(state):
        prompt = pending(state)[0]
        action: Action
        if prompt.roll is not None:
            skill = "Skill Roll" in prompt.roll.purpose
            action = dice.roll(prompt.roll) if not skill else type(dice.roll(prompt.roll))(
                prompt.roll.station, 5, "script")
        elif prompt.action == "skill_bonus":
            action = SkillBonus(prompt.station, prompt.ship or "", next(bonuses))
        else:
            action = decide(state, prompt)
        state = apply(state, action)[0]
        actions.append(action)
        lines.append(action_line(len(actions), action))
    return lines, actions, state


LINES, ACTIONS, FINAL = _record()
PLACED = [n for n, line in enumerate(LINES) if '"bonus_' in line]


def signed(data: dict[str, Any]) -> str:
    body = {k: v for k, v in data.items() if k != CHECK}
    return json.dumps({**body, CHECK: checksum(body)})


def outcome(lines: list[str]) -> tuple[str, Any]:
    try:
        read = parse(io.StringIO("\n".join(lines) + "\n"), "hostile.jsonl")
        state = replay(read.scenario, read.actions, "hostile.jsonl")
    except LogError as exc:
        message = str(exc)
        assert message.startswith("hostile.jsonl") and "\n" not in message, message
        return "refused", message
    return "read", (read.actions, state)


def test_the_recorded_game_places_power_and_shield_points() -> None:
    kinds = [json.loads(LINES[n])["type"] for n in PLACED]
    assert "bonus_power" in kinds and "bonus_shield" in kinds
    assert outcome(LINES) == ("read", (ACTIONS, FINAL))


@pytest.mark.slow
def test_a_placement_changed_to_one_the_rules_refuse_is_named() -> None:
    for n in PLACED:
        data = json.loads(LINES[n])
        changes: list[dict[str, Any]] = [
            {"station": "captain"}, {"ship": "no-such-ship"}, {"shield": 7},
            {"shield": -1}, {"shield": "2"}, {"shield": 2.0}, {"shield": True}]
        if data["type"] == "bonus_power":
            changes += [{"part": "warp core"}, {"part": ""}, {"part": 3},
                        {"part": "shield", "shield": 0}, {"type": "bonus_shield"}]
        else:
            changes += [{"shield": 0}, {"type": "bonus_power", "part": "movement"}]
        for change in changes:
            bad = list(LINES)
            bad[n] = signed({**data, **change})
            kind, message = outcome(bad)
            assert kind == "refused", (change, message)
            assert f"line {n + 1}" in message or f"action {n} " in message, (change, message)


def test_a_placement_line_repeated_or_dropped_is_named() -> None:
    for n in PLACED:
        dropped = LINES[:n] + LINES[n + 1:]
        assert outcome(dropped)[0] == "refused"
        twice = LINES[:n + 1] + [LINES[n]] + LINES[n + 1:]
        assert outcome(twice)[0] == "refused"


@pytest.mark.slow
@SLOW
@given(st.sampled_from(PLACED), st.sampled_from(["part", "shield", "station", "ship"]),
       st.one_of(st.text(max_size=12), st.integers(-10, 20), st.none(), st.booleans(),
                 st.lists(st.integers(0, 9), max_size=3)))
def test_any_value_in_a_placement_line_is_refused_or_the_game_recorded(
        n: int, field: str, value: Any) -> None:
    data = json.loads(LINES[n])
    bad = list(LINES)
    bad[n] = signed({**data, field: value})
    kind, result = outcome(bad)   # never a traceback
    if kind == "read":   # another place the rules accept: the log's own game, whole
        actions, _ = result
        assert len(actions) == len(ACTIONS)
        assert actions[:n - 1] == ACTIONS[:n - 1]
