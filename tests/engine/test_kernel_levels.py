"""A ruleset's levels come through the kernel (`engine.levels`, `engine.level_notice`): FASA's
as its state module lists them, and none for a ruleset without levels."""

from __future__ import annotations

import pytest

import engine
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
