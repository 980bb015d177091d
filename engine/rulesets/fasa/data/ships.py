"""Ship classes as data: read from TOML, checked strictly, and scaled for the game level.

The files hold full (expert) values. Book Two, Advanced: Altering Variable Data — the basic and
advanced games use one third of them ("TAC"), with one half or one quarter as options; expert
uses the full values. Which numbers scale, and how they round, is in docs/rules-decisions.md.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from fractions import Fraction
from pathlib import Path
from typing import Any

from engine.checks import Check, refuse
from engine.errors import DataError
from engine.rulesets.fasa.arcs import ARC_NAMES
from engine.rulesets.fasa.data.datafiles import read_toml, toml_files
from engine.rulesets.fasa.data.tables import CHART_LETTERS, PLASMA_TABLES, STRESS_LETTERS


class WeaponKind(StrEnum):
    """Book Two, Advanced: Firing Weapons (beam and missile weapons); Romulan Plasma Bolts."""

    BEAM = "beam"
    MISSILE = "missile"
    PLASMA = "plasma"


class EngineKind(StrEnum):
    WARP = "warp"
    IMPULSE = "impulse"


class Side(StrEnum):
    """Where an engine sits: an engine hit through a side's shields strikes that side's engine
    (Expert: Warp Engine Hit)."""

    PORT = "port"
    STARBOARD = "starboard"
    CENTRE = "centre"


WEAPON_KINDS = tuple(k.value for k in WeaponKind)
ENGINE_KINDS = tuple(k.value for k in EngineKind)
SIDES = tuple(k.value for k in Side)

_SHIP_KEYS = {
    "id": str, "name": str, "race": str, "kind": str, "source": str, "verified": bool,
    "superstructure": int, "damage_chart": str, "stress_charts": str, "crew": int,
    "movement_point_ratio": str, "shield_point_ratio": str, "max_shield_points": int,
    "cloak_cost": int, "max_safe_warp": int, "emergency_warp": int,
    "engines": list, "weapons": list, "notes": dict, "fire_limits": list,
}
# Upper bounds (docs/rules-decisions.md: Bounds on data): far above any published ship, low
# enough that no number can overflow a panel's display or make a decision take long.
MAX_TEXT = 80            # characters of an id, name or side
MAX_NUMBER = 999         # superstructure, shield points, power of one engine or weapon, damage
MAX_CREW = 100_000
MAX_ENGINES = 10         # a d10 roll picks the engine a hit strikes (Expert: Warp Engine Hit)
MAX_TOTAL_POWER = 999
MAX_WEAPONS = 24
MAX_WARP = 10            # the Heading Change Stress Chart's last column
MAX_RATIO = 99           # either side of a power ratio such as "4/1"
MAX_BANDS = 24           # beam damage bands (ranges run 1-24 on the firing chart)
_HIGH = {"crew": MAX_CREW, "max_safe_warp": MAX_WARP, "emergency_warp": MAX_WARP}
_OPTIONAL = {"notes", "max_safe_warp", "emergency_warp", "verified", "source", "kind",
             "fire_limits"}
_LONG_TEXT = {"source"}
_ENGINE_KEYS = {"name": str, "kind": str, "power": int, "side": str}
_WEAPON_KEYS = {
    "id": str, "name": str, "kind": str, "chart": str, "arcs": list, "max_power": int,
    "damage_bands": list, "arm_power": int, "damage": int, "plasma_table": str,
}
_WEAPON_NEEDS = {
    "beam": {"max_power", "damage_bands"},
    "missile": {"arm_power", "damage"},
    "plasma": {"arm_power", "plasma_table"},
}


@dataclass(frozen=True, slots=True)
class EngineSpec:
    name: str
    kind: EngineKind
    power: int
    side: Side


@dataclass(frozen=True, slots=True)
class WeaponSpec:
    id: str
    name: str
    kind: WeaponKind
    chart: str
    arcs: frozenset[str]
    max_power: int = 0                            # beam
    damage_bands: tuple[tuple[int, int], ...] = ()  # beam: (last range, modifier)
    arm_power: int = 0                            # missile, plasma
    damage: int = 0                               # missile
    plasma_table: str = ""                        # plasma

    @property
    def full_power(self) -> int:
        """Power to arm it fully: a beam's maximum, a launcher's Power To Arm."""
        return self.max_power if self.kind == "beam" else self.arm_power

    def band_modifier(self, rng: int) -> int:
        """Beam damage modifier at `rng` hexes (0 beyond the last band)."""
        for last, modifier in self.damage_bands:
            if rng <= last:
                return modifier
        return 0


@dataclass(frozen=True, slots=True)
class FireLimit:
    """At most `at_a_time` of `weapons` fire in one Firing Phase ("2 torps (1 at a time)" in the
    ship data; Book Two, Advanced: Firing Limitations)."""

    weapons: frozenset[str]
    at_a_time: int


@dataclass(frozen=True, slots=True)
class ShipClass:
    id: str
    name: str
    race: str
    kind: str
    superstructure: int
    damage_chart: str
    stress_engine: str
    stress_superstructure: str
    crew: int
    mpr: tuple[int, int]          # (power, movement points), at this class's scale
    spr: tuple[int, int]          # (power, shield points), at this class's scale
    max_shield_points: int
    cloak_cost: int
    max_safe_warp: int
    emergency_warp: int
    engines: tuple[EngineSpec, ...]
    weapons: tuple[WeaponSpec, ...]
    source: str = ""
    verified: bool = False
    notes: tuple[tuple[str, str], ...] = ()
    scale: Fraction = Fraction(1)
    fire_limits: tuple[FireLimit, ...] = ()
    full_power: int = 0           # Total Power Units Available at full values (0: this scale's)

    @property
    def total_power(self) -> int:
        return sum(e.power for e in self.engines)

    @property
    def full_total_power(self) -> int:
        """Total Power Units Available at full values, whatever the scale (Campaign
        Advancement's Victory Points, seed line 521, come from the ship's own figure)."""
        return self.full_power or (self.total_power if self.scale == 1 else 0)

    @property
    def movement_step(self) -> int:
        """The least power that buys whole movement points (4 at 4/1, 4 at 4/3, 1 at 2/2)."""
        return self.mpr[0] // math.gcd(*self.mpr)

    @property
    def movement_cost(self) -> str:
        """The Movement Point Ratio as a player reads it: "4 power per movement point", "4 power
        per 3 movement points" (C&C: Power To Movement Track)."""
        power, points = self.mpr
        per = "movement point" if points == 1 else f"{points} movement points"
        return f"{power} power per {per}"

    def movement_points(self, power: int) -> int:
        """Movement points bought with `power` (Book Two, C&C: Power To Movement Track)."""
        return power * self.mpr[1] // self.mpr[0]

    def shield_points(self, power: int) -> int:
        """Shield points bought with `power` (Book Two, C&C: Power To Shields Track)."""
        return power * self.spr[1] // self.spr[0]

    def weapon(self, weapon_id: str) -> WeaponSpec:
        for w in self.weapons:
            if w.id == weapon_id:
                return w
        raise KeyError(weapon_id)

    def scaled(self, scale: Fraction) -> ShipClass:
        """This class at `scale` (1/3 for basic and advanced play, 1 for expert)."""
        if scale == self.scale:
            return self
        factor = scale / self.scale

        def s(value: int) -> int:
            return scale_value(value, factor)

        return replace(
            self,
            mpr=scale_ratio(self.mpr, factor),
            spr=scale_ratio(self.spr, factor),
            superstructure=s(self.superstructure),
            max_shield_points=s(self.max_shield_points),
            cloak_cost=s(self.cloak_cost),
            engines=tuple(replace(e, power=s(e.power)) for e in self.engines),
            weapons=tuple(
                replace(w, max_power=s(w.max_power), arm_power=s(w.arm_power), damage=s(w.damage))
                for w in self.weapons
            ),
            scale=scale,
            full_power=self.full_total_power,
        )


def scale_value(value: int, factor: Fraction) -> int:
    """Round half up, and never scale a non-zero number down to zero (docs/rules-decisions.md)."""
    if value == 0 or factor == 1:
        return value
    return max(1, int(value * factor + Fraction(1, 2)))


def _fire_limits(where: str, raw: list[Any], ids: set[str]) -> tuple[FireLimit, ...]:
    out = []
    for n, entry in enumerate(raw, 1):
        w = f"{where}, fire_limits[{n}]"
        if not isinstance(entry, dict) or set(entry) != {"weapons", "at_a_time"}:
            raise DataError(f"{w}: must be {{ weapons = [ids], at_a_time = N }}")
        group, most = entry["weapons"], entry["at_a_time"]
        if not isinstance(group, list) or len(group) < 2 or any(g not in ids for g in group):
            raise DataError(f"{w}: weapons must list two or more of the ship's weapon ids "
                            f"({', '.join(sorted(ids))})")
        if type(most) is not int or not 1 <= most < len(group):
            raise DataError(f"{w}: at_a_time must be a whole number from 1 to {len(group) - 1}")
        out.append(FireLimit(frozenset(group), most))
    return tuple(out)


def scale_ratio(ratio: tuple[int, int], factor: Fraction) -> tuple[int, int]:
    """A power/points ratio with its power side multiplied by `factor`, in lowest terms. Book Two,
    Advanced: Altering Variable Data — "the shield point ratio, the movement point ratio ... have
    been cut to 1/3": 4/1 becomes 4/3, so a third of the power buys the same movement points."""
    power = ratio[0] * factor.numerator
    points = ratio[1] * factor.denominator
    g = math.gcd(power, points)
    return power // g, points // g


def _ratio(where: str, field: str, text: str) -> tuple[int, int]:
    m = re.fullmatch(r"\s*(\d{1,2})\s*/\s*(\d{1,2})\s*", text)
    if not m or int(m.group(1)) == 0 or int(m.group(2)) == 0:
        raise DataError(f"{where}: {field} must be a ratio like \"4/1\" (power/points, "
                        f"each 1 to {MAX_RATIO}), not {text!r}")
    return int(m.group(1)), int(m.group(2))


def _check_keys(where: str, data: Mapping[str, Any], spec: Mapping[str, type],
                required: set[str]) -> None:
    unknown = set(data) - set(spec)
    if unknown:
        raise DataError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
    for key in sorted(required - set(data)):
        raise DataError(f"{where}: missing field {key!r}")
    for key, value in data.items():
        want = spec[key]
        if not isinstance(value, want) or (want is int and isinstance(value, bool)):
            raise DataError(f"{where}: {key} must be {want.__name__}, not {value!r}")
        if isinstance(value, int) and not isinstance(value, bool):
            high = _HIGH.get(key, MAX_NUMBER)
            if not 0 <= value <= high:
                raise DataError(f"{where}: {key} must be 0 to {high}, not {value}")
        if isinstance(value, str) and len(value) > MAX_TEXT and key not in _LONG_TEXT:
            raise DataError(f"{where}: {key} must be at most {MAX_TEXT} characters")


def _stress_letters(text: str) -> bool:
    stress = text.split("/")
    return len(stress) == 2 and all(s in STRESS_LETTERS for s in stress)


_A_TABLE: Check[Any] = Check(lambda value: not isinstance(value, dict), "must be a table")

_SHIP_CHECKS: tuple[Check[Mapping[str, Any]], ...] = (
    Check(lambda d: not re.fullmatch(r"[a-z0-9][a-z0-9-]*", d["id"]),
          lambda d: f"id must be lowercase letters, digits and hyphens, not {d['id']!r}"),
    Check(lambda d: d["damage_chart"] not in ("A", "B", "C"),
          lambda d: f"damage_chart must be A, B or C, not {d['damage_chart']!r}"),
    Check(lambda d: not _stress_letters(d["stress_charts"]),
          lambda d: f"stress_charts must be two letters A-R like \"L/N\", "
                    f"not {d['stress_charts']!r}"),
    Check(lambda d: d["superstructure"] < 1, "superstructure must be at least 1"),
)
"""A ship class's own fields, after their types (`_check_keys`)."""

_ENGINE_CHECKS: tuple[Check[Mapping[str, Any]], ...] = (
    Check(lambda e: e["kind"] not in ENGINE_KINDS,
          lambda e: f"kind must be warp or impulse, not {e['kind']!r}"),
    Check(lambda e: e["side"] not in SIDES,
          lambda e: f"side must be one of {', '.join(SIDES)}, not {e['side']!r}"),
)

_ENGINES_CHECKS: tuple[Check[tuple[EngineSpec, ...]], ...] = (
    Check(lambda es: not es, "a ship needs at least one engine"),
    Check(lambda es: len(es) > MAX_ENGINES,
          lambda es: f"{len(es)} engines; a ship has at most {MAX_ENGINES} "
                     f"(a d10 roll picks the engine a hit strikes)"),
    Check(lambda es: sum(e.power for e in es) > MAX_TOTAL_POWER,
          lambda es: f"engines give {sum(e.power for e in es)} power in all; "
                     f"at most {MAX_TOTAL_POWER}"),
    Check(lambda es: len({e.name for e in es}) != len(es), "engine names must be unique"),
)

_WEAPON_KIND: Check[Mapping[str, Any]] = Check(
    lambda w: w.get("kind") not in WEAPON_KINDS,
    lambda w: f"kind must be one of {', '.join(WEAPON_KINDS)}, not {w.get('kind')!r}")

_WEAPON_CHECKS: tuple[Check[Mapping[str, Any]], ...] = (
    Check(lambda w: not re.fullmatch(r"[a-z0-9]+", w["id"]),
          "id must be lowercase letters and digits"),
    Check(lambda w: w["chart"] not in CHART_LETTERS,
          lambda w: f"chart must be a letter A to Y, not {w['chart']!r}"),
    Check(lambda w: not w["arcs"] or any(a not in ARC_NAMES for a in w["arcs"]),
          f"arcs must be a non-empty list of {', '.join(ARC_NAMES)}"),
    Check(lambda w: len(w.get("damage_bands", [])) > MAX_BANDS,
          f"at most {MAX_BANDS} damage_bands"),
)
"""A weapon's fields, after their types, before its damage bands."""

_WEAPON_POWER_CHECKS: tuple[Check[Mapping[str, Any]], ...] = (
    Check(lambda w: w["kind"] == "plasma" and w.get("plasma_table", "") not in PLASMA_TABLES,
          f"plasma_table must be one of {', '.join(PLASMA_TABLES)}"),
    Check(lambda w: w["kind"] == "beam" and w["max_power"] < 1, "max_power must be at least 1"),
)
"""A weapon's fields of its kind, after its damage bands."""

_BAND: Check[Any] = Check(
    lambda band: (not isinstance(band, list) or len(band) != 2
                  or not all(type(x) is int for x in band)
                  or not 1 <= band[0] <= MAX_BANDS or not -99 <= band[1] <= 99),
    f"damage_bands entries must be [last range 1 to {MAX_BANDS}, modifier -99 to 99]")


def _engine(where: str, e: Any) -> EngineSpec:
    refuse(where, e, (_A_TABLE,))
    _check_keys(where, e, _ENGINE_KEYS, set(_ENGINE_KEYS))
    refuse(where, e, _ENGINE_CHECKS)
    return EngineSpec(e["name"], EngineKind(e["kind"]), e["power"], Side(e["side"]))


def _bands(where: str, raw: list[Any]) -> tuple[tuple[int, int], ...]:
    bands: list[tuple[int, int]] = []
    for band in raw:
        refuse(where, band, (_BAND,))
        if bands and band[0] <= bands[-1][0]:
            raise DataError(f"{where}: damage_bands ranges must ascend")
        bands.append((band[0], band[1]))
    return tuple(bands)


def _weapon(where: str, n: int, w: Any) -> WeaponSpec:
    """The ship's `n`th weapon (`where` names the ship)."""
    refuse(f"{where}, weapons[{n}]", w, (_A_TABLE, _WEAPON_KIND))
    kind = w["kind"]
    needs = {"id", "name", "kind", "chart", "arcs"} | _WEAPON_NEEDS[kind]
    allowed = {k: _WEAPON_KEYS[k] for k in needs}
    _check_keys(f"{where}, weapons[{n}]", w, allowed, needs)
    ww = f"{where}, weapon {w['id']}"
    refuse(ww, w, _WEAPON_CHECKS)
    bands = _bands(ww, w.get("damage_bands", []))
    refuse(ww, w, _WEAPON_POWER_CHECKS)
    return WeaponSpec(
        id=w["id"], name=w["name"], kind=WeaponKind(kind), chart=w["chart"],
        arcs=frozenset(w["arcs"]), max_power=w.get("max_power", 0), damage_bands=bands,
        arm_power=w.get("arm_power", 0), damage=w.get("damage", 0),
        plasma_table=w.get("plasma_table", ""))


def ship_from_dict(data: Mapping[str, Any], where: str) -> ShipClass:
    """Build a ShipClass from its TOML form, or raise DataError naming file, entry and field."""
    _check_keys(where, data, _SHIP_KEYS, set(_SHIP_KEYS) - _OPTIONAL)
    refuse(where, data, _SHIP_CHECKS)
    stress = data["stress_charts"].split("/")
    engines = tuple(_engine(f"{where}, engines[{n}]", e)
                    for n, e in enumerate(data["engines"], 1))
    refuse(where, engines, _ENGINES_CHECKS)
    if len(data["weapons"]) > MAX_WEAPONS:
        raise DataError(f"{where}: {len(data['weapons'])} weapons; a ship has at most "
                        f"{MAX_WEAPONS}")
    weapons = tuple(_weapon(where, n, w) for n, w in enumerate(data["weapons"], 1))
    if len({w.id for w in weapons}) != len(weapons):
        raise DataError(f"{where}: weapon ids must be unique")
    safe = data.get("max_safe_warp", 6)
    if data.get("emergency_warp", safe) < safe:   # docs/rules-decisions.md: Bounds on data
        raise DataError(f"{where}: emergency_warp ({data['emergency_warp']}) must be at least "
                        f"max_safe_warp ({safe}): a ship's emergency speed is above its safe "
                        f"cruising speed")
    notes = data.get("notes", {})
    return ShipClass(
        id=data["id"], name=data["name"], race=data["race"], kind=data.get("kind", ""),
        superstructure=data["superstructure"], damage_chart=data["damage_chart"],
        stress_engine=stress[0], stress_superstructure=stress[1], crew=data["crew"],
        mpr=_ratio(where, "movement_point_ratio", data["movement_point_ratio"]),
        spr=_ratio(where, "shield_point_ratio", data["shield_point_ratio"]),
        max_shield_points=data["max_shield_points"], cloak_cost=data["cloak_cost"],
        max_safe_warp=safe, emergency_warp=data.get("emergency_warp", safe),
        engines=engines, weapons=weapons, source=data.get("source", ""),
        verified=data.get("verified", False),
        notes=tuple(sorted((str(k), str(v)) for k, v in notes.items())),
        fire_limits=_fire_limits(where, data.get("fire_limits", []), {w.id for w in weapons}),
    )


def load_ship_data(user_dir: Path | None = None) -> dict[str, tuple[dict[str, Any], ShipClass]]:
    """Every ship class by id, in its TOML form and checked: the packaged ones, with the user
    folder's files added or replacing them."""
    out: dict[str, tuple[dict[str, Any], ShipClass]] = {}
    for stem, path in toml_files("ships", user_dir).items():
        data = read_toml(path)
        ship = ship_from_dict(data, str(path))
        if ship.id != stem:
            raise DataError(f"{path}: id {ship.id!r} does not match the file name {stem!r}")
        out[stem] = (data, ship)
    return out


def load_ship_classes(user_dir: Path | None = None) -> dict[str, ShipClass]:
    """Every ship class, checked (see `load_ship_data`)."""
    return {sid: ship for sid, (_, ship) in load_ship_data(user_dir).items()}
