"""The away team played through the whole app, as the starship games are: the ruleset found by its
scenario's name, the Instructor's election on his screen (the bridge display under SDL's dummy
driver), Ens. Galloway at a gpiozero MockFactory Helm panel (the keyboard standing in for half
the presses), the Klingons and Lt. Giotto on the autopilot, seeded virtual dice, a real SQLite
save; and `simulate --ruleset strpg` playing both packaged fights to their end. Nothing here
names a module of the ruleset: the app knows only the kernel."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.cli import main
from companion.saves.saved_game import SavedGame
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from engine import Seat, crew_stations, new_game, pending, state_to_json
from engine.stations import INSTRUCTOR
from hardware.pinmap import load_pinmap

SHIP = "galloway"


class Clock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


class Rig:
    def __init__(self, tmp_path: Path, surface: Any) -> None:
        self.clock = Clock()
        self.store, _ = Store.open_folder(tmp_path)
        self.scenario = prepare(load_scenario("corridor", None), None, None, None, 3)
        state = new_game(self.scenario)
        ships = [str(s["id"]) for s in self.scenario["ships"]]
        seats = {f"{ship}/{st}": ("panel" if ship == SHIP else "autopilot")
                 for ship in ships for st in crew_stations(state, ship)}
        seats["/instructor"] = "touch"   # the Instructor decides at his screen
        self.game = SavedGame.new(self.store, self.scenario, 4, seats)
        self.pins = load_pinmap()
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.said: list[str] = []
        table = Table({tuple(k.split("/")): v for k, v in seats.items()},  # type: ignore[misc]
                      self.pins, self.factory, None, surface, Seat(INSTRUCTOR), self.clock,
                      say=self.said.append)
        self.app = App(self.game, table)
        self.clock.t += 1.0   # past the lamp test
        self.step()

    def step(self) -> None:
        assert self.app.step()

    def settle(self) -> None:
        for _ in range(3000):
            if self.app.waiting_for_people() or self.game.over:
                return
            self.step()
        raise AssertionError("the autopilot never stopped")

    def panel(self) -> str:
        bridge = next(b for b in self.app.bridges if b.ship == SHIP)
        return next(n for n, st in bridge.stations.items() if st.model.seat.station == "helm")

    def press(self, button: str, long: bool = False) -> None:
        pin = self.factory.pin(self.pins.panels[self.panel()].buttons[button].pin)
        pin.drive_low()
        self.clock.t += 0.03
        self.step()
        if long:
            self.clock.t += 0.9
            self.step()
        pin.drive_high()
        self.clock.t += 0.03
        self.step()

    def key(self, button: str) -> None:
        name = next(k for k, b in self.pins.panels[self.panel()].keys.items() if b == button)
        code = pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        self.step()
        self.clock.t += 0.03
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
        self.clock.t += 0.03
        self.step()


def test_the_corridor_fight_at_the_table_to_its_end(tmp_path: Path,
                                                    screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    rig.settle()
    (first,) = pending(rig.game.state)
    assert first.station == INSTRUCTOR and first.ship is None   # the Instructor's election
    display = rig.app.display
    for _ in range(4):   # the choices, a page at a time where they do not all fit
        display.draw(force=True)
        if "pick:order:characters/once" in {w.id for w in display.widgets}:
            break
        display.activate("next:order")
    display.activate("pick:order:characters/once")
    display.activate("confirm")
    rig.step()
    assert rig.game.actions[0].to_json() == {"type": "rpg_order", "station": "instructor",
                                             "method": "characters", "when": "once"}
    moved = False
    for n in range(600):
        rig.settle()
        if rig.game.over:
            break
        prompt = next(p for p in pending(rig.game.state) if p.ship == SHIP)
        before = len(rig.game.actions)
        rig.clock.t += 0.5
        rig.step()
        if prompt.action == "rpg_choose" and not moved and \
                not rig.game.state.group:   # type: ignore[attr-defined]
            rig.press("up")   # from WAIT to MOVE
        (rig.key if n % 2 else rig.press)("confirm")
        if len(rig.game.actions) == before:   # irreversible: a long press
            rig.press("confirm", long=True)
        assert len(rig.game.actions) > before, (prompt, rig.said[-3:])
        moved = moved or any(getattr(a, "type_name", "") == "rpg_do" and a.station == "helm"
                             for a in rig.game.actions[before:])
    assert rig.game.over
    assert moved, "the Helm panel never moved Galloway"
    by = set(rig.game.by)
    assert {"panel", "touch", "autopilot", "virtual"} <= by
    again = SavedGame.resume(rig.store, rig.game.id)
    assert state_to_json(again.state) == state_to_json(rig.app.display.state)
    assert again.scenario["ruleset"] == "strpg"
    display.draw(force=True)
    words = " ".join(t.text for t in display.painter.texts)
    assert "GAME OVER" in words


@pytest.mark.parametrize("scenario", ["boarding", "ambush"])
def test_simulate_plays_each_fight_to_its_end(scenario: str,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--ruleset", "strpg", "--scenario", scenario, "--seed", "2"]) == 0
    out = capsys.readouterr().out
    assert "Game over: " in out and " actions" in out.splitlines()[-1]


def test_a_bare_name_finds_the_away_team(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scenarios"]) == 0
    listed = capsys.readouterr().out
    assert {"ambush", "boarding", "corridor"} <= {line.split()[0] for line in
                                                  listed.splitlines() if line.strip()}


@pytest.mark.slow
def test_play_ruleset_plays_the_away_team_headless(capsys: pytest.CaptureFixture[str]) -> None:
    """`play --ruleset strpg` plays the ruleset's first scenario (the configuration's duel is
    FASA's), or the one `--scenario` names."""
    args = ["play", "--ruleset", "strpg", "--headless", "--autopilot", "--no-save", "--new",
            "--seed", "3"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "Ambush at the ford" in out and "Game over: " in out
    assert main([*args, "--scenario", "corridor", "--turns", "1"]) == 0
    assert "Corridor" in capsys.readouterr().out


def test_play_ruleset_refuses_what_it_has_not_in_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--ruleset", "strpg", "--scenario", "duel", "--headless"]) == 2
    assert "no strpg scenario 'duel'; scenarios: ambush, boarding, corridor" in \
        capsys.readouterr().err
    assert main(["play", "--ruleset", "nope", "--headless"]) == 2
    assert "invalid choice: 'nope'" in capsys.readouterr().err


def test_the_ruleset_s_scenario_for_play() -> None:
    from companion.session import ruleset_scenario
    assert ruleset_scenario("strpg", None, "duel", None) == "strpg:ambush"
    assert ruleset_scenario("strpg", None, "boarding", None) == "strpg:boarding"
    assert ruleset_scenario("strpg", "strpg:corridor", "duel", None) == "strpg:corridor"
    assert ruleset_scenario("fasa", None, "duel", None) == "fasa:duel"
    with pytest.raises(Exception, match="no strpg scenario 'fasa:duel'"):
        ruleset_scenario("strpg", "fasa:duel", "duel", None)


@pytest.mark.slow
def test_two_characters_at_panels_share_crew_one(tmp_path: Path, screen: pygame.Surface) -> None:
    """Kirk at the Captain's panel and Spock at Science's are both crew 1's panels (a character
    has one station); Kang at the Captain's panel too would be crew 2's, which the default map
    has not: he is said to play elsewhere."""
    store, _ = Store.open_folder(tmp_path)
    scenario = prepare(load_scenario("boarding", None), None, None, None, 3)
    state = new_game(scenario)
    people = {"kirk", "spock", "kang"}
    seats = {f"{ship}/{st}": ("panel" if ship in people else "autopilot")
             for ship in (str(s["id"]) for s in scenario["ships"])
             for st in crew_stations(state, ship)}
    game = SavedGame.new(store, scenario, 4, seats)
    said: list[str] = []
    table = Table({tuple(k.split("/")): v for k, v in seats.items()},  # type: ignore[misc]
                  load_pinmap(), MockFactory(revision="d04170", pin_class=MockPWMPin), None,
                  screen, Seat(INSTRUCTOR), Clock(), say=said.append)
    app = App(game, table)
    try:
        opened = {b.ship: (b.crew, sorted(b.stations), b.missing) for b in app.bridges}
        assert opened["kirk"] == (1, ["captain"], ())
        assert opened["spock"] == (1, ["science"], ())
        assert opened["kang"][0] == 2 and opened["kang"][2] == ("captain",)
        assert any("Kang" in line or "kang" in line for line in said), said
    finally:
        app.close()
