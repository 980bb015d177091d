"""`starbridge simulate --ruleset halfimpulse`: a seeded sequence with the scenario's scripted
speeds, played headless, printing the order of movement, so it can be read against the seed's
own example (a carrier at speed 3 launching fighters at speed 7 after moving 1 of 2 spaces in
the First Phase, seed 003 lines 5-19)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


@pytest.fixture(autouse=True)
def no_user_data(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "none").mkdir()
    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "none"))


@pytest.mark.slow
def test_simulate_prints_the_order_of_movement_of_the_carrier_example(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = tmp_path / "carrier.jsonl"
    assert main(["simulate", "--ruleset", "halfimpulse", "--scenario", "carrier", "--seed", "3",
                 "--log", str(log)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "The carrier launches its fighters (halfimpulse), seed 3"
    phase = out.index("First Phase: order of movement (speed, spaces): 5 Raider (3); "
                      "3 Carrier (2)")
    launch = out.index("Carrier launches 2 fighters (Fighter) at speed 7: faster than Carrier "
                       "(speed 3), they may not move in this phase (lines 5-11)")
    assert out[launch - 1] == "Carrier moves ahead to [4, 8], space 1 of 2"
    assert phase < launch < out.index("Second Phase: order of movement (speed, spaces): "
                                      "7 Fighter 1, Fighter 2 (4); 5 Raider (2); 3 Carrier (1)")
    assert out[-2] == "Game over: the scenario's turns are played (2 turns)"
    assert main(["replay", str(log)]) == 0
    assert '"ruleset": "halfimpulse"' in capsys.readouterr().out


@pytest.mark.slow
def test_the_same_seed_plays_the_same_sequence(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        assert main(["simulate", "--ruleset", "halfimpulse", "--scenario", "replay",
                     "--seed", "5"]) == 0
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1] and "Roll-off for initiative" in runs[0]


@pytest.mark.slow
def test_a_scenario_name_picks_the_referee(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--scenario", "replay", "--turns", "1"]) == 0
    assert "First Phase, speed 8: Tiger (Lyran) moves 4 spaces" in capsys.readouterr().out
    assert main(["scenarios"]) == 0
    assert "replay                 Brief Replay: Regalhawk against Tiger  (halfimpulse)" in \
        capsys.readouterr().out
