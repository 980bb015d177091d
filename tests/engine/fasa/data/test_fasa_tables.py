"""The FASA data pack's tables: the seed's worked examples, and the loader's checks.

Rule text: Book Two (the seed file 000_4373da4a9495c8f8.txt).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from engine.errors import DataError
from engine.rulesets.fasa.data.datafiles import PACKAGE_DATA
from engine.rulesets.fasa.data.ships import load_ship_classes
from engine.rulesets.fasa.data.tables import CHART_LETTERS, Tables, load_tables

SEED = Path(os.environ.get(
    "STARBRIDGE_SEED_BOOK_TWO",
    # The rule texts sit beside the checkout (shared/seeds), as on the project's machines.
    Path(__file__).resolve().parents[3] / "shared" / "seeds" / "000_4373da4a9495c8f8.txt"))


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables()


def packaged(name: str) -> str:
    return (PACKAGE_DATA / "tables" / f"{name}.csv").read_text(encoding="utf-8")


def write_user_table(root: Path, name: str, text: str) -> Path:
    folder = root / "tables"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.csv"
    path.write_text(text, encoding="utf-8")
    return path


def line_of(text: str, start: str) -> int:
    """1-based line number of the first line of `text` starting with `start`."""
    for n, line in enumerate(text.splitlines(), 1):
        if line.startswith(start):
            return n
    raise AssertionError(f"no line starts with {start!r}")


# --- the packaged tables -----------------------------------------------------------------------


def test_packaged_tables_load(tables: Tables) -> None:
    assert sorted(tables.firing) == list(CHART_LETTERS)
    assert len(tables.damage_basic) == 10
    assert set(tables.movement) == {3, 5}
    assert len(tables.damage_detailed) == 3 * 6 * 10


def test_d7a_stress_at_warp_6(tables: Tables) -> None:
    """Advanced: Emergency Heading Changes — the D-7A (Stress Charts L/N) at warp 6: column L
    shows 1 (1 automatic + 1 engine point) and column N shows 2 (1 superstructure point)."""
    d7a = load_ship_classes()["d7a"]
    assert (d7a.stress_engine, d7a.stress_superstructure) == ("L", "N")
    assert tables.stress_points("L", 6) == 1
    assert tables.stress_points("N", 6) == 2
    engine_loss = 1 + (1 if tables.stress_points("L", 6) else 0)
    superstructure_loss = 1 if tables.stress_points("N", 6) else 0
    assert (engine_loss, superstructure_loss) == (2, 1)


def test_enterprise_stress_at_warp_8_and_7(tables: Tables) -> None:
    """C&C: Helmsman — the Enterprise at warp 8: each warp engine takes 2 additional points and
    the superstructure 3; at warp 7 the engine figure drops to 1 per engine."""
    ent = load_ship_classes()["constitution-refit"]
    assert tables.stress_points(ent.stress_engine, 8) == 2
    assert tables.stress_points(ent.stress_superstructure, 8) == 3
    assert tables.stress_points(ent.stress_engine, 7) == 1


def test_stress_below_warp_and_above_warp_10(tables: Tables) -> None:
    """Heading Change Stress Chart: the sub-light row has no stress; the chart stops at warp 10."""
    assert all(tables.stress_points(c, 0) == 0 for c in "ABCDEFGHIJKLMNOPQR")
    assert tables.stress_points("N", 12) == tables.stress_points("N", 10) == 6


def test_plasma_rl3_at_9_hexes(tables: Tables) -> None:
    """Advanced: Romulan Plasma Bolts — Firing Chart RL-3 at 9 hexes does 10 points."""
    assert tables.plasma_damage("RL-3", 9, full_scale=False) == 10
    assert tables.plasma_damage("RL-3", 9, full_scale=True) == 20
    assert tables.plasma_damage("RL-1", 9, full_scale=False) == 0  # beyond RL-1's reach


def seed_three_phase_rows() -> dict[int, tuple[int, ...]]:
    """The printed rows of "MOVEMENT WITH THREE MOVEMENT/FIRING PHASES", parsed from the seed."""
    if not SEED.is_file():
        pytest.skip(f"the Book Two seed text is not at {SEED}")
    text = SEED.read_text(encoding="utf-8")
    start = text.index("MOVEMENT WITH THREE MOVEMENT/FIRING PHASES")
    end = text.index("FLEET ACTIONS", start)
    rows: dict[int, tuple[int, ...]] = {}
    for line in text[start:end].splitlines():
        cells = line.split()
        if len(cells) == 4 and cells[0].isdigit():
            rows[int(cells[0])] = tuple(0 if c == "None" else int(c) for c in cells[1:])
    return rows


def test_three_phase_table_matches_the_seed(tables: Tables) -> None:
    """Advanced: Movement With Three Movement/Firing Phases, rows 1 to 20 as printed."""
    printed = seed_three_phase_rows()
    assert sorted(printed) == list(range(1, 21))
    assert printed[1] == (0, 1, 0) and printed[20] == (7, 6, 7)
    for mp, row in printed.items():
        assert tables.movement[3][mp] == row, mp
        assert tables.movement_per_phase(mp, 3) == row, mp


def test_five_phase_table_sums_and_follows_its_rule(tables: Tables) -> None:
    """Our five-phase spread: MP // 5 in each phase plus the remainder's row; every row adds up."""
    base = tables.movement[5]
    assert max(base) < 200  # the rule below is exercised beyond the file
    for mp in range(201):
        per = tables.movement_per_phase(mp, 5)
        assert len(per) == 5 and sum(per) == mp, mp
        assert per == tuple(mp // 5 + extra for extra in base[mp % 5]), mp
        assert per == per[::-1], mp  # symmetric, like the printed 3-phase table
        assert max(per) - min(per) <= 1, mp


def test_casualty_rate(tables: Tables) -> None:
    """Crew casualty table: percent per superstructure point by superstructure strength."""
    assert tables.casualty_rate(1) == 100
    assert tables.casualty_rate(8) == 14
    assert tables.casualty_rate(26) == 4
    assert tables.casualty_rate(35) == 4
    assert tables.casualty_rate(36) == 2
    assert tables.casualty_rate(5000) == 1


def test_firing_chart_range(tables: Tables) -> None:
    """Firing Chart Y reaches 24 hexes (1 to hit); beyond, no shot; range 0 reads as range 1."""
    assert tables.max_range("Y") == 24
    assert tables.to_hit("Y", 24) == 1
    assert tables.to_hit("Y", 25) == 0
    assert tables.to_hit("A", 5) == 0
    assert tables.to_hit("Y", 0) == tables.to_hit("Y", 1) == 10
    assert tables.to_hit("A", 0) == tables.to_hit("A", 1) == 8


# --- loader errors -------------------------------------------------------------------------------


def assert_data_error(tmp_path: Path, *needles: str) -> str:
    with pytest.raises(DataError) as info:
        load_tables(tmp_path)
    message = str(info.value)
    for needle in needles:
        assert needle in message, message
    return message


def test_non_number_cell(tmp_path: Path) -> None:
    text = packaged("firing_chart")
    path = write_user_table(tmp_path, "firing_chart", text.replace("\nB,5,5,", "\nB,5,x,", 1))
    n = line_of(text, "B,")
    assert_data_error(tmp_path, str(path), f"line {n}", "chart B", "range 2", "'x'")


def test_missing_chart(tmp_path: Path) -> None:
    text = packaged("firing_chart")
    lines = [ln for ln in text.splitlines() if not ln.startswith("K,")]
    path = write_user_table(tmp_path, "firing_chart", "\n".join(lines) + "\n")
    message = assert_data_error(tmp_path, str(path), "K")
    assert "missing" in message


def test_wrong_header(tmp_path: Path) -> None:
    text = packaged("stress_chart")
    path = write_user_table(tmp_path, "stress_chart", text.replace("speed,A,", "warp,A,", 1))
    assert_data_error(tmp_path, str(path), f"line {line_of(text, 'speed,')}", "header", "warp")


def test_chart_easier_at_longer_range(tmp_path: Path) -> None:
    text = packaged("firing_chart")
    path = write_user_table(tmp_path, "firing_chart", text.replace("\nA,8,6,4,2", "\nA,8,6,4,5", 1))
    assert_data_error(tmp_path, str(path), f"line {line_of(text, 'A,')}", "chart A", "range 4")


def test_value_after_a_blank(tmp_path: Path) -> None:
    text = packaged("firing_chart")
    path = write_user_table(tmp_path, "firing_chart", text.replace("\nA,8,6,4,2", "\nA,8,6,,2", 1))
    assert_data_error(tmp_path, str(path), f"line {line_of(text, 'A,')}", "range 4")


def test_bad_detailed_damage_code(tmp_path: Path) -> None:
    text = packaged("damage_detailed")
    path = write_user_table(tmp_path, "damage_detailed",
                            text.replace("\nA,1,2,BW", "\nA,1,2,XW", 1))
    assert_data_error(tmp_path, str(path), f"line {line_of(text, 'A,1,2,')}", "result", "'XW'")


def test_movement_row_that_does_not_add_up(tmp_path: Path) -> None:
    text = packaged("movement_3phase")
    path = write_user_table(tmp_path, "movement_3phase", text.replace("\n7,2,3,2", "\n7,2,3,3", 1))
    assert_data_error(tmp_path, str(path), f"line {line_of(text, '7,')}", "add up to 8")


def test_basic_damage_location_out_of_range(tmp_path: Path) -> None:
    text = packaged("damage_basic")
    path = write_user_table(tmp_path, "damage_basic", text.replace("\n7,superstructure",
                                                                   "\n11,superstructure", 1))
    assert_data_error(tmp_path, str(path), f"line {line_of(text, '7,')}", "roll", "11")


def test_stress_cell_out_of_range(tmp_path: Path) -> None:
    text = packaged("stress_chart")
    new = re.sub(r"^W10,2,", "W10,99,", text, count=1, flags=re.M)
    path = write_user_table(tmp_path, "stress_chart", new)
    assert_data_error(tmp_path, str(path), f"line {line_of(text, 'W10,')}", "column A", "99")


def test_user_table_replaces_the_packaged_one(tmp_path: Path) -> None:
    """A table that owns the books drops in its own file (DESIGN: Tables and ships are data)."""
    text = packaged("firing_chart")
    changed = re.sub(r"^Y,10,10,10,", "Y,10,10,9,", text, count=1, flags=re.M)
    assert changed != text
    write_user_table(tmp_path, "firing_chart", changed)
    mine = load_tables(tmp_path)
    assert mine.to_hit("Y", 3) == 9
    assert load_tables().to_hit("Y", 3) == 10
    assert mine.to_hit("Y", 24) == 1  # the rest of the row as printed
    assert mine.stress == load_tables().stress  # other tables still come from the package


def test_empty_user_folder_uses_the_package(tmp_path: Path) -> None:
    assert load_tables(tmp_path).firing == load_tables().firing
