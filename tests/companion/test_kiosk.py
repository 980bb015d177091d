"""Kiosk mode driven at its edges: mocked pins, pygame events, a manual clock, a real store."""

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
from companion.table.kiosk import Kiosk, attract_seats
from companion.table.table_setup import new_scenario
from engine import Seat
from hardware.pinmap import load_pinmap


def seats_of(game: SavedGame, attract: bool) -> dict[tuple[str, str], str]:
    """The game's seats as the app keys them, in attract mode as the kiosk plays them."""
    seats = {(key.split("/", 1)[0], key.split("/", 1)[-1]): mode
             for key, mode in game.seats.items()}
    return attract_seats(seats) if attract else seats


class ManualClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def kiosk(tmp_path: Path, screen: pygame.Surface) -> Iterator[tuple[Kiosk, Any, ManualClock]]:
    config = parse_config({"game": {"scenario": "duel", "turns": 1},
                           "kiosk": {"enabled": True, "idle_minutes": 2,
                                     "attract_scenario": "duel", "attract_step_ms": 500}}, "t")
    store, _ = Store.open_folder(tmp_path)
    pins = load_pinmap()
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    clock = ManualClock()

    def make_table(game: SavedGame, attract: bool) -> Table:
        seats = seats_of(game, attract)
        return Table(seats, pins, factory, None, screen, Seat("captain", "enterprise"), clock,
                     step_s=0.5 if attract else 0.0, say=lambda _l: None,
                     exit_keys=config.exit_keys, exit_buttons=config.exit_buttons)

    args = argparse.Namespace(turns=None, scenario=None)
    k = Kiosk(config, store, screen, make_table,
              lambda name: new_scenario(config, args, None, name), clock)
    yield k, factory, clock
    k.close()
    factory.close()


@pytest.mark.slow
def test_attract_mode_plays_with_lights_alive_and_saves_nothing(
        kiosk: tuple[Kiosk, Any, ManualClock]) -> None:
    k, _, clock = kiosk
    assert k.mode == "attract" and k.app is not None
    lights_seen: set[tuple[str, str]] = set()
    for _ in range(20):
        clock.t += 0.5
        assert k.step()
        for bridge in k.app.bridges:
            for panel, levels in bridge.lit().items():
                lights_seen |= {(panel, role) for role, v in levels.items() if v > 0}
    assert len(k.app.game.actions) >= 18        # an action every half second
    assert k.app.game.store is None and k.store is not None and k.store.games() == []
    assert len({p for p, _ in lights_seen}) >= 3, lights_seen   # the panels follow the game


@pytest.mark.slow
def test_a_station_button_starts_a_crew_game_and_idling_returns_to_attract(
        kiosk: tuple[Kiosk, Any, ManualClock]) -> None:
    k, factory, clock = kiosk
    for _ in range(4):
        clock.t += 0.5
        k.step()
    pin = factory.pin(load_pinmap().panels["helm"].buttons["confirm"].pin)
    pin.drive_low()
    clock.t += 0.05
    k.step()
    pin.drive_high()
    clock.t += 0.05
    k.step()
    assert k.mode == "crew" and k.store is not None
    assert len(k.store.games()) == 1 and k.app is not None and k.app.game.store is k.store
    clock.t += 60
    k.step()
    assert k.mode == "crew"
    clock.t += 61      # two minutes with nobody touching anything
    k.step()
    assert k.mode == "attract"
    # the crew game stays saved, marked abandoned: the next start does not go back into it
    assert [g.status for g in k.store.games()] == ["abandoned"] and k.store.unfinished() is None


@pytest.mark.slow
def test_only_the_instructor_combination_leaves(kiosk: tuple[Kiosk, Any, ManualClock]) -> None:
    k, _, clock = kiosk
    for event in (pygame.event.Event(pygame.QUIT),
                  pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0)):
        pygame.event.post(event)
        clock.t += 0.1
        assert k.step()
    assert k.mode == "crew"    # Escape is a key: a crowd's press starts a game, never leaves
    assert k.store is not None and k.store.unfinished() is not None
    for key in (pygame.K_F1, pygame.K_F4):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    clock.t += 0.1
    assert k.step() is False
    # the crew game left on purpose is kept, but the next start does not resume it as after
    # a power cut
    assert k.store.unfinished() is None
    assert [g.status for g in k.store.games()] == ["abandoned"]


@pytest.mark.slow
def test_the_instructor_panel_buttons_held_together_leave(tmp_path: Path,
                                                          screen: pygame.Surface) -> None:
    """With the Instructor's panel on GPIO pins (a map of one's own), its select and confirm
    held together leave kiosk mode; either alone starts a crew game."""
    pin_file = tmp_path / "pins.toml"
    pin_file.write_text("""
[board]
factory = "mock"
[panels.helm.buttons]
select = "GPIO18"
confirm = "GPIO25"
[panels.helm.leds]
green = "GPIO12"
red = "GPIO16"
[panels.instructor.buttons]
select = "GPIO5"
confirm = "GPIO6"
[panels.instructor.leds]
green = "GPIO13"
red = "GPIO19"
""", encoding="utf-8")
    pins = load_pinmap(pin_file)
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    config = parse_config({"game": {"turns": 1}, "kiosk": {"enabled": True,
                                                          "attract_scenario": "duel"}}, "t")
    clock = ManualClock()

    def make_table(game: SavedGame, attract: bool) -> Table:
        seats = seats_of(game, attract)
        return Table(seats, pins, factory, None, screen, Seat("instructor"), clock,
                     step_s=0.5 if attract else 0.0, say=lambda _l: None,
                     exit_keys=config.exit_keys, exit_buttons=config.exit_buttons)

    k = Kiosk(config, None, screen, make_table,
              lambda name: new_scenario(config, argparse.Namespace(turns=None, scenario=None),
                                        None, name), clock)
    try:
        assert k.app is not None and any("instructor" in b.stations for b in k.app.bridges)
        select, confirm = factory.pin(5), factory.pin(6)
        select.drive_low()
        clock.t += 0.05
        assert k.step()
        assert k.mode == "crew"        # one button alone: a crew sat down
        select.drive_high()            # the crew game's panels are opened afresh (gpiozero's
        select.drive_low()             # mock pin forgets a hold when a Button is made on it)
        clock.t += 0.05
        assert k.step()
        confirm.drive_low()
        clock.t += 0.05
        assert k.step() is False
    finally:
        k.close()
        factory.close()
