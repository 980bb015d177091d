"""The save store: every game an append-only log of actions in one SQLite file (DESIGN: Saves).

    store, notes = Store.open_folder(user_data_dir())   # notes: a damaged file set aside, etc.
    game = store.new_game(scenario, seed=7, seats={...})
    store.append(game, seq, action, by="touch")         # durable (fsync'd) when it returns
    saved = store.load(game)                            # scenario, actions, seed, seats
    store.undo(game, back_to=12, why="undo")            # takes back actions 13.., recorded

Each action row holds the game log's own line (engine.log.action_line: checksummed, numbered),
so a game exports as the documented JSON-lines log byte for byte and imports through the same
checks (engine.log.parse, then replay). The database runs in WAL mode with synchronous=FULL:
`append` returns only after the action is on the disk, and the app shows an action's effects
only after `append`. A power cut loses at most an action that was never shown.

A save file that is not a starbridge store, or that SQLite finds damaged (cut short, garbled),
is renamed aside (`saves.db.damaged-<time>`) and reported, and a new one is started: nothing is
deleted and a good save is never overwritten. Something that is not a regular file where the save
should be (a FIFO, a device, a folder) is refused before SQLite opens it. A game whose rows a bit
flip damaged (text that is not UTF-8, a number that is not one) is marked damaged, alone: the
other games list, export and resume as before.

A save file or folder that cannot be written opens read-only (`Store.open_folder(folder,
read_only=None)` chooses by whether it can be written; `games` and `games export` ask so):
listing and exporting work; playing, undoing and importing say why not.
A game's number is never used twice, even when rows of a removed game were left behind.
"""

from __future__ import annotations

import io
import json
import os
import sqlite3
import time
import urllib.parse
from collections.abc import Iterator, Mapping, Sequence
from contextlib import closing, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine import Action
from engine.errors import LogError, one_line
from engine.files import FileRefused, open_regular, refuse_irregular
from engine.log import action_line, header_line, parse

FILE_NAME = "saves.db"
FORMAT = "starbridge-saves"
VERSION = 1
MAGIC = b"SQLite format 3\x00"
MAX_IMPORT = 64 << 20   # bytes; a four-hour game's log is about 1 MB

SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY,
    started REAL NOT NULL,
    title TEXT NOT NULL,
    header TEXT NOT NULL,
    seed INTEGER NOT NULL,
    seats TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'playing'
);
CREATE TABLE IF NOT EXISTS actions (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    line TEXT NOT NULL,
    by TEXT NOT NULL,
    at REAL NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS undos (
    game INTEGER NOT NULL REFERENCES games(id),
    at REAL NOT NULL,
    back_to INTEGER NOT NULL,
    why TEXT NOT NULL,
    lines TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS snapshots (
    game INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    chain TEXT NOT NULL,
    format TEXT NOT NULL,
    digest TEXT NOT NULL,
    state TEXT NOT NULL,
    PRIMARY KEY (game, seq)
) WITHOUT ROWID;
"""
# snapshots: the state after action `seq`, a short cut for a resume (companion/saves/snapshots.py)

PLAYING, OVER, DAMAGED = "playing", "over", "damaged"
ABANDONED = "abandoned"
"""A game's status: `playing` (unfinished: offered for resume, and a kiosk goes back into it
after a restart), `over`, `damaged` (its lines fail their checks; kept for a bug report), or
`abandoned` (a kiosk left it when its crew went idle: never offered by itself again, but
`play --resume N` goes on with it and makes it `playing` again)."""


class StoreError(Exception):
    """A save that cannot be written or read; the message says which and what to do."""


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: int
    title: str
    started: float
    updated: float
    actions: int
    status: str
    undos: int


@dataclass(frozen=True, slots=True)
class Saved:
    """A game as stored: enough to replay it to the exact state, and to go on with its dice."""

    id: int
    scenario: dict[str, Any]
    actions: list[Action]
    by: list[str]
    seed: int
    seats: dict[str, str]
    warnings: tuple[str, ...]


def _set_aside(path: Path, why: str) -> str:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.damaged-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged-{stamp}-{n}")
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    path.rename(target)
    return (f"the save file {path} could not be used ({why}); it was set aside as {target.name} "
            f"and a new one started (send the set-aside file with a bug report if you like)")


def _text(raw: bytes) -> str:
    """A text column's value; bytes that are not UTF-8 (a bit flip) are kept as U+FFFD, so the
    row fails its checks (an action line its checksum) instead of failing to be read."""
    return raw.decode("utf-8", errors="replace")


def _connect(path: Path, read_only: bool) -> sqlite3.Connection:
    """An SQLite connection to `path`. A read-only one is opened by URI with mode=ro, or, when
    even the WAL's shared-memory file cannot be made beside it (a folder that cannot be
    written), as immutable (what a crash left in the WAL file is not seen then)."""
    if not read_only:
        db = sqlite3.connect(path, timeout=5, isolation_level=None)
        db.text_factory = _text
        return db
    where = f"file:{urllib.parse.quote(str(path.absolute()))}"
    try:
        return _read_only(f"{where}?mode=ro")
    except sqlite3.Error:
        return _read_only(f"{where}?immutable=1")


def _read_only(uri: str) -> sqlite3.Connection:
    db = sqlite3.connect(uri, uri=True, timeout=5, isolation_level=None)
    db.text_factory = _text
    try:
        db.execute("SELECT count(*) FROM sqlite_master").fetchone()
    except sqlite3.Error:
        db.close()
        raise
    return db


def _writable(path: Path) -> bool:
    """Whether the save file at `path` (and its folder, for the WAL's files) can be written."""
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    return os.access(folder, os.W_OK) and (not path.exists() or os.access(path, os.W_OK))


def _problem(path: Path, read_only: bool = False) -> str | None:
    """Why the file at `path` is not a usable save store, or None."""
    try:
        with open_regular(path) as fh:
            head = fh.read(len(MAGIC))
    except (OSError, FileRefused) as exc:
        return f"cannot be read: {getattr(exc, 'strerror', None) or exc}"
    if not head:
        return None if path.stat().st_size == 0 else "empty"
    if head != MAGIC:
        return "not an SQLite database"
    try:
        with closing(_connect(path, read_only)) as db:
            check = db.execute("PRAGMA quick_check").fetchall()
            if check != [("ok",)]:
                return f"damaged: {str(check[0][0])[:120]}"
            tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
            if "meta" not in tables:
                return "an SQLite database, but not starbridge's saves"
            meta = dict(db.execute("SELECT key, value FROM meta").fetchall())
            if meta.get("format") != FORMAT:
                return "an SQLite database, but not starbridge's saves"
            if meta.get("version") != str(VERSION):
                return f"saves of format version {meta.get('version')!r}; this starbridge " \
                       f"reads version {VERSION}"
            missing = {"games", "actions", "undos"} - tables
            if missing:
                return f"damaged: table(s) {', '.join(sorted(missing))} missing"
    except sqlite3.DatabaseError as exc:
        return f"damaged: {exc}"
    return None


class Store:
    """One save file. Not thread-safe: the app's main thread owns it."""

    def __init__(self, path: Path, read_only: bool = False) -> None:
        self.path = path
        self.read_only = read_only
        if read_only:
            try:
                self.db = _connect(path, True)
            except sqlite3.Error as exc:
                raise StoreError(f"{path}: cannot open the save file to read it: {exc}") from None
            return
        try:
            self.db = _connect(path, False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.executescript(SCHEMA)
            self.db.execute("INSERT OR IGNORE INTO meta VALUES ('format', ?), ('version', ?)",
                            (FORMAT, str(VERSION)))
        except sqlite3.Error as exc:
            raise StoreError(f"{path}: cannot open the save file: {exc}") from None

    @classmethod
    def open(cls, path: Path, read_only: bool = False) -> tuple[Store, list[str]]:
        """Open (or create) the store at `path`; a damaged or foreign file there is set aside
        first. Returns the store and what was said about it. `read_only`: for listing and
        exporting, when the file or its folder cannot be written (nothing is set aside or
        created then; no file is a store with no games)."""
        notes: list[str] = []
        for where in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            try:
                refuse_irregular(where)
            except FileRefused as exc:
                raise StoreError(f"{one_line(str(exc))} (the save file {path.name} must be a "
                                 f"regular file: move that aside)") from None
        if read_only:
            if not path.exists():   # no saves yet: an empty store in memory
                empty = cls(Path(":memory:"))
                empty.read_only = True
                return empty, notes
            why = _problem(path, read_only=True)
            if why is not None:
                raise StoreError(f"the save file {path} cannot be used ({why}); it cannot be "
                                 f"written here, so it is left as it is")
            return cls(path, read_only=True), notes
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise StoreError(f"{path.parent}: cannot make the save folder: {exc.strerror} "
                             f"(set STARBRIDGE_DATA to a folder you can write)") from None
        if path.exists():
            why = _problem(path)
            if why is not None:
                notes.append(_set_aside(path, why))
        return cls(path), notes

    @classmethod
    def open_folder(cls, folder: Path, read_only: bool | None = False) -> tuple[Store, list[str]]:
        """The store in `folder`; `read_only=None`: read-only when it cannot be written."""
        path = folder / FILE_NAME
        if read_only is None:
            read_only = not _writable(path)
        return cls.open(path, read_only)

    def close(self) -> None:
        self.db.close()

    def _check_writable(self) -> None:
        if self.read_only:
            raise StoreError(f"{self.path}: the save file or its folder cannot be written (it "
                             f"was opened to be read only); check their owner and permissions")

    def _write(self, sql: str, params: Sequence[Any]) -> sqlite3.Cursor:
        self._check_writable()
        try:
            return self.db.execute(sql, params)
        except sqlite3.Error as exc:
            raise StoreError(f"{self.path}: the save could not be written: {exc} "
                             f"(is the disk full? `starbridge doctor` checks)") from None

    # -- games -----------------------------------------------------------------------------
    def _next_id(self) -> int:
        """A game number never used before: above every game's, and above every game number
        that rows left behind (actions, undos) still name, so they never join a new game."""
        row = self.db.execute(
            "SELECT max(coalesce((SELECT max(id) FROM games), 0), "
            "coalesce((SELECT max(game) FROM actions WHERE typeof(game) = 'integer'), 0), "
            "coalesce((SELECT max(game) FROM undos WHERE typeof(game) = 'integer'), 0))"
        ).fetchone()
        top = int(row[0])
        if self.db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' "
                           "AND name = 'snapshots'").fetchone() is not None:
            # snapshots left behind by a game never join a new one either
            snap = self.db.execute("SELECT coalesce(max(game), 0) FROM snapshots "
                                   "WHERE typeof(game) = 'integer'").fetchone()
            top = max(top, int(snap[0]))
        return top + 1

    def new_game(self, scenario: Mapping[str, Any], seed: int,
                 seats: Mapping[str, str] | None = None) -> int:
        title = str(scenario.get("name") or scenario.get("id") or "game")
        if type(seed) is not int or not 0 <= seed < 2**63:
            raise StoreError(f"a game's seed is a whole number from 0 to {2**63 - 1}, not {seed!r}")
        game = self._next_id()
        self._write("INSERT INTO games (id, started, title, header, seed, seats) "
                    "VALUES (?, ?, ?, ?, ?, ?)",
                    (game, time.time(), title, header_line(scenario), seed,
                     json.dumps(dict(seats or {}), sort_keys=True)))
        return game

    def append(self, game: int, seq: int, action: Action, by: str = "") -> None:
        """Action number `seq` (from 1) of `game`, on the disk when this returns."""
        self._write("INSERT INTO actions (game, seq, line, by, at) VALUES (?, ?, ?, ?, ?)",
                    (game, seq, action_line(seq, action), by, time.time()))

    def set_status(self, game: int, status: str) -> None:
        self._write("UPDATE games SET status = ? WHERE id = ?", (status, game))

    def status(self, game: int) -> str:
        row = self.db.execute("SELECT status FROM games WHERE id = ?", (game,)).fetchone()
        if row is None:
            raise StoreError(f"no saved game {game} (see: starbridge games)")
        return str(row[0])

    def set_seats(self, game: int, seats: Mapping[str, str]) -> None:
        self._write("UPDATE games SET seats = ? WHERE id = ?",
                    (json.dumps(dict(seats), sort_keys=True), game))

    def games(self) -> list[GameInfo]:
        rows = self.db.execute(
            "SELECT g.id, g.title, g.started, g.status, "
            "  (SELECT count(*) FROM actions a WHERE a.game = g.id), "
            "  (SELECT max(at) FROM actions a WHERE a.game = g.id), "
            "  (SELECT count(*) FROM undos u WHERE u.game = g.id) "
            "FROM games g ORDER BY g.id").fetchall()
        out = []
        for r in rows:   # a time that is no number (a bit flip, an edit) is unknown: 0
            started = _real(r[2]) or 0.0
            updated = _real(r[5]) or started
            status = str(r[3]) if r[3] in STATUSES else DAMAGED
            out.append(GameInfo(int(r[0]), str(r[1]), started, updated, int(r[4]), status,
                                int(r[6])))
        return out

    def unfinished(self) -> GameInfo | None:
        """The most recent game still being played, to offer for resume."""
        playing = [g for g in self.games() if g.status == PLAYING]
        return max(playing, key=lambda g: g.updated) if playing else None

    def game_rows(self, game: int) -> tuple[str, int, str, list[tuple[int, str, str]]]:
        """A saved game as stored: its header, seed and seats, and its action rows (seq, line,
        by) in order; StoreError when there is no such game, LogError when a row is damaged."""
        row = self.db.execute("SELECT header, seed, seats FROM games WHERE id = ?",
                              (game,)).fetchone()
        if row is None:
            raise StoreError(f"no saved game {game} (see: starbridge games)")
        lines = self.db.execute("SELECT seq, line, by FROM actions WHERE game = ? ORDER BY seq",
                                (game,)).fetchall()
        if not all(isinstance(v, str) for v in (row[0], row[2])) or type(row[1]) is not int \
                or not 0 <= row[1] < 2**63:
            raise LogError(f"saved game {game}: its header, seed or seats are damaged")
        if not all(type(a) is int and isinstance(b, str) for a, b, _ in lines):
            raise LogError(f"saved game {game}: an action row is damaged")
        return row[0], row[1], row[2], [(a, b, str(c)) for a, b, c in lines]

    def log_lines(self, game: int) -> Iterator[str]:
        """The game as the documented JSON-lines log (docs/log-format.md)."""
        header, _, _, rows = self.game_rows(game)
        yield header + "\n"
        for _, line, _ in rows:
            yield line + "\n"

    def load(self, game: int) -> Saved:
        """The game's scenario and actions, checked line by line as a log is; a save that fails
        the checks is marked damaged and StoreError says why."""
        try:
            header, seed, seats_text, rows = self.game_rows(game)
            read = parse([header + "\n"] + [line + "\n" for _, line, _ in rows],
                         f"saved game {game}")
            seats = json.loads(seats_text)
            if not isinstance(seats, dict):
                raise LogError(f"saved game {game}: its seats are not a table")
        except (LogError, ValueError) as exc:
            if not self.read_only:
                self.set_status(game, DAMAGED)
            raise StoreError(f"{exc}; the game is marked damaged and kept "
                             f"(export it for a bug report)") from None
        return Saved(game, read.scenario, read.actions, [b for _, _, b in rows], seed,
                     {str(k): str(v) for k, v in seats.items()}, read.warnings)

    def undo(self, game: int, back_to: int, why: str = "undo") -> int:
        """Take back every action after number `back_to`; the taken-back lines are kept in the
        undo record. Returns how many were taken back."""
        self._check_writable()
        back_to = max(0, back_to)
        rows = self.db.execute("SELECT line FROM actions WHERE game = ? AND seq > ? ORDER BY seq",
                               (game, back_to)).fetchall()
        if not rows:
            return 0
        try:
            self.db.execute("BEGIN IMMEDIATE")
            self.db.execute("INSERT INTO undos (game, at, back_to, why, lines) VALUES (?,?,?,?,?)",
                            (game, time.time(), back_to, why, json.dumps([r[0] for r in rows])))
            self.db.execute("DELETE FROM actions WHERE game = ? AND seq > ?", (game, back_to))
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise StoreError(f"{self.path}: the undo could not be saved: {exc}") from None
        return len(rows)

    def undos(self, game: int) -> list[tuple[int, str, int]]:
        """(back_to, why, how many taken back) of each undo of `game`, oldest first."""
        return [(int(b), str(w), len(json.loads(lines))) for b, w, lines in self.db.execute(
            "SELECT back_to, why, lines FROM undos WHERE game = ? ORDER BY rowid", (game,))]

    # -- export and import -------------------------------------------------------------------
    def export(self, game: int, out: Path) -> int:
        """Write the game's log to `out` (whole, or not at all); returns the number of actions."""
        self.load(game)  # refuse to export a damaged game as if it were good
        if out.is_dir():
            raise StoreError(f"{out}: is a folder; give the file to write, e.g. "
                             f"{out / f'game{game}.jsonl'}")
        tmp = out.with_name(f".{out.name}.part")
        n = -1
        try:
            with tmp.open("w", encoding="utf-8") as fh:
                for n, line in enumerate(self.log_lines(game)):  # noqa: B007
                    fh.write(line)
            tmp.replace(out)
        except OSError as exc:
            with suppress(OSError):
                tmp.unlink(missing_ok=True)
            raise StoreError(f"{out}: the game could not be written: {exc.strerror or exc}; "
                             f"nothing was written") from None
        return n

    def import_log(self, path: Path) -> tuple[int, tuple[str, ...]]:
        """A JSON-lines log read, checked and replayed, then stored as a new game (a good save is
        never touched). Raises StoreError with the reason when the file is refused."""
        from engine.log import replay

        self._check_writable()
        try:
            with open_regular(path) as raw, \
                    io.TextIOWrapper(raw, encoding="utf-8", errors="strict") as fh:
                size = os.fstat(raw.fileno()).st_size
                if size > MAX_IMPORT:
                    raise StoreError(f"{path}: {size} bytes is too large for a game log "
                                     f"(at most {MAX_IMPORT}); nothing was imported")
                read = parse(fh, str(path))
            final = replay(read.scenario, read.actions, str(path))
        except FileRefused as exc:
            raise StoreError(f"{one_line(str(exc))}; nothing was imported") from None
        except LogError as exc:
            raise StoreError(f"{exc}; nothing was imported") from None
        except OSError as exc:
            raise StoreError(f"{path}: cannot be read: {exc.strerror}; nothing was imported") \
                from None
        try:
            self.db.execute("BEGIN IMMEDIATE")
            game = self._next_id()
            self.db.execute(
                "INSERT INTO games (id, started, title, header, seed, seats, status) "
                "VALUES (?,?,?,?,?,?,?)",
                (game, time.time(), f"{read.scenario.get('name') or read.scenario.get('id')} "
                              f"(imported)", header_line(read.scenario), 0, "{}",
                 OVER if final.over else PLAYING))
            now = time.time()
            self.db.executemany(
                "INSERT INTO actions (game, seq, line, by, at) VALUES (?, ?, ?, ?, ?)",
                [(game, n, action_line(n, a), "import", now)
                 for n, a in enumerate(read.actions, 1)])
            self.db.execute("COMMIT")
        except sqlite3.Error as exc:
            if self.db.in_transaction:
                self.db.execute("ROLLBACK")
            raise StoreError(f"{self.path}: the import could not be saved: {exc}") from None
        return game, read.warnings


STATUSES = (PLAYING, OVER, DAMAGED, ABANDONED)


def _real(value: object) -> float | None:
    """A time column's value as a number, or None when it holds something else."""
    return float(value) if isinstance(value, int | float) and type(value) is not bool else None


def default_path() -> Path:
    from companion.settings.paths import user_data_dir

    return user_data_dir() / FILE_NAME
