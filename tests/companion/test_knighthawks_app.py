"""Star Frontiers Knight Hawks played through the whole app, as FASA's game is: a ruleset chosen by
its scenario's name, the Kestrel's crew at gpiozero MockFactory panels (Helm and Engineering of
the default pin map, and a Weapons panel a table adds in its own pin map, on a third expander),
the keyboard standing in for half the presses, seeded virtual dice (percentile rolls and hull
damage dice one d10 at a time), the bridge display under SDL's dummy driver, saves in a real
SQLite file; and the same game served to the station consoles. Nothing here names a Knight Hawks
module: the app knows only the kernel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.saves.saved_game import SavedGame, autopilot_action
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from engine import Seat, crew_stations, new_game, pending, state_to_json
from engine.dice import Die
from hardware.mcp23017_mock import mock_i2c
from hardware.pinmap import load_pinmap, parse_pinmap
from readouts.shown_roll import HOLD_SECONDS

SHIP = "scout-2"
WEAPONS_PANEL = '''
[expanders.mcp2]
chip = "mcp23017"
address = 0x22
bus = 1

[panels.weapons]
[panels.weapons.buttons]
select = "mcp2:A0"
up = "mcp2:A1"
down = "mcp2:A2"
confirm = "mcp2:A3"
[panels.weapons.leds]
green = "mcp2:B0"
red = "mcp2:B1"
[panels.weapons.keys]
"7" = "select"
"8" = "up"
"9" = "down"
"0" = "confirm"
'''


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def with_weapons_panel() -> Any:
    """The default pin map with a Weapons panel added, as a table writes its own file."""
    default = Path(load_pinmap().source).read_text(encoding="utf-8")
    return parse_pinmap(default + WEAPONS_PANEL, "pins-with-weapons.toml")


class KHRig:
    def __init__(self, tmp_path: Path, surface: Any, turns: int = 4, seed: int = 11) -> None:
        self.clock = Clock()
        self.store, _ = Store.open_folder(tmp_path)
        self.scenario = prepare(load_scenario("patrol", None), None, None, None, turns)
        state = new_game(self.scenario)
        ships = [str(s["id"]) for s in self.scenario["ships"]]
        seats = {f"{ship}/{st}": ("panel" if ship == SHIP else "autopilot")
                 for ship in ships for st in crew_stations(state, ship)}
        self.game = SavedGame.new(self.store, self.scenario, seed, seats)
        self.pins = with_weapons_panel()
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.said: list[str] = []
        table = Table({tuple(k.split("/")): v for k, v in seats.items()},  # type: ignore[misc]
                      self.pins, self.factory, None, surface, Seat("captain", SHIP), self.clock,
                      say=self.said.append)
        self.app = App(self.game, table)
        self.clock.t += 1.0   # past the lamp test
        self.step()

    def step(self) -> None:
        assert self.app.step()

    def settle(self) -> None:
        for _ in range(2000):
            if self.app.waiting_for_people() or self.game.over:
                return
            self.step()
        raise AssertionError("the autopilot never stopped")

    def panel_of(self, station: str) -> str:
        bridge = self.app.bridges[0]
        return next(n for n, st in bridge.stations.items() if st.model.seat.station == station)

    def pin(self, panel: str, button: str) -> Any:
        """The button's pin: on the Pi's header, or on an emulated expander (mcp2:A3)."""
        ref = self.pins.panels[panel].buttons[button]
        if ref.on_header:
            return self.factory.pin(ref.pin)
        spec = self.pins.expanders[ref.chip]
        return mock_i2c(self.factory, spec.bus).chip(spec.address).pin(str(ref.pin))

    def press(self, panel: str, button: str, long: bool = False) -> None:
        pin = self.pin(panel, button)
        pin.drive_low()
        self.clock.t += 0.03
        self.step()
        if long:
            self.clock.t += 0.9
            self.step()
        pin.drive_high()
        self.clock.t += 0.03
        self.step()

    def key(self, name: str) -> None:
        code = pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        self.step()
        self.clock.t += 0.03
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
        self.clock.t += 0.03
        self.step()


def play_prompt(rig: KHRig, keys: bool) -> tuple[str, Any]:
    """The Kestrel's crew makes the decision or roll in front of it at its panel: CONFIRM (a
    long press where it cannot be undone, as firing)."""
    prompt = next(p for p in pending(rig.game.state) if p.ship == SHIP)
    panel = rig.panel_of(prompt.station)
    rig.clock.t += HOLD_SECONDS + 0.5   # the crew reads the last roll's result held on screen
    rig.step()
    keymap = {b: k for k, b in rig.pins.panels[panel].keys.items()}
    before = len(rig.game.actions)
    if keys:
        rig.key(keymap["confirm"])
    else:
        rig.press(panel, "confirm")
    if len(rig.game.actions) == before:   # irreversible: a long press
        rig.press(panel, "confirm", long=True)
    assert len(rig.game.actions) > before, (prompt, rig.said[-3:])
    return prompt.action or "roll", prompt.roll


@pytest.mark.slow
def test_a_knight_hawks_game_at_the_panels_to_its_end(tmp_path: Path,
                                                      screen: pygame.Surface) -> None:
    rig = KHRig(tmp_path, screen)
    assert {rig.app.bridges[0].stations[p].model.seat.station
            for p in rig.app.bridges[0].stations} >= {"helm", "weapons", "engineer"}
    rig.settle()
    rig.app.display.draw(force=True)   # the crew's tabs are its ship's stations
    assert {"tab:helm", "tab:weapons", "tab:engineer"} <= {w.id for w in rig.app.display.widgets}
    done: list[str] = []
    rolls: list[Any] = []
    for n in range(400):
        rig.settle()
        if rig.game.over:
            break
        action, roll = play_prompt(rig, keys=n % 2 == 0)
        done.append(action)
        if roll is not None:
            rolls.append(roll)
    assert rig.game.over
    assert {"kh_move", "kh_fire", "roll"} <= set(done), done
    assert any(r.kind == Die.D100 for r in rolls)   # a percentile roll at a panel
    # the save holds every action and replays to what the display showed
    again = SavedGame.resume(rig.store, rig.game.id)
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in rig.game.actions]
    assert state_to_json(again.state) == state_to_json(rig.app.display.state)
    assert {"panel", "autopilot", "virtual"} <= set(again.by)
    assert again.scenario["ruleset"] == "knighthawks"
    # the display drew the game: its phase bar in the ruleset's words, the Knight Hawks tabs
    rig.app.display.draw(force=True)
    words = " ".join(t.text for t in rig.app.display.painter.texts)
    assert "TURN" in words and "Adv:" not in words and "GAME OVER" in words


def test_hull_damage_dice_at_a_panel_show_which_die_of_how_many(tmp_path: Path,
                                                                 screen: pygame.Surface) -> None:
    """A hull damage roll of several dice is rolled one die at a time at the Weapons panel (its
    CONFIRM rolls the virtual die); the display says which die of how many, the first, then the
    next."""
    store, _ = Store.open_folder(tmp_path)
    scenario = prepare(load_scenario("patrol", None), None, None, None, 12)
    upf = {str(s["id"]) for s in scenario["ships"] if s["side"] == "upf"}
    game = SavedGame.new(store, scenario, 3, {})
    for _ in range(5000):   # the autopilots play until a UPF gunner rolls hull damage dice
        prompt = pending(game.state)[0]
        if prompt.roll is not None and prompt.roll.dice == (1, 2) and prompt.ship in upf:
            break
        game.accept(autopilot_action(game, prompt), "autopilot")
    else:
        raise AssertionError("no UPF ship rolled hull damage dice")
    ship = str(prompt.ship)
    state = game.state
    seats = {(str(s["id"]), st): ("panel" if s["id"] == ship else "autopilot")
             for s in scenario["ships"] for st in crew_stations(state, str(s["id"]))}
    clock = Clock()
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    pins = with_weapons_panel()
    app = App(game, Table(seats, pins, factory, None, screen, Seat("captain", ship), clock,
                          say=lambda _l: None))
    try:
        clock.t += 1.0
        app.step()
        app.display.draw(force=True)
        words = " ".join(t.text for t in app.display.painter.texts)
        assert "DIE 1 OF 2" in words and "ROLL: WEAPONS" in words
        bridge = app.bridges[0]
        panel = next(n for n, st in bridge.stations.items() if st.model.seat.station == "weapons")
        ref = pins.panels[panel].buttons["confirm"]
        spec = pins.expanders[ref.chip]
        pin = mock_i2c(factory, spec.bus).chip(spec.address).pin(str(ref.pin))
        before = len(game.actions)
        pin.drive_low()
        clock.t += 0.05
        app.step()
        pin.drive_high()
        clock.t += 0.05
        app.step()
        assert len(game.actions) == before + 1 and game.by[-1] == "panel"
        assert getattr(game.actions[-1], "source", "") == "virtual"   # no tray: virtual dice
        nxt = pending(game.state)[0]
        assert nxt.roll is not None and nxt.roll.dice == (2, 2)
        app.display.draw(force=True)   # the first die's result is held, with no WHY? to open
        words = " ".join(t.text for t in app.display.painter.texts)
        assert "ROLLED" in words and "WHY?" not in words
        app.display.activate("result-ok")
        app.display.draw(force=True)
        assert "DIE 2 OF 2" in " ".join(t.text for t in app.display.painter.texts)
    finally:
        app.close()
        store.close()


@pytest.mark.slow
def test_play_chooses_knight_hawks_by_the_scenarios_name(
        capsys: Any, monkeypatch: Any, tmp_path: Path) -> None:
    """`starbridge play --scenario patrol`: the name picks the ruleset; headless, the autopilots
    play it to its end and the save lists it."""
    from companion.cli import main

    monkeypatch.setenv("STARBRIDGE_DATA", str(tmp_path / "data"))
    monkeypatch.delenv("STARBRIDGE_CONFIG", raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "cfg"))
    assert main(["play", "--scenario", "patrol", "--headless", "--autopilot", "--new",
                 "--turns", "2", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Patrol skirmish — knighthawks, seed 5, game 1"), out[:200]
    assert "Game over" in out and "basic rules" not in out
    assert main(["games"]) == 0
    assert "Patrol skirmish" in capsys.readouterr().out


def test_the_end_screen_offers_the_same_game_systems_scenarios_first() -> None:
    """The scenarios of the game just played come first on the end screen (FASA's six after a
    FASA game, Knight Hawks' two after one)."""
    from companion.table.table_setup import scenarios_on_offer

    after_kh = [sid for sid, _ in scenarios_on_offer(None, "knighthawks")]
    after_fasa = [sid for sid, _ in scenarios_on_offer(None, "fasa")]
    assert after_kh[:2] == ["fleet", "patrol"] and set(after_kh) == set(after_fasa)
    assert after_fasa[:6] == ["cestus-well", "duel", "kobayashi-maru", "raiders", "romulan-gambit",
                              "skirmish"]
