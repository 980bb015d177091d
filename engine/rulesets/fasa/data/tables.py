"""The combat tables as data: firing charts, stress, damage location, plasma, cloak detection,
casualties, movement per phase and explosions. Loaded from CSV and checked on load."""

from __future__ import annotations

import string
from dataclasses import dataclass
from pathlib import Path

from engine.errors import DataError
from engine.rulesets.fasa.data.datafiles import Source, TableText, read_csv, source_text, table_path, whole

CHART_LETTERS = tuple(string.ascii_uppercase[:25])  # A..Y
STRESS_LETTERS = tuple("ABCDEFGHIJKLMNOPQR")
STRESS_SPEEDS = ("SUB",) + tuple(f"W{n}" for n in range(1, 11))
BASIC_LOCATIONS = ("shield", "missile", "beam", "engine", "superstructure", "sensors")
DETAILED_SYSTEMS = ("SG", "BW", "MW", "PWE", "SWE", "WE", "IMP", "SS", "SEN", "BR", "ENG")
PLASMA_TABLES = ("RL-1", "RL-2", "RL-3")


@dataclass(frozen=True, slots=True)
class DetailedResult:
    """One entry of a Detailed Damage Location Chart, e.g. "PWE/SS/C(x1/2)"."""

    systems: tuple[str, ...]
    casualties: int  # 0, 1 (C) or 2 (2C): multiplier of the casualty rate
    half: bool       # "(x1/2)": the systems take half the damage


@dataclass(frozen=True, slots=True)
class ExplosionRow:
    range_min: int
    range_max: int
    numerator: int
    denominator: int
    fixed: int


@dataclass(frozen=True, slots=True)
class CloakBand:
    range_min: int
    range_max: int
    stationary_nolock: int
    stationary_lock: int
    moving_nolock: int
    moving_lock: int


@dataclass(frozen=True)
class Tables:
    firing: dict[str, tuple[int, ...]]
    stress: dict[str, dict[str, int]]
    damage_basic: tuple[str, ...]
    damage_detailed: dict[tuple[str, int, int], DetailedResult]
    plasma: dict[str, tuple[tuple[int, int], ...]]
    cloak: tuple[CloakBand, ...]
    casualties: tuple[tuple[int, int, int], ...]
    movement: dict[int, dict[int, tuple[int, ...]]]
    explosion: dict[str, tuple[ExplosionRow, ...]]

    def to_hit(self, chart: str, rng: int) -> int:
        """Book One/Three: Firing Chart. Highest d10 roll that hits at `rng` hexes; 0 = out of range.

        Range 0 (same hex) reads as range 1 (docs/rules-decisions.md).
        """
        row = self.firing[chart]
        rng = max(rng, 1)
        return row[rng - 1] if rng <= len(row) else 0

    def max_range(self, chart: str) -> int:
        return len(self.firing[chart])

    def stress_points(self, column: str, warp: int) -> int:
        """Heading Change Stress Chart: the number at warp speed `warp` (0 = sub-light) in `column`."""
        speed = "SUB" if warp <= 0 else f"W{min(warp, 10)}"
        return self.stress[speed][column]

    def plasma_damage(self, table: str, rng: int, full_scale: bool) -> int:
        """Romulan Plasma Weapon Damage Table (Book Two, Advanced: Romulan Plasma Bolts); 0 = no damage."""
        rows = self.plasma[table]
        rng = max(rng, 1)
        if rng > len(rows):
            return 0
        full, tac = rows[rng - 1]
        return full if full_scale else tac

    def casualty_rate(self, superstructure: int) -> int:
        """Percent of the crew lost per superstructure point, by the ship's superstructure strength."""
        for low, high, pct in self.casualties:
            if low <= superstructure <= high:
                return pct
        return self.casualties[-1][2]

    def movement_per_phase(self, points: int, phases: int = 5) -> tuple[int, ...]:
        """Movement points used in each Movement Phase (Book Two, Advanced: Movement With Three
        Movement/Firing Phases, and our own five-phase spread). Beyond the table the pattern repeats:
        q = points // phases added to the row for the remainder."""
        table = self.movement[phases]
        if points in table:
            return table[points]
        q, rem = divmod(points, phases)
        return tuple(q + extra for extra in table[rem])


TABLE_NAMES = ("firing_chart", "stress_chart", "damage_basic", "damage_detailed", "plasma",
               "cloak_detection", "casualties", "movement_3phase", "movement_5phase", "explosion")


def load_tables(user_dir: Path | None = None) -> Tables:
    """Read and check every table; raises DataError naming the file, line and field."""
    return _build({name: table_path(name, user_dir) for name in TABLE_NAMES})


def table_texts(user_dir: Path | None = None) -> dict[str, str]:
    """The text of every table in use (the user's copy where there is one), by table name."""
    return {name: source_text(table_path(name, user_dir)) for name in TABLE_NAMES}


def tables_from_texts(texts: dict[str, str], label: str) -> Tables:
    """Tables from CSV texts by name, e.g. those a game log carries; errors name `label`."""
    missing = [n for n in TABLE_NAMES if not isinstance(texts.get(n), str)]
    if missing:
        raise DataError(f"{label}: table(s) {', '.join(missing)} missing")
    return _build({n: TableText(f"{label}, table {n}", texts[n]) for n in TABLE_NAMES})


def _build(src: dict[str, Source]) -> Tables:
    return Tables(
        firing=_firing(src["firing_chart"]),
        stress=_stress(src["stress_chart"]),
        damage_basic=_damage_basic(src["damage_basic"]),
        damage_detailed=_damage_detailed(src["damage_detailed"]),
        plasma=_plasma(src["plasma"]),
        cloak=_cloak(src["cloak_detection"]),
        casualties=_casualties(src["casualties"]),
        movement={3: _movement(src["movement_3phase"], 3),
                  5: _movement(src["movement_5phase"], 5)},
        explosion=_explosion(src["explosion"]),
    )


def _firing(path: Source) -> dict[str, tuple[int, ...]]:
    columns = ("chart",) + tuple(f"r{n}" for n in range(1, 25))
    charts: dict[str, tuple[int, ...]] = {}
    for where, row in read_csv(path, columns):
        chart = row["chart"]
        if chart not in CHART_LETTERS:
            raise DataError(f"{where}: chart must be a letter A to Y, not {chart!r}")
        if chart in charts:
            raise DataError(f"{where}: chart {chart} appears twice")
        values: list[int] = []
        for n in range(1, 25):
            cell = row[f"r{n}"]
            if not cell:
                break
            values.append(whole(f"{where}, chart {chart}", f"range {n}", cell, 1, 10))
        rest = [n for n in range(len(values) + 2, 25) if row[f"r{n}"]]
        if rest:
            raise DataError(f"{where}, chart {chart}: range {rest[0]} has a value after a blank")
        if not values:
            raise DataError(f"{where}, chart {chart}: no ranges")
        for n in range(1, len(values)):
            if values[n] > values[n - 1]:
                raise DataError(
                    f"{where}, chart {chart}: range {n + 1} ({values[n]}) is easier to hit than "
                    f"range {n} ({values[n - 1]})")
        charts[chart] = tuple(values)
    missing = [c for c in CHART_LETTERS if c not in charts]
    if missing:
        raise DataError(f"{path}: chart(s) {', '.join(missing)} missing")
    return charts


def _stress(path: Source) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for where, row in read_csv(path, ("speed",) + STRESS_LETTERS):
        speed = row["speed"]
        if speed not in STRESS_SPEEDS:
            raise DataError(f"{where}: speed must be one of {', '.join(STRESS_SPEEDS)}, not {speed!r}")
        out[speed] = {
            c: 0 if row[c] in ("-", "") else whole(f"{where}, {speed}", f"column {c}", row[c], 0, 20)
            for c in STRESS_LETTERS
        }
    missing = [s for s in STRESS_SPEEDS if s not in out]
    if missing:
        raise DataError(f"{path}: speed row(s) {', '.join(missing)} missing")
    return out


def _damage_basic(path: Source) -> tuple[str, ...]:
    found: dict[int, str] = {}
    for where, row in read_csv(path, ("roll", "location")):
        roll = whole(where, "roll", row["roll"], 1, 10)
        if row["location"] not in BASIC_LOCATIONS:
            raise DataError(
                f"{where}: location must be one of {', '.join(BASIC_LOCATIONS)}, not {row['location']!r}")
        found[roll] = row["location"]
    if sorted(found) != list(range(1, 11)):
        raise DataError(f"{path}: needs exactly one row for each roll 1 to 10")
    return tuple(found[r] for r in range(1, 11))


def parse_detailed(where: str, text: str) -> DetailedResult:
    """Parse a detailed damage entry such as "PWE/SS/C(x1/2)", "SS/2C" or "BR/2C"."""
    half = text.endswith("(x1/2)")
    body = text.removesuffix("(x1/2)")
    systems: list[str] = []
    casualties = 0
    for part in body.split("/"):
        if part in ("C", "2C"):
            casualties = 1 if part == "C" else 2
        elif part in DETAILED_SYSTEMS:
            systems.append(part)
        else:
            raise DataError(f"{where}: unknown damage location {part!r} in {text!r} "
                            f"(known: {', '.join(DETAILED_SYSTEMS)}, C, 2C, (x1/2))")
    if not systems:
        raise DataError(f"{where}: {text!r} names no system")
    return DetailedResult(tuple(systems), casualties, half)


def _damage_detailed(path: Source) -> dict[tuple[str, int, int], DetailedResult]:
    out: dict[tuple[str, int, int], DetailedResult] = {}
    for where, row in read_csv(path, ("chart", "shield", "roll", "result")):
        chart = row["chart"]
        if chart not in ("A", "B", "C"):
            raise DataError(f"{where}: chart must be A, B or C, not {chart!r}")
        key = (chart, whole(where, "shield", row["shield"], 1, 6), whole(where, "roll", row["roll"], 1, 10))
        out[key] = parse_detailed(f"{where}, result", row["result"])
    missing = [(c, s, r) for c in "ABC" for s in range(1, 7) for r in range(1, 11) if (c, s, r) not in out]
    if missing:
        c, s, r = missing[0]
        raise DataError(f"{path}: no entry for chart {c}, shield {s}, roll {r}")
    return out


def _plasma(path: Source) -> dict[str, tuple[tuple[int, int], ...]]:
    cols = ("range", "rl1_full", "rl1_tac", "rl2_full", "rl2_tac", "rl3_full", "rl3_tac")
    rows: dict[int, dict[str, str]] = {}
    wheres: dict[int, str] = {}
    for where, row in read_csv(path, cols):
        rng = whole(where, "range", row["range"], 1, 30)
        rows[rng] = row
        wheres[rng] = where
    if sorted(rows) != list(range(1, len(rows) + 1)):
        raise DataError(f"{path}: ranges must run 1, 2, 3 ... without gaps")
    out: dict[str, tuple[tuple[int, int], ...]] = {}
    for n, table in enumerate(PLASMA_TABLES, 1):
        values: list[tuple[int, int]] = []
        for rng in sorted(rows):
            full, tac = rows[rng][f"rl{n}_full"], rows[rng][f"rl{n}_tac"]
            if not full and not tac:
                break
            w = f"{wheres[rng]}, {table}"
            values.append((whole(w, "full damage", full, 0), whole(w, "tac damage", tac, 0)))
        out[table] = tuple(values)
    return out


def _cloak(path: Source) -> tuple[CloakBand, ...]:
    cols = ("range_min", "range_max", "stationary_nolock", "stationary_lock", "moving_nolock", "moving_lock")
    bands = []
    for where, row in read_csv(path, cols):
        v = [whole(where, c, row[c], 0, 99) for c in cols]
        bands.append(CloakBand(*v))
    return tuple(bands)


def _casualties(path: Source) -> tuple[tuple[int, int, int], ...]:
    out = []
    last = 0
    for where, row in read_csv(path, ("ss_min", "ss_max", "percent")):
        low = whole(where, "ss_min", row["ss_min"], 1)
        high = whole(where, "ss_max", row["ss_max"], low)
        if low != last + 1:
            raise DataError(f"{where}: ss_min {low} leaves a gap or overlap after {last}")
        out.append((low, high, whole(where, "percent", row["percent"], 0, 100)))
        last = high
    return tuple(out)


def _movement(path: Source, phases: int) -> dict[int, tuple[int, ...]]:
    cols = ("mp",) + tuple(f"p{n}" for n in range(1, phases + 1))
    out: dict[int, tuple[int, ...]] = {}
    for where, row in read_csv(path, cols):
        mp = whole(where, "mp", row["mp"], 0)
        per = tuple(whole(where, f"p{n}", row[f"p{n}"], 0) for n in range(1, phases + 1))
        if sum(per) != mp:
            raise DataError(f"{where}: phases add up to {sum(per)}, not {mp} movement points")
        out[mp] = per
    for rem in range(phases):
        if rem not in out and rem != 0:
            raise DataError(f"{path}: needs a row for {rem} movement points")
    out.setdefault(0, (0,) * phases)
    return out


def _explosion(path: Source) -> dict[str, tuple[ExplosionRow, ...]]:
    cols = ("level", "range_min", "range_max", "numerator", "denominator", "fixed")
    out: dict[str, list[ExplosionRow]] = {}
    for where, row in read_csv(path, cols):
        out.setdefault(row["level"], []).append(ExplosionRow(
            whole(where, "range_min", row["range_min"], 0),
            whole(where, "range_max", row["range_max"], 0),
            whole(where, "numerator", row["numerator"], 0),
            whole(where, "denominator", row["denominator"], 1),
            whole(where, "fixed", row["fixed"], 0)))
    return {k: tuple(v) for k, v in out.items()}
