"""The away team's data pack: tables (CSV), character templates and scenarios (TOML), packaged
and overridden by a user data folder (`<user>/strpg/tables|characters|scenarios/`).

Everything is checked on load: a fault is a `DataError` naming the file (or the scenario part a
log carries), the entry and the field."""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import DataError
from engine.files import FileRefused, read_regular
from engine.rulesets.strpg.tables import COLUMNS, NAME, Tables, parse_tables

PACKAGE_DATA = Path(__file__).parent / "data"
USER_FOLDER = "strpg"
MAX_FILE = 1 << 20
ATTRIBUTES = ("str", "end", "int", "dex", "cha", "luc")
SKILLS = ("unarmed", "armed", "modern", "archaic")
SIZES = ("small", "man", "large")
TEMPLATE_KEYS = frozenset({"id", "name", "species", "source", "verified", "size", "humanoid",
                           "pinch", "aware", "ambidextrous", "primitive", "armor", "ap",
                           "attributes", "skills", "items", "ready", "off", "setting"})


def data_files(kind: str, user_dir: Path | None, suffix: str) -> dict[str, Path]:
    """id -> file of "tables", "characters" or "scenarios"; a user file replaces the packaged."""
    found = {p.stem: p for p in sorted((PACKAGE_DATA / kind).glob(f"*{suffix}"))}
    mine = user_dir / USER_FOLDER / kind if user_dir is not None else None
    if mine is not None and mine.is_dir():
        found.update({p.stem: p for p in sorted(mine.glob(f"*{suffix}"))})
    return found


def read_text(path: Path) -> str:
    try:
        data = read_regular(path, MAX_FILE)
    except FileRefused as exc:
        raise DataError(str(exc)) from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not a UTF-8 text file (byte {exc.start + 1})") from None


def read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(read_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(f"{path}: not valid TOML: nested too deep") from None


def table_texts(user_dir: Path | None = None) -> dict[str, str]:
    files = data_files("tables", user_dir, ".csv")
    missing = [name for name in COLUMNS if name not in files]
    if missing:
        raise DataError(f"the away team's table {missing[0]}.csv is missing")
    return {name: read_text(files[name]) for name in COLUMNS}


def number(where: str, field: str, value: object, low: int, high: int) -> int:
    if type(value) is not int:
        raise DataError(f"{where}: {field} must be a whole number, not {str(value)[:20]!r}")
    if not low <= value <= high:
        raise DataError(f"{where}: {field} must be {low} to {high}, not {value}")
    return value


def text(where: str, field: str, value: object, longest: int = 60) -> str:
    if not isinstance(value, str) or not value or len(value) > longest or \
            not value.isprintable():
        raise DataError(f"{where}: {field} must be text of 1 to {longest} printable characters")
    return value


def truth(where: str, field: str, value: object) -> bool:
    if type(value) is not bool:
        raise DataError(f"{where}: {field} must be true or false")
    return value


@dataclass(frozen=True, slots=True)
class Template:
    """A kind of character (a ship class's place in the other games): a Starfleet security
    guard, a Klingon warrior. Every number of one is ours (docs/rules-decisions.md)."""

    id: str
    name: str
    species: str
    size: str
    humanoid: bool
    pinch: bool
    aware: bool
    ambidextrous: bool
    primitive: bool
    armor: int
    ap: int | None
    attributes: Mapping[str, int]
    skills: Mapping[str, int]
    items: tuple[str, ...]
    ready: str
    off: str
    setting: str
    verified: bool


def scores(where: str, field: str, value: object, keys: tuple[str, ...],
           partial: bool) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise DataError(f"{where}: {field} must be a table of {', '.join(keys)}")
    unknown = [k for k in value if k not in keys]
    if unknown:
        raise DataError(f"{where}: {field}: unknown {str(unknown[0])[:20]!r}; "
                        f"they are {', '.join(keys)}")
    if not partial:
        missing = [k for k in keys if k not in value]
        if missing:
            raise DataError(f"{where}: {field}: {missing[0]} is missing")
    return {k: number(where, f"{field}.{k}", v, 0, 150) for k, v in value.items()}


def kinds_list(where: str, value: object, tables: Tables) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > 12:
        raise DataError(f"{where}: items must be a list of up to 12 weapon or device ids")
    out = []
    for v in value:
        if not isinstance(v, str) or (v not in tables.weapons and v not in tables.devices):
            raise DataError(f"{where}: items: {str(v)[:30]!r} is no weapon or device of the "
                            f"tables")
        out.append(v)
    return tuple(out)


def template(where: str, data: object, tables: Tables) -> Template:
    if not isinstance(data, Mapping):
        raise DataError(f"{where}: a character template is a table of fields")
    extra = sorted(map(str, set(data) - TEMPLATE_KEYS))
    if extra:
        raise DataError(f"{where}: unknown field {extra[0][:30]!r}")
    tid = data.get("id")
    if not isinstance(tid, str) or not NAME.match(tid):
        raise DataError(f"{where}: id must be a short lower-case name")
    size = data.get("size", "man")
    if size not in SIZES:
        raise DataError(f"{where}: size must be one of {', '.join(SIZES)}")
    items = kinds_list(where, data.get("items", []), tables)
    ready, off = str(data.get("ready", "")), str(data.get("off", ""))
    for field, kind in (("ready", ready), ("off", off)):
        if kind and kind not in items:
            raise DataError(f"{where}: {field} {kind[:30]!r} is not among its items")
    setting = str(data.get("setting", ""))
    if setting and (not ready or (ready, setting) not in tables.settings):
        raise DataError(f"{where}: setting {setting[:20]!r} is not a setting of its ready "
                        f"weapon")
    ap = data.get("ap")
    return Template(
        tid, text(where, "name", data.get("name")),
        text(where, "species", data.get("species", "Human")), str(size),
        truth(where, "humanoid", data.get("humanoid", True)),
        truth(where, "pinch", data.get("pinch", False)),
        truth(where, "aware", data.get("aware", False)),
        truth(where, "ambidextrous", data.get("ambidextrous", False)),
        truth(where, "primitive", data.get("primitive", False)),
        number(where, "armor", data.get("armor", 0), 0, 50),
        None if ap is None else number(where, "ap", ap, 1, 40),
        scores(where, "attributes", data.get("attributes"), ATTRIBUTES, False),
        scores(where, "skills", data.get("skills", {}), SKILLS, True),
        items, ready, off, setting, data.get("verified") is True)


def class_dicts(user_dir: Path | None = None) -> dict[str, dict[str, Any]]:
    """Every character template as its file says, each checked."""
    tables = parse_tables(table_texts(user_dir))
    out: dict[str, dict[str, Any]] = {}
    for tid, path in data_files("characters", user_dir, ".toml").items():
        data = read_toml(path)
        if data.get("id") != tid:
            raise DataError(f"{path}: id must be {tid!r}, the file's name")
        template(str(path), data, tables)
        out[tid] = data
    return out
