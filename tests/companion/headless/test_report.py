"""`starbridge replay FILE --report`: the after-action report from a log."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


@pytest.mark.slow
def test_replay_report_prints_how_it_ended_and_each_ships_record(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.log"
    assert main(["simulate", "--scenario", "duel", "--seed", "1", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["replay", str(log), "--report"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith("Victory: ") or lines[0] == "The battle is over"
    assert any(line.startswith("USS Enterprise (") and " shots, " in line for line in lines)
    assert any(line.startswith("IKS Kronos One (") and " taken" in line for line in lines)
    assert "Turning points:" in lines


def test_replay_report_of_a_broken_log_says_what_is_wrong(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "game.log"
    log.write_text("not a log\n", encoding="utf-8")
    assert main(["replay", str(log), "--report"]) == 2
    assert "game.log" in capsys.readouterr().err
