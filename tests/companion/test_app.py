"""The whole app driven at its edges: gpiozero's MockFactory pins and pygame key and mouse events
for the crew, seeded virtual dice, the display under SDL's dummy driver, saves in a real SQLite
file. Everything between (panels, engine, store, display) runs for real."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.saves.saved_game import SavedGame
from companion.saves.store import ABANDONED, Store
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from engine import Seat, crew_stations, new_game, pending, state_to_json
from engine.log import replay
from hardware.pinmap import load_pinmap

SHIP = "enterprise"


class ManualClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t

    def advance(self, s: float) -> None:
        self.t += s


class Rig:
    """The app at a table: Enterprise's crew at mocked panels, Kronos on the autopilot."""

    def __init__(self, tmp_path: Path, surface: Any, turns: int = 1, dice: Any = None) -> None:
        self.clock = ManualClock()
        self.store, _ = Store.open_folder(tmp_path)
        scenario = prepare(load_scenario("duel", None), None, "basic", None, turns)
        state = new_game(scenario)
        seats = {f"{ship}/{st}": ("panel" if ship == SHIP else "autopilot")
                 for ship in ("enterprise", "kronos") for st in crew_stations(state, ship)}
        self.game = SavedGame.new(self.store, scenario, 5, seats)
        self.pins = load_pinmap()
        self.factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.said: list[str] = []
        table = Table({tuple(k.split("/")): v for k, v in seats.items()},  # type: ignore[misc]
                      self.pins, self.factory, dice, surface, Seat("captain", SHIP), self.clock,
                      say=self.said.append, dice_wait=0.05)
        self.app = App(self.game, table)
        self.clock.advance(1.0)   # past the lamp test
        self.step()

    def step(self, n: int = 1) -> None:
        for _ in range(n):
            assert self.app.step()

    def settle(self) -> None:
        """Let the autopilot act until a person must."""
        for _ in range(500):
            if self.app.waiting_for_people() or self.game.over:
                return
            self.step()
        raise AssertionError("the autopilot never stopped")

    def press(self, panel: str, button: str, long: bool = False) -> None:
        pin = self.factory.pin(self.pins.panels[panel].buttons[button].pin)
        pin.drive_low()
        self.clock.advance(0.03)
        self.step()
        if long:
            self.clock.advance(0.9)
            self.step()
        pin.drive_high()
        self.clock.advance(0.03)
        self.step()

    def key(self, name: str) -> None:
        code = pygame.key.key_code(name)
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0))
        self.step()
        self.clock.advance(0.03)
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0))
        self.clock.advance(0.03)
        self.step()

    def panel_of(self, station: str) -> str:
        bridge = self.app.bridges[0]
        return next(n for n, st in bridge.stations.items() if st.model.seat.station == station)

    def green(self, panel: str) -> float:
        return self.app.bridges[0].lit()[panel].get("green", 0.0)


def play_prompt(rig: Rig, keys: bool = False) -> str:
    """A crew member makes the decision in front of them at their panel (a few presses)."""
    prompt = next(p for p in pending(rig.game.state) if p.ship == SHIP)
    panel = rig.panel_of(prompt.station)
    rig.clock.advance(0.5)    # past a "not now" flash of the press before
    rig.step()
    alert = rig.app.bridges[0].stations[panel].model.alert   # red until a press there
    if prompt.roll is None and not alert:   # (a roll blinks amber)
        assert rig.green(panel) > 0, f"{panel} must show 'your move'"
    keymap = {b: k for k, b in rig.pins.panels[panel].keys.items()}
    push = (lambda b: rig.key(keymap[b])) if keys and "confirm" in keymap else \
        (lambda b: rig.press(panel, b))
    before = len(rig.game.actions)
    if prompt.roll is None and prompt.action in ("allocate_power", "move"):
        for _ in range(3):
            push("up")
    push("confirm")
    if len(rig.game.actions) == before:   # firing is a long press
        rig.press(panel, "confirm", long=True)
    assert len(rig.game.actions) > before, rig.app.messages[-3:]
    return prompt.action or "roll"


@pytest.mark.slow
def test_a_whole_turn_at_the_panels_is_saved_and_shown(tmp_path: Path,
                                                        screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    done = []
    for n in range(200):
        rig.settle()
        if rig.game.over:
            break
        done.append(play_prompt(rig, keys=n % 2 == 0))
    assert rig.game.over
    assert {"allocate_power", "arm_weapons", "set_shields", "move", "roll"} <= set(done), done
    # everything accepted is in the SQLite file, and replays to what was shown
    again = SavedGame.resume(rig.store, rig.game.id)
    assert [a.to_json() for a in again.actions] == [a.to_json() for a in rig.game.actions]
    assert state_to_json(again.state) == state_to_json(rig.app.display.state)
    assert set(again.by) >= {"panel", "autopilot", "virtual"}
    assert rig.app.display.frames_drawn > 10
    pygame.image.save(screen, str(tmp_path / "app.png"))
    assert (tmp_path / "app.png").stat().st_size > 5000


@pytest.mark.slow
def test_a_tap_on_a_die_face_answers_the_roll(tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    for _ in range(100):
        rig.settle()
        prompt = next(p for p in pending(rig.game.state) if p.ship == SHIP)
        if prompt.roll is not None:
            break
        play_prompt(rig)
    else:
        raise AssertionError("no roll came to the Enterprise")
    rig.step(2)   # drawn, so its buttons can be tapped
    face = next(w for w in rig.app.display.widgets if w.id == "die:7")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=face.rect.center,
                                         touch=False))
    n = len(rig.game.actions)
    rig.step()
    assert rig.game.by[n] == "manual", rig.app.messages
    assert rig.game.actions[n].to_json()["value"] == 7


def test_undo_from_the_display_replays_the_shortened_log(tmp_path: Path,
                                                         screen: pygame.Surface) -> None:
    from display.bridge_display import Request

    rig = Rig(tmp_path, screen)
    rig.settle()
    play_prompt(rig)   # the Engineer allocates power
    rig.settle()
    n = len(rig.game.actions)
    person = max(i for i, b in enumerate(rig.game.by) if b == "panel")
    rig.app.outputs.put(Request("undo"))
    rig.app.step()
    assert rig.store.undos(rig.game.id) == [(person, "last action", n - person)]
    assert any(p.ship == SHIP and p.station == "engineer" for p in pending(rig.game.state))
    assert state_to_json(rig.game.state) == state_to_json(
        replay(rig.game.scenario, rig.game.actions))
    assert state_to_json(rig.app.display.state) == state_to_json(rig.game.state)


@pytest.mark.slow
def test_escape_asks_first_then_leaves_and_the_game_stays_saved(
        tmp_path: Path, screen: pygame.Surface) -> None:
    rig = Rig(tmp_path, screen)
    rig.settle()
    play_prompt(rig)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert rig.app.step() is True    # once: a word first, nothing left
    said = rig.app.display.message or ""
    assert "Escape again" in said and f"saved as game {rig.game.id}" in said
    rig.clock.advance(10)            # too long after: asks again
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert rig.app.step() is True
    rig.clock.advance(1)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    assert rig.app.step() is False
    # kept whole, but left on purpose: the next start does not take it for a power cut
    assert rig.store.unfinished() is None and rig.store.status(rig.game.id) == ABANDONED
    assert len(rig.store.load(rig.game.id).actions) == len(rig.game.actions)


@pytest.mark.slow
def test_headless_autopilots_play_every_seat(tmp_path: Path) -> None:
    store, _ = Store.open_folder(tmp_path)
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 1)
    game = SavedGame.new(store, scenario, 9, {})
    lines: list[str] = []
    app = App(game, Table({}, report=lambda ev: lines.extend(e.text for e in ev)))
    for _ in range(1000):
        if game.over:
            break
        app.step()
    assert game.over and lines
    assert len(SavedGame.resume(store, game.id).actions) == len(game.actions)


@pytest.mark.slow
def test_the_dice_tray_answers_the_crew_s_rolls(tmp_path: Path, screen: pygame.Surface) -> None:
    """The dice emulator on a pseudo-terminal, read by the real link thread: its rolls answer
    the Enterprise's roll requests and are saved with the tray's detail."""
    import time

    from firmware_bridge.bridge import DiceBridge
    from firmware_bridge.emulator import TrayEmulator
    from firmware_bridge.router import config_from_dict

    dev = tmp_path / "tray"
    with TrayEmulator(link_path=dev, seed=3) as tray:
        config = config_from_dict({"fallback": "virtual", "trays": [
            {"id": "tray-1", "url": str(dev), "seats": ["enterprise/captain", "enterprise/helm",
                                                        "enterprise/science"]}]})
        with DiceBridge(config, heartbeat_timeout=60) as dice:   # a busy CI machine is slow
            rig = Rig(tmp_path, screen, turns=3, dice=dice)
            deadline = time.monotonic() + 60
            while rig.app.dice_status() != "tray connected":
                assert time.monotonic() < deadline, "the tray never said HELLO"
                rig.step()
            faces = iter([17, 20, 4, 9, 11, 2, 13, 6])
            tray_rolls = 0
            while tray_rolls < 2:
                rig.settle()
                assert not rig.game.over, f"the game ended after {tray_rolls} tray roll(s)"
                prompt = next(p for p in pending(rig.game.state) if p.ship == SHIP)
                if prompt.roll is None or prompt.station not in ("captain", "helm", "science"):
                    play_prompt(rig)   # a seat the tray does not serve rolls virtual dice
                    continue
                n = len(rig.game.actions)
                rig.press(rig.panel_of(prompt.station), "confirm")   # "roll the tray", not virtual
                assert len(rig.game.actions) == n, (prompt, rig.game.by[n:], rig.app.messages[-2:])
                face = next(faces)
                tray.roll(face)
                while len(rig.game.actions) == n:
                    assert time.monotonic() < deadline, "the tray's roll never arrived"
                    rig.step()
                saved = rig.game.actions[n].to_json()
                assert rig.game.by[n] == "tray" and saved["source"] == "tray"
                assert saved["value"] == (face - 1) % 10 + 1 and saved["detail"].startswith("tray-1#")
                tray_rolls += 1
            assert rig.app.display.dice_status == "tray connected"
            again = SavedGame.resume(rig.store, rig.game.id)
            assert [a.to_json() for a in again.actions] == [a.to_json() for a in rig.game.actions]
            # Unplugged: the display says so and the alert light of every seat it serves is on.
            captain = rig.app.bridges[0].stations[rig.panel_of("captain")]
            captain.model.alert = False
            tray.unplug()
            while rig.app.dice_status() != "tray lost":
                assert time.monotonic() < deadline + 30, "the unplugged tray was never lost"
                rig.step()
            rig.step()
            assert captain.model.alert
            assert rig.app.bridges[0].lit()[rig.panel_of("captain")].get("red", 0.0) > 0
            assert rig.app.display.dice_status == "tray lost"


@pytest.mark.slow
def test_the_displays_phase_undo_takes_back_the_phase(tmp_path: Path,
                                                      screen: pygame.Surface) -> None:
    from display.bridge_display import Request

    rig = Rig(tmp_path, screen)
    for _ in range(4):
        rig.settle()
        play_prompt(rig)
    rig.settle()
    n = len(rig.game.actions)
    rig.app.outputs.put(Request("undo-phase"))
    rig.app.step()
    ((back_to, why, taken),) = rig.store.undos(rig.game.id)
    assert why == "phase" and back_to + taken == n and taken > 1
    assert state_to_json(rig.game.state) == state_to_json(
        replay(rig.game.scenario, rig.game.actions))


@pytest.mark.slow
def test_ctrl_shift_z_takes_back_the_phase(tmp_path: Path, screen: pygame.Surface) -> None:
    from companion.saves.saved_game import phase_key

    rig = Rig(tmp_path, screen)
    for _ in range(4):
        rig.settle()
        play_prompt(rig)
    rig.settle()
    n = len(rig.game.actions)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z,
                                         mod=pygame.KMOD_LCTRL | pygame.KMOD_LSHIFT))
    rig.app.step()
    ((back_to, why, taken),) = rig.store.undos(rig.game.id)
    assert why == "phase" and back_to + taken == n
    kept = rig.game.actions[:back_to]
    start = phase_key(replay(rig.game.scenario, kept))
    assert start != phase_key(replay(rig.game.scenario, kept[:-1]))   # a phase's first moment
