"""The `starbridge` command under a clumsy or hostile user: garbage arguments, Ctrl-C, a full
disk, files that are not logs. Each ends with one "starbridge: ..." line and status 2 (130 for
Ctrl-C), never a traceback or argparse's usage dump."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import cli
from companion.cli import INTERRUPTED, build_parser, main


@pytest.fixture(autouse=True)
def no_user_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "no-user-data").mkdir()   # an empty one: a folder named must be there
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "no-user-data"))


def one_line_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert code == 2, (argv, out, err)
    assert "Traceback" not in out + err
    assert "usage:" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("starbridge: ")
    return lines[0]


@pytest.mark.parametrize(("argv", "words"), [
    (["warp-nine"], ["invalid choice: 'warp-nine'"]),
    (["simulate", "--seed", "many"], ["--seed", "'many'"]),
    (["simulate", "--turns", "1.5"], ["--turns"]),
    (["simulate", "--level", "cadet"], ["--level", "cadet"]),
    (["simulate", "--phases", "4"], ["--phases"]),
    (["simulate", "--scenario", "duel", "--ships", "d7a,d7a"], ["not allowed with"]),
    (["replay"], ["file"]),
    (["bench", "everything"], ["everything"]),
    (["--no-such-option"], ["--no-such-option"]),
    (["simulate", "--log"], ["--log"]),
])
def test_usage_errors_are_one_line_with_status_2(capsys: pytest.CaptureFixture[str],
                                                 argv: list[str], words: list[str]) -> None:
    line = one_line_error(capsys, *argv)
    for word in words:
        assert word in line
    assert "--help" in line


@pytest.mark.parametrize("command", ["simulate", "replay", "scenarios", "ships", "bench"])
def test_every_subcommand_help_teaches_with_examples(capsys: pytest.CaptureFixture[str],
                                                     command: str) -> None:
    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert "example" in out
    assert f"starbridge {command}" in out.split("example", 1)[1]


def test_top_level_help_has_examples(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert "examples:" in out and "starbridge replay game.jsonl" in out


def test_ctrl_c_at_the_edge_exits_quietly_with_130(capsys: pytest.CaptureFixture[str],
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*_: object) -> int:
        raise KeyboardInterrupt

    from companion.commands import simulate as simulate_cmd

    monkeypatch.setattr(simulate_cmd, "simulate", interrupted)
    assert main(["simulate"]) == INTERRUPTED
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert err.strip() == ""


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child needs POSIX")
def test_ctrl_c_to_the_running_command(tmp_path: Path) -> None:
    """A real SIGINT while `starbridge bench engine` runs: status 130, nothing but a newline."""
    env = {**os.environ, "STARBRIDGE_DATA": str(tmp_path / "none"), "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "bench", "engine"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            cwd=tmp_path)
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # it is busy measuring once this line is out
        assert first.startswith("basic: recorded game")   # bench engine speaks per level
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == INTERRUPTED
    assert "Traceback" not in err
    assert err.strip() == ""


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_names_the_log_file(capsys: pytest.CaptureFixture[str]) -> None:
    line = one_line_error(capsys, "simulate", "--turns", "1", "--log", "/dev/full")
    assert line.startswith("starbridge: /dev/full: ")
    assert "No space left on device" in line
    assert "None" not in line


def test_a_log_into_a_folder_names_it(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert str(tmp_path) in one_line_error(capsys, "simulate", "--log", str(tmp_path))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_replaying_dev_zero_ends(capsys: pytest.CaptureFixture[str]) -> None:
    assert "line 1: longer than" in one_line_error(capsys, "replay", "/dev/zero")


@pytest.mark.parametrize("turns", ["-1", "1000", str(10**30)])
def test_turns_out_of_range(capsys: pytest.CaptureFixture[str], turns: str) -> None:
    assert "turns" in one_line_error(capsys, "simulate", "--turns", turns)


ARG = st.sampled_from(["simulate", "replay", "scenarios", "ships", "bench", "engine",
                       "--scenario", "--ships", "--level", "--scale", "--phases", "--seed",
                       "--turns", "--log", "--data-dir", "duel", "d7a,d7a", "basic", "1/2", "3",
                       "-1", "0", "x", ""]) | st.text(max_size=8)


@pytest.mark.slow
@settings(max_examples=80, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(ARG, max_size=5))
def test_garbage_arguments_never_trace(capsys: pytest.CaptureFixture[str],
                                       tmp_path_factory: pytest.TempPathFactory,
                                       argv: list[str]) -> None:
    if "bench" in argv or "--help" in argv or "-h" in argv:
        return  # bench measures for seconds; help is tested above
    if "--log" in argv:  # keep the logs it writes out of the working folder
        i = argv.index("--log")
        if i + 1 < len(argv):
            argv[i + 1] = str(tmp_path_factory.mktemp("log") / "game.jsonl")
    try:
        code = main(argv)
    except SystemExit as exc:  # only --help may exit
        raise AssertionError(f"{argv} exited with {exc.code}") from None
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert code in (0, 2), (argv, code)
    if code == 2:
        assert len(err.splitlines()) == 1 and err.startswith("starbridge: "), err


def test_the_parser_is_the_one_line_parser() -> None:
    parser = build_parser()
    with pytest.raises(cli.UsageError):
        parser.parse_args(["simulate", "--seed", "x"])


# -- files that are no files: the configuration, a pin map, the saves --------------------------
def ends_in_one_line(capsys: pytest.CaptureFixture[str], within: Any, *argv: str) -> str:
    """`starbridge ARGV` ends within 20 s (and a memory bound) with status 2 and its error on
    stderr (one "starbridge: ..." line, or a pin map's problems and their summary line)."""
    outcome = within(20, main, list(argv))
    out, err = outcome.out, outcome.err
    assert outcome.error is None, outcome
    assert outcome.value == 2, (argv, out, err)
    assert "Traceback" not in out + err
    assert err.strip(), argv
    return err


@pytest.mark.slow
@pytest.mark.parametrize("argv", [
    ["config", "--check", "{path}"],
    ["play", "--config", "{path}", "--headless", "--autopilot", "--no-save"],
    ["panels", "check", "{path}"],
    ["panels", "wiring", "{path}"],
    ["panels", "play", "{path}"],
])
@pytest.mark.parametrize("what", ["fifo", "/dev/zero"])
def test_a_configuration_or_pin_map_that_is_no_file_ends_with_a_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, make_fifo: Any, within: Any,
        argv: list[str], what: str) -> None:
    path = tmp_path / "file.toml"
    if what == "fifo":
        make_fifo(path)
    else:
        path.symlink_to(what)
    err = ends_in_one_line(capsys, within, *(a.format(path=path) for a in argv))
    assert f"{path}: " in err and "not a file" in err


def test_starbridge_config_naming_a_fifo_ends_with_a_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        make_fifo: Any, within: Any) -> None:
    path = make_fifo(tmp_path / "starbridge.toml")
    monkeypatch.setenv("STARBRIDGE_CONFIG", str(path))
    for argv in (["config"], ["play", "--headless", "--autopilot", "--no-save"]):
        assert "FIFO" in ends_in_one_line(capsys, within, *argv)


@pytest.mark.slow
@pytest.mark.parametrize("argv", [["games"], ["games", "export", "1", "out.jsonl"],
                                  ["games", "undo", "1"], ["games", "import", "x.jsonl"],
                                  ["play", "--headless", "--autopilot", "--turns", "1"]])
@pytest.mark.parametrize("name", ["saves.db", "saves.db-wal"])
def test_a_save_file_that_is_a_fifo_ends_every_command_with_a_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        make_fifo: Any, within: Any, argv: list[str], name: str) -> None:
    data = tmp_path / "data"
    make_fifo(data / name)
    monkeypatch.setenv("STARBRIDGE_DATA", str(data))
    err = ends_in_one_line(capsys, within, *argv)
    assert "FIFO" in err and "saves.db" in err
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("action", ["check", "wiring", "play"])
def test_a_pin_map_nested_thousands_deep_is_one_mistake(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, within: Any, action: str) -> None:
    path = tmp_path / "pins.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    err = ends_in_one_line(capsys, within, "panels", action, str(path))
    assert "nested too deep" in err



def test_play_with_a_pin_map_nested_thousands_deep_ends_with_the_mistake(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, within: Any) -> None:
    pins = tmp_path / "pins.toml"
    pins.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    config = tmp_path / "starbridge.toml"
    config.write_text(f'[panels]\npins = "{pins}"\n[seats]\ndefault = "panel"\n',
                      encoding="utf-8")
    err = ends_in_one_line(capsys, within, "play", "--config", str(config), "--headless",
                           "--turns", "1", "--no-save")
    assert "nested too deep" in err


# -- the command line: empty names, a missing data folder, closed output -----------------------
@pytest.mark.parametrize(("argv", "words"), [
    (["simulate", "--scenario", ""], "--scenario: a scenario name may not be empty"),
    (["simulate", "--scenario", " "], "--scenario: a scenario name may not be empty"),
    (["simulate", "--ships", ""], "--ships: the list of ship classes may not be empty"),
    (["play", "--scenario", "", "--headless", "--autopilot"], "a scenario name may not be empty"),
    (["--data-dir", "", "ships"], "--data-dir: a folder's path may not be empty"),
])
def test_an_empty_name_is_refused_not_taken_for_the_default(
        capsys: pytest.CaptureFixture[str], argv: list[str], words: str) -> None:
    assert words in one_line_error(capsys, *argv)


@pytest.mark.parametrize("command", [["simulate", "--turns", "1"], ["scenarios"], ["ships"]])
def test_a_data_folder_named_that_is_not_there_is_said(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        command: list[str]) -> None:
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "nonexistent"))
    line = one_line_error(capsys, *command)
    assert f"STARBRIDGE_DATA={tmp_path / 'nonexistent'}: no such folder" in line


@pytest.mark.slow
@pytest.mark.skipif(sys.platform == "win32", reason="closing a child's descriptor needs POSIX")
@pytest.mark.parametrize("command", [["simulate", "--turns", "1"], ["scenarios"]])
def test_closed_standard_output_fails_with_a_message(tmp_path: Path, command: list[str]) -> None:
    (tmp_path / "data").mkdir()
    env = {**os.environ, "STARBRIDGE_DATA": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-m", "companion.cli", *command],
                          stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env,
                          timeout=120, check=False, preexec_fn=lambda: os.close(1),
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 2
    assert done.stderr.startswith("starbridge: standard output is closed")
    assert len(done.stderr.splitlines()) == 1
