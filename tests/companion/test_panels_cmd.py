"""`starbridge panels check|wiring` through the command line."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main


def test_check_the_default_map(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["panels", "check"]) == 0
    out = capsys.readouterr().out
    assert "5 panels" in out and "helm (helm): select=GPIO18" in out
    assert "on MCP23017 expanders over I2C (mcp0 at 0x20, mcp1 at 0x21, mcp4 at 0x24)" in out
    assert "engineer: q=select" in out


def test_a_bad_map_names_each_mistake_and_exits_2(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[panels.helm.buttons]\nup = "GPIO14"\ndown = "GPIO14"\n[panels.bridge]\n',
                   encoding="utf-8")
    assert main(["panels", "check", str(bad)]) == 2
    err = capsys.readouterr().err
    assert f"{bad}:2: panels.helm.buttons.up: GPIO14 is reserved: UART TXD" in err
    assert f"{bad}:4: panels.bridge: unknown station 'bridge'" in err
    assert "3 mistake(s)" in err  # up and down both on a reserved pin, and the station


def test_wiring_writes_the_diagram(tmp_path: Path) -> None:
    out = tmp_path / "w.svg"
    assert main(["panels", "wiring", "-o", str(out)]) == 0
    assert out.read_text(encoding="utf-8").startswith("<svg")
    assert main(["panels", "check", str(tmp_path / "missing.toml")]) == 2


def test_play_refuses_a_ship_that_is_not_in_the_scenario(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["panels", "play", "--ship", "nosuch", "--factory", "mock"]) == 2
    assert "no ship 'nosuch' in duel (ships: enterprise, kronos)" in capsys.readouterr().err
