"""`starbridge screenshot` and `starbridge bench display` from the command line."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.headless.screens import parse_seat, parse_size


@pytest.mark.slow
def test_screenshot_writes_a_png_of_the_asked_size(tmp_path: Path) -> None:
    out = tmp_path / "shot.png"
    rc = main(["screenshot", "--scenario", "duel", "--seat", "helm:enterprise",
               "--size", "1024x600", "--screen", "roll", "--out", str(out)])
    assert rc == 0
    image = pygame.image.load(str(out))
    assert image.get_size() == (1024, 600)
    # Not a blank picture: the bridge's dark background and its coloured bars and buttons.
    colours = {tuple(image.get_at((x, y)))[:3] for x in range(0, 1024, 16) for y in range(0, 600, 16)}
    assert len(colours) > 10


@pytest.mark.slow
def test_screenshot_all_writes_every_screen(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", "--all", "--out", str(tmp_path)]) == 0
    names = {p.name for p in tmp_path.glob("*.png")}
    for screen in ("map", "engineering", "helm", "science", "captain", "instructor", "roll",
                   "end", "fire", "why", "rolls"):
        assert f"{screen}-800x480.png" in names


@pytest.mark.slow
def test_screenshot_all_at_the_advanced_level_adds_the_evade_screen(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    basic, advanced = tmp_path / "basic", tmp_path / "advanced"
    assert main(["screenshot", "--all", "--out", str(basic)]) == 0
    assert main(["screenshot", "--all", "--level", "advanced", "--out", str(advanced)]) == 0
    assert not (basic / "evade-800x480.png").exists()
    names = {p.name for p in advanced.glob("*.png")}
    assert {p.name for p in basic.glob("*.png")} | {"evade-800x480.png"} == names
    # the two levels stage different games: the helm screens differ (six course letters)
    assert (basic / "helm-800x480.png").read_bytes() != (advanced / "helm-800x480.png").read_bytes()


def test_the_evade_screen_at_the_basic_level_says_to_add_the_level(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", "--screen", "evade", "--out", str(tmp_path / "x.png")]) == 2
    err = capsys.readouterr().err
    assert "--level advanced" in err and err.count("\n") == 1
    assert not (tmp_path / "x.png").exists()


def test_out_may_be_a_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", "--screen", "helm", "--out", str(tmp_path)]) == 0
    assert (tmp_path / "helm-800x480.png").exists()
    assert capsys.readouterr().out.strip() == str(tmp_path / "helm-800x480.png")


def test_an_unwritable_out_is_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    for args in (["--screen", "helm", "--out", str(blocker / "x.png")],
                 ["--all", "--out", str(blocker)]):
        assert main(["screenshot", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("starbridge screenshot: cannot write") and err.count("\n") == 1


@pytest.mark.parametrize(("args", "words"), [
    (["--size", "800by480"], "WIDTHxHEIGHT"),
    (["--size", "100x100"], "640x400"),
    (["--seat", "pilot:enterprise"], "unknown station"),
    (["--seat", "helm:nosuchship"], "no ship 'nosuchship'"),
    (["--scenario", "nosuch"], "no scenario"),
    (["--turns", "-1"], "--turns"),
    (["--level", "admiral"], "invalid choice"),
])
def test_bad_arguments_get_a_clear_message(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           args: list[str], words: str) -> None:
    rc = main(["screenshot", "--out", str(tmp_path / "x.png"), *args])
    assert rc == 2
    assert words in capsys.readouterr().err
    assert not (tmp_path / "x.png").exists()


@pytest.mark.slow
@given(st.text(max_size=20))
def test_any_size_text_parses_or_is_refused_with_a_reason(text: str) -> None:
    try:
        w, h = parse_size(text)
    except ValueError as exc:
        assert "--size" in str(exc)
    else:
        assert w >= 640 and h >= 400


@pytest.mark.slow
@given(st.text(max_size=30))
def test_any_seat_text_parses_or_is_refused_with_a_reason(text: str) -> None:
    try:
        seat = parse_seat(text)
    except ValueError as exc:
        assert "station" in str(exc)
    else:
        assert seat.station


@pytest.mark.slow
def test_bench_display_prints_figures_beside_the_floor(capsys: pytest.CaptureFixture[str],
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    import benchmarks.display as bench
    monkeypatch.setattr(bench, "FRAMES", 5)
    monkeypatch.setattr(bench, "IDLE_SECONDS", 0.1)
    assert main(["bench", "display"]) == 0
    out = capsys.readouterr().out
    assert "floor" in out and "busiest screen" in out and "idle table" in out
    assert "start to first frame" in out


@pytest.mark.slow
def test_the_advanced_science_screen_waits_for_a_sensor_report(tmp_path: Path) -> None:
    """`--level advanced --screen science` stops at a Science decision once the seat's side has
    a sensor report for the readings to list."""
    from companion.headless.screens import SCREENS, _with_reports, advance
    from companion.session import load_scenario, prepare
    from engine import Seat, new_game, pending, view

    seat = Seat("helm", "enterprise")
    until = SCREENS["science"][1]
    assert until is not None
    state = new_game(prepare(load_scenario("duel", None), None, "advanced", None, 10))
    state, _ = advance(state, seat, 0, _with_reports(until, 3), 1)
    prompt = pending(state)[0]
    assert (prompt.station, prompt.ship, prompt.roll) == ("science", "enterprise", None)
    assert view(state, seat)["sensor_reports"]
    out = tmp_path / "science.png"
    assert main(["screenshot", "--level", "advanced", "--screen", "science",
                 "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 480)


def test_an_unknown_level_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["screenshot", "--level", "admiral", "--out", "x.png"]) == 2
    assert "argument --level: invalid choice: 'admiral'" in capsys.readouterr().err
    assert not Path("x.png").exists()


@pytest.mark.slow
def test_the_command_level_can_be_staged_with_a_crew(tmp_path: Path) -> None:
    """`screenshot --level command` stages a crewed game (its officers rated by the seed) and
    draws the officer's panel."""
    out = tmp_path / "command.png"
    assert main(["screenshot", "--level", "command", "--scenario", "kobayashi-maru",
                 "--seat", "engineer:enterprise", "--screen", "engineering",
                 "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 480)


@pytest.mark.slow
def test_the_expert_level_can_be_staged(tmp_path: Path) -> None:
    """`screenshot --level expert` plays the expert rules (the ratings are rolled first)."""
    out = tmp_path / "expert.png"
    assert main(["screenshot", "--level", "expert", "--screen", "helm", "--size", "800x480",
                 "--out", str(out)]) == 0
    assert pygame.image.load(str(out)).get_size() == (800, 480)
