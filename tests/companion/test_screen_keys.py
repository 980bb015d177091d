"""One set of keys: the packaged pin maps give no panel a key the bridge display keeps for itself
(display.screen_keys), so every key does what docs/display.md says; a map that does is told at
start and by `panels check`."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from display.screen_keys import RESERVED, clashes
from hardware.keyboard import KeyMap
from hardware.pinmap import load_pinmap

DATA = Path(__file__).parents[2] / "hardware" / "data"


@pytest.mark.parametrize("name", ["default_pins.toml", "two_crews_pins.toml"])
def test_the_packaged_maps_leave_the_screen_its_keys(name: str) -> None:
    keys = KeyMap(load_pinmap(DATA / name))
    assert keys.keys and not set(keys.keys) & RESERVED
    assert clashes((p, k, b) for k, (p, b) in keys.keys.items()) == []


def test_a_panel_key_the_screen_keeps_is_named_with_what_it_would_take() -> None:
    lines = clashes([("captain", "1", "up"), ("helm", "Left", "port"), ("helm", "u", "select")])
    assert len(lines) == 2
    assert "'1' is captain's up" in lines[0] and "roll made by hand" in lines[0]
    assert "course: turn to port" in lines[1]


def test_panels_check_warns_of_a_key_the_screen_keeps(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    text = (DATA / "default_pins.toml").read_text().replace('t = "up"', '"5" = "up"')
    pins = tmp_path / "pins.toml"
    pins.write_text(text)
    main(["panels", "check", str(pins)])
    out = capsys.readouterr().out
    assert "warning: key '5' is captain's up" in out
