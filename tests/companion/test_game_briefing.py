"""The briefing a new game opens with, drawn at 800x480 as `starbridge play` on a PC shows it
(keys standing in for the panels, their lights strip under the map): what a crew needs to begin
is on the screen at every level, the story and the rules' line giving way first."""

from __future__ import annotations

import pygame
import pytest

from companion.session import load_scenario, prepare
from companion.table.game_briefing import Briefing
from display.bridge_display import BridgeDisplay
from display.keys_sheet import PanelKeys
from engine import Seat, new_game

STATIONS = ("captain", "engineer", "helm", "science")


@pytest.mark.slow
@pytest.mark.parametrize("level", ["basic", "advanced", "expert", "command"])
def test_the_briefing_always_says_how_to_begin(level: str) -> None:
    pygame.font.init()
    game = prepare(load_scenario("duel", None), None, level, None, 3)
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("captain", "enterprise"), lambda _: None)
    d.show(new_game(game))
    d.show_lights({st: {"green": 0.0} for st in STATIONS})
    d.show_keys(tuple(PanelKeys(st, st, (("q", "select"),)) for st in STATIONS))
    Briefing().open(d, game, {f"enterprise/{st}": "panel" for st in STATIONS}, 0.0)
    d.draw(force=True)
    shown = " ".join(t.text for t in d.painter.texts)
    for words in ("YOUR MISSION", "You are the crew of USS Enterprise", "Press anything to "
                  "begin."):
        assert words in shown, (level, words)
