"""The half-impulse referee at the table: two players, the Lyran (the Tiger) and the Romulan (the
Regalhawk) of the seed's Brief Replay (seed 003, lines 354-471), each at a Captain's panel of the
two-crew pin map on gpiozero's MockFactory (crew 1's keys stand in for half the presses), the
Instructor's bridge display under SDL's dummy driver, virtual dice for the roll-off, saves in a
real SQLite file. A whole turn is walked through: each player's light is lit when he may act
("anyone" lights both), the display shows the step, the movement chart and the map, the
Instructor takes an announcement back, and the save replays. Nothing here names a module of the
referee: the app knows only the kernel."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.saves.saved_game import SavedGame
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from engine import Seat, pending, state_to_json, view
from hardware.mcp23017_mock import mock_i2c
from hardware.pinmap import load_pinmap

PINS = Path(__file__).resolve().parents[2] / "hardware" / "data" / "two_crews_pins.toml"
PLAYERS = ("tiger", "regalhawk")


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class Rig:
    """The replay's two players at their Captains' panels, the Instructor at the display."""

    def __init__(self, tmp_path: Path, surface: pygame.Surface) -> None:
        self.clock = Clock()
        self.store, _ = Store.open_folder(tmp_path)
        self.scenario = prepare(load_scenario("replay", None), None, None, None, 1)
        seats = {f"{p}/captain": "panel" for p in PLAYERS}
        self.game = SavedGame.new(self.store, self.scenario, 4, seats)
        self.pins = load_pinmap(PINS)
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.said: list[str] = []
        table = Table({(p, "captain"): "panel" for p in PLAYERS}, self.pins, self.factory,
                      None, surface, Seat("instructor"), self.clock, say=self.said.append)
        self.app = App(self.game, table)
        self.clock.t += 1.0   # past the lamp test
        self.app.step()

    def close(self) -> None:
        self.app.close()
        self.store.close()

    def settle(self) -> None:
        for _ in range(50):
            self.clock.t += 0.3
            self.app.step()
            if self.app.waiting_for_people() or self.game.over:
                return
        raise AssertionError("the table never came to a person")

    def panel_of(self, player: str) -> str:
        for bridge in self.app.bridges:
            for name, st in bridge.stations.items():
                if st.model.seat.ship == player:
                    return name
        raise KeyError(player)

    def levels(self, player: str) -> dict[str, float]:
        panel = self.panel_of(player)
        return next(b.lit() for b in self.app.bridges if panel in b.stations)[panel]

    def lit(self, player: str) -> bool:
        """Whether the player's "your move" light (the green leg) is lit, or his status light
        shows the red "alert" over it (a unit of his was fired on: the first press clears it)."""
        levels = self.levels(player)
        alert = any(st.model.alert for b in self.app.bridges for st in b.stations.values()
                    if st.model.seat.ship == player)
        return levels.get("green", 0.0) > 0.5 or (alert and levels.get("red", 0.0) > 0.5)

    def dark(self, player: str) -> bool:
        """His "your move" light is off."""
        return self.levels(player).get("green", 0.0) < 0.5

    def pin(self, panel: str, button: str) -> Any:
        ref = self.pins.panels[panel].buttons[button]
        if ref.on_header:
            return self.factory.pin(ref.pin)
        spec = self.pins.expanders[ref.chip]
        return mock_i2c(self.factory, spec.bus).chip(spec.address).pin(str(ref.pin))

    def press(self, player: str, button: str = "confirm") -> None:
        pin = self.pin(self.panel_of(player), button)
        pin.drive_low()
        self.clock.t += 0.03
        self.app.step()
        pin.drive_high()
        self.clock.t += 0.03
        self.app.step()

    def key(self, name: str, mod: int = 0) -> None:
        code = pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod))
        self.app.step()
        self.clock.t += 0.03
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=mod))
        self.clock.t += 0.03
        self.app.step()

    def words(self) -> str:
        assert self.app.display is not None
        self.app.display.draw(force=True)
        return " ".join(t.text for t in self.app.display.painter.texts)


@pytest.fixture
def rig(tmp_path: Path, screen: pygame.Surface) -> Iterator[Rig]:
    r = Rig(tmp_path, screen)
    try:
        yield r
    finally:
        r.close()


@pytest.mark.slow
def test_a_turn_of_the_brief_replay_at_two_panels(rig: Rig) -> None:
    g = rig.game
    rig.settle()
    # Step 2, Announce speeds: no note, every player is asked: both lights are lit
    assert {p.ship for p in pending(g.state)} == set(PLAYERS)
    assert rig.lit("tiger") and rig.lit("regalhawk")
    words = rig.words()
    assert "Step 2" in words and "Announce speeds" in words
    rig.key("g")                                  # crew 1's key for its Captain's confirm
    rig.settle()
    assert rig.dark("tiger") and rig.lit("regalhawk")
    rig.press("regalhawk")
    rig.settle()
    # the Tiger moves first, its player alone is lit; the display shows the chart and step
    (p,) = pending(g.state)
    assert p.ship == "tiger" and p.what.startswith("move Tiger one space (space 1 of 4")
    assert rig.lit("tiger") and rig.dark("regalhawk")
    words = rig.words()
    assert "Order of movement · First Phase · ships" in words
    assert "8 Tiger (4) now 0/4" in words and "6 Regalhawk (3)" in words
    assert "Phase 1 · speed 8" in words and "Tiger" in words
    rig.press("tiger", "up")                      # ahead -> turn port
    rig.press("tiger")
    rig.settle()
    assert g.actions[-1].to_json()["moves"] == [{"unit": "tiger", "way": "P", "facing": -1}]
    answered: list[tuple[str, str]] = []
    undone = fired = dropped = False
    for _ in range(400):
        rig.settle()
        if g.over:
            break
        (p, *_) = pending(g.state)
        player = str(p.ship)
        seen_ = view(g.state, Seat("instructor"))
        assert rig.lit(player), (player, p.what)
        if p.roll is None and "(moving player" in p.what:
            other = next(x for x in PLAYERS if x != player)
            assert rig.dark(other), p.what   # only the moving player's light
        if not fired and player == "regalhawk" and "(response" in p.what \
                and "direct fire" in p.what:
            rig.press(player, "up")              # hold fire -> at Tiger
            rig.press(player)
            fired = True
            assert g.actions[-1].to_json()["target"] == "tiger"
            if not undone:                       # the Instructor takes it back: Ctrl+Z
                before = len(g.actions)
                rig.key("z", pygame.KMOD_CTRL)
                assert len(g.actions) == before - 1
                undone, fired = True, False
            continue
        if not dropped and player == "tiger" and p.what.startswith("Launch shuttles") \
                and seen_["phase"] == 2 and seen_["moving_units"] == ["tiger"] \
                and next(u for u in seen_["units"] if u["id"] == "tiger")["moved"] == 3:
            for _ in range(2):                   # the replay's two PFs, one at a time
                rig.press(player, "up")
                rig.press(player)
            dropped = True
        answered.append((player, p.what.split(" (")[0]))
        rig.press(player)
    assert g.over and undone and fired and dropped
    assert ("regalhawk", "Launch plasma torpedos") in answered
    assert any(w.startswith("Roll-off") for _, w in answered)   # Speed Zero's roll-off
    # the PFs moved at speed 5 in the Second Phase, after the Regalhawk (lines 410-447)
    assert rig.app.display is not None
    texts = [e.text for _, e in rig.app.display.history]
    assert "Second Phase, speed 5: PF 1, PF 2 (Lyran) moves 3 spaces" in texts
    # the save holds every action and replays to what the display showed
    again = SavedGame.resume(rig.store, g.id)
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in g.actions]
    assert state_to_json(again.state) == state_to_json(rig.app.display.state)
    assert again.scenario["ruleset"] == "halfimpulse" and "panel" in again.by
