"""The away team's tables: terrain, weapons and their settings, unarmed damage, devices (CSV),
parsed from their texts (a scenario carries them, so a log replays from itself) and checked: a
fault is a `DataError` naming the table, the line and the field."""

from __future__ import annotations

import csv
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from engine.errors import DataError

MAX_TEXT = 1 << 20
COLUMNS: dict[str, tuple[str, ...]] = {
    "terrain": ("symbol", "name", "move", "factor", "cover", "feature", "hands", "line",
                "verified"),
    "weapons": ("id", "name", "kind", "skill", "hands", "pb", "short", "medium", "long",
                "extreme", "load", "reload", "parry", "line", "verified"),
    "settings": ("weapon", "setting", "name", "effect", "damage", "graze", "area", "line",
                 "verified"),
    "unarmed": ("low", "high", "damage", "line", "verified"),
    "devices": ("id", "name", "use", "line", "verified"),
}
MOVES = ("walk", "swim", "climb", "none")
COVERS = ("none", "low", "high", "slit", "full")
FEATURES = ("", "door", "console")
KINDS = ("energy", "projectile", "thrown", "striking")
SKILLS = ("modern", "archaic", "armed")
EFFECTS = ("stun", "wound", "disintegrate")
AREAS = ("single", "wide", "cone")
USES = ("communicator", "tricorder", "medical")
DICE = re.compile(r"^([1-9])d10(?:([+-])([0-9]{1,2}))?$")
NAME = re.compile(r"^[a-z0-9][a-z0-9-]{0,29}$")


@dataclass(frozen=True, slots=True)
class Dice:
    """Damage: `count` d10s and `plus` (a fixed number when `count` is 0)."""

    count: int
    plus: int

    def __str__(self) -> str:
        if not self.count:
            return str(self.plus)
        return f"{self.count}d10" + (f"{self.plus:+d}" if self.plus else "")

    def total(self, faces: tuple[int, ...]) -> int:
        return max(0, sum(faces) + self.plus)


def dice(where: str, field: str, text: str) -> Dice:
    """"75" or "3d10" or "1d10+5" (d10s only: the dice the table rolls)."""
    if text.isdigit() and len(text) <= 3:
        return Dice(0, int(text))
    m = DICE.match(text)
    if m is None:
        raise DataError(f"{where}: {field} must be a number or dice like 2d10 or 1d10+5, not "
                        f"{text[:20]!r}")
    plus = int(m.group(3) or 0)
    return Dice(int(m.group(1)), -plus if m.group(2) == "-" else plus)


@dataclass(frozen=True, slots=True)
class Terrain:
    symbol: str
    name: str
    move: str
    factor: int
    cover: str
    feature: str
    hands: bool
    line: int
    verified: bool

    @property
    def blocks_sight(self) -> bool:
        return self.cover == "full"


@dataclass(frozen=True, slots=True)
class Weapon:
    id: str
    name: str
    kind: str
    skill: str
    hands: int
    bands: tuple[int, ...]
    """The farthest range of point blank, short, medium, long and extreme (empty: striking)."""
    load: int
    reload: int
    parry: bool
    line: int
    verified: bool

    @property
    def ranged(self) -> bool:
        return self.kind != "striking"


@dataclass(frozen=True, slots=True)
class Setting:
    weapon: str
    key: str
    name: str
    effect: str
    damage: Dice
    graze: Dice | None
    area: str
    line: int
    verified: bool


@dataclass(frozen=True, slots=True)
class Band:
    low: int
    high: int
    damage: Dice
    line: int


@dataclass(frozen=True, slots=True)
class Device:
    id: str
    name: str
    use: str
    line: int


@dataclass(frozen=True, slots=True)
class Tables:
    terrain: Mapping[str, Terrain]
    weapons: Mapping[str, Weapon]
    settings: Mapping[tuple[str, str], Setting]
    unarmed: tuple[Band, ...]
    devices: Mapping[str, Device]

    def settings_of(self, weapon: str) -> tuple[Setting, ...]:
        return tuple(s for (w, _), s in self.settings.items() if w == weapon)

    def unarmed_damage(self, strength: int) -> Dice:
        for band in self.unarmed:
            if band.low <= strength <= band.high:
                return band.damage
        return self.unarmed[-1].damage if strength > self.unarmed[-1].high else \
            self.unarmed[0].damage

    def item_name(self, kind: str) -> str:
        if kind in self.weapons:
            return self.weapons[kind].name
        if kind in self.devices:
            return self.devices[kind].name
        return kind


def whole(where: str, field: str, text: str, low: int, high: int) -> int:
    if not (text.isdigit() or (text[:1] == "-" and text[1:].isdigit())) or len(text) > 6:
        raise DataError(f"{where}: {field} must be a whole number, not {text[:20]!r}")
    value = int(text)
    if not low <= value <= high:
        raise DataError(f"{where}: {field} must be {low} to {high}, not {value}")
    return value


def one_of(where: str, field: str, text: str, allowed: tuple[str, ...]) -> str:
    if text not in allowed:
        raise DataError(f"{where}: {field} must be one of {', '.join(a or '(blank)' for a in allowed)}"
                        f", not {text[:20]!r}")
    return text


def flag(where: str, field: str, text: str) -> bool:
    return one_of(where, field, text, ("0", "1")) == "1"


def rows(label: str, text: object, columns: tuple[str, ...]
         ) -> Iterator[tuple[str, dict[str, str]]]:
    """Rows of a CSV table as ("label, line N", {column: text}); a line that starts with '#' is
    a comment, unless a comma follows it (the terrain table's wall, symbol '#')."""
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        raise DataError(f"{label}: not the text of a table")
    numbered = [(i, line) for i, line in enumerate(text.splitlines(), 1)
                if line.strip() and not (line.lstrip().startswith("#")
                                         and not line.lstrip().startswith("#,"))]
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


def _terrain(text: object) -> dict[str, Terrain]:
    out: dict[str, Terrain] = {}
    for where, r in rows("terrain.csv", text, COLUMNS["terrain"]):
        sym = r["symbol"]
        if len(sym) != 1 or not sym.isprintable() or sym == " " or sym in out:
            raise DataError(f"{where}: symbol must be one new printable character, not {sym!r}")
        move = one_of(where, "move", r["move"], MOVES)
        factor = whole(where, "factor", r["factor"], 0 if move == "none" else 1, 4)
        out[sym] = Terrain(sym, r["name"] or sym, move, factor,
                           one_of(where, "cover", r["cover"], COVERS),
                           one_of(where, "feature", r["feature"], FEATURES),
                           flag(where, "hands", r["hands"]),
                           whole(where, "line", r["line"], 1, 10_000),
                           flag(where, "verified", r["verified"]))
    for needed in (".", "#"):
        if needed not in out:
            raise DataError(f"terrain.csv: no symbol {needed!r} (open floor and wall)")
    return out


def _weapons(text: object) -> dict[str, Weapon]:
    out: dict[str, Weapon] = {}
    for where, r in rows("weapons.csv", text, COLUMNS["weapons"]):
        wid = r["id"]
        if not NAME.match(wid) or wid in out:
            raise DataError(f"{where}: id must be a new short lower-case name, not {wid[:30]!r}")
        kind = one_of(where, "kind", r["kind"], KINDS)
        bands: tuple[int, ...] = ()
        if kind != "striking":
            bands = tuple(whole(where, b, r[b], 0, 500)
                          for b in ("pb", "short", "medium", "long", "extreme"))
            if list(bands) != sorted(bands):
                raise DataError(f"{where}: the range bands must grow from pb to extreme")
        elif any(r[b] for b in ("pb", "short", "medium", "long", "extreme")):
            raise DataError(f"{where}: a striking weapon has no range bands")
        load = whole(where, "load", r["load"], 0, 100)
        out[wid] = Weapon(wid, r["name"] or wid, kind, one_of(where, "skill", r["skill"], SKILLS),
                          whole(where, "hands", r["hands"], 1, 2), bands, load,
                          whole(where, "reload", r["reload"], 1 if load else 0, max(load, 0)),
                          flag(where, "parry", r["parry"]),
                          whole(where, "line", r["line"], 1, 10_000),
                          flag(where, "verified", r["verified"]))
    return out


def _settings(text: object, weapons: Mapping[str, Weapon]) -> dict[tuple[str, str], Setting]:
    out: dict[tuple[str, str], Setting] = {}
    for where, r in rows("settings.csv", text, COLUMNS["settings"]):
        if r["weapon"] not in weapons:
            raise DataError(f"{where}: weapon {r['weapon'][:30]!r} is not in weapons.csv")
        key = (r["weapon"], r["setting"])
        if not NAME.match(r["setting"]) or key in out:
            raise DataError(f"{where}: setting must be a new short name for {key[0]}")
        area = one_of(where, "area", r["area"], AREAS)
        if area != "single" and not weapons[key[0]].ranged:
            raise DataError(f"{where}: only a ranged weapon strikes an area")
        out[key] = Setting(key[0], key[1], r["name"] or key[1],
                           one_of(where, "effect", r["effect"], EFFECTS),
                           dice(where, "damage", r["damage"]),
                           dice(where, "graze", r["graze"]) if r["graze"] else None, area,
                           whole(where, "line", r["line"], 1, 10_000),
                           flag(where, "verified", r["verified"]))
    bare = [w for w in weapons if not any(k[0] == w for k in out)]
    if bare:
        raise DataError(f"settings.csv: weapon {bare[0]} has no setting")
    return out


def _unarmed(text: object) -> tuple[Band, ...]:
    bands: list[Band] = []
    for where, r in rows("unarmed.csv", text, COLUMNS["unarmed"]):
        low = whole(where, "low", r["low"], 1, 300)
        if bands and low != bands[-1].high + 1:
            raise DataError(f"{where}: low must be {bands[-1].high + 1} (bands follow on)")
        high = whole(where, "high", r["high"], low, 300)
        bands.append(Band(low, high, dice(where, "damage", r["damage"]),
                          whole(where, "line", r["line"], 1, 10_000)))
    return tuple(bands)


def _devices(text: object, weapons: Mapping[str, Weapon]) -> dict[str, Device]:
    out: dict[str, Device] = {}
    for where, r in rows("devices.csv", text, COLUMNS["devices"]):
        did = r["id"]
        if not NAME.match(did) or did in out or did in weapons:
            raise DataError(f"{where}: id must be a new short lower-case name, not {did[:30]!r}")
        out[did] = Device(did, r["name"] or did, one_of(where, "use", r["use"], USES),
                          whole(where, "line", r["line"], 1, 10_000))
    return out


def parse_tables(texts: object) -> Tables:
    """The tables from their CSV texts, keyed by table name."""
    if not isinstance(texts, Mapping):
        raise DataError(f"scenario.tables: expected the tables {', '.join(COLUMNS)}")
    for name in COLUMNS:
        if not isinstance(texts.get(name), str):
            raise DataError(f"scenario.tables: the {name} table is missing")
    weapons = _weapons(texts["weapons"])
    return Tables(_terrain(texts["terrain"]), weapons, _settings(texts["settings"], weapons),
                  _unarmed(texts["unarmed"]), _devices(texts["devices"], weapons))
