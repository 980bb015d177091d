"""The app chooses a ruleset by name, and the scenario says which: a name unique across the
rulesets picks its ruleset; a name two rulesets share must be asked for as "ruleset:name"."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from companion.cli import main
from companion.session import find_scenario, load_scenario, prepare, scenario_names
from engine import new_game
from engine.errors import DataError
from engine.rulesets.fasa.data.datafiles import PACKAGE_DATA

FASA_SCENARIOS = {"cestus-well", "duel", "kobayashi-maru", "raiders", "romulan-gambit",
                  "skirmish"}
KH_SCENARIOS = {"patrol", "fleet"}
AWAY_TEAM_SCENARIOS = {"corridor", "boarding", "ambush"}
HALF_SCENARIOS = {"carrier", "replay"}


@pytest.fixture(autouse=True)
def no_user_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()   # an empty data folder: the packaged data only
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "none"))


@pytest.fixture
def clash(tmp_path: Path) -> Path:
    """A table's data folder with a FASA scenario called "patrol", as Knight Hawks has one."""
    (tmp_path / "scenarios").mkdir()
    text = (PACKAGE_DATA / "scenarios" / "duel.toml").read_text(encoding="utf-8")
    (tmp_path / "scenarios" / "patrol.toml").write_text(
        text.replace('id = "duel"', 'id = "patrol"'), encoding="utf-8")
    return tmp_path


def test_every_ruleset_offers_its_scenarios() -> None:
    assert set(scenario_names(None)) == \
        FASA_SCENARIOS | KH_SCENARIOS | AWAY_TEAM_SCENARIOS | HALF_SCENARIOS
    assert set(scenario_names(None, "halfimpulse")) == HALF_SCENARIOS
    assert set(scenario_names(None, "knighthawks")) == KH_SCENARIOS
    assert set(scenario_names(None, "strpg")) == AWAY_TEAM_SCENARIOS
    assert set(scenario_names(None, "fasa")) == FASA_SCENARIOS


def test_a_unique_name_picks_its_ruleset() -> None:
    assert find_scenario("patrol", None) == ("knighthawks", "patrol")
    assert find_scenario("duel", None) == ("fasa", "duel")
    patrol = prepare(load_scenario("patrol", None), None, "advanced", "1/2", 4)
    assert patrol["ruleset"] == "knighthawks" and patrol["max_turns"] == 4
    assert "level" not in patrol and "scale" not in patrol   # Knight Hawks has neither
    assert new_game(patrol).ruleset == "knighthawks"


def test_a_shared_name_must_say_its_ruleset(clash: Path) -> None:
    with pytest.raises(DataError, match="fasa:patrol or knighthawks:patrol"):
        find_scenario("patrol", clash)
    assert {"fasa:patrol", "knighthawks:patrol"} <= set(scenario_names(clash))
    assert "patrol" not in scenario_names(clash)
    assert find_scenario("knighthawks:patrol", clash) == ("knighthawks", "patrol")
    assert load_scenario("fasa:patrol", clash)["ruleset"] == "fasa"
    with pytest.raises(DataError, match="no knighthawks scenario 'duel'"):
        find_scenario("knighthawks:duel", clash)
    with pytest.raises(DataError, match="unknown ruleset 'chess'"):
        find_scenario("chess:duel", clash)


def test_simulate_plays_the_scenario_of_its_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--scenario", "patrol", "--turns", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Patrol skirmish (knighthawks), seed 1")


def test_simulate_refuses_a_shared_name_in_one_line(clash: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--data-dir", str(clash), "simulate", "--scenario", "patrol"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "say which, fasa:patrol or knighthawks:patrol" in err
    assert main(["--data-dir", str(clash), "simulate", "--scenario", "fasa:patrol",
                 "--turns", "1"]) == 0
    assert "Duel" in capsys.readouterr().out


def test_scenarios_lists_each_with_its_ruleset(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert any(line.startswith("patrol ") and line.endswith("(knighthawks)") for line in lines)
    assert any(line.startswith("duel ") and line.endswith("(fasa)") for line in lines)


def test_a_copy_of_the_packaged_data_is_no_clash(tmp_path: Path) -> None:
    """A Knight Hawks scenario in the table's Knight Hawks folder replaces the packaged one."""
    folder = tmp_path / "knighthawks" / "scenarios"
    folder.mkdir(parents=True)
    shutil.copy(Path(__file__).parents[2] / "engine" / "rulesets" / "knighthawks" / "data" /
                "scenarios" / "patrol.toml", folder / "patrol.toml")
    assert find_scenario("patrol", tmp_path) == ("knighthawks", "patrol")


def test_both_rulesets_stock_the_app_through_the_kernel() -> None:
    """What the app's commands ask of a ruleset (engine.ruleset.Stocked), by name."""
    from companion.session import ship_classes, stocked
    from engine.game import ruleset_named
    from engine.ruleset import Stocked

    assert all(isinstance(ruleset_named(n), Stocked) for n in ("fasa", "knighthawks"))
    fasa, kh = stocked("fasa").table_settings(), stocked("knighthawks").table_settings()
    assert fasa.numbers["fire_limit"] == (0, 12) and "1/3" in fasa.scales
    assert kh.scales == () and dict(kh.numbers) == {} and kh.default_max_turns == 12
    classes = {c.id: c for c in ship_classes(None, "knighthawks")}
    assert classes["upf-frigate"].faction == "UPF" and classes["upf-frigate"].name == "UPF Frigate"
    with pytest.raises(DataError, match="unknown ruleset 'chess'"):
        stocked("chess")
