"""The save store on a real SQLite file: save, list, resume, export/import, undo, damage."""

from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from companion.saves.saved_game import SavedGame, autopilot_step, phase_key
from companion.saves.store import DAMAGED, FILE_NAME, OVER, Store, StoreError
from companion.session import load_scenario, prepare
from engine import state_to_json
from engine.log import action_line, header_line, parse, replay


def scenario(turns: int = 2) -> dict[str, Any]:
    return prepare(load_scenario("duel", None), None, "basic", None, turns)


def played(store: Store | None, steps: int | None = None, seed: int = 3,
           turns: int = 2) -> SavedGame:
    game = SavedGame.new(store, scenario(turns), seed, {"enterprise/helm": "touch"})
    n = 0
    while (steps is None or n < steps) and autopilot_step(game) is not None:
        n += 1
    return game


def same(a: Any, b: Any) -> bool:
    return bool(state_to_json(a) == state_to_json(b))


@pytest.fixture
def store(tmp_path: Path) -> Store:
    st, notes = Store.open_folder(tmp_path)
    assert notes == []
    return st


@pytest.mark.slow
def test_a_saved_game_resumes_to_the_same_state(store: Store) -> None:
    game = played(store, 30)
    again = SavedGame.resume(store, game.id)
    assert len(again.actions) == 30
    assert same(again.state, game.state)
    assert again.seats == {"enterprise/helm": "touch"}
    assert again.seed == 3


@pytest.mark.slow
def test_resumed_game_rolls_on_as_if_never_stopped(store: Store, tmp_path: Path) -> None:
    whole = played(None)
    game = played(store, 17)
    store.close()
    reopened, _ = Store.open_folder(tmp_path)
    rest = SavedGame.resume(reopened, game.id)
    while autopilot_step(rest) is not None:
        pass
    assert [a.to_json() for a in rest.actions] == [a.to_json() for a in whole.actions]
    assert same(rest.state, whole.state)


@pytest.mark.slow
def test_games_are_listed_with_status(store: Store) -> None:
    done = played(store)
    going = played(store, 5)
    info = {g.id: g for g in store.games()}
    assert info[done.id].status == OVER and info[done.id].actions == len(done.actions)
    assert info[going.id].status == "playing" and info[going.id].actions == 5
    unfinished = store.unfinished()
    assert unfinished is not None and unfinished.id == going.id


@pytest.mark.slow
def test_export_is_the_documented_log(store: Store, tmp_path: Path) -> None:
    game = played(store, 25)
    out = tmp_path / "game.jsonl"
    assert store.export(game.id, out) == 25
    with out.open(encoding="utf-8") as fh:
        read = parse(fh, str(out))
    assert same(replay(read.scenario, read.actions), game.state)
    lines = out.read_text(encoding="utf-8").splitlines()
    assert lines[0] == header_line(game.scenario)
    assert lines[1:] == [action_line(n, a) for n, a in enumerate(game.actions, 1)]


@pytest.mark.slow
def test_import_makes_a_new_game_that_replays(store: Store, tmp_path: Path) -> None:
    game = played(store, 25)
    out = tmp_path / "game.jsonl"
    store.export(game.id, out)
    new_id, warnings = store.import_log(out)
    assert new_id != game.id and warnings == ()
    assert same(SavedGame.resume(store, new_id).state, game.state)
    assert len(SavedGame.resume(store, game.id).actions) == 25   # the original is untouched


@pytest.mark.slow
@pytest.mark.parametrize(("content", "reason"), [
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not UTF-8"),
    (b"hello world\n", "not valid JSON"),
    (b"", "empty log"),
    (b'{"starbridge_log": 1, "ruleset": "fasa", "scenario": {}}\n', "format 1"),
])
def test_import_refuses_a_foreign_file_with_the_reason(store: Store, tmp_path: Path,
                                                       content: bytes, reason: str) -> None:
    game = played(store, 10)
    bad = tmp_path / "bad.jsonl"
    bad.write_bytes(content)
    with pytest.raises(StoreError, match=reason) as err:
        store.import_log(bad)
    assert "nothing was imported" in str(err.value)
    assert [g.id for g in store.games()] == [game.id]


@pytest.mark.slow
def test_import_refuses_an_edited_log(store: Store, tmp_path: Path) -> None:
    game = played(store, 20)
    out = tmp_path / "game.jsonl"
    store.export(game.id, out)
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[5] = lines[5].replace('"seq": 5', '"seq": 6')
    out.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(StoreError, match="line 6"):
        store.import_log(out)
    assert len(store.games()) == 1


def test_import_of_a_missing_file(store: Store, tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot be read"):
        store.import_log(tmp_path / "nope.jsonl")


@pytest.mark.slow
def test_undo_last_replays_the_shortened_log_and_is_recorded(store: Store) -> None:
    game = played(store, 20)
    game.by[14] = "touch"   # as if a person took action 15; the rest were the autopilot's
    store.db.execute("UPDATE actions SET by = 'touch' WHERE game = ? AND seq = 15", (game.id,))
    assert game.undo_last() == 6
    assert len(game.actions) == 14
    assert same(game.state, replay(game.scenario, game.actions))
    assert store.undos(game.id) == [(14, "last action", 6)]
    assert same(SavedGame.resume(store, game.id).state, game.state)


@pytest.mark.slow
def test_undo_phase_goes_back_to_the_phase_start(store: Store) -> None:
    game = played(store, 40)
    key = phase_key(game.state)
    game.undo_phase()
    n = len(game.actions)
    assert phase_key(game.state) == key
    before = replay(game.scenario, game.actions[:n - 1])
    assert phase_key(before) != key   # the action before it was in another phase
    again = SavedGame.resume(store, game.id)
    assert len(again.actions) == n and same(again.state, game.state)
    game.undo_phase()   # at the start of a phase: back to the phase before's start
    assert len(game.actions) < n and phase_key(game.state) != key


@pytest.mark.slow
def test_a_game_that_ended_plays_again_after_undo(store: Store) -> None:
    game = played(store)
    assert game.over
    game.undo_to(len(game.actions) - 3, "test")
    assert not game.over
    unfinished = store.unfinished()
    assert unfinished is not None and unfinished.id == game.id


def test_refused_action_is_not_saved(store: Store) -> None:
    from engine import IllegalAction, RollResult

    game = played(store, 3)
    with pytest.raises(IllegalAction):
        game.accept(RollResult("helm", 4, "virtual"))   # nobody asked for a roll by Helm now
    assert len(SavedGame.resume(store, game.id).actions) == 3


def test_edited_save_row_marks_the_game_damaged(store: Store) -> None:
    game = played(store, 10)
    store.db.execute("UPDATE actions SET line = replace(line, '\"seq\": 4', '\"seq\": 4 ') "
                     "WHERE game = ? AND seq = 4", (game.id,))
    row = store.db.execute("SELECT line FROM actions WHERE game=? AND seq=4", (game.id,)).fetchone()
    data = json.loads(row[0])
    data["check"] = "00000000"
    store.db.execute("UPDATE actions SET line = ? WHERE game = ? AND seq = 4",
                     (json.dumps(data), game.id))
    with pytest.raises(StoreError, match="checksum"):
        SavedGame.resume(store, game.id)
    assert store.games()[0].status == DAMAGED
    assert store.unfinished() is None


def _damage(path: Path, how: str) -> None:
    data = path.read_bytes()
    if how == "truncated":
        path.write_bytes(data[: len(data) // 3])
    elif how == "garbled":
        path.write_bytes(data[:100] + os.urandom(len(data) - 200) + data[-100:])
    elif how == "header":
        path.write_bytes(b"\x00" * 16 + data[16:])
    elif how == "foreign":
        path.unlink()
        with sqlite3.connect(path) as db:
            db.execute("CREATE TABLE photos (id INTEGER)")


@pytest.mark.slow
@pytest.mark.parametrize("how", ["truncated", "garbled", "header", "foreign"])
def test_damaged_save_file_is_set_aside_and_reported(tmp_path: Path, how: str) -> None:
    st, _ = Store.open_folder(tmp_path)
    for _ in range(3):
        played(st, 60)
    st.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    st.close()
    path = tmp_path / FILE_NAME
    _damage(path, how)
    damaged = path.read_bytes()
    fresh, notes = Store.open_folder(tmp_path)
    assert len(notes) == 1 and "set aside" in notes[0], notes
    assert fresh.games() == []
    aside = [p for p in tmp_path.iterdir() if p.name.startswith(FILE_NAME + ".damaged-")
             and not p.name.endswith(("-wal", "-shm"))]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged   # kept as it was
    played(fresh, 5)   # and the player starts afresh
    assert len(fresh.games()) == 1


def test_save_folder_that_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(StoreError, match="STARBRIDGE_DATA"):
        Store.open_folder(blocker / "inside")


def test_unknown_game(store: Store) -> None:
    with pytest.raises(StoreError, match="no saved game 99"):
        store.load(99)


def test_new_game_refuses_a_bad_scenario(store: Store) -> None:
    from engine import DataError

    bad = {**scenario(), "ships": []}
    with pytest.raises(DataError):
        SavedGame.new(store, bad, 1)
    assert store.games() == []


@pytest.mark.slow
def test_an_action_that_cannot_be_saved_is_not_taken(store: Store) -> None:
    """Durable before shown: when the write fails (here the database refuses writes, as a full
    or read-only disk would), the state does not move on and the error says what to check."""
    game = played(store, 5)
    before = game.state
    store.db.execute("PRAGMA query_only = 1")
    with pytest.raises(StoreError, match="could not be written"):
        autopilot_step(game)
    assert game.state is before and len(game.actions) == 5
    store.db.execute("PRAGMA query_only = 0")
    assert len(SavedGame.resume(store, game.id).actions) == 5
