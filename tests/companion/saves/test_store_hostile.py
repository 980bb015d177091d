"""Saves attacked: a bit flip in a row's text, odd values in its columns, a save file or folder
that cannot be written, rows a removed game left behind, an export into a folder, a seed past
SQLite's range. A damaged game is set aside with one line; the others stay playable."""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.saves.saved_game import SavedGame, autopilot_step
from companion.saves.store import DAMAGED, FILE_NAME, Store
from companion.session import load_scenario, prepare

ROOT = Path(__file__).resolve().parents[3]


def played(store: Store, steps: int = 12) -> SavedGame:
    game = SavedGame.new(store, prepare(load_scenario("duel", None), None, "basic", None, 2), 3,
                         {"enterprise/helm": "touch"})
    for _ in range(steps):
        autopilot_step(game)
    return game


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A data folder whose save holds games 1 and 2, both unfinished."""
    folder = tmp_path / "data"
    store, _ = Store.open_folder(folder)
    played(store)
    played(store)
    store.close()
    monkeypatch.setenv("STARBRIDGE_DATA", str(folder))
    monkeypatch.setenv("STARBRIDGE_CONFIG", str(tmp_path / "none.toml"))
    (tmp_path / "none.toml").write_text("", encoding="utf-8")
    yield folder


def damage(folder: Path, sql: str, *params: object) -> None:
    with sqlite3.connect(folder / FILE_NAME) as db:
        db.execute("PRAGMA foreign_keys=OFF")
        db.execute(sql, params)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def flipped(text: str, at: int) -> bytes:
    """`text` in UTF-8 with one bit flipped at byte `at`: the ASCII byte there becomes a lone
    continuation byte, which is not UTF-8."""
    raw = bytearray(text.encode())
    raw[at] |= 0x80
    return bytes(raw)


def bit_flip_in_a_line(folder: Path) -> None:
    with sqlite3.connect(folder / FILE_NAME) as db:
        line = db.execute("SELECT line FROM actions WHERE game = 1 AND seq = 5").fetchone()[0]
        db.execute("UPDATE actions SET line = CAST(? AS TEXT) WHERE game = 1 AND seq = 5",
                   (flipped(line, 10),))


def bit_flip_in_the_header(folder: Path) -> None:
    with sqlite3.connect(folder / FILE_NAME) as db:
        header = db.execute("SELECT header FROM games WHERE id = 1").fetchone()[0]
        db.execute("UPDATE games SET header = CAST(? AS TEXT), title = CAST(? AS TEXT) "
                   "WHERE id = 1", (flipped(header, 30), flipped("Duel", 1)))


DAMAGES = {
    "bit flip in an action": bit_flip_in_a_line,
    "bit flip in the header": bit_flip_in_the_header,
    "seed is text": lambda f: damage(f, "UPDATE games SET seed = 'x' WHERE id = 1"),
    "seed is a real": lambda f: damage(f, "UPDATE games SET seed = 2.5 WHERE id = 1"),
    "seq is text": lambda f: damage(f, "UPDATE actions SET seq = 'q' WHERE game = 1 AND seq = 3"),
}


@pytest.mark.slow
@pytest.mark.parametrize("how", list(DAMAGES))
def test_a_damaged_game_is_set_aside_with_one_line_and_the_other_plays(
        capsys: pytest.CaptureFixture[str], data: Path, tmp_path: Path, how: str) -> None:
    DAMAGES[how](data)
    code, out, _ = run(capsys, "games")
    assert code == 0 and len(out.splitlines()) == 2
    for argv in (["games", "export", "1", str(tmp_path / "one.jsonl")],
                 ["games", "undo", "1"],
                 ["play", "--resume", "1", "--headless", "--autopilot", "--turns", "1"]):
        code, out, err = run(capsys, *argv)
        assert code == 2, (argv, out, err)
        assert len(err.splitlines()) == 1 and err.startswith("starbridge: ")
        assert "damaged" in err, err
    code, out, _ = run(capsys, "games")
    assert code == 0 and DAMAGED in out.splitlines()[0]
    assert not (tmp_path / "one.jsonl").exists()
    code, _, err = run(capsys, "games", "export", "2", str(tmp_path / "two.jsonl"))
    assert code == 0, err
    code, out, err = run(capsys, "play", "--resume", "--headless", "--autopilot", "--turns", "1")
    assert code == 0, err
    assert "resumed game 2" in err


@pytest.mark.slow
@pytest.mark.parametrize("sql", ["UPDATE games SET started = 'abc' WHERE id = 1",
                                 "UPDATE actions SET at = 'zz' WHERE game = 1",
                                 "UPDATE games SET started = x'ff00' WHERE id = 1"])
def test_a_time_that_is_no_number_is_unknown_and_the_game_plays_on(
        capsys: pytest.CaptureFixture[str], data: Path, tmp_path: Path, sql: str) -> None:
    damage(data, sql)
    code, out, err = run(capsys, "games")
    assert code == 0, err
    first = out.splitlines()[0].split()
    assert first[3] == "playing" and first[4] == "12"
    assert run(capsys, "games", "export", "1", str(tmp_path / "one.jsonl"))[0] == 0
    code, _, err = run(capsys, "play", "--resume", "1", "--headless", "--autopilot", "--turns",
                       "1")
    assert code == 0 and "resumed game 1" in err


@pytest.mark.slow
def test_the_unfinished_damaged_game_is_passed_by_with_one_line(
        capsys: pytest.CaptureFixture[str], data: Path) -> None:
    damage(data, "UPDATE actions SET at = at + 1000 WHERE game = 2")   # game 2 is the newest
    bit_flip_in_a_line(data)
    damage(data, "UPDATE actions SET at = at + 2000 WHERE game = 1")   # now game 1 is
    code, _, err = run(capsys, "play", "--resume", "--headless", "--autopilot", "--turns", "1")
    assert code == 0, err
    lines = err.splitlines()
    assert "saved game 1" in lines[0] and "damaged" in lines[0]
    assert "resumed game 2" in lines[1]


@pytest.mark.slow
def test_a_game_number_is_never_used_twice(capsys: pytest.CaptureFixture[str], data: Path,
                                           tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    assert run(capsys, "games", "export", "2", str(log))[0] == 0
    damage(data, "DELETE FROM games WHERE id = 2")   # its action rows are left behind
    code, out, err = run(capsys, "games", "import", str(log))
    assert code == 0, err
    assert "imported as game 3" in out
    code, out, err = run(capsys, "games", "import", str(log))
    assert code == 0 and "imported as game 4" in out, err
    store, _ = Store.open_folder(data)
    assert played(store, 1).id == 5
    assert [g.actions for g in store.games()] == [12, 12, 12, 1]


@pytest.mark.slow
def test_an_export_into_a_folder_names_the_folder_and_leaves_nothing(
        capsys: pytest.CaptureFixture[str], data: Path, tmp_path: Path) -> None:
    folder = tmp_path / "exports"
    folder.mkdir()
    code, _, err = run(capsys, "games", "export", "1", str(folder))
    assert code == 2
    assert err == f"starbridge: {folder}: is a folder; give the file to write, e.g. " \
                  f"{folder / 'game1.jsonl'}\n"
    assert list(tmp_path.glob(".*.part")) == [] and list(folder.iterdir()) == []


@pytest.mark.slow
@pytest.mark.parametrize("seed", [str(2**63), str(10**30), "-1"])
def test_a_seed_beyond_what_a_save_holds_is_refused(capsys: pytest.CaptureFixture[str],
                                                    data: Path, seed: str) -> None:
    code, _, err = run(capsys, "play", "--new", "--headless", "--autopilot", "--turns", "1",
                       "--seed", seed)
    assert code == 2 and err.startswith("starbridge: --seed must be from 0 to")
    assert len(err.splitlines()) == 1


@pytest.mark.slow
def test_the_largest_seed_plays_and_is_saved(capsys: pytest.CaptureFixture[str],
                                             data: Path) -> None:
    code, _, err = run(capsys, "play", "--new", "--headless", "--autopilot", "--turns", "1",
                       "--seed", str(2**63 - 1))
    assert code == 0, err
    store, _ = Store.open_folder(data)
    assert store.load(3).seed == 2**63 - 1


# -- a save that cannot be written: listing and exporting read it ------------------------------
def as_another_user(argv: list[str], env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """`starbridge ARGV` run so that permissions hold: as root (for whom they do not), without
    the capabilities that override them (setpriv drops them from the bounding set)."""
    command = [sys.executable, "-m", "companion.cli", *argv]
    if os.geteuid() == 0:
        command = ["setpriv", "--bounding-set", "-dac_override,-dac_read_search", *command]
    return subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120, check=False)


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32" or (os.geteuid() == 0 and not shutil.which("setpriv")),
                    reason="POSIX permissions (as root: setpriv to drop the overriding ones)")
@pytest.mark.parametrize("locked", ["file", "folder", "both"])
def test_a_read_only_save_lists_and_exports(locked: str) -> None:
    base = Path(tempfile.mkdtemp(prefix="starbridge-ro-"))
    folder, out = base / "data", base / "out"
    try:
        out.mkdir()
        store, _ = Store.open_folder(folder)
        played(store)
        played(store, 20)
        store.close()
        if locked in ("file", "both"):
            (folder / FILE_NAME).chmod(0o444)
        if locked in ("folder", "both"):
            folder.chmod(0o555)
        env = {**os.environ, "STARBRIDGE_DATA": str(folder), "HOME": str(base),
               "STARBRIDGE_CONFIG": os.devnull, "PYTHONDONTWRITEBYTECODE": "1"}
        listed = as_another_user(["games"], env)
        assert listed.returncode == 0, listed.stderr
        assert [line.split()[4] for line in listed.stdout.splitlines()] == ["12", "20"]
        exported = as_another_user(["games", "export", "2", str(out / "two.jsonl")], env)
        assert exported.returncode == 0, exported.stderr
        assert len((out / "two.jsonl").read_text(encoding="utf-8").splitlines()) == 21
        refused = as_another_user(["games", "undo", "2"], env)
        assert refused.returncode == 2 and "Traceback" not in refused.stderr
        assert len(refused.stderr.splitlines()) == 1
    finally:
        folder.chmod(0o755)
        shutil.rmtree(base)
