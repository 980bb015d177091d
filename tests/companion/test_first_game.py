"""A new table's first game: `play` with nothing naming the scenario or level offers the game on
the screen first (the game systems, the levels with a line each, the scenario with its goal,
KEYS), then opens it with a briefing before turn 1 at every level; a game resumed has none."""

from __future__ import annotations

import argparse
import tomllib
from pathlib import Path

import pygame
import pytest
from test_app import Rig

from companion.saves.store import Store
from companion.settings.config import parse_config
from companion.table.first_game import asks_first_game, config_sets, offer_first_game
from companion.table.table_setup import choose_game


def args(**kw: object) -> argparse.Namespace:
    base = {"scenario": None, "level": None, "autopilot": False, "new": True, "resume": None,
            "seed": 3, "turns": None, "crew": None, "crew_size": None, "head_to_head": None,
            "no_save": False}
    return argparse.Namespace(**{**base, **kw})


def test_the_game_is_offered_only_when_nothing_names_it() -> None:
    plain = parse_config({}, "t")
    assert asks_first_game(args(), plain, headless=False)
    assert not asks_first_game(args(), plain, headless=True)
    assert not asks_first_game(args(scenario="skirmish"), plain, headless=False)
    assert not asks_first_game(args(level="advanced"), plain, headless=False)
    assert not asks_first_game(args(autopilot=True), plain, headless=False)
    text = '[game]\nlevel = "expert"\n'
    named = parse_config(tomllib.loads(text), "f.toml", text)
    assert config_sets(named, "game", "level") and not config_sets(named, "game", "scenario")
    assert not asks_first_game(args(), named, headless=False)


def post_keys(*keys: int) -> None:
    for k in keys:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0))


def test_the_chooser_on_the_screen_tells_the_game_chosen(screen: pygame.Surface) -> None:
    post_keys(pygame.K_DOWN, pygame.K_RETURN)   # the next level down the list, then START
    assert offer_first_game(parse_config({}, "t"), None, max_frames=50) == \
        "scenario:duel@advanced"
    post_keys(pygame.K_ESCAPE)
    assert offer_first_game(parse_config({}, "t"), None, max_frames=50) is None


def test_play_starts_the_game_chosen_on_the_screen(tmp_path: Path,
                                                   screen: pygame.Surface) -> None:
    store, _ = Store.open_folder(tmp_path)
    post_keys(pygame.K_RIGHT, pygame.K_RETURN)   # the next scenario, at the basic level
    game = choose_game(args(), parse_config({}, "t"), store, None, False, lambda _l: None)
    assert game is not None and game.scenario["level"] == "basic"
    assert game.scenario["id"] != "duel" and game.scenario["ruleset"] == "fasa"
    leaving = args()
    post_keys(pygame.K_ESCAPE)
    assert choose_game(leaving, parse_config({}, "t"), store, None, False,
                       lambda _l: None) is None
    assert leaving.left   # nothing to play, nothing wrong: `play` ends with 0
    named = choose_game(args(scenario="skirmish", level="expert"), parse_config({}, "t"), store,
                        None, False, lambda _l: None)
    assert named is not None and named.scenario["level"] == "expert"   # no chooser: as named


def words(rig: Rig) -> str:
    rig.app.display.draw(force=True)
    return " ".join(t.text for t in rig.app.display.painter.texts)


def test_a_new_game_opens_with_its_briefing_until_the_first_input(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    text = words(rig)
    assert "YOUR MISSION" in text and "Basic rules." in text and "KEYS" in text
    assert "Press anything to begin." in text
    post_keys(pygame.K_TAB)   # a key of the screen's: the briefing goes, the bridge is there
    rig.step()
    assert "YOUR MISSION" not in words(rig)
    rig.app.close()


@pytest.mark.parametrize("level", ["advanced", "command"])
def test_the_briefing_is_given_at_every_level_and_not_to_a_game_resumed(
        tmp_path: Path, screen: pygame.Surface, level: str) -> None:
    from companion.saves.saved_game import SavedGame
    from companion.session import load_scenario, prepare
    from companion.table.app import App, Table
    from engine import Seat

    store, _ = Store.open_folder(tmp_path)
    scenario = prepare(load_scenario("duel", None), None, level, None, 2)
    game = SavedGame.new(store, scenario, 5, {})
    table = Table({}, surface=screen, display_seat=Seat("instructor"), say=lambda _l: None)
    app = App(game, table)
    app.display.draw(force=True)
    text = " ".join(t.text for t in app.display.painter.texts)
    assert "YOUR MISSION" in text and f"{level.capitalize()} rules." in text
    for _ in range(5):
        app.step()   # the autopilots play a few actions
    assert game.actions
    again = App(SavedGame.resume(store, game.id), Table({}, surface=screen,
                                                        display_seat=Seat("instructor"),
                                                        say=lambda _l: None))
    again.display.draw(force=True)
    assert "YOUR MISSION" not in " ".join(t.text for t in again.display.painter.texts)
    app.close()
    again.close()
