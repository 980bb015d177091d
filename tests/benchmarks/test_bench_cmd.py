"""`starbridge bench`: with no argument every benchmark runs (here with their durations cut to
almost nothing) and one table of their figures is printed; a benchmark that breaks is reported
and the others' figures are kept."""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks import dice as dice_bench
from benchmarks import display as bench_display
from benchmarks import engine as bench
from benchmarks import panels as panels_bench
from benchmarks import resume as resume_bench
from benchmarks import saves as saves_bench
from benchmarks import suite
from benchmarks.figures import HEADINGS
from companion.cli import build_parser, main
from companion.commands import bench as bench_cmd
from engine import levels


@pytest.fixture
def tiny(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """Every benchmark's duration cut to almost nothing; the saves in a scratch folder."""
    monkeypatch.setattr(bench, "MIN_SECONDS", 0.01)
    monkeypatch.setattr(bench, "RECORDED", 1)
    monkeypatch.setattr(dice_bench, "MIN_SECONDS", 0.01)
    monkeypatch.setattr(dice_bench, "SAMPLES", 5)
    monkeypatch.setattr(panels_bench, "PRESSES", 20)
    monkeypatch.setattr(bench_display, "FRAMES", 5)
    monkeypatch.setattr(bench_display, "IDLE_SECONDS", 0.05)
    monkeypatch.setattr(saves_bench, "ACTIONS", 60)
    monkeypatch.setattr(resume_bench, "REPEAT", 1)
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "data"))
    return tmp_path


def test_bench_with_no_argument_is_all_and_hardware_is_panels() -> None:
    assert build_parser().parse_args(["bench"]).what == "all"
    assert build_parser().parse_args(["bench", "hardware"]).what == "hardware"
    assert bench_cmd.ALIASES["hardware"] in suite.BENCHES
    assert set(bench_cmd.WHAT) == set(suite.BENCHES)


def test_the_command_finds_the_benchmarks_in_the_checkout_it_runs_from() -> None:
    """This checkout's companion/ has benchmarks/ beside it: the command runs them from there."""
    root = bench_cmd.checkout()
    assert root is not None and (root / "companion" / "commands" / "bench.py").is_file()
    assert Path(suite.__file__).resolve().parent == root / "benchmarks"


def test_without_the_checkout_bench_says_where_the_benchmarks_are_and_runs_nothing(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """An installed starbridge holds no benchmark (tests/package runs the installed wheel's):
    one line saying where they are, status 2, nothing run."""
    monkeypatch.setattr(bench_cmd, "checkout", lambda: None)
    monkeypatch.setattr(suite, "BENCHES", {})   # were one run, it would be a KeyError
    assert main(["bench", "engine"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.count("\n") == 1 and "source checkout (benchmarks/)" in err
    assert "PYTHONPATH=. starbridge bench" in err and "Traceback" not in err


@pytest.mark.slow
def test_bench_all_prints_one_table_of_every_benchmarks_figures(
        tiny: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """End to end over the in-process benchmarks (the app's processes, the window, the
    consoles and the lights have their own tests)."""
    monkeypatch.delitem(suite.BENCHES, "app")
    monkeypatch.delitem(suite.BENCHES, "window")
    monkeypatch.delitem(suite.BENCHES, "stations")
    monkeypatch.delitem(suite.BENCHES, "lights")
    assert main(["bench"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split() == list(HEADINGS[:4]) + ["floor", "x", "floor", "budget", "within"]
    assert set(lines[1]) == {"-", " "}
    rows = lines[2:lines.index("")]
    assert {r.split()[0] for r in rows} == {"engine", "dice", "panels", "display", "saves"}
    assert "recorded game" not in out       # the accounts are left out: only the table
    assert err.splitlines() == \
        [f"starbridge bench: {name}..." for name in ("engine", "dice", "panels", "display", "saves")]
    resume = next(r for r in rows if "resume a" in r)
    assert "resume a 60-action game" in resume   # the game's own count of actions
    assert "x" in resume.split("ms", 1)[1]       # beside its floor
    tray = next(r for r in rows if "tray frame to accepted roll, p99" in r)
    assert "x" in tray.split("ms", 1)[1]         # beside a bare pseudo-terminal's round trip
    budgeted = [r for r in rows if "≤" in r or "≥" in r]
    assert budgeted and all(r.rstrip().endswith(("yes", "no")) for r in budgeted)
    assert "floors (measured in the same run):" in out
    assert "  saves (resume a 60-action game; resume the same from its log alone (no snapshot)): " \
           "the store file opened" in out
    assert not list((tiny / "data").glob(".bench-*"))   # the scratch store is gone


@pytest.mark.slow
def test_bench_one_prints_its_account_then_its_rows(
        tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "saves"]) == 0
    out = capsys.readouterr().out
    account, rest = out.split("\n\nbenchmark", 1)
    assert "resume a 60-action game" in account and "floor, its rows read alone" in account
    lines = rest.splitlines()
    rows = lines[2:lines.index("")]
    assert len(rows) == 6 and all(r.startswith("saves ") for r in rows)
    assert lines[-1].startswith("measured on: ") and "budgets: " in lines[-1]


def test_a_benchmark_that_breaks_is_reported_and_the_table_still_printed(
        tiny: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    """The saves' folder is a file: the saves benchmark cannot run; it says why, in one line."""
    blocker = tiny / "not-a-folder"
    blocker.write_text("x")
    monkeypatch.setenv("STARBRIDGE_DATA", str(blocker))
    assert main(["bench", "saves"]) == 1
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert len(err.splitlines()) == 1 and err.startswith("starbridge: bench saves failed: ")
    assert str(blocker) in err
    assert "failed (FileExistsError)" in out and out.lstrip("\n").startswith("benchmark")


@pytest.mark.slow
def test_bench_engine_gives_each_level_beside_the_basic_game(
        tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A replay and a simulation figure per level; the higher levels' beside the basic game's
    measured in the same run, so what each level costs, and a regression at one, shows."""
    assert main(["bench", "engine"]) == 0
    out = capsys.readouterr().out
    account, rest = out.split("\n\nbenchmark", 1)
    rows = rest.splitlines()[2:rest.splitlines().index("")]
    for level in levels("fasa", playable=True):
        assert f"{level}: recorded game: the longest of 1 autopilot games" in account
        replay = next(r for r in rows if f"replay, parsed actions, {level} " in r)
        simulate = next(r for r in rows if f"simulate, autopilots, {level} " in r)
        beside = level != "basic"
        assert "x" in replay.split("actions/s", 1)[1]   # the basic game's: d9805f9's engine's
        assert ("x" in simulate.split("game turns/s", 1)[1]) == beside
    assert "the basic game's, measured in the same run" in rest
    assert "basic: replay (parsed actions) by d9805f9's engine: " in account
    assert "the same game replayed by commit d9805f9's engine" in rest
    assert "command: " in account and "advanced: " in account


def test_the_command_level_bench_plays_a_crewed_ship() -> None:
    """At the command level the skirmish's first ship has officers, so the Command & Control
    rules of a player crew are measured, not only the Instructor's crews."""
    crewed = [s for s in bench.level_scenario("command")["ships"] if s.get("officers")]
    assert [s["id"] for s in crewed] == ["lance"]
    assert not any(s.get("officers") for s in bench.level_scenario("expert")["ships"])
