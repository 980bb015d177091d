"""The golden playthroughs (golden_games.py; OpenSpiel's playthrough tests): each committed text's
actions are replayed through the kernel and the text made again must be the file, line by line;
and each action must still be what the autopilot decides, or the seeded die, at its step.

A difference is a change of play: if it is meant, regenerate the files
(`.venv/bin/python tests/engine/golden_games.py NAME`) and commit them with the change, saying why.
"""

from __future__ import annotations

import difflib
import random

import pytest
from golden_games import (
    ACTION_MARK,
    BY_NAME,
    FOLDER,
    GAMES,
    Golden,
    action_text,
    autopilot_actions,
    playthrough,
    recorded_actions,
    roll_for,
)

import engine
from companion.session import scenario_names
from engine import Action, GameState, Prompt

CONTEXT = 3
SHOWN = 60   # lines of a diff shown in a failure


def _diff(expected: str, got: str, name: str) -> str:
    lines = list(difflib.unified_diff(expected.splitlines(), got.splitlines(),
                                      f"golden/{name}.txt", "replayed now", n=CONTEXT,
                                      lineterm=""))
    more = f"\n... {len(lines) - SHOWN} more lines of diff" if len(lines) > SHOWN else ""
    return "\n".join(lines[:SHOWN]) + more


@pytest.mark.parametrize("game", [pytest.param(g, id=g.name, marks=[pytest.mark.slow] if g.slow
                                               else []) for g in GAMES])
def test_a_golden_playthrough_replays_to_the_same_text(game: Golden) -> None:
    assert game.path.is_file(), (f"no golden file for {game.name}: write it with "
                                 f".venv/bin/python tests/engine/golden_games.py {game.name}")
    expected = game.path.read_text(encoding="utf-8")
    actions = recorded_actions(game, expected)
    assert actions, f"{game.path} holds no action lines ({ACTION_MARK}N ...)"
    dice = random.Random(game.seed)
    strays: list[str] = []

    def still_chosen(n: int, state: GameState, prompt: Prompt, action: Action) -> None:
        """The recorded action is still the one the game's players make at this step."""
        again = roll_for(prompt, dice) if prompt.roll else engine.decide(state, prompt)
        if again != action and not strays:
            who = "the seeded die" if prompt.roll else "the autopilot"
            strays.append(f"action {n}: {who} now gives {action_text(again)}, the golden file "
                          f"has {action_text(action)}")

    got = playthrough(game, actions, still_chosen)
    assert got == expected, (
        f"golden playthrough {game.name} differs from its file (a change of play? if meant, "
        f"regenerate: .venv/bin/python tests/engine/golden_games.py {game.name}):\n"
        + _diff(expected, got, game.name))
    assert not strays, f"{game.name}: {strays[0]} (regenerate if the change is meant)"


def test_every_golden_file_is_a_listed_game() -> None:
    files = {p.stem for p in FOLDER.glob("*.txt")}
    assert files == set(BY_NAME), f"stray or missing golden files: {files ^ set(BY_NAME)}"


def test_the_golden_games_cover_every_level_and_knight_hawks_scenario() -> None:
    levels = {g.level for g in GAMES if g.level}
    assert levels == set(engine.levels("fasa", playable=True))
    knighthawks = {g.scenario.partition(":")[2] for g in GAMES if g.scenario.startswith("knighthawks:")}
    assert knighthawks == set(scenario_names(None, "knighthawks"))
    assert any(g.options.get("admiral") for g in GAMES)
    strpg = {g.scenario.partition(":")[2] for g in GAMES if g.scenario.startswith("strpg:")}
    assert {"corridor", "ambush"} <= strpg
    assert any(len(g.crewed) > 1 for g in GAMES)   # player crews head to head


def test_a_golden_game_is_what_its_autopilots_play() -> None:
    """The generator plays the first prompt's autopilot and seeded dice, as the file records."""
    game = BY_NAME["basic-duel"]
    assert list(autopilot_actions(game)) == recorded_actions(game, game.path.read_text("utf-8"))


def test_a_changed_rule_shows_as_a_line_of_difference() -> None:
    """The comparison can fail: a game replayed with one die changed differs from its file
    from that roll on, and the diff names the line."""
    game = BY_NAME["basic-duel"]
    text = game.path.read_text(encoding="utf-8")
    actions = recorded_actions(game, text)
    n = next(i for i, a in enumerate(actions) if a.type_name == "roll")
    actions[n] = engine.RollResult(actions[n].station, 11 - actions[n].value, "virtual")  # type: ignore[attr-defined]
    try:
        got = playthrough(game, actions)
    except (AssertionError, engine.IllegalAction):
        return   # the game no longer ends with the recorded actions: a difference too
    assert got != text
    assert f"#{n + 1} " in _diff(text, got, game.name)
