"""The Instructor's END GAME button on the INSTR tab (display/ruling_panel.py): the ruling of
Book Two, Command & Control, seed line 1453, taken with a second tap of CONFIRM as the
self-destruct order is, through pygame's dummy video driver."""

from __future__ import annotations

from pathlib import Path

import pygame

import engine
from companion.session import load_scenario, prepare
from display.bridge_display import BridgeDisplay, Output
from engine import Seat
from engine.rulesets.fasa.command.ruling import EndGame

COMMAND = {**prepare(load_scenario("duel", None), None, "command", None, 3), "id": "duel-cc"}


def instructor(screen: pygame.Surface, scenario: dict[str, object] = COMMAND
               ) -> tuple[BridgeDisplay, list[Output]]:
    out: list[Output] = []
    d = BridgeDisplay(screen, Seat("instructor"), out.append)
    d.show(engine.new_game(scenario))
    d.activate("tab:instructor")
    d.frame()
    return d, out


def ids(d: BridgeDisplay) -> set[str]:
    return {w.id for w in d.widgets}


def test_end_game_opens_the_ruling_in_the_overviews_place_and_confirm_is_tapped_twice(
        screen: pygame.Surface, tmp_path: Path) -> None:
    d, out = instructor(screen)
    assert "end-game" in ids(d) and "confirm" not in ids(d)   # the overview, and its button
    pygame.image.save(screen, str(tmp_path / "endgame-overview-800x480.png"))   # to look at
    d.activate("end-game")
    d.frame()
    assert "confirm" in ids(d) and any(i.startswith("pick:winner:") for i in ids(d))
    pygame.image.save(screen, str(tmp_path / "endgame-ruling-800x480.png"))
    d.activate("pick:winner:Federation")
    d.activate("pick:kind:decisive victory")
    d.activate("pick:reason:the goal is met")
    d.activate("confirm")
    assert out == [] and d.message   # armed: nothing is sent on the first tap
    d.activate("confirm")
    assert out == [EndGame("instructor", "Federation", "decisive victory", "the goal is met")]


def test_overview_takes_the_ruling_away(screen: pygame.Surface) -> None:
    d, _ = instructor(screen)
    d.activate("end-game")
    d.frame()
    d.activate("end-game")
    d.frame()
    assert "confirm" not in ids(d) and "end-game" in ids(d)


def test_at_the_basic_level_too_the_instructor_has_end_game(screen: pygame.Surface) -> None:
    d, _ = instructor(screen, prepare(load_scenario("duel", None), None, "basic", None, 3))
    assert "end-game" in ids(d)
