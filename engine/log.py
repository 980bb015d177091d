"""The game log: JSON lines, one header then one action per line (docs/log-format.md).

    {"starbridge_log": 1, "ruleset": "fasa", "scenario": {...}}
    {"seq": 1, "type": "allocate_power", "station": "engineer", "ship": "enterprise", ...}
    {"seq": 2, "type": "roll", "station": "captain", "value": 7, "source": "tray"}

Replaying the actions from the scenario rebuilds the game exactly (DESIGN: Log and replay).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from engine import rulesets
from engine.actions import Action, action_from_json
from engine.errors import DataError, IllegalAction, LogError
from engine.game import GameState, apply, new_game

LOG_VERSION = 1


def header_line(scenario: Mapping[str, Any]) -> str:
    """The first line of a log: the self-contained scenario the game started from."""
    return json.dumps({"starbridge_log": LOG_VERSION, "ruleset": scenario.get("ruleset", "fasa"),
                       "scenario": scenario}, sort_keys=True)


def action_line(seq: int, action: Action) -> str:
    return json.dumps({"seq": seq, **action.to_json()}, sort_keys=True)


def parse(lines: Iterable[str], name: str = "log") -> tuple[dict[str, Any], list[Action]]:
    """The scenario and actions of a log, or LogError naming the line and what is wrong.

    A last line cut off mid-write (power lost while saving) is reported, not silently dropped.
    """
    scenario: dict[str, Any] | None = None
    actions: list[Action] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{name}, line {n}"
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise LogError(f"{where}: not valid JSON ({exc.msg})") from None
        if scenario is None:
            version = data.get("starbridge_log") if isinstance(data, dict) else None
            if type(version) is not int or version != LOG_VERSION:
                raise LogError(f"{where}: not a starbridge log header "
                               f"(expected {{\"starbridge_log\": {LOG_VERSION}, ...}})")
            if not isinstance(data.get("scenario"), dict):
                raise LogError(f"{where}: the header has no scenario")
            scenario = data["scenario"]
            try:  # loading the ruleset registers its action types
                rulesets.get(str(scenario.get("ruleset", "fasa")))
            except KeyError as exc:
                raise LogError(f"{where}: {exc.args[0]}") from None
            continue
        seq = data.get("seq") if isinstance(data, dict) else None
        if seq is not None and (type(seq) is not int or seq != len(actions) + 1):
            raise LogError(f"{where}: action number {data.get('seq')} out of order "
                           f"(expected {len(actions) + 1})")
        try:
            actions.append(action_from_json(data, where))
        except LogError:
            raise
        except DataError as exc:
            raise LogError(str(exc)) from None
    if scenario is None:
        raise LogError(f"{name}: empty log (no header line)")
    return scenario, actions


def replay(scenario: Mapping[str, Any], actions: Iterable[Action],
           name: str = "log") -> GameState:
    """The state after all actions; LogError names the action that the rules refuse."""
    state = new_game(scenario)
    for n, action in enumerate(actions, 1):
        try:
            state = apply(state, action)[0]
        except IllegalAction as exc:
            raise LogError(f"{name}: action {n} ({action.type_name}) is refused: {exc}") from None
    return state
