"""`starbridge lights check` and `lights test`, and a game played with a lights file: the
Done-means table (its room red when shields fall, a strip flashing when a phaser fires)."""

from __future__ import annotations

import os
import sys
from importlib import resources
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).parents[1] / "room"))

from test_room_outputs import Wled

from companion.cli import main

EXAMPLES = resources.files("lights") / "examples"


def test_check_names_every_mistake_with_its_line_and_key(tmp_path: Path,
                                                         capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[outputs.room]\nkind = "wled"\nurl = "a.local"\n[[state]]\noutput = "room"\n'
                   'when = "min(ship.shields) <="\n[[event]]\noutput = "room"\non = "Phaser"\n')
    assert main(["lights", "check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:6: state.0.when: " in err and f"{bad}:9: event.0.on: " in err
    assert "2 mistake(s)" in err


def test_check_a_good_file_says_whose_view_each_output_reads(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lights", "check", str(EXAMPLES / "basic.toml")]) == 0
    out = capsys.readouterr().out
    assert "good:" in out and "room, klaxon: enterprise/captain's view alone" in out


def test_lights_test_walks_every_rule_over_a_scripted_game(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "walk.png"
    assert main(["lights", "test", str(EXAMPLES / "basic.toml"), "--png", str(png)]) == 0
    out = capsys.readouterr().out
    assert "room: #ff0000 100% steady (shields down)" in out
    assert "room: #ffffff 100% flash (our phasers fire)" in out
    assert "klaxon: plays klaxon" in out
    assert "4 of 4 rules lit something" in out
    assert png.stat().st_size > 1000


def test_lights_test_names_a_rule_that_never_lit_anything(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "never.toml"
    f.write_text('[outputs.room]\nkind = "wled"\nurl = "a.local"\n[[state]]\nname = "warp 99"\n'
                 'output = "room"\nwhen = "ship.warp > 99"\n')
    assert main(["lights", "test", str(f), "--turns", "1"]) == 0
    assert f"never in this game: {f}:4: state.0: warp 99" in capsys.readouterr().out


@pytest.mark.slow
def test_a_game_played_with_a_lights_file_lights_the_strip(tmp_path: Path) -> None:
    wled = Wled()
    try:
        f = tmp_path / "room.toml"
        f.write_text((EXAMPLES / "basic.toml").read_text().replace(
            "http://wled-room.local", f"http://127.0.0.1:{wled.port}"))
        assert main(["play", "--headless", "--autopilot", "--no-save", "--new", "--turns", "1",
                     "--seed", "1", "--lights", str(f)]) == 0
        colours = []
        while not wled.bodies.empty():
            colours.append(wled.bodies.get()["seg"][0]["col"][0])
        assert [255, 0, 0] in colours and [255, 255, 255] in colours, colours
    finally:
        wled.close()


@pytest.mark.parametrize(("args", "says"), [
    (["--png", "/nonexistent/x.png"], "no folder /nonexistent"),
    (["--level", "nope"], "level must be one of"),
    (["--scenario", "nope"], "no scenario 'nope'"),
    (["--turns", "-3"], "--turns must be from 0 (the scenario's limit) to 999"),
    (["--turns", "1000"], "--turns must be from 0 (the scenario's limit) to 999"),
    (["--pace", "-1"], "--pace must be from 0 to 60 seconds"),
    (["--pace", "inf"], "--pace must be from 0 to 60 seconds"),
    (["--pace", "nan"], "--pace must be from 0 to 60 seconds"),
])
def test_lights_test_refuses_what_it_cannot_do_in_one_line(
        args: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lights", "test", str(EXAMPLES / "basic.toml"), *args]) == 2
    err = capsys.readouterr().err
    assert says in err and "Traceback" not in err


@pytest.mark.parametrize("name", ["basic", "advanced", "expert", "command", "panels"])
def test_an_example_printed_is_a_good_file_to_begin_from(
        name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lights", "example", name]) == 0
    mine = tmp_path / "mine.toml"
    mine.write_text(capsys.readouterr().out)
    assert main(["lights", "check", str(mine)]) == 0
    assert "good:" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["lights", "example"], ["lights", "example", "../../etc"]])
def test_an_example_not_packaged_is_refused_in_one_line(
        argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "basic, advanced, expert, command, panels" in err


@pytest.mark.slow
def test_lights_test_plays_a_tables_own_scenario(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    duel = (resources.files("engine.rulesets.fasa") / "data" / "scenarios" / "duel.toml")
    (tmp_path / "scenarios").mkdir()
    (tmp_path / "scenarios" / "rematch.toml").write_text(
        duel.read_text(encoding="utf-8").replace('id = "duel"', 'id = "rematch"'),
        encoding="utf-8")
    assert main(["--data-dir", str(tmp_path), "lights", "test", str(EXAMPLES / "basic.toml"),
                 "--scenario", "rematch", "--turns", "1"]) == 0
    assert "rules lit something" in capsys.readouterr().out
    assert main(["lights", "test", str(EXAMPLES / "basic.toml"), "--scenario", "rematch"]) == 2
    assert "rematch" in capsys.readouterr().err
