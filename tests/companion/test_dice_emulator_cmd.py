"""`starbridge dice-emulator`, scripted, heard by a real link over its pseudo-terminal."""

from __future__ import annotations

import queue
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.commands.dice_emulator import parse_command
from firmware_bridge.link import LinkEvent, TrayLink, TrayRoll


def test_a_scripted_tray_is_heard_and_acknowledged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dev = tmp_path / "dice"
    script = tmp_path / "rolls.txt"
    script.write_text("# two rolls\nroll 17\nwait-ack 5\nroll 2\nwait-ack 5\nquit\n")
    events: queue.Queue[LinkEvent] = queue.Queue()
    with TrayLink("tray-1", str(dev), events, retry=0.02):
        assert main(["dice-emulator", "--pty", str(dev), "--script", str(script)]) == 0
        got = []
        while len(got) < 2:
            e = events.get(timeout=5)
            if isinstance(e, TrayRoll):
                got.append(e.roll.value)
    assert got == [17, 2]
    out = capsys.readouterr().out
    assert f"tray tray-1 on {dev}" in out and "<- ACK 0" in out and "<- ACK 1" in out


def test_bad_script_lines_and_arguments_are_refused(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "bad.txt"
    script.write_text("roll seventeen\nfire\n")
    assert main(["dice-emulator", "--pty", str(tmp_path / "d"), "--script", str(script)]) == 2
    err = capsys.readouterr().err
    assert "line 1: roll takes a face number" in err and "line 2: unknown command" in err
    assert main(["dice-emulator", "--pty", str(tmp_path / "d"), "--drop", "2"]) == 2
    assert main(["dice-emulator", "--pty", str(tmp_path / "d"), "--script",
                 str(tmp_path / "missing.txt")]) == 2


@pytest.mark.slow
@given(st.text(max_size=60))
def test_any_command_line_parses_or_says_why(line: str) -> None:
    got = parse_command(line)
    assert isinstance(got, tuple) or (isinstance(got, str) and got)


@pytest.mark.slow
def test_bench_dice_prints_its_figures_and_floor(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from benchmarks import dice as dice_bench
    monkeypatch.setattr(dice_bench, "MIN_SECONDS", 0.05)
    monkeypatch.setattr(dice_bench, "SAMPLES", 5)
    assert main(["bench", "dice"]) == 0
    out = capsys.readouterr().out
    assert "frames/s (floor: regex + CRC alone" in out and "5 rolls: p50" in out
    assert "floor: a bare pty round trip, p50" in out
    assert "a bare pseudo-terminal round trip" in out   # the table's note on its floor


@pytest.mark.slow
def test_the_dice_latency_has_a_bare_pty_floor_measured_in_the_same_run(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from benchmarks import dice as dice_bench
    monkeypatch.setattr(dice_bench, "MIN_SECONDS", 0.05)
    monkeypatch.setattr(dice_bench, "SAMPLES", 5)
    figures = {f.name: f for f in dice_bench.dice_bench(io.StringIO())}
    for name in ("tray frame to accepted roll, p50", "tray frame to accepted roll, p99"):
        f = figures[name]
        assert f.floor is not None and f.floor > 0 and f.ratio() is not None, f
        assert "pseudo-terminal" in f.floor_is
    bare = dice_bench.pty_round_trips(20)
    assert len(bare) == 20 and all(0 < ms < 5000 for ms in bare)


@pytest.mark.parametrize("args, message", [
    (["--tcp", "-1"], "a TCP port is 0 to 65535 (0: any free port), not -1"),
    (["--tcp", "70000"], "a TCP port is 0 to 65535 (0: any free port), not 70000"),
    (["--tcp", "x"], "a TCP port is a number, not 'x'"),
    (["--tray", "tray 1"], "a tray id is 1 to 16 letters, digits, '-' or '_'"),
    (["--tray", ""], "a tray id is 1 to 16 letters"),
    (["--tray", "a" * 17], "a tray id is 1 to 16 letters"),
    (["--tray", "trä"], "a tray id is 1 to 16 letters"),
])
def test_ports_and_tray_ids_the_protocol_forbids_are_refused_clearly(
        args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dice-emulator", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


@pytest.mark.parametrize("make", ["file", "symlink", "dangling", "fifo", "dir"])
def test_a_pty_path_that_exists_is_refused_and_left_alone(
        make: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 15: `--pty /dev/null` as root replaced /dev/null with the emulator's link and
    deleted it on exit. A path that exists is never replaced nor removed."""
    import os

    path = tmp_path / "dev-null"
    target = tmp_path / "precious"
    target.write_text("keep me")
    if make == "file":
        path.write_text("keep me")
    elif make == "symlink":
        path.symlink_to(target)
    elif make == "dangling":
        path.symlink_to("/dev/pts/999999")
    elif make == "fifo":
        os.mkfifo(path)
    else:
        path.mkdir()
    before = os.lstat(path)
    script = tmp_path / "quit.txt"
    script.write_text("quit\n")
    assert main(["dice-emulator", "--pty", str(path), "--script", str(script)]) == 2
    err = capsys.readouterr().err
    assert f"{path} exists" in err and "never replaces" in err
    after = os.lstat(path)
    assert (after.st_ino, after.st_mode) == (before.st_ino, before.st_mode)
    assert target.read_text() == "keep me"
    assert not list(tmp_path.glob("dev-null?*")), "no temporary name left behind"


def test_the_emulator_removes_only_its_own_link(tmp_path: Path) -> None:
    from firmware_bridge.emulator import TrayEmulator

    dev = tmp_path / "dice"
    sent: queue.Queue[bytes] = queue.Queue()
    with TrayEmulator(link_path=dev, seed=1, on_output=sent.put) as emu:
        first = dev.readlink()
        assert str(first).startswith("/dev/pts/")
        emu.unplug()
        emu.plug_in()   # made again where nothing is
        emu.roll(3)
        while b"ROLL" not in sent.get(timeout=5):   # the commands before it are done
            pass
        assert str(dev.readlink()).startswith("/dev/pts/")
    assert not dev.exists() and not dev.is_symlink()   # its own link, removed at the end
    with TrayEmulator(link_path=dev, seed=1):
        dev.unlink()
        dev.write_text("somebody else's")   # replaced under it while it ran
    assert dev.read_text() == "somebody else's"   # not its link: left alone


@pytest.mark.slow
def test_the_scripted_tray_shows_a_refusal_and_its_reason(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    dev = tmp_path / "dice"
    script = tmp_path / "rolls.txt"
    script.write_text("roll 21\nwait-ack 5\nroll 4\nwait-ack 5\nquit\n")
    events: queue.Queue[LinkEvent] = queue.Queue()
    with TrayLink("tray-1", str(dev), events, retry=0.02):
        assert main(["dice-emulator", "--pty", str(dev), "--script", str(script)]) == 0
    out = capsys.readouterr().out
    assert "<- the host refused roll 0: the die cannot show that face" in out
    assert "<- ACK 1" in out
    assert out.count("$HELLO") == 1   # one tray: it was started twice, and its stop hung 5 s
