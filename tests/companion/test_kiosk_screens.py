"""What the kiosk shows and tells: the invitation in attract mode, the briefing when a crew sits
down, the countdown before an idle crew's game is left, the end screen's next game, and the
journal lines an operator reads (stderr under systemd). Mocked pins, pygame events under SDL's
dummy driver, a manual clock, a real store."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.saves.saved_game import SavedGame
from companion.saves.store import Store
from companion.settings.config import parse_config
from companion.table.app import Table
from companion.table.first_game import game_offer
from companion.table.kiosk import Kiosk, attract_seats
from companion.table.table_setup import new_scenario
from display.draw_attract import ATTRACT, BRIEFING, COUNTDOWN, INVITE
from engine import Seat
from hardware.pinmap import load_pinmap


class ManualClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


class Rig:
    def __init__(self, tmp_path: Path, screen: pygame.Surface) -> None:
        self.config = parse_config({"game": {"scenario": "duel", "turns": 1},
                                    "kiosk": {"enabled": True, "idle_minutes": 2,
                                              "attract_scenario": "duel",
                                              "attract_step_ms": 500}}, "t")
        self.store, _ = Store.open_folder(tmp_path)
        pins = load_pinmap()
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.clock = ManualClock()
        self.said: list[str] = []
        config = self.config

        def make_table(game: SavedGame, attract: bool) -> Table:
            seats = {(k.split("/", 1)[0], k.split("/", 1)[-1]): m for k, m in game.seats.items()}
            return Table(attract_seats(seats) if attract else seats, pins, self.factory, None,
                         screen, Seat("captain", "enterprise"), self.clock,
                         step_s=0.5 if attract else 0.0, say=lambda _l: None,
                         exit_keys=config.exit_keys, exit_buttons=config.exit_buttons,
                         offered=lambda: game_offer(None),
                         current=("fasa", "duel", ""))

        args = argparse.Namespace(turns=None, scenario=None)
        self.k = Kiosk(config, self.store, screen, make_table,
                       lambda name: new_scenario(config, args, None, name), self.clock,
                       self.said.append)

    def step(self, dt: float = 0.1, n: int = 1) -> None:
        for _ in range(n):
            self.clock.t += dt
            assert self.k.step()

    def texts(self) -> str:
        app = self.k.app
        assert app is not None and app.display is not None
        app.display.draw(force=True)
        return " ".join(t.text for t in app.display.painter.texts)

    def tap(self, pos: tuple[int, int] = (100, 100)) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos,
                                             touch=False))


@pytest.fixture
def rig(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Rig]:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    screen = pygame.display.set_mode((800, 480))
    pygame.event.clear()
    r = Rig(tmp_path, screen)
    yield r
    r.k.close()
    r.factory.close()
    pygame.display.quit()


@pytest.mark.slow
def test_attract_mode_invites_a_crew_rather_than_showing_an_idle_panel(rig: Rig) -> None:
    rig.step(0.5, 4)
    assert rig.k.screen.mode == ATTRACT
    shown = rig.texts()
    assert "STARBRIDGE" in shown and "Star Trek" in shown
    assert "PRESS ANY BUTTON" in shown and "TAKE THE BRIDGE" in shown
    assert INVITE.split()[0] in shown
    app = rig.k.app
    assert app is not None and app.display is not None
    # the invitation covers the station panel: what it drew is on top of "Nothing to do now"
    lay = app.display.layout
    panel = pygame.Rect(lay.panel)
    on_panel = [t for t in app.display.painter.texts if panel.contains(t.rect)]
    assert on_panel and on_panel[-1].region == "panel" and \
        any("PRESS" in t.text or "autopilot" in t.text for t in on_panel[-6:])


@pytest.mark.slow
def test_a_crew_sitting_down_is_briefed_until_its_first_press(rig: Rig) -> None:
    rig.step(0.5, 2)
    rig.tap((600, 300))   # on the invitation: a crew game, and nothing pressed beneath
    rig.step()
    assert rig.k.mode == "crew"
    rig.step()
    assert rig.k.screen.mode == BRIEFING
    shown = rig.texts()
    for words in ("YOUR MISSION", "Duel at the Neutral Zone",
                  "You are the crew of USS Enterprise (Federation)", "Engineering",
                  "lights green", "Press anything to begin"):
        assert words in shown, words
    rig.tap((100, 200))
    rig.step()
    rig.step()
    assert rig.k.screen.mode is None
    assert "YOUR MISSION" not in rig.texts()
    app = rig.k.app
    assert app is not None and app.game.store is rig.store
    assert rig.said == [f"starbridge: kiosk: crew game {app.game.id} started: "
                        f"Duel at the Neutral Zone"]


@pytest.mark.slow
def test_an_idle_crew_sees_a_countdown_before_its_game_is_left(rig: Rig) -> None:
    rig.tap()
    rig.step()
    rig.tap()
    rig.step()              # the briefing closed: the crew is playing
    app = rig.k.app
    assert app is not None
    rig.clock.t = app.last_input + 50.5
    rig.step(0)
    assert rig.k.screen.mode is None   # 50 s of 120: no word yet
    rig.clock.t = app.last_input + 61.5
    rig.step(0)
    assert rig.k.screen.mode == COUNTDOWN   # the last minute is counted down
    assert "THIS GAME IS LEFT IN 59 s" in rig.texts()
    rig.clock.t = app.last_input + 110.5
    rig.step(0)
    assert "THIS GAME IS LEFT IN 10 s" in rig.texts()
    rig.tap()               # somebody is there after all
    rig.step()
    assert rig.k.screen.mode is None and rig.k.mode == "crew"
    rig.clock.t += 121
    rig.step(0)
    assert rig.k.mode == "attract"
    assert rig.said[-1].startswith(f"starbridge: kiosk: crew game {app.game.id} abandoned: "
                                   f"no input for 2 minutes")


def test_the_instructor_combination_is_written_to_the_journal(rig: Rig) -> None:
    rig.step()
    for key in (pygame.K_F1, pygame.K_F4):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    rig.clock.t += 0.1
    assert rig.k.step() is False
    assert rig.said[-1].startswith("starbridge: kiosk: left with the Instructor's combination "
                                   "(f1+f4")


def test_the_combination_pressed_a_key_at_a_time_leaves_attract_mode(rig: Rig) -> None:
    """F1 then F4 in separate frames, as a hand presses them: the first starts no crew game
    (which would be left `playing` and resumed at the next start), the second leaves."""
    rig.step()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
    rig.step()
    assert rig.k.mode == "attract"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=0))
    rig.clock.t += 0.1
    assert rig.k.step() is False
    assert rig.store.games() == []
    assert "left with the Instructor's combination" in rig.said[-1]


@pytest.mark.slow
def test_a_key_held_into_a_new_game_still_counts_for_the_combination(rig: Rig) -> None:
    rig.tap()
    rig.step()
    assert rig.k.mode == "crew"
    app = rig.k.app
    assert app is not None
    app.next_game = "rematch"   # a new game starts while the Instructor holds F1
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0))
    rig.step()
    assert rig.k.app is not app and rig.k.app is not None and "f1" in rig.k.app.held
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F4, mod=0))
    rig.clock.t += 0.1
    assert rig.k.step() is False


def finish(rig: Rig) -> Any:
    rig.tap()
    rig.step()
    app = rig.k.app
    assert app is not None
    for _ in range(3000):   # the autopilots stand in for the crew
        if app.game.over:
            break
        app.table.seats = {k: "autopilot" for k in app.table.seats}
        rig.step(0.01)
    assert app.game.over
    rig.step()
    return app


@pytest.mark.slow
def test_the_end_screen_offers_a_rematch_in_the_kiosk_too(rig: Rig) -> None:
    app = finish(rig)
    shown = rig.texts()
    assert f"saved as game {app.game.id}" in shown and "REMATCH" in shown
    assert "The demonstration returns in" in shown and "LEAVE THE BRIDGE" in shown
    assert rig.said[-1].startswith(f"starbridge: kiosk: crew game {app.game.id} over: ")
    w = next(w for w in app.display.widgets if w.id == "end:rematch")
    rig.tap(w.rect.center)
    rig.step()
    assert rig.k.mode == "crew" and rig.k.app is not app
    assert rig.k.app is not None and rig.k.app.game.scenario == app.game.scenario
    assert rig.said[-1] == (f"starbridge: kiosk: crew game {rig.k.app.game.id} started: "
                            f"Duel at the Neutral Zone")
    assert len(rig.store.games()) == 2


@pytest.mark.slow
def test_leaving_the_bridge_at_the_end_returns_to_the_demonstration(rig: Rig) -> None:
    app = finish(rig)
    rig.texts()
    w = next(w for w in app.display.widgets if w.id == "end:quit")
    rig.tap(w.rect.center)
    rig.step()
    assert rig.k.mode == "attract"
