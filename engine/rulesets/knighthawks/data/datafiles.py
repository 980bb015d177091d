"""The Knight Hawks data pack: tables (CSV), ship classes and scenarios (TOML), packaged and
overridden by a user data folder (`<user>/knighthawks/tables|ships|scenarios/`).

Everything is checked on load; a fault is a `DataError` that names the file (or the scenario
part a log carries), the line or entry and the field, and says what is wrong.
"""

from __future__ import annotations

import csv
import re
import tomllib
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.errors import DataError

PACKAGE_DATA = Path(__file__).parent
MAX_FILE = 1 << 20
USER_FOLDER = "knighthawks"
TABLE_COLUMNS: dict[str, tuple[str, ...]] = {
    "weapons": ("code", "name", "ff", "rd", "mpo", "ltd", "range", "dtm", "hdr", "icm", "line"),
    "combat": ("weapon", "defence", "plain", "skilled", "half", "line"),
    "damage": ("low", "high", "result", "systems", "line"),
}
DEFENCES: tuple[str, ...] = ("none", "RH", "PS", "ES", "SS", "MS")
"""The Combat Table's defence columns (seed 002, lines 77-87)."""
SHIP_DEFENCES: tuple[str, ...] = ("RH", "PS", "ES", "SS", "MS", "ICM")
RESULTS: tuple[str, ...] = (
    "hull_double", "hull", "adf_one", "adf_half", "adf_all", "mr_one", "mr_all", "weapon",
    "power_short", "defence", "combat_control", "navigation", "fire", "damage_control",
    "disastrous_fire")
DICE = re.compile(r"^([1-5])d10(?:\+([0-9]{1,2}))?$")


def packaged_text(kind: str, name: str) -> str:
    return _text(PACKAGE_DATA / kind / name)


def data_files(kind: str, user_dir: Path | None, suffix: str) -> dict[str, Path]:
    """id -> file of "ships", "scenarios" or "tables"; a user file replaces the packaged one."""
    found = {p.stem: p for p in sorted((PACKAGE_DATA / kind).glob(f"*{suffix}"))}
    mine = user_dir / USER_FOLDER / kind if user_dir is not None else None
    if mine is not None and mine.is_dir():
        found.update({p.stem: p for p in sorted(mine.glob(f"*{suffix}"))})
    return found


def _text(path: Path) -> str:
    try:
        with path.open("rb") as fh:
            data = fh.read(MAX_FILE + 1)
    except OSError as exc:
        raise DataError(f"{path}: cannot be read: {exc.strerror or exc}") from None
    if len(data) > MAX_FILE:
        raise DataError(f"{path}: larger than {MAX_FILE} bytes; not a data file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DataError(f"{path}: not a UTF-8 text file (byte {exc.start + 1})") from None


def read_toml(path: Path) -> dict[str, Any]:
    try:
        return tomllib.loads(_text(path))
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        raise DataError(f"{path}: not valid TOML: nested too deep") from None


def whole(where: str, field: str, value: object, low: int, high: int,
          cell: bool = True) -> int:
    """A whole number within low..high, from a table cell (text) or, with `cell` False, a TOML
    value (which must be a number, not text)."""
    given = value
    if isinstance(value, str) and cell:
        try:
            value = int(value) if len(value) <= 9 else None
        except ValueError:
            value = None
    if type(value) is not int:
        shown = given[:20] if isinstance(given, str) else given
        raise DataError(f"{where}: {field} must be a whole number, not {shown!r}")
    if not low <= value <= high:
        raise DataError(f"{where}: {field} must be {low} to {high}, not {value}")
    return value


def _flag(where: str, field: str, text: str) -> bool:
    if text not in ("0", "1"):
        raise DataError(f"{where}: {field} must be 0 or 1, not {text[:20]!r}")
    return text == "1"


def rows(label: str, text: str, columns: tuple[str, ...]) -> Iterator[tuple[str, dict[str, str]]]:
    """Rows of a CSV table ('#' lines are comments) as ("label, line N", {column: text})."""
    if not isinstance(text, str) or len(text) > MAX_FILE:
        raise DataError(f"{label}: not the text of a table")
    numbered = [(i, line) for i, line in enumerate(text.splitlines(), 1)
                if line.strip() and not line.lstrip().startswith("#")]
    if len(numbered) < 2:
        raise DataError(f"{label}: the table needs a header ({','.join(columns)}) and rows")
    for lineno, line in numbered:
        if '"' in line or "\0" in line or len(line) > 2000:
            raise DataError(f"{label}, line {lineno}: tables hold no quotes, NULs or long lines")
    reader = csv.reader([line for _, line in numbered])
    header = [h.strip() for h in next(reader)]
    if header != list(columns):
        raise DataError(f"{label}, line {numbered[0][0]}: header is {','.join(header)[:200]}; "
                        f"expected {','.join(columns)}")
    for (lineno, _), cells in zip(numbered[1:], reader, strict=True):
        where = f"{label}, line {lineno}"
        if len(cells) != len(header):
            raise DataError(f"{where}: {len(cells)} cells, the header has {len(header)}")
        yield where, {h: c.strip() for h, c in zip(header, cells, strict=True)}


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon type (seed 002, lines 11-23 and 31-52)."""

    code: str
    name: str
    ff: bool
    rd: bool
    mpo: bool
    ltd: bool
    range: int
    dtm: int
    hdr: str
    icm: int | None
    line: int

    @property
    def missile(self) -> bool:
        """ICMs work against it (the ICM column has a number, seed 002, lines 96-100)."""
        return self.icm is not None


@dataclass(frozen=True, slots=True)
class Cell:
    plain: int
    skilled: int
    half: bool
    line: int


@dataclass(frozen=True, slots=True)
class DamageRow:
    low: int
    high: int
    result: str
    systems: tuple[str, ...]
    line: int


@dataclass(frozen=True, slots=True)
class Tables:
    weapons: Mapping[str, Weapon]
    combat: Mapping[tuple[str, str], Cell]
    damage: tuple[DamageRow, ...]

    def damage_row(self, roll: int) -> DamageRow:
        """The Damage Table row of a modified roll, clamped to the table's ends."""
        low, high = self.damage[0].low, self.damage[-1].high
        roll = max(low, min(high, roll))
        return next(r for r in self.damage if r.low <= roll <= r.high)


def dice(where: str, text: str) -> tuple[int, int]:
    """"NdX+M" hull damage dice as (N, M); the seed's are all d10s, N up to 5 (lines 19-43)."""
    m = DICE.match(text)
    if m is None:
        raise DataError(f"{where}: hdr must be like 2d10 or 2d10+4 (1 to 5 d10s), not "
                        f"{text[:20]!r}")
    return int(m.group(1)), int(m.group(2) or 0)


def parse_tables(texts: Mapping[str, str]) -> Tables:
    """The three tables from their CSV texts (keyed by table name)."""
    if not isinstance(texts, Mapping):
        raise DataError("scenario.tables: expected the tables weapons, combat and damage")
    for name in TABLE_COLUMNS:
        if not isinstance(texts.get(name), str):
            raise DataError(f"scenario.tables: the {name} table is missing")
    weapons: dict[str, Weapon] = {}
    for where, row in rows("weapons.csv", texts["weapons"], TABLE_COLUMNS["weapons"]):
        code = row["code"]
        if not re.fullmatch(r"[A-Z]{1,3}", code) or code in weapons:
            raise DataError(f"{where}: code must be a new short upper-case code, not {code!r}")
        dice(where, row["hdr"])
        weapons[code] = Weapon(
            code, row["name"] or code, _flag(where, "ff", row["ff"]), _flag(where, "rd", row["rd"]),
            _flag(where, "mpo", row["mpo"]), _flag(where, "ltd", row["ltd"]),
            whole(where, "range", row["range"], 0, 50), whole(where, "dtm", row["dtm"], -50, 50),
            row["hdr"], None if row["icm"] == "" else whole(where, "icm", row["icm"], -50, 0),
            whole(where, "line", row["line"], 1, 10_000))
    combat: dict[tuple[str, str], Cell] = {}
    for where, row in rows("combat.csv", texts["combat"], TABLE_COLUMNS["combat"]):
        if row["weapon"] not in weapons:
            raise DataError(f"{where}: weapon {row['weapon'][:20]!r} is not in weapons.csv")
        if row["defence"] not in DEFENCES:
            raise DataError(f"{where}: defence must be one of {', '.join(DEFENCES)}")
        key = (row["weapon"], row["defence"])
        if key in combat:
            raise DataError(f"{where}: a second entry for {key[0]} against {key[1]}")
        combat[key] = Cell(whole(where, "plain", row["plain"], 0, 100),
                           whole(where, "skilled", row["skilled"], 0, 100),
                           _flag(where, "half", row["half"]), whole(where, "line", row["line"],
                                                                    1, 10_000))
    missing = [f"{w} vs {d}" for w in weapons for d in DEFENCES if (w, d) not in combat]
    if missing:
        raise DataError(f"combat.csv: no entry for {', '.join(missing[:4])}")
    damage: list[DamageRow] = []
    for where, row in rows("damage.csv", texts["damage"], TABLE_COLUMNS["damage"]):
        low = whole(where, "low", row["low"], -100, 300)
        high = whole(where, "high", row["high"], low, 300)
        if damage and low != damage[-1].high + 1:
            raise DataError(f"{where}: low must be {damage[-1].high + 1} (rows follow on)")
        if row["result"] not in RESULTS:
            raise DataError(f"{where}: result must be one of {', '.join(RESULTS)}")
        systems = tuple(s for s in row["systems"].split(";") if s)
        allowed = weapons if row["result"] == "weapon" else SHIP_DEFENCES
        if row["result"] in ("weapon", "defence"):
            bad = [s for s in systems if s not in allowed] or ([] if systems else ["(none)"])
            if bad:
                raise DataError(f"{where}: systems: {bad[0][:20]!r} is not a "
                                f"{row['result']} code")
        elif systems:
            raise DataError(f"{where}: systems are only for weapon and defence results")
        damage.append(DamageRow(low, high, row["result"], systems,
                                whole(where, "line", row["line"], 1, 10_000)))
    return Tables(weapons, combat, tuple(damage))


def table_texts(user_dir: Path | None = None) -> dict[str, str]:
    files = data_files("tables", user_dir, ".csv")
    return {name: _text(files[name]) for name in TABLE_COLUMNS}


@dataclass(frozen=True, slots=True)
class ShipClass:
    id: str
    name: str
    race: str
    hull_size: int
    hull: int
    adf: int
    mr: int
    dcr: int
    weapons: tuple[tuple[str, int | None], ...]
    """(weapon code, supply) per weapon system; supply None for an unlimited weapon."""
    defences: tuple[tuple[str, int | None], ...]
    verified: bool


CLASS_KEYS = frozenset({"id", "name", "race", "source", "verified", "hull_size", "hull", "adf",
                        "mr", "dcr", "weapons", "defences"})


def _systems(where: str, field: str, value: object, known: Mapping[str, bool],
             ) -> tuple[tuple[str, int | None], ...]:
    """["LC", "RB:4", ...] -> (("LC", None), ("RB", 4)); `known` maps code -> limited supply."""
    if not isinstance(value, list) or len(value) > 20:
        raise DataError(f"{where}: {field} must be a list of codes like \"LC\" or \"RB:4\"")
    out: list[tuple[str, int | None]] = []
    for item in value:
        if not isinstance(item, str):
            raise DataError(f"{where}: {field}: {item!r} is not a code")
        code, _, count = item.partition(":")
        if code not in known:
            raise DataError(f"{where}: {field}: unknown code {code[:20]!r} (known: "
                            f"{', '.join(known)})")
        if known[code] != bool(count):
            need = "a supply, like " + code + ":4" if known[code] else "no supply count"
            raise DataError(f"{where}: {field}: {item[:20]!r} needs {need}")
        if field == "defences" and any(c == code for c, _ in out):
            raise DataError(f"{where}: {field}: {code} listed twice")
        out.append((code, whole(where, f"{field} {code}", count, 1, 99) if count else None))
    return tuple(out)


def ship_class(where: str, data: object, tables: Tables) -> ShipClass:
    if not isinstance(data, Mapping):
        raise DataError(f"{where}: a ship class is a table of fields")
    extra = sorted(set(data) - CLASS_KEYS)
    if extra:
        raise DataError(f"{where}: unknown field {extra[0][:30]!r}")
    for key in ("id", "name", "race"):
        if not isinstance(data.get(key), str) or not data[key]:
            raise DataError(f"{where}: {key} must be text")
    weapon_codes = {c: w.ltd for c, w in tables.weapons.items()}
    defence_codes = {"RH": False, "PS": False, "ES": False, "SS": False, "MS": True, "ICM": True}
    return ShipClass(
        data["id"], data["name"], data["race"],
        whole(where, "hull_size", data.get("hull_size"), 1, 20, False),
        whole(where, "hull", data.get("hull"), 1, 999, False),
        whole(where, "adf", data.get("adf"), 0, 20, False),
        whole(where, "mr", data.get("mr"), 0, 20, False),
        whole(where, "dcr", data.get("dcr"), 0, 500, False),
        _systems(where, "weapons", data.get("weapons", []), weapon_codes),
        _systems(where, "defences", data.get("defences", []), defence_codes),
        data.get("verified") is True)


def class_dicts(user_dir: Path | None = None) -> dict[str, dict[str, Any]]:
    out: dict[str, dict[str, Any]] = {}
    for cid, path in data_files("ships", user_dir, ".toml").items():
        data = read_toml(path)
        if data.get("id") != cid:
            raise DataError(f"{path}: id must be {cid!r}, the file's name")
        ship_class(str(path), data, parse_tables(table_texts(user_dir)))
        out[cid] = data
    return out
