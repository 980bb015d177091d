"""Ship classes as data: the packaged ships, scaling for the game level, and the loader's checks.

Rule text: Book Two (the seed file 000_4373da4a9495c8f8.txt).
"""

from __future__ import annotations

import math
import tomllib
from fractions import Fraction
from pathlib import Path

import pytest

from engine.errors import DataError
from engine.rulesets.fasa.data.datafiles import PACKAGE_DATA
from engine.rulesets.fasa.data.ships import ShipClass, load_ship_classes, scale_value, ship_from_dict

THIRD = Fraction(1, 3)
PACKAGED_IDS = sorted(p.stem for p in (PACKAGE_DATA / "ships").glob("*.toml"))


def third(value: int) -> int:
    """One third, rounded half up, never 0 for a non-zero value (docs/rules-decisions.md)."""
    return 0 if value == 0 else max(1, (2 * value + 3) // 6)


def packaged_text(ship_id: str) -> str:
    return (PACKAGE_DATA / "ships" / f"{ship_id}.toml").read_text(encoding="utf-8")


def packaged_dict(ship_id: str) -> dict:
    return tomllib.loads(packaged_text(ship_id))


@pytest.fixture(scope="module")
def classes() -> dict[str, ShipClass]:
    return load_ship_classes()


def test_every_packaged_ship_loads(classes: dict[str, ShipClass]) -> None:
    assert len(PACKAGED_IDS) >= 5
    assert sorted(classes) == PACKAGED_IDS
    for sid, cls in classes.items():
        assert cls.id == sid
        assert cls.total_power > 0 and cls.superstructure > 0, sid
        assert cls.scale == 1


@pytest.mark.parametrize("ship_id", PACKAGED_IDS)
def test_every_packaged_ship_scales_to_a_third(classes: dict[str, ShipClass], ship_id: str) -> None:
    """Advanced: Altering Variable Data — the basic game uses 1/3 of the expert values (TAC)."""
    full = classes[ship_id]
    tac = full.scaled(THIRD)
    assert tac.scale == THIRD
    assert tac.superstructure == third(full.superstructure)
    assert tac.max_shield_points == third(full.max_shield_points)
    assert tac.cloak_cost == third(full.cloak_cost)
    assert [e.power for e in tac.engines] == [third(e.power) for e in full.engines]
    for w_full, w_tac in zip(full.weapons, tac.weapons, strict=True):
        assert w_tac.max_power == third(w_full.max_power)
        assert w_tac.arm_power == third(w_full.arm_power)
        assert w_tac.damage == third(w_full.damage)
        assert w_tac.damage_bands == w_full.damage_bands
        assert (w_tac.chart, w_tac.arcs) == (w_full.chart, w_full.arcs)
    # "the shield point ratio, the movement point ratio ... have been cut to 1/3": the power side
    # is a third, so a third of the power buys the same points (4/1 becomes 4/3).
    for cut, whole in ((tac.mpr, full.mpr), (tac.spr, full.spr)):
        assert Fraction(*cut) == Fraction(*whole) / 3
        assert math.gcd(*cut) == 1
    assert tac.movement_points(tac.movement_step * 5) == full.movement_points(tac.movement_step * 15)
    assert (tac.stress_engine, tac.stress_superstructure) == (full.stress_engine,
                                                              full.stress_superstructure)
    assert all(e.power >= 1 for e in tac.engines if e.power)


def test_scale_value_rounds_half_up_and_never_to_zero() -> None:
    assert scale_value(26, THIRD) == 9     # 8.67
    assert scale_value(4, THIRD) == 1      # 1.33
    assert scale_value(5, THIRD) == 2      # 1.67
    assert scale_value(1, THIRD) == 1      # 0.33, but never 0
    assert scale_value(0, THIRD) == 0
    assert scale_value(3, Fraction(1, 2)) == 2   # 1.5 rounds up
    assert scale_value(5, Fraction(1, 2)) == 3   # 2.5 rounds up
    assert scale_value(6, Fraction(1, 4)) == 2   # 1.5 rounds up
    assert scale_value(1, Fraction(1, 4)) == 1
    assert scale_value(17, Fraction(1)) == 17


def test_full_scale_is_unchanged(classes: dict[str, ShipClass]) -> None:
    for cls in classes.values():
        assert cls.scaled(Fraction(1)) == cls


def test_enterprise_scaled_numbers(classes: dict[str, ShipClass]) -> None:
    tac = classes["constitution-refit"].scaled(THIRD)
    assert [e.power for e in tac.engines] == [9, 9, 3]
    assert tac.total_power == 21
    assert tac.superstructure == 9
    assert tac.weapon("ph1").max_power == 3
    assert (tac.weapon("pt1").arm_power, tac.weapon("pt1").damage) == (1, 7)


def test_bird_of_prey_cloak_costs_5_at_the_basic_scale(classes: dict[str, ShipClass]) -> None:
    """Advanced: Romulan Cloaking Device — "The device requires 5 power points to operate"."""
    bop = classes["bird-of-prey"]
    assert (bop.cloak_cost, bop.scaled(THIRD).cloak_cost) == (15, 5)
    assert bop.scaled(THIRD).weapon("pl1").arm_power == 5


def test_enterprise_mpr_12_power_buys_3_movement_points(classes: dict[str, ShipClass]) -> None:
    """C&C: Chief Engineer, Recording Power Expended — the Enterprise's Helmsman uses 3 movement
    points and the Chief Engineer records 12 power expended (Movement Point Ratio 4/1)."""
    ent = classes["constitution-refit"]
    assert ent.mpr == (4, 1)
    assert ent.movement_points(12) == 3
    assert ent.movement_points(15) == 3   # "fractional movement points cannot be generated"
    assert ent.movement_points(16) == 4
    assert ent.movement_points(0) == 0


def test_shield_point_ratio_one_half_gives_two_points_per_power() -> None:
    """C&C: Power To Shields Track — "if the Shield Point Ratio is 1/2, then in the 1 box, write 2"."""
    data = packaged_dict("constitution-refit")
    data["shield_point_ratio"] = "1/2"
    cls = ship_from_dict(data, "test ship")
    assert cls.spr == (1, 2)
    assert cls.shield_points(1) == 2
    assert cls.shield_points(5) == 10
    # Altering Variable Data: the ratio is cut to a third with the rest of the TAC data.
    assert cls.scaled(THIRD).spr == (1, 6)
    assert cls.scaled(THIRD).shield_points(1) == 6
    assert cls.scaled(Fraction(1, 2)).spr == (1, 4)
    assert cls.scaled(Fraction(1, 4)).shield_points(1) == 8


@pytest.mark.parametrize("text", ["4", "0/1", "4/0", "four/one", "4:1"])
def test_bad_ratio_is_refused(text: str) -> None:
    data = packaged_dict("d7a")
    data["movement_point_ratio"] = text
    with pytest.raises(DataError, match="movement_point_ratio"):
        ship_from_dict(data, "test ship")


# --- loader errors name the file and the field --------------------------------------------------


def write_user_ship(root: Path, ship_id: str, text: str) -> Path:
    folder = root / "ships"
    folder.mkdir(exist_ok=True)
    path = folder / f"{ship_id}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load_error(root: Path) -> str:
    with pytest.raises(DataError) as info:
        load_ship_classes(root)
    return str(info.value)


def test_unknown_key(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace('crew = 430', 'crew = 430\nwarp_core = 9', 1)
    path = write_user_ship(tmp_path, "d7a", text)
    message = load_error(tmp_path)
    assert str(path) in message and "unknown field" in message and "warp_core" in message


def test_bad_chart_letter(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace('chart = "T"', 'chart = "Z"', 1)
    path = write_user_ship(tmp_path, "d7a", text)
    message = load_error(tmp_path)
    assert str(path) in message and "weapon d1" in message and "chart" in message
    assert "'Z'" in message


def test_bad_stress_chart_letter(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace('stress_charts = "L/N"', 'stress_charts = "L/Z"', 1)
    path = write_user_ship(tmp_path, "d7a", text)
    message = load_error(tmp_path)
    assert str(path) in message and "stress_charts" in message and "L/Z" in message


def test_bad_arcs(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace('arcs = ["fp", "f"]', 'arcs = ["fp", "ahead"]', 1)
    path = write_user_ship(tmp_path, "d7a", text)
    message = load_error(tmp_path)
    assert str(path) in message and "weapon d1" in message and "arcs" in message


def test_empty_arcs(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace('arcs = ["fp", "f"]', 'arcs = []', 1)
    write_user_ship(tmp_path, "d7a", text)
    assert "arcs" in load_error(tmp_path)


def test_duplicate_weapon_id(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace('id = "d2"', 'id = "d1"', 1)
    path = write_user_ship(tmp_path, "d7a", text)
    message = load_error(tmp_path)
    assert str(path) in message and "weapon ids" in message and "unique" in message


def test_wrong_type(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace("superstructure = 20", 'superstructure = "20"', 1)
    path = write_user_ship(tmp_path, "d7a", text)
    message = load_error(tmp_path)
    assert str(path) in message and "superstructure" in message


def test_missing_field(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace("crew = 430\n", "", 1)
    path = write_user_ship(tmp_path, "d7a", text)
    message = load_error(tmp_path)
    assert str(path) in message and "'crew'" in message


def test_id_must_match_file_name(tmp_path: Path) -> None:
    path = write_user_ship(tmp_path, "my-d7", packaged_text("d7a"))
    message = load_error(tmp_path)
    assert str(path) in message and "my-d7" in message


def test_invalid_toml(tmp_path: Path) -> None:
    path = write_user_ship(tmp_path, "d7a", "id = \n")
    message = load_error(tmp_path)
    assert str(path) in message and "TOML" in message


# --- the user data folder ------------------------------------------------------------------------


def test_user_ship_replaces_the_packaged_class(tmp_path: Path) -> None:
    """A table that owns the books replaces a class by dropping in a file with the same id."""
    text = packaged_text("d7a").replace("superstructure = 20", "superstructure = 24", 1)
    text = text.replace('name = "D-7A Class Light Cruiser"', 'name = "House D-7A"', 1)
    write_user_ship(tmp_path, "d7a", text)
    mine = load_ship_classes(tmp_path)
    assert mine["d7a"].name == "House D-7A"
    assert mine["d7a"].superstructure == 24
    assert load_ship_classes()["d7a"].superstructure == 20
    assert sorted(mine) == PACKAGED_IDS  # replaced, not added; the others remain


def test_user_ship_with_a_new_id_is_added(tmp_path: Path) -> None:
    text = packaged_text("d7a").replace('id = "d7a"', 'id = "d7a-house"', 1)
    write_user_ship(tmp_path, "d7a-house", text)
    mine = load_ship_classes(tmp_path)
    assert sorted(mine) == sorted([*PACKAGED_IDS, "d7a-house"])
    assert mine["d7a-house"].weapons == mine["d7a"].weapons
