"""`play` plays a scenario at its own level unless the table names one (--level, the game offered
on screen, or [game] level in the configuration), and the briefing names the variant it plays:
the Well of Cestus III is written for Battlestations! at the expert level."""

from __future__ import annotations

import argparse

from companion.settings.config import Config, parse_config
from companion.table.table_setup import new_scenario
from display.draw_attract import rules_line


def _args(**given: object) -> argparse.Namespace:
    return argparse.Namespace(**{"turns": None, "level": None, "scenario": "cestus-well",
                                 "crew_size": None, "head_to_head": None, "variant": None,
                                 **given})


def test_play_honours_the_scenarios_own_level_unless_the_table_names_one() -> None:
    assert new_scenario(Config(), _args(), None)["level"] == "expert"
    assert new_scenario(Config(), _args(level="advanced"), None)["level"] == "advanced"
    named = parse_config({"game": {"level": "command"}}, "starbridge.toml")
    assert named.names("game.level") and not Config().names("game.level")
    assert new_scenario(named, _args(), None)["level"] == "command"
    # a scenario that names no level plays the configuration's default, as before
    assert new_scenario(Config(), _args(scenario="duel"), None)["level"] == "command"


def test_the_briefing_names_the_variant_it_plays() -> None:
    line = rules_line(new_scenario(Config(), _args(), None))
    assert line.startswith("Battlestations! over the expert rules. Book Two, Expert:"), line
    assert rules_line(new_scenario(Config(), _args(scenario="duel"), None)).startswith(
        "Command rules. ")
