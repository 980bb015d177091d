"""`starbridge dice-emulator`, scripted, heard by a real link over its pseudo-terminal."""

from __future__ import annotations

import queue
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.cli import main
from companion.dice_emulator_cmd import parse_command
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


@given(st.text(max_size=60))
def test_any_command_line_parses_or_says_why(line: str) -> None:
    got = parse_command(line)
    assert isinstance(got, tuple) or (isinstance(got, str) and got)


def test_bench_dice_prints_its_figures_and_floor(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from companion import dice_bench
    monkeypatch.setattr(dice_bench, "MIN_SECONDS", 0.05)
    monkeypatch.setattr(dice_bench, "SAMPLES", 5)
    assert main(["bench", "dice"]) == 0
    out = capsys.readouterr().out
    assert "frames/s (floor: regex + CRC alone" in out and "5 rolls: p50" in out
