"""A configuration's `[game] level` is checked against the levels of its scenario's own game
system (engine.ruleset.Levelled), whichever that is: here the toy duel given levels of its own,
beside FASA's, and Knight Hawks, which has none."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toy_ruleset import ToyRuleset

from companion.settings.config import parse_config
from companion.settings.config_check import check_config
from engine import rulesets


class LevelledToy(ToyRuleset):
    """The toy with two levels, the easy one built."""

    def levels(self, playable: bool) -> tuple[str, ...]:
        return ("easy",) if playable else ("easy", "hard")

    def level_notice(self, level: str) -> str:
        return ""


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with rulesets.registered(LevelledToy()):
        yield


def level_problems(scenario: str, level: str) -> list[str]:
    config = parse_config({"game": {"scenario": scenario, "level": level}}, "starbridge.toml",
                          f'[game]\nscenario = "{scenario}"\nlevel = "{level}"\n')
    return [p for p in check_config(config, None) if "game.level" in p]


@pytest.mark.slow   # every scenario is read
def test_the_level_is_checked_against_the_scenario_s_own_ruleset() -> None:
    assert level_problems("toy-duel", "easy") == []
    assert level_problems("duel", "advanced") == []
    assert level_problems("toy-duel", "hard") == [
        "starbridge.toml:3: game.level: the hard rules of toy (scenario toy-duel) are not built "
        "yet; playable levels: easy"]
    assert level_problems("toy-duel", "advanced") == [
        "starbridge.toml:3: game.level: toy (scenario toy-duel) has no level 'advanced'; its "
        "levels: easy"]
    [fasa] = level_problems("duel", "easy")
    assert "(scenario duel) has no level 'easy'; its levels: basic, advanced" in fasa, fasa


def test_a_game_system_without_levels_takes_any_level_it_leaves_out() -> None:
    assert level_problems("knighthawks:patrol", "expert") == []


def test_a_level_no_game_system_has_is_refused_when_the_file_is_read() -> None:
    from companion.settings.config import ConfigError

    with pytest.raises(ConfigError, match="level"):
        parse_config({"game": {"level": "legendary"}}, "starbridge.toml")
