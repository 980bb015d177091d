"""The end of a game at the table: the end screen offers a rematch, another scenario and quit,
and says the game is saved; the app and `starbridge play` start the next game from it."""

from __future__ import annotations

import argparse
from pathlib import Path

import pygame
import pytest

from companion.saves.saved_game import SavedGame
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from companion.settings.config import parse_config
from companion.table.app import App, Table
from companion.table.first_game import game_offer
from companion.table.table_setup import next_game
from engine import Seat, crew_stations, new_game


def finished(tmp_path: Path, screen: pygame.Surface) -> tuple[App, Store]:
    """A one-turn duel the autopilots play to its end, on the Instructor's screen."""
    store, _ = Store.open_folder(tmp_path)
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1)
    state = new_game(scenario)
    seats = {f"{ship}/{st}": "autopilot" for ship in ("enterprise", "kronos")
             for st in crew_stations(state, ship)}
    game = SavedGame.new(store, scenario, 5, seats)
    table = Table({tuple(k.split("/")): v for k, v in seats.items()},  # type: ignore[misc]
                  surface=screen, display_seat=Seat("instructor"), say=lambda _l: None,
                  offered=lambda: game_offer(None),
                  current=("fasa", "duel", "basic"))
    app = App(game, table)
    for _ in range(2000):
        if game.over:
            break
        app.step()
    assert game.over
    app.step()
    return app, store


def tap(app: App, wid: str) -> None:
    w = next(w for w in app.display.widgets if w.id == wid)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=w.rect.center))


@pytest.mark.slow
def test_the_end_screen_offers_the_next_game_and_says_it_is_saved(
        tmp_path: Path, screen: pygame.Surface) -> None:
    app, store = finished(tmp_path, screen)
    app.display.draw(force=True)
    ids = {w.id for w in app.display.widgets}
    assert {"end:rematch", "end:scenarios", "end:quit"} <= ids
    texts = " ".join(t.text for t in app.display.painter.texts)
    assert f"saved as game {app.game.id}" in texts
    assert "end:scenario:duel@advanced" in ids   # the next level up, of the same scenario
    assert "NEXT LEVEL: ADVANCED" in texts
    tap(app, "end:scenarios")
    assert app.step()
    app.display.draw(force=True)
    words = " ".join(t.text for t in app.display.painter.texts)
    assert "STAR FRONTIERS" in words and "Knight Hawks" in words   # which are Knight Hawks
    ids = {w.id for w in app.display.widgets}
    assert {"offer-level:basic", "offer-level:command", "offer-system:knighthawks",
            "offer-back", "offer-start"} <= ids
    # another scenario than the one just played: the one after the duel in FASA's order
    mine = [sc.id for sc in game_offer(None).of("fasa")]
    assert f"THE SCENARIO · {mine.index('duel') + 2} OF {len(mine)}" in words
    tap(app, "offer-level:expert")
    assert app.step()
    app.display.draw(force=True)
    tap(app, "offer-start")
    assert app.step() is False and app.next_game.endswith("@expert")
    assert app.next_game != "scenario:duel@expert"
    config = parse_config({}, "t")
    args = argparse.Namespace(turns=None, scenario=None, level=None, autopilot=False)
    nxt = next_game(app.game, app.next_game, config, args, None)
    assert nxt.scenario["level"] == "expert" and nxt.scenario["id"] != "duel"
    assert nxt.store is store and nxt.id != app.game.id


@pytest.mark.slow
def test_rematch_plays_the_same_scenario_and_seats_again(
        tmp_path: Path, screen: pygame.Surface) -> None:
    app, store = finished(tmp_path, screen)
    app.display.draw(force=True)
    tap(app, "end:rematch")
    assert app.step() is False and app.next_game == "rematch"
    nxt = next_game(app.game, "rematch", parse_config({}, "t"),
                    argparse.Namespace(turns=None, scenario=None, autopilot=False), None)
    assert nxt.scenario == app.game.scenario and nxt.seats == app.game.seats
    assert len(store.games()) == 2 and not nxt.over


@pytest.mark.slow
def test_escape_on_the_end_screen_leaves_at_once(tmp_path: Path,
                                                 screen: pygame.Surface) -> None:
    app, _ = finished(tmp_path, screen)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert app.step() is False and app.next_game is None


@pytest.mark.slow
def test_quit_leaves(tmp_path: Path, screen: pygame.Surface) -> None:
    app, _ = finished(tmp_path, screen)
    app.display.draw(force=True)
    tap(app, "end:quit")
    assert app.step() is False and app.next_game == "quit"


@pytest.mark.slow
def test_play_goes_on_to_the_game_chosen_at_the_end(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`starbridge play`'s loop: a rematch chosen on the end screen is played on the same
    screen and saved as a new game; quit then ends the run."""
    import companion.table.table_setup as table_setup

    choices = iter(["rematch", "quit"])
    apps: list[App] = []

    class Choosing(App):   # the crew taps the end screen as soon as it shows
        def step(self) -> bool:
            if not apps or apps[-1] is not self:
                apps.append(self)
            if self.game.over and self.next_game is None:
                self.endgame.activate(next(choices))
            return super().step()

    monkeypatch.setattr(table_setup, "App", Choosing)
    store, _ = Store.open_folder(tmp_path)
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1)
    game = SavedGame.new(store, scenario, 5, {})
    args = argparse.Namespace(autopilot=True, turns=None, scenario=None, level=None,
                              window=False)
    said: list[str] = []
    try:
        assert table_setup.play_game(game, args, parse_config({}, "t"), False, said.append) == 0
    finally:
        pygame.display.quit()
    assert len(apps) == 2 and apps[1].game.scenario == scenario and apps[1].game.over
    assert [g.status for g in store.games()] == ["over", "over"]
    assert any(line.startswith(f"starbridge: game {apps[1].game.id} started") for line in said)
