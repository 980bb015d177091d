"""The variant chosen like an option: `--variant` for simulate, `[game] variant`, checked by
`starbridge config` against the scenario and level, carried in the log (Battlestations!)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.settings.config import ConfigError, game_options, parse_config
from companion.settings.config_check import check_config


def test_simulate_plays_the_variant_with_three_combat_rounds_and_logs_it(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    log = tmp_path / "bs.jsonl"
    assert main(["simulate", "--variant", "battlestations", "--seed", "1", "--turns", "1",
                 "--log", str(log)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith("expert rules, seed 1")  # the variant's own level
    assert "Combat round 3 of turn 1: Movement Phase" in out
    header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
    assert header["scenario"]["variant"] == "battlestations"
    assert "variant" not in header["scenario"].get("options", {})


@pytest.mark.parametrize(("args", "words"), [
    (["--variant", "nonsense"], "variant must be one of battlestations"),
    (["--variant", "battlestations", "--level", "basic"], "not basic"),
    (["--variant", "battlestations", "--phases", "5"], "3 combat rounds a turn, not 5"),
])
def test_a_bad_variant_on_the_command_line_is_one_line(
        capsys: pytest.CaptureFixture[str], args: list[str], words: str) -> None:
    assert main(["simulate", *args]) != 0
    err = capsys.readouterr().err
    assert words in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_game_variant_is_an_option_and_checked(tmp_path: Path) -> None:
    config = parse_config({"game": {"variant": "battlestations", "level": "expert"}}, "t.toml")
    assert game_options(config)["variant"] == "battlestations"
    assert check_config(config, None) == []
    wrong = parse_config({"game": {"variant": "nonsense"}}, "t.toml")
    assert any("game.variant" in p and "nonsense" in p for p in check_config(wrong, None))
    basic = parse_config({"game": {"variant": "battlestations", "level": "basic"}}, "t.toml")
    assert any("not basic" in p for p in check_config(basic, None))
    with pytest.raises(ConfigError, match="in quotes"):
        parse_config({"game": {"variant": 3}}, "t.toml")
