"""A ruleset the app has never heard of plays at the table: the toy duel of tests/toy_ruleset,
registered at run time, played through the companion's App with the Red Kite's crew at panels
(gpiozero's MockFactory pins, pressed as a player would), the Blue Heron on the autopilot, and
virtual dice, with nothing in companion/, display/, hardware/ or firmware_bridge/ written for it.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from toy_ruleset import TOY, toy_registered

from companion.saves.saved_game import SavedGame
from companion.saves.store import Store
from companion.table.app import App, Table
from engine import Seat, crew_stations, new_game, pending, state_to_json, view
from hardware.pinmap import load_pinmap

SHIP = "kite"


@pytest.fixture(autouse=True)
def toy() -> Iterator[None]:
    with toy_registered():
        yield


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class ToyTable:
    """The app with the Kite's Helm and Engineering at mocked panels, the Heron on autopilot."""

    def __init__(self, tmp_path: Path, surface: Any = None) -> None:
        self.clock = Clock()
        self.store, _ = Store.open_folder(tmp_path)
        scenario = TOY.example_scenario()
        state = new_game(scenario)
        seats = {f"{ship}/{st}": ("panel" if ship == SHIP else "autopilot")
                 for ship in ("kite", "heron") for st in crew_stations(state, ship)}
        self.game = SavedGame.new(self.store, scenario, 3, seats)
        self.pins = load_pinmap()
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.said: list[str] = []
        table = Table({(k.split("/")[0], k.split("/")[1]): v for k, v in seats.items()},
                      self.pins, self.factory, None, surface, Seat("helm", SHIP), self.clock,
                      say=self.said.append)
        self.app = App(self.game, table)
        self.tick(1.0)   # past the lamp test

    def tick(self, s: float = 0.03) -> None:
        self.clock.t += s
        assert self.app.step()

    def panel_of(self, station: str) -> str:
        bridge = self.app.bridges[0]
        return next(n for n, st in bridge.stations.items() if st.model.seat.station == station)

    def press(self, panel: str, button: str, long: bool = False) -> None:
        pin = self.factory.pin(self.pins.panels[panel].buttons[button].pin)
        pin.drive_low()
        self.tick()
        if long:
            self.tick(0.9)
        pin.drive_high()
        self.tick()

    def settle(self) -> None:
        for _ in range(200):
            if self.game.over or self.app.waiting_for_people():
                return
            self.tick()
        raise AssertionError("the autopilot never stopped")

    def play(self) -> list[str]:
        """The Kite's crew answer every prompt at their panels until the game ends."""
        done: list[str] = []
        for _ in range(100):
            self.settle()
            if self.game.over:
                return done
            prompt = next(p for p in pending(self.game.state) if p.ship == SHIP)
            panel = self.panel_of(prompt.station)
            self.tick(0.5)
            before = len(self.game.actions)
            if prompt.action == "toy_plot":
                self.press(panel, "up")      # from "hold" to the next move
            self.press(panel, "confirm")
            if len(self.game.actions) == before:   # firing is irreversible: a long press
                self.press(panel, "confirm", long=True)
            assert len(self.game.actions) > before, self.app.messages[-3:]
            done.append(prompt.action)
        raise AssertionError("the game never ended")


@pytest.mark.slow
def test_the_toy_duel_plays_at_panels_against_the_autopilot_and_is_saved(
        tmp_path: Path) -> None:
    rig = ToyTable(tmp_path)
    assert [b.stations[n].model.seat for b in rig.app.bridges for n in b.stations] == \
        [Seat("helm", SHIP), Seat("engineer", SHIP)]
    done = rig.play()
    assert {"toy_plot", "toy_fire", "roll"} <= set(done)
    state: Any = rig.game.state
    assert state.over and state.outcome
    # every decision of the Kite came from its panels, the Heron's from the autopilot
    by = dict(zip(rig.game.actions, rig.game.by, strict=True))
    kite = [a for a in rig.game.actions if getattr(a, "ship", None) == SHIP]
    assert kite and all(by[a] == "panel" for a in kite)
    assert any(b == "autopilot" for b in rig.game.by)
    # the save replays to the same game
    again = SavedGame.resume(rig.store, rig.game.id)
    assert state_to_json(again.state) == state_to_json(state)
    # the Kite's crew never saw the Heron's energy
    heron = next(s for s in view(state, Seat("helm", SHIP))["ships"] if s["id"] == "heron")
    assert "energy" not in heron


@pytest.mark.slow
def test_the_toy_duel_plays_on_the_bridge_display(tmp_path: Path,
                                                   screen: pygame.Surface) -> None:
    """The same game with the bridge display drawing it (SDL's dummy driver): the display
    draws a ruleset it does not know from the kernel's view alone."""
    rig = ToyTable(tmp_path, screen)
    rig.play()
    assert rig.game.over
    assert rig.app.display is not None
    pygame.image.save(screen, str(tmp_path / "toy.png"))


def test_the_app_s_commands_find_the_toy_by_name(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    """`starbridge scenarios` lists the toy's scenario and `simulate --ruleset toy` plays it
    headless, the ruleset found by name through the kernel's registry."""
    from companion.cli import main
    from engine.ruleset import Stocked
    assert isinstance(TOY, Stocked)
    assert main(["scenarios"]) == 0
    assert "toy-duel" in capsys.readouterr().out
    assert main(["simulate", "--ruleset", "toy", "--games", "3"]) == 0
    out = capsys.readouterr().out
    assert "Toy duel: 3 games" in out
