"""Snapshots of a saved game's state, checked against its log: a resume as fast on turn 20 as on
turn 2 (DESIGN: Saves). The log stays the truth: a snapshot is only a short cut through it.

    text = encode(state, initial)                   # every EVERY actions, saved with the action
    state = decode(text, initial)                   # SnapshotError when it is not to be trusted
    chain = chain_of(header, lines)                 # what a snapshot after those lines stands for

Every EVERY-th action is saved in the same transaction as a snapshot of the state after it
(`save_with_snapshot`), in the store's `snapshots` table (companion/saves/store.py's SCHEMA): the
state's text, the SHA-256 of that text, the format (this module's version and a fingerprint of
the engine's code and data), and the hash chain of the log up to that action (`chain_of`: the
header line, then each action's line, each link the SHA-256 of the last and the line). A resume
takes the newest snapshot at least HISTORY actions before the end, so the bridge display has the
last HISTORY actions (or more) to rebuild its ticker and Rolls list from the one replay, and
uses it only when all of these hold: the format is this one (the same engine: a snapshot of
another version is never read), the text has its digest, the log's lines up to it make the same
chain (nothing before it was changed or taken back), and the text decodes to the engine's own
state classes (only dataclasses and enums of `engine.` modules already loaded, nothing else is
ever made from a save). Any of these failing falls back to replaying the whole log, with one
line that says so.

The state is written as tagged JSON: a dataclass as {"@": "module:Class", "f": {field: ...}},
an enum as {"@e": ..., "v": value}, a tuple, frozenset, set or dict (whose keys may be any
value) as {"@t"|"@fs"|"@s"|"@d": [...]}, a Fraction as {"@q": [n, d]}. The state's `setup`
(the scenario's map, data tables and rules, made once at the start of a game and never changed)
is not written: it is taken from the game's new state, made from the header as a replay does.
"""

from __future__ import annotations

import contextlib
import dataclasses
import enum
import hashlib
import json
import sqlite3
import sys
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

FORMAT = "starbridge-snapshot-1"
EVERY = 100
"""actions between snapshots."""
HISTORY = 100
"""actions, at least, replayed after the snapshot a resume starts from (the display's history)."""
KEEP = 3
"""snapshots kept per game (the older ones are deleted with the write of a new one)."""
SHARED = ("setup",)
"""the state's fields taken from the game's new state instead of being written."""
MAX_TEXT = 16 << 20
"""characters: a snapshot longer than this is not read."""

class SnapshotError(Exception):
    """A snapshot that is not to be used; the message says why (the log is replayed instead)."""


# -- what a snapshot stands for ----------------------------------------------------------------
@cache
def engine_fingerprint() -> str:
    """SHA-256 of the engine's code and data files: a snapshot is read only by the engine that
    wrote it (a state's classes may change between versions, the log's actions do not)."""
    import engine

    root = Path(engine.__file__).parent
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix in (".py", ".toml", ".csv", ".json"):
            h.update(str(path.relative_to(root)).encode("utf-8") + b"\0")
            h.update(path.read_bytes())
    return h.hexdigest()


def snapshot_format() -> str:
    return f"{FORMAT} engine {engine_fingerprint()[:16]}"


def chain_start(header: str) -> bytes:
    return hashlib.sha256(b"header\0" + header.encode("utf-8")).digest()


def chain_next(link: bytes, line: str) -> bytes:
    return hashlib.sha256(link + line.encode("utf-8")).digest()


def chain_of(header: str, lines: Iterable[str]) -> str:
    """The hash chain of a log: its header line, then its action lines, in order (hex)."""
    link = chain_start(header)
    for line in lines:
        link = chain_next(link, line)
    return link.hex()


# -- the state as text ---------------------------------------------------------------------------
def _qualified(cls: type) -> str:
    return f"{cls.__module__}:{cls.__qualname__}"


def _encode(obj: Any) -> Any:
    if obj is None or (isinstance(obj, (bool, int, str)) and not isinstance(obj, enum.Enum)):
        return obj
    if isinstance(obj, float):
        return obj
    if isinstance(obj, enum.Enum):
        return {"@e": _qualified(type(obj)), "v": _encode(obj.value)}
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return {"@": _qualified(type(obj)),
                "f": {f.name: _encode(getattr(obj, f.name)) for f in dataclasses.fields(obj)}}
    if isinstance(obj, tuple):
        return {"@t": [_encode(x) for x in obj]}
    if isinstance(obj, list):
        return [_encode(x) for x in obj]
    if isinstance(obj, (frozenset, set)):
        items = sorted((_encode(x) for x in obj), key=lambda v: json.dumps(v, sort_keys=True))
        return {"@fs" if isinstance(obj, frozenset) else "@s": items}
    if isinstance(obj, dict):
        return {"@d": [[_encode(k), _encode(v)] for k, v in obj.items()]}
    if isinstance(obj, Fraction):
        return {"@q": [obj.numerator, obj.denominator]}
    raise SnapshotError(f"cannot write a {type(obj).__name__} in a snapshot")


def encode(state: Any, initial: Any) -> str:
    """The state as a snapshot's text; its SHARED fields must be the new game's own. Checked
    as it is made: the text must decode to a state equal to `state`."""
    text = _text(state, initial)
    if decode(text, initial) != state:
        raise SnapshotError("the state does not read back equal to itself")
    return text


def _text(state: Any, initial: Any) -> str:
    if not dataclasses.is_dataclass(state) or isinstance(state, type):
        raise SnapshotError(f"a {type(state).__name__} state is not a dataclass")
    fields: dict[str, Any] = {}
    for f in dataclasses.fields(state):
        value = getattr(state, f.name)
        if f.name in SHARED:
            if value != getattr(initial, f.name):
                raise SnapshotError(f"the state's {f.name} is not the new game's")
            continue
        fields[f.name] = _encode(value)
    try:
        return json.dumps({"@": _qualified(type(state)), "f": fields}, sort_keys=True,
                          separators=(",", ":"), allow_nan=False)
    except ValueError as exc:
        raise SnapshotError(f"cannot be written: {exc}") from None


def _class(name: Any, where: str) -> type:
    if not isinstance(name, str) or ":" not in name:
        raise SnapshotError(f"{where}: {name!r} names no class")
    module, _, qualname = name.partition(":")
    if not (module == "engine" or module.startswith("engine.")):
        raise SnapshotError(f"{where}: {name} is not one of the engine's classes")
    found: Any = sys.modules.get(module)
    for part in qualname.split("."):
        found = getattr(found, part, None)
    if not isinstance(found, type):
        raise SnapshotError(f"{where}: no class {name} in this engine")
    return found


def _decode(data: Any, where: str) -> Any:
    if data is None or isinstance(data, (bool, int, float, str)):
        return data
    if isinstance(data, list):
        return [_decode(x, where) for x in data]
    if not isinstance(data, dict) or len(data) not in (1, 2):
        raise SnapshotError(f"{where}: an unknown value")
    if "@" in data:
        cls = _class(data["@"], where)
        given = data.get("f")
        if not dataclasses.is_dataclass(cls) or not isinstance(given, dict):
            raise SnapshotError(f"{where}: {data['@']} is not a state class")
        return _made(cls, {k: _decode(v, f"{where}.{k}") for k, v in given.items()}, where)
    if "@e" in data:
        cls = _class(data["@e"], where)
        if not issubclass(cls, enum.Enum):
            raise SnapshotError(f"{where}: {data['@e']} is not an enum")
        try:
            return cls(_decode(data.get("v"), where))
        except ValueError:
            raise SnapshotError(f"{where}: not a value of {data['@e']}") from None
    (tag, items), = data.items()
    if tag == "@q" and isinstance(items, list) and len(items) == 2 and \
            all(type(x) is int for x in items) and items[1] != 0:
        return Fraction(items[0], items[1])
    if not isinstance(items, list):
        raise SnapshotError(f"{where}: an unknown value")
    values = [_decode(x, where) for x in items]
    if tag == "@t":
        return tuple(values)
    if tag == "@fs":
        return frozenset(values)
    if tag == "@s":
        return set(values)
    if tag == "@d" and all(isinstance(p, list) and len(p) == 2 for p in values):
        return {_hashable(k, where): v for k, v in values}
    raise SnapshotError(f"{where}: an unknown value")


def _hashable(key: Any, where: str) -> Any:
    try:
        hash(key)
    except TypeError:
        raise SnapshotError(f"{where}: a table key that cannot be one") from None
    return key


def _made(cls: type, values: Mapping[str, Any], where: str) -> Any:
    names = [f.name for f in dataclasses.fields(cls)]
    if set(values) != set(names):
        raise SnapshotError(f"{where}: the fields of {cls.__name__} differ from this engine's")
    obj: Any = object.__new__(cls)
    for name in names:   # as the engine's own `replace` makes its values
        object.__setattr__(obj, name, values[name])
    return obj


def decode(text: str, initial: Any) -> Any:
    """The state a snapshot's text holds, its SHARED fields the new game's; SnapshotError when
    it is not a state of this engine."""
    if len(text) > MAX_TEXT:
        raise SnapshotError("too large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise SnapshotError(f"not readable ({exc})") from None
    if not isinstance(data, dict) or not isinstance(data.get("f"), dict):
        raise SnapshotError("not a state")
    cls = _class(data.get("@"), "state")
    if cls is not type(initial):
        raise SnapshotError(f"a {cls.__name__}, not this game's {type(initial).__name__}")
    try:
        fields = {k: _decode(v, k) for k, v in data["f"].items()}
    except RecursionError:
        raise SnapshotError("nested too deep") from None
    except (TypeError, ValueError, AttributeError) as exc:   # e.g. a list in a set
        raise SnapshotError(f"not a state of this engine ({type(exc).__name__}: {exc})") \
            from None
    own = {f.name for f in dataclasses.fields(cls)}   # a ruleset's state may have no `setup`
    for name in SHARED:
        if name in fields:
            raise SnapshotError(f"the state's {name} is written in it")
        if name in own:
            fields[name] = getattr(initial, name)
    return _made(cls, fields, "state")


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- in the store --------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True, slots=True)
class Snapshot:
    """A row of the snapshots table as read: its values are checked before they are used."""

    seq: Any
    chain: Any
    format: Any
    digest: Any
    state: Any


def save_with_snapshot(store: Any, game: int, seq: int, line: str, by: str, at: float,
                       snapshot: Snapshot) -> None:
    """Action `seq`'s line and the snapshot after it, in one transaction (durable when this
    returns); the game's older snapshots beyond the newest KEEP are deleted with it."""
    from companion.saves.store import StoreError

    db = store.db
    try:
        db.execute("BEGIN IMMEDIATE")
        db.execute("INSERT INTO actions (game, seq, line, by, at) VALUES (?, ?, ?, ?, ?)",
                   (game, seq, line, by, at))
        db.execute("INSERT OR REPLACE INTO snapshots (game, seq, chain, format, digest, state) "
                   "VALUES (?, ?, ?, ?, ?, ?)", (game, seq, snapshot.chain, snapshot.format,
                                                 snapshot.digest, snapshot.state))
        db.execute("DELETE FROM snapshots WHERE game = ? AND seq NOT IN (SELECT seq FROM "
                   "snapshots WHERE game = ? ORDER BY seq DESC LIMIT ?)", (game, game, KEEP))
        db.execute("COMMIT")
    except sqlite3.Error as exc:
        if db.in_transaction:
            db.execute("ROLLBACK")
        raise StoreError(f"{store.path}: the save could not be written: {exc} "
                         f"(is the disk full? `starbridge doctor` checks)") from None


def snapshots(db: sqlite3.Connection, game: int, at_most: int) -> list[Snapshot]:
    """The game's snapshots after no more than `at_most` actions, newest first (none when the
    table cannot be read)."""
    try:
        rows = db.execute("SELECT seq, chain, format, digest, state FROM snapshots "
                          "WHERE game = ? AND seq <= ? ORDER BY seq DESC",
                          (game, at_most)).fetchall()
    except sqlite3.Error:
        return []
    return [Snapshot(*row) for row in rows]   # checked by `checked`, field by field


def drop_after(db: sqlite3.Connection, game: int, seq: int) -> None:
    """Forget the snapshots after action `seq` (the actions they stand for were taken back)."""
    # (if this fails they no longer match the log's chain: a resume passes them by anyway)
    with contextlib.suppress(sqlite3.Error):
        db.execute("DELETE FROM snapshots WHERE game = ? AND seq > ?", (game, seq))


def checked(snap: Snapshot, links: Sequence[bytes], initial: Any) -> Any:
    """The state of `snap` when it stands for the log whose hash chain is `links` (links[n]: the
    chain after n actions) up to its action; SnapshotError says why not."""
    if type(snap.seq) is not int or not all(isinstance(x, str) for x in
                                            (snap.chain, snap.format, snap.digest, snap.state)):
        raise SnapshotError("its row is damaged")
    if snap.format != snapshot_format():
        raise SnapshotError("written by another version of starbridge")
    if not 0 < snap.seq < len(links):
        raise SnapshotError("its action number is not in the log")
    if digest(snap.state) != snap.digest:
        raise SnapshotError("its text is damaged")
    if links[snap.seq].hex() != snap.chain:
        raise SnapshotError("the log before it is not the one it was made from")
    return decode(snap.state, initial)
