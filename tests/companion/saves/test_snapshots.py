"""Snapshots of the state in the save, checked against the log (companion/saves/snapshots.py and
companion/saves/resume.py): real SQLite files, games played by the autopilots, every resumed state
compared with a full replay of the same log."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from benchmarks.saves import long_scenario
from companion.saves import snapshots
from companion.saves.log_actions import LogActions
from companion.saves.resume import read_game
from companion.saves.saved_game import SavedGame, autopilot_step
from companion.saves.snapshots import EVERY, HISTORY, KEEP, SnapshotError, decode, encode
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from engine import new_game
from engine.log import replay


def scenario(level: str = "basic", name: str = "duel", turns: int = 40) -> dict[str, Any]:
    return prepare(load_scenario(name, None), None, level, None, turns)


def played(store: Store | None, actions: int) -> SavedGame:
    """A game the autopilots play on for `actions` actions (the duel on the largest map, the
    ships in far corners: nobody is destroyed early)."""
    game = SavedGame.new(store, long_scenario(80), 3)
    while len(game.actions) < actions and autopilot_step(game) is not None:
        pass
    return game


@pytest.fixture
def saved(tmp_path: Path) -> tuple[Path, int, int]:
    """A store with a game of 2 * EVERY + HISTORY // 2 actions: snapshots after 100 and 200."""
    store, _ = Store.open_folder(tmp_path)
    game = played(store, 2 * EVERY + HISTORY // 2)
    n = len(game.actions)
    assert n == 2 * EVERY + HISTORY // 2, "the game lasted long enough"
    store.close()
    return tmp_path, game.id, n


def full_replay(folder: Path, game: int) -> Any:
    store, _ = Store.open_folder(folder)
    try:
        saved = store.load(game)
        return replay(saved.scenario, saved.actions)
    finally:
        store.close()


def resume(folder: Path, game: int) -> SavedGame:
    store, _ = Store.open_folder(folder)
    return SavedGame.resume(store, game)


def rows(folder: Path, game: int) -> list[tuple[Any, ...]]:
    with sqlite3.connect(folder / "saves.db") as db:
        return db.execute("SELECT seq, chain, format, digest FROM snapshots WHERE game = ? "
                          "ORDER BY seq", (game,)).fetchall()


@pytest.mark.slow
def test_every_hundredth_action_is_saved_with_a_snapshot(saved: tuple[Path, int, int]) -> None:
    folder, game, _ = saved
    got = rows(folder, game)
    assert [r[0] for r in got] == [EVERY, 2 * EVERY]
    assert all(r[2] == snapshots.snapshot_format() for r in got)


@pytest.mark.slow
def test_a_resume_starts_from_a_snapshot_and_equals_a_full_replay(
        saved: tuple[Path, int, int]) -> None:
    folder, game, n = saved
    store, _ = Store.open_folder(folder)
    read = read_game(store, game)
    # the newest snapshot at least HISTORY actions back: 100 (200 is only 50 back)
    assert read.from_snapshot == EVERY
    assert read.notes == []
    assert isinstance(read.actions, LogActions) and read.actions.unread == EVERY
    assert len(read.actions) == n
    assert read.state == full_replay(folder, game)
    # the display's history: every step replayed after the snapshot
    assert len(read.steps) == n - EVERY
    assert read.steps[-1][1] == read.state
    # the earlier actions, read when asked for, are the log's
    assert list(read.actions) == store.load(game).actions
    store.close()


@pytest.mark.slow
def test_a_resumed_game_goes_on_and_resumes_again_to_the_same_state(
        saved: tuple[Path, int, int]) -> None:
    folder, game_id, n = saved
    game = resume(folder, game_id)
    while len(game.actions) < n + 2 * EVERY and autopilot_step(game) is not None:
        pass
    assert game.store is not None
    game.store.close()
    assert [r[0] for r in rows(folder, game_id)][-1] == (len(game.actions) // EVERY) * EVERY
    assert len(rows(folder, game_id)) <= KEEP
    again = resume(folder, game_id)
    assert again.state == game.state == full_replay(folder, game_id)


def _damage(folder: Path, game: int, sql: str, *params: Any) -> None:
    with sqlite3.connect(folder / "saves.db") as db:
        db.execute(sql, params)


DAMAGE = {
    "text garbled": ("UPDATE snapshots SET state = substr(state, 1, 200) || 'x' || "
                     "substr(state, 202) WHERE game = ?", "its text is damaged"),
    "another version": ("UPDATE snapshots SET format = 'starbridge-snapshot-0' WHERE game = ?",
                        "another version"),
    "another log": ("UPDATE snapshots SET chain = lower(hex(randomblob(32))) WHERE game = ?",
                    "not the one it was made from"),
    "row garbled": ("UPDATE snapshots SET digest = x'00ff' WHERE game = ?", "its row is damaged"),
}


@pytest.mark.slow
@pytest.mark.parametrize("how", sorted(DAMAGE))
def test_a_damaged_snapshot_falls_back_to_the_log_with_one_line(
        saved: tuple[Path, int, int], how: str) -> None:
    folder, game, n = saved
    sql, why = DAMAGE[how]
    _damage(folder, game, sql, game)
    resumed = resume(folder, game)
    assert resumed.state == full_replay(folder, game)
    assert len(resumed.actions) == n
    assert len(resumed.notes) == 1
    assert why in resumed.notes[0]
    assert resumed.notes[0].startswith(f"game {game}: its snapshot after action {EVERY}")
    assert "replayed from its log" in resumed.notes[0]


def _forge(folder: Path, game: int, text: str) -> None:
    """A snapshot whose digest matches its (hostile) text: the decoding must refuse it."""
    _damage(folder, game, "UPDATE snapshots SET state = ?, digest = ? WHERE game = ?",
            text, snapshots.digest(text), game)


@pytest.mark.slow
@pytest.mark.parametrize("text,why", [
    ('{"@": "os:system", "f": {}}', "not one of the engine's classes"),
    ('{"@": "engine.rulesets.fasa.values.state:FasaState", "f": {"turn": 1}}', "fields"),
    ('{"@": "engine.rulesets.fasa.values.state:FasaState", "f": []}', "not a state"),
    ('{"@": "engine.rulesets.fasa.values.state:FasaState", "f": {"turn": {"@fs": [[1]]}}}',
     "not a state of this engine"),
    ('{"@": "engine.rulesets.fasa.values.state:FasaState", "f": {"turn": {"@x": 1, "@y": 2}}}',
     "not a state of this engine"),
    ('{"@": "engine.rulesets.fasa.values.state:FasaState", "f": {"turn": {"@": "engine:__class__"}}}',
     "is not a state class"),
    ("[" * 5000, "not readable"),
    ("not json", "not readable"),
])
def test_a_forged_snapshot_is_refused(saved: tuple[Path, int, int], text: str, why: str) -> None:
    folder, game, _ = saved
    _forge(folder, game, text)
    resumed = resume(folder, game)
    assert resumed.state == full_replay(folder, game)
    assert len(resumed.notes) == 1 and why in resumed.notes[0]


@pytest.mark.slow
def test_the_instructors_undo_forgets_the_snapshots_it_took_back(
        saved: tuple[Path, int, int]) -> None:
    folder, game_id, _ = saved
    game = resume(folder, game_id)
    game.undo_to(EVERY + 10, "test")
    assert [r[0] for r in rows(folder, game_id)] == [EVERY]
    while len(game.actions) < 2 * EVERY + HISTORY and autopilot_step(game) is not None:
        pass
    again = resume(folder, game_id)
    assert again.notes == []
    assert again.state == game.state == full_replay(folder, game_id)


@pytest.mark.slow
def test_a_short_game_resumes_from_its_log(tmp_path: Path) -> None:
    store, _ = Store.open_folder(tmp_path)
    game = played(store, EVERY + HISTORY // 2)
    store.close()
    store, _ = Store.open_folder(tmp_path)
    read = read_game(store, game.id)
    assert read.from_snapshot == 0 and read.notes == []
    assert read.state == game.state
    assert len(read.steps) == len(game.actions)   # all of them: the display's whole history


@pytest.mark.slow
@pytest.mark.parametrize("level,name", [("basic", "skirmish"), ("advanced", "skirmish"),
                                        ("advanced", "duel")])
def test_every_state_of_a_game_reads_back_equal(level: str, name: str) -> None:
    sc = scenario(level, name, 6)
    initial = new_game(sc)
    game = SavedGame.new(None, sc, 11)
    seen = 0
    while autopilot_step(game) is not None:
        seen += 1
        if seen % 7 == 0:
            text = encode(game.state, initial)
            assert decode(text, initial) == game.state
            assert "tables" not in json.loads(text)["f"]   # the setup is the new game's
    assert seen > 50


def test_a_state_with_another_setup_is_not_written() -> None:
    initial = new_game(scenario())
    other = new_game(scenario("basic", "skirmish"))
    with pytest.raises(SnapshotError, match="setup"):
        encode(other, initial)


def test_the_actions_before_the_snapshot_stay_lines_until_asked(tmp_path: Path) -> None:
    game = played(None, 30)
    from engine.log import action_line, header_line

    lines = [action_line(n, a) for n, a in enumerate(game.actions[:20], 1)]
    actions = LogActions(game.actions[20:], lines, header_line(game.scenario), "test")
    assert len(actions) == 30 and actions.unread == 20
    assert actions[-1] == game.actions[-1] and actions[25] == game.actions[25]
    actions.append(game.actions[0])
    assert len(actions) == 31 and actions.unread == 20
    assert actions[3] == game.actions[3] and actions.unread == 0
    assert actions[:30] == game.actions


@pytest.mark.slow
def test_play_resume_says_once_that_a_snapshot_was_not_used(
        saved: tuple[Path, int, int]) -> None:
    import argparse

    from companion.settings.config import Config
    from companion.table.table_setup import choose_game

    folder, game, n = saved
    _damage(folder, game, DAMAGE["text garbled"][0], game)
    store, _ = Store.open_folder(folder)
    said: list[str] = []
    args = argparse.Namespace(seed=None, new=False, resume=game, scenario=None, turns=None,
                              autopilot=True, level=None)
    resumed = choose_game(args, Config(), store, None, True, said.append)
    assert resumed is not None and resumed.state == full_replay(folder, game)
    assert said == [f"starbridge: game {game}: its snapshot after action {EVERY} could not be "
                    f"used (its text is damaged); the game was replayed from its log",
                    f"starbridge: resumed game {game} after {n} actions"]
    store.close()
