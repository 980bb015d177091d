"""Two crews facing each other on one Pi, no Instructor: the app opens one bridge per ship on
one MockFactory with the two-crew pin map, each crew's buttons and keys reaching its own ship.
With a map of one crew, the second ship's stations are said once to play elsewhere."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.saves.saved_game import SavedGame
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from engine import Seat, crew_stations, new_game
from hardware.mcp23017_mock import mock_i2c
from hardware.pinmap import PinMap, PinRef, example_path, load_pinmap

SHIPS = ("enterprise", "kronos")


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class Rig:
    """Every station of both ships played at panels; the display only when `surface`."""

    def __init__(self, tmp_path: Path, pins: PinMap, surface: Any = None) -> None:
        self.clock, self.pins = Clock(), pins
        self.store, _ = Store.open_folder(tmp_path)
        scenario = prepare(load_scenario("duel", None), None, "basic", None, 1)
        state = new_game(scenario)
        seats = {f"{ship}/{st}": "panel" for ship in SHIPS for st in crew_stations(state, ship)}
        self.game = SavedGame.new(self.store, scenario, 5, seats)
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.said: list[str] = []
        table = Table({tuple(k.split("/")): v for k, v in seats.items()},  # type: ignore[misc]
                      pins, self.factory, None, surface, Seat("captain", SHIPS[0]), self.clock,
                      say=self.said.append)
        self.app = App(self.game, table)
        self.clock.t += 1.0
        self.app.step()

    def pin(self, ref: PinRef) -> Any:
        if ref.on_header:
            return self.factory.pin(ref.pin)
        exp = self.pins.expanders[ref.chip]
        return mock_i2c(self.factory, exp.bus).chip(exp.address).pin(str(ref.pin))

    def press(self, panel: str, button: str) -> None:
        pin = self.pin(self.pins.panels[panel].buttons[button])
        pin.drive_low()
        self.clock.t += 0.03
        self.app.step()
        pin.drive_high()
        self.clock.t += 0.03
        self.app.step()

    def green(self, panel: str) -> int:
        return int(self.pin(self.pins.panels[panel].leds["green"].pin).state > 0)

    def allocated(self, ship: str) -> bool:
        return any(a.to_json()["type"] == "allocate_power" and a.to_json().get("ship") == ship
                   for a in self.game.actions)

    def close(self) -> None:
        self.app.close()
        self.factory.close()
        self.store.close()


@pytest.mark.slow
def test_two_crews_press_their_own_ships_buttons_and_see_their_own_lights(
        tmp_path: Path) -> None:
    rig = Rig(tmp_path, load_pinmap(example_path()))
    try:
        assert rig.said == []                      # no pin busy, no station left out
        crews = {b.ship: b.crew for b in rig.app.bridges}
        assert crews == {"enterprise": 1, "kronos": 2}
        assert (rig.green("engineer"), rig.green("engineer2")) == (1, 1)
        rig.press("engineer2", "confirm")          # crew 2, on the expander mcp2
        assert rig.allocated("kronos") and not rig.allocated("enterprise")
        assert (rig.green("engineer"), rig.green("engineer2")) == (1, 0)
        assert (rig.green("helm"), rig.green("helm2")) == (0, 1)
        rig.press("engineer", "confirm")           # crew 1, on the header
        assert rig.allocated("enterprise")
        assert (rig.green("engineer"), rig.green("helm")) == (0, 1)
        assert all(by == "panel" for by in rig.game.by)
    finally:
        rig.close()


@pytest.mark.slow
def test_each_crews_keys_reach_its_own_ship(tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, load_pinmap(example_path()), screen)
    try:
        for name, ship in (("[6]", "kronos"), ("e", "enterprise")):   # the engineers' confirm
            code = pygame.key.key_code(name)
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
            rig.clock.t += 0.03
            rig.app.step()
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
            rig.clock.t += 0.03
            rig.app.step()
            assert rig.allocated(ship), name
    finally:
        rig.close()


@pytest.mark.slow
def test_with_one_crew_in_the_map_the_second_ship_plays_elsewhere(tmp_path: Path) -> None:
    rig = Rig(tmp_path, load_pinmap())
    try:
        missing = [s for s in rig.said if s.startswith("no panel")]
        assert missing == [f"no panel in {rig.pins.source} for kronos's crew (crew 2: the map "
                           "has panels for crew 1 only): captain, engineer, helm, science "
                           "(those stations play on the touchscreen or the keyboard)"]
        assert not [s for s in rig.said if "in use" in s]
        rig.press("engineer", "confirm")
        assert rig.allocated("enterprise") and not rig.allocated("kronos")
    finally:
        rig.close()
