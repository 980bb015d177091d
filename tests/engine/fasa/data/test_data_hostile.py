"""Broken data folders: non-UTF-8 files, empty and header-only tables, numbers past their
bounds, unknown fields, impossible engine layouts, and random edits of every data file.

Every one ends in a DataError naming the file (or scenario) and what is wrong, never a
traceback; a scenario that sets no turn limit gets the default one, so every game ends.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion.session import load_scenario, prepare
from engine import new_game
from engine.errors import DataError
from engine.rulesets.fasa.data.datafiles import MAX_FILE, PACKAGE_DATA
from engine.rulesets.fasa.data.ships import (
    MAX_ENGINES,
    MAX_NUMBER,
    MAX_TOTAL_POWER,
    MAX_WEAPONS,
    load_ship_classes,
)
from engine.rulesets.fasa.data.tables import TABLE_NAMES, load_tables
from engine.rulesets.fasa.flow import setup

FUZZ = settings(max_examples=60, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture])


def packaged(kind: str, name: str) -> str:
    ext = "csv" if kind == "tables" else "toml"
    return (PACKAGE_DATA / kind / f"{name}.{ext}").read_text(encoding="utf-8")


def put(root: Path, kind: str, name: str, content: str | bytes) -> Path:
    ext = "csv" if kind == "tables" else "toml"
    (root / kind).mkdir(parents=True, exist_ok=True)
    path = root / kind / f"{name}.{ext}"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def error(call: Any, *args: Any) -> str:
    with pytest.raises(DataError) as info:
        call(*args)
    message = str(info.value)
    assert "\n" not in message
    assert "Traceback" not in message
    return message


def start(root: Path, scenario: str = "duel") -> Any:
    """What `starbridge simulate` does with a data folder, up to the first state."""
    return new_game(prepare(load_scenario(scenario, root), root, "basic", None, 3))


# -- encodings and sizes -------------------------------------------------------------------------

@pytest.mark.parametrize(("kind", "name"), [("tables", "firing_chart"), ("ships", "d7a"),
                                            ("scenarios", "duel")])
def test_a_non_utf8_file_is_named(tmp_path: Path, kind: str, name: str) -> None:
    text = packaged(kind, name)
    path = put(tmp_path, kind, name, text.encode("utf-8")[:40] + b"\xe9\xff" +
               text.encode("utf-8")[40:])
    message = error(start, tmp_path) if kind != "tables" else error(load_tables, tmp_path)
    assert str(path) in message
    assert "not a UTF-8 text file" in message


def test_a_latin1_ship_name_is_named(tmp_path: Path) -> None:
    text = packaged("ships", "d7a").replace('name = "', 'name = "Kl\xe9', 1)
    path = put(tmp_path, "ships", "d7a", text.encode("latin-1"))
    assert str(path) in error(load_ship_classes, tmp_path)


@pytest.mark.parametrize(("kind", "name"), [("tables", "plasma"), ("ships", "d7a"),
                                            ("scenarios", "duel")])
def test_a_file_larger_than_the_cap_is_refused(tmp_path: Path, kind: str, name: str) -> None:
    pad = ("# padding\n" * (MAX_FILE // 10 + 1))
    path = put(tmp_path, kind, name, packaged(kind, name) + pad)
    message = error(start, tmp_path) if kind != "tables" else error(load_tables, tmp_path)
    assert str(path) in message and "larger than" in message


@pytest.mark.parametrize("name", TABLE_NAMES)
def test_empty_and_header_only_tables_are_refused(tmp_path: Path, name: str) -> None:
    path = put(tmp_path, "tables", name, "# nothing here\n\n")
    assert str(path) in error(load_tables, tmp_path)
    header = next(line for line in packaged("tables", name).splitlines()
                  if line.strip() and not line.startswith("#"))
    put(tmp_path, "tables", name, header + "\n")
    message = error(load_tables, tmp_path)
    assert str(path) in message and "no rows" in message


@pytest.mark.parametrize("junk", ['"', "\0", "9" * 5000])
def test_table_cells_that_csv_or_int_cannot_take(tmp_path: Path, junk: str) -> None:
    text = packaged("tables", "damage_basic").replace("\n1,", f"\n{junk}1,", 1)
    path = put(tmp_path, "tables", "damage_basic", text)
    assert str(path) in error(load_tables, tmp_path)


def test_an_overlong_table_line_is_refused(tmp_path: Path) -> None:
    text = packaged("tables", "damage_basic") + "1," + "x" * 200_000 + "\n"
    path = put(tmp_path, "tables", "damage_basic", text)
    assert str(path) in error(load_tables, tmp_path)


# -- ship numbers and their bounds -----------------------------------------------------------------

def ship_with(tmp_path: Path, pattern: str, replacement: str, name: str = "d7a") -> Path:
    text, n = re.subn(pattern, replacement, packaged("ships", name), count=1, flags=re.M)
    assert n == 1, pattern
    return put(tmp_path, "ships", name, text)


@pytest.mark.parametrize(("field", "value"), [
    ("superstructure", MAX_NUMBER + 1), ("max_shield_points", 10**6), ("cloak_cost", 10**30),
    ("crew", 10**9), ("max_safe_warp", 11), ("superstructure", 10**5000 // 10**4990)])
def test_numbers_above_their_bounds_are_refused(tmp_path: Path, field: str, value: int) -> None:
    path = ship_with(tmp_path, rf"^{field} = .*$", f"{field} = {value}")
    message = error(load_ship_classes, tmp_path)
    assert str(path) in message and field in message


def test_an_engine_above_its_bound_is_refused(tmp_path: Path) -> None:
    path = ship_with(tmp_path, r"^power = \d+$", f"power = {MAX_NUMBER + 1}")
    assert str(path) in error(load_ship_classes, tmp_path)


def test_total_power_above_its_bound_is_refused(tmp_path: Path) -> None:
    engines = "".join(f'\n[[engines]]\nname = "e{n}"\nkind = "impulse"\npower = 500\n'
                      f'side = "centre"\n' for n in range(3))
    text = re.sub(r"(?ms)^\[\[engines\]\].*?(?=^\[\[weapons)", "", packaged("ships", "d7a"))
    path = put(tmp_path, "ships", "d7a", text + engines)
    message = error(load_ship_classes, tmp_path)
    assert str(path) in message and str(MAX_TOTAL_POWER) in message


def test_twelve_warp_engines_on_the_centre_line_are_refused(tmp_path: Path) -> None:
    """A d10 picks the warp engine a hit strikes; more than ten cannot all be picked, so the
    class is refused on loading, not in the middle of a game."""
    engines = "".join(f'\n[[engines]]\nname = "warp {n}"\nkind = "warp"\npower = 2\n'
                      f'side = "centre"\n' for n in range(12))
    text = re.sub(r"(?ms)^\[\[engines\]\].*?(?=^\[\[weapons)", "", packaged("ships", "d7a"))
    path = put(tmp_path, "ships", "d7a", text + engines)
    message = error(load_ship_classes, tmp_path)
    assert str(path) in message
    assert f"at most {MAX_ENGINES}" in message


def test_ten_warp_engines_on_the_centre_line_play(tmp_path: Path) -> None:
    engines = "".join(f'\n[[engines]]\nname = "warp {n}"\nkind = "warp"\npower = 3\n'
                      f'side = "centre"\n' for n in range(MAX_ENGINES))
    text = re.sub(r"(?ms)^\[\[engines\]\].*?(?=^\[\[weapons)", "", packaged("ships", "d7a"))
    put(tmp_path, "ships", "d7a", text + engines)
    assert len(load_ship_classes(tmp_path)["d7a"].engines) == MAX_ENGINES


def test_too_many_weapons_are_refused(tmp_path: Path) -> None:
    weapon = re.search(r"(?ms)^\[\[weapons\]\].*?(?=^\[\[|\Z)", packaged("ships", "d7a"))
    assert weapon is not None
    more = "".join(re.sub(r'(?m)^id = "(\w+)"', rf'id = "\g<1>x{n}"', weapon[0])
                   for n in range(MAX_WEAPONS + 1))
    path = put(tmp_path, "ships", "d7a", packaged("ships", "d7a") + "\n" + more)
    message = error(load_ship_classes, tmp_path)
    assert str(path) in message and "weapons" in message


@pytest.mark.parametrize("ratio", ["4/1" + "0" * 5000, "100/1", "4/100"])
def test_power_ratios_are_bounded(tmp_path: Path, ratio: str) -> None:
    path = ship_with(tmp_path, r"^movement_point_ratio = .*$", f'movement_point_ratio = "{ratio}"')
    assert str(path) in error(load_ship_classes, tmp_path)


def test_deeply_nested_toml_is_refused(tmp_path: Path) -> None:
    path = put(tmp_path, "ships", "d7a", "notes = " + "[" * 50_000 + "]" * 50_000 + "\n")
    assert str(path) in error(load_ship_classes, tmp_path)


# -- scenarios -------------------------------------------------------------------------------------

def scenario_with(tmp_path: Path, old: str, new: str) -> Path:
    text = packaged("scenarios", "duel")
    assert old in text
    return put(tmp_path, "scenarios", "duel", text.replace(old, new, 1))


def test_a_misspelt_ship_field_in_a_scenario_is_refused(tmp_path: Path) -> None:
    path = scenario_with(tmp_path, "heading = 2", "heading = 2\nheding = 4")
    message = error(start, tmp_path)
    assert str(path) in message
    assert "ships[1]: unknown field(s) heding" in message


def test_a_misspelt_scenario_field_is_refused(tmp_path: Path) -> None:
    path = scenario_with(tmp_path, "obstacles = []", "obstacles = []\nmax_turn = 5")
    message = error(start, tmp_path)
    assert str(path) in message and "unknown field(s) max_turn" in message


@pytest.mark.parametrize("size", ["{ cols = 201, rows = 24 }", "{ cols = 32, rows = 100000 }",
                                  "{ cols = 1, rows = 24 }"])
def test_map_size_is_bounded(tmp_path: Path, size: str) -> None:
    scenario_with(tmp_path, "{ cols = 32, rows = 24 }", size)
    assert f"2 to {setup.MAX_MAP} hexes" in error(start, tmp_path)


def test_ships_per_scenario_are_bounded(tmp_path: Path) -> None:
    text = packaged("scenarios", "duel")
    extra = "".join(f'\n[[ships]]\nid = "s{n}"\nclass = "d7a"\nside = "S{n}"\ncol = {n}\n'
                    f'row = 1\nheading = 0\n' for n in range(setup.MAX_SHIPS))
    put(tmp_path, "scenarios", "duel", text + extra)
    assert f"at most {setup.MAX_SHIPS}" in error(start, tmp_path)


def test_a_scenario_without_a_turn_limit_gets_the_default(tmp_path: Path) -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, None)
    assert "max_turns" not in scenario
    assert setup.new_game(scenario).max_turns == setup.DEFAULT_MAX_TURNS
    assert setup.new_game({**scenario, "max_turns": 0}).max_turns == setup.DEFAULT_MAX_TURNS
    assert setup.new_game({**scenario, "max_turns": 7}).max_turns == 7
    assert "max_turns" in error(new_game, {**scenario, "max_turns": setup.MAX_TURNS + 1})


def test_a_scenario_without_its_tables_does_not_read_this_machines(tmp_path: Path) -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 3)
    del scenario["tables"]
    assert "carries no tables" in error(new_game, scenario)
    assert "data_dir" in error(new_game, {**prepare(load_scenario("duel", None), None, "basic",
                                                    None, 3), "data_dir": str(tmp_path)})


# -- random edits of every data file (hypothesis) -------------------------------------------------

def _files() -> list[tuple[str, str]]:
    return [("tables", n) for n in TABLE_NAMES] + [
        (kind, p.stem) for kind in ("ships", "scenarios")
        for p in sorted((PACKAGE_DATA / kind).glob("*.toml"))]


@pytest.mark.slow
@FUZZ
@given(st.data())
def test_random_edits_of_a_data_file_give_data_errors(tmp_path_factory: pytest.TempPathFactory,
                                                      data: st.DataObject) -> None:
    kind, name = data.draw(st.sampled_from(_files()))
    raw = packaged(kind, name).encode("utf-8")
    at = data.draw(st.integers(0, len(raw)))
    cut = data.draw(st.integers(0, 40))
    insert = data.draw(st.binary(max_size=12) | st.sampled_from(
        [b"99999999999999999999", b"-1", b"\n", b"= ", b"[", b"\"", b"\xff", b"0", b"\x00"]))
    root = tmp_path_factory.mktemp("data")
    put(root, kind, name, raw[:at] + insert + raw[at + cut:])
    scenario = name if kind == "scenarios" else "skirmish"
    try:
        start(root, scenario)
        load_tables(root)
    except DataError as exc:
        assert "\n" not in str(exc)


# -- files that are no files: a FIFO, an endless device, a folder (engine.files) --------------
@pytest.mark.slow
def test_the_file_reader_takes_only_regular_files_and_at_most_its_cap(
        tmp_path: Path, make_fifo: Any, within: Any) -> None:
    from engine.files import FileRefused, open_regular, read_regular, refuse_irregular

    fifo = make_fifo(tmp_path / "pipe")
    for path, words in [(fifo, "FIFO"), (Path("/dev/zero"), "character device"),
                        (Path("/dev/urandom"), "character device"), (tmp_path, "folder"),
                        (tmp_path / "none", "No such file")]:
        outcome = within(10, read_regular, path, 1000)
        assert outcome.raised(FileRefused), (path, outcome)
        assert str(path) in outcome.message and words in outcome.message
    with pytest.raises(FileRefused, match="FIFO"):
        refuse_irregular(fifo)
    refuse_irregular(tmp_path / "none")   # nothing there is not refused: it may be made
    good = tmp_path / "good"
    good.write_bytes(b"x" * 1000)
    assert read_regular(good, 1000) == b"x" * 1000
    with pytest.raises(FileRefused, match="larger than 999 bytes"):
        read_regular(good, 999)
    with open_regular(good) as fh:
        assert fh.read() == b"x" * 1000


@pytest.mark.slow
@pytest.mark.parametrize(("kind", "name"), [("tables", "plasma"), ("ships", "d7a"),
                                            ("scenarios", "duel")])
@pytest.mark.parametrize("what", ["fifo", "/dev/zero", "/dev/urandom"])
def test_a_data_file_that_is_a_fifo_or_a_device_is_refused_at_once(
        tmp_path: Path, make_fifo: Any, within: Any, kind: str, name: str, what: str) -> None:
    ext = "csv" if kind == "tables" else "toml"
    path = tmp_path / kind / f"{name}.{ext}"
    if what == "fifo":
        make_fifo(path)
    else:
        path.parent.mkdir(parents=True)
        path.symlink_to(what)
    outcome = within(10, load_tables if kind == "tables" else start, tmp_path)
    assert outcome.raised(DataError), outcome
    assert str(path) in outcome.message and "not a file" in outcome.message


def test_an_emergency_warp_below_the_safe_warp_is_refused(tmp_path: Path) -> None:
    text = packaged("ships", "d7a")
    text = re.sub(r"(?m)^emergency_warp = \d+$", "emergency_warp = 3", text, count=1)
    path = put(tmp_path, "ships", "d7a", text)
    message = error(load_ship_classes, tmp_path)
    assert str(path) in message and "emergency_warp (3) must be at least max_safe_warp" in message
