"""A ruleset's levels come through the kernel (`engine.levels`, `engine.level_notice`): FASA's
as its state module lists them, and none for a ruleset without levels."""

from __future__ import annotations

import pytest

import engine
from engine.game import ruleset_names
from engine.rulesets.fasa.levels import not_built_notice
from engine.rulesets.fasa.values.state import LEVELS, PLAYABLE_LEVELS


def test_fasas_levels_and_what_they_lack_come_through_the_kernel() -> None:
    assert engine.levels("fasa") == LEVELS
    assert engine.levels("fasa", playable=True) == PLAYABLE_LEVELS
    for level in LEVELS:
        assert engine.level_notice("fasa", level) == not_built_notice(level)
    assert engine.level_notice("fasa", "basic") == ""


def test_a_ruleset_without_levels_has_none_and_an_unknown_one_is_named() -> None:
    assert engine.levels("knighthawks") == ()
    assert engine.level_notice("knighthawks", "advanced") == ""
    with pytest.raises(KeyError):
        engine.levels("no-such-game")


def test_every_ruleset_names_its_game_and_a_line_for_each_playable_level() -> None:
    """What a table choosing its game reads (engine.game_title, engine.level_line): each
    registered game system's name as players know it, a line on each of its levels, none for a
    ruleset without levels, and the name itself for a ruleset that says nothing."""
    titles = {name: engine.game_title(name) for name in ruleset_names()}
    assert titles["fasa"].startswith("Star Trek") and titles["knighthawks"].endswith("Knight Hawks")
    assert "half-impulse" in titles["halfimpulse"]
    assert len(set(titles.values())) == len(titles)
    for name in ruleset_names():
        offered = engine.levels(name, playable=True)
        lines = [engine.level_line(name, level) for level in offered]
        assert all(10 < len(line) <= 120 for line in lines), (name, lines)
        assert len(set(lines)) == len(lines)
    assert "Command & Control" in engine.level_line("fasa", "command")
    assert engine.level_line("fasa", "no-such-level") == ""
    with pytest.raises(KeyError):
        engine.game_title("no-such-game")
