"""`starbridge simulate --games N`: many seeded autopilot games of one scenario, summed up."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.headless.survey import play, summary_lines, survey
from companion.session import load_scenario, prepare, scenario_names
from engine.rulesets.fasa import victory


@pytest.fixture(autouse=True)
def no_user_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "no-user-data").mkdir()   # an empty one: a folder named must be there
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "no-user-data"))


@pytest.mark.slow
def test_games_summary_counts_every_game(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["simulate", "--scenario", "raiders", "--level", "basic", "--games", "4",
                 "--seed", "7"])
    out = capsys.readouterr().out
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Raiders (basic rules, seeds 7-10): 4 games")
    sides = [ln for ln in lines if ln.startswith(("  Klingon:", "  Orion:"))]
    assert len(sides) == 2
    for line in sides:  # victories, draws and defeats of one side make up every game
        counts = [int(n) for n in re.findall(r" (\d+) \(\d+%\)", line)]
        assert sum(counts) == 4, line
    assert re.search(r"turns per game: median [\d.]+, range \d+-\d+; ended in turn 1: \d+", out)
    endings = lines[lines.index("how the games ended:") + 1:]
    assert sum(int(re.search(r": (\d+) ", ln).group(1)) for ln in endings) == 4  # type: ignore[union-attr]


@pytest.mark.slow
def test_same_seed_same_summary(capsys: pytest.CaptureFixture[str]) -> None:
    main(["simulate", "--scenario", "duel", "--games", "3", "--seed", "2"])
    first = capsys.readouterr().out
    main(["simulate", "--scenario", "duel", "--games", "3", "--seed", "2"])
    assert capsys.readouterr().out == first


@pytest.mark.parametrize("games", ["-1", "x"])
def test_bad_games_count_is_refused(capsys: pytest.CaptureFixture[str], games: str) -> None:
    try:
        code = main(["simulate", "--scenario", "duel", "--games", games])
    except SystemExit as exc:  # argparse refuses what is not a number
        code = int(str(exc.code))
    out, err = capsys.readouterr()
    assert code == 2 and "Traceback" not in out + err and "--games" in err


@pytest.mark.slow
@pytest.mark.parametrize("name", scenario_names(None, "fasa"))
def test_every_packaged_scenario_game_ends_with_a_judged_result(name: str) -> None:
    """Every game ends (Ending The Game, or the turn limit) with a kind the engine names."""
    read = load_scenario(name, None)  # a variant's scenario at its own level
    scenario = prepare(read, None, None if read.get("variant") else "basic", None, 30)
    for result in survey(scenario, 3, 11):
        assert result.kind in victory.RESULTS
        assert (result.kind == victory.DRAW) == (result.winner == "")
        assert result.ending in (victory.ONE_SIDE_LEFT, victory.NOBODY_FIGHTS, victory.ESCAPE,
                                 victory.TURN_LIMIT)
        assert 1 <= result.turns <= 30


def test_summary_of_a_draw_and_a_win() -> None:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1)
    one = play(scenario, 3)
    assert one.ending == victory.TURN_LIMIT or one.turns == 1
    lines = summary_lines("t", ("Federation", "Klingon"), [one])
    assert lines[0] == "t: 1 game" and any("turns per game: median 1" in ln for ln in lines)
