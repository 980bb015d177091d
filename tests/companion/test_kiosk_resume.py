"""A kiosk restarted after a crash or power cut goes straight back into its crew game; one it
left idle, or that ended, it does not. A real save file, MockFactory pins, a manual clock, and
a child process killed with SIGKILL."""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.saves.saved_game import SavedGame
from companion.saves.store import ABANDONED, DAMAGED, OVER, PLAYING, Store
from companion.settings.config import parse_config
from companion.table.app import Table
from companion.table.kiosk import Kiosk, attract_seats
from companion.table.table_setup import choose_game, new_scenario
from engine import Seat, state_to_json
from engine.log import replay
from hardware.pinmap import load_pinmap

HERE = Path(__file__).parent


class ManualClock:
    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


def make_kiosk(folder: Path, surface: Any, clock: Callable[[], float], said: list[str],
               turns: int = 2) -> tuple[Kiosk, Store, Any]:
    """A kiosk on the save file in `folder`; its crew games are played by the autopilots (the
    crew's moves do not matter here, only that actions are accepted and saved)."""
    config = parse_config({"game": {"scenario": "duel", "level": "basic", "turns": turns,
                                    "seed": 4},
                           "seats": {"default": "autopilot"},
                           "kiosk": {"enabled": True, "idle_minutes": 2,
                                     "attract_scenario": "duel", "attract_step_ms": 500}}, "t")
    store, _ = Store.open_folder(folder)
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    pins = load_pinmap()

    def make_table(game: SavedGame, attract: bool) -> Table:
        seats = {(k.split("/", 1)[0], k.split("/", 1)[1]): m for k, m in game.seats.items()}
        return Table(attract_seats(seats) if attract else seats, pins, factory, None, surface,
                     Seat("instructor"), clock, step_s=0.5 if attract else 0.0,
                     say=lambda _l: None, exit_keys=config.exit_keys,
                     exit_buttons=config.exit_buttons)

    args = argparse.Namespace(turns=None, scenario=None)
    kiosk = Kiosk(config, store, surface, make_table,
                  lambda name: new_scenario(config, args, None, name), clock, said.append)
    return kiosk, store, factory


@pytest.fixture
def screen(monkeypatch: pytest.MonkeyPatch) -> Iterator[pygame.Surface]:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode((800, 480))
    pygame.event.clear()
    yield surface
    pygame.display.quit()


def crew_game(k: Kiosk, clock: ManualClock, actions: int) -> SavedGame:
    """A tap starts a crew game (as a crew sitting down would); it plays `actions` actions."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(100, 100),
                                         touch=False))
    clock.t += 0.1
    assert k.step()
    assert k.mode == "crew" and k.app is not None
    game = k.app.game
    while len(game.actions) < actions and not game.over:
        clock.t += 0.1
        assert k.step()
    return game


@pytest.mark.slow
def test_after_a_power_cut_the_kiosk_is_back_in_the_crew_game(tmp_path: Path,
                                                             screen: pygame.Surface) -> None:
    clock, said = ManualClock(), []
    k, _, factory = make_kiosk(tmp_path, screen, clock, said)
    game = crew_game(k, clock, 17)
    shown = (game.id, [a.to_json() for a in game.actions], state_to_json(game.state))
    assert said == [f"starbridge: kiosk: crew game {game.id} started: Duel at the Neutral Zone"]
    said.clear()
    # the power goes: nothing is closed, the objects are simply gone
    del k
    factory.close()   # (only so that the new kiosk's mock can have the same pins)
    again, store2, factory2 = make_kiosk(tmp_path, screen, ManualClock(), said)
    try:
        assert again.mode == "crew" and again.app is not None
        resumed = again.app.game
        assert (resumed.id, [a.to_json() for a in resumed.actions],
                state_to_json(resumed.state)) == shown
        assert resumed.store is store2 and store2.status(resumed.id) == PLAYING
        (line,) = said
        assert line.startswith(f"starbridge: kiosk: resuming crew game {game.id} ") and \
            "after 17 actions" in line
        n = len(resumed.actions)
        for _ in range(5):
            again.step()
        assert len(resumed.actions) > n   # and it plays on, saved as before
        assert len(store2.load(resumed.id).actions) == len(resumed.actions)
    finally:
        again.close()
        factory2.close()


@pytest.mark.slow
def test_a_crew_game_left_idle_is_abandoned_and_not_resumed(tmp_path: Path,
                                                            screen: pygame.Surface) -> None:
    clock, said = ManualClock(), []
    k, store, factory = make_kiosk(tmp_path, screen, clock, said)
    game = crew_game(k, clock, 5)
    clock.t += 2 * 60 + 1   # two minutes with nobody touching anything
    k.step()
    assert k.mode == "attract" and store.status(game.id) == ABANDONED
    assert store.unfinished() is None
    # the journal says what happened to the crew game, for the operator
    assert said[0] == f"starbridge: kiosk: crew game {game.id} started: Duel at the Neutral Zone"
    assert said[1].startswith(f"starbridge: kiosk: crew game {game.id} abandoned: no input for "
                              f"2 minutes (") and said[1].endswith("back to attract mode")
    assert len(said) == 2
    said.clear()
    k.close()
    factory.close()
    again, store2, factory2 = make_kiosk(tmp_path, screen, ManualClock(), said)
    assert again.mode == "attract" and said == []
    again.close()
    factory2.close()
    # still there to be gone on with, by its number only; then it is unfinished again
    args = argparse.Namespace(resume=game.id, new=False, seed=None, turns=None, scenario=None,
                              autopilot=False)
    lines: list[str] = []
    got = choose_game(args, parse_config({}, "t"), store2, None, True, lines.append)
    assert got is not None and got.id == game.id and len(got.actions) == len(game.actions)
    assert store2.status(game.id) == PLAYING and store2.unfinished() is not None
    store2.close()


@pytest.mark.slow
def test_a_finished_game_is_not_resumed(tmp_path: Path, screen: pygame.Surface) -> None:
    clock, said = ManualClock(), []
    k, store, factory = make_kiosk(tmp_path, screen, clock, said, turns=1)
    game = crew_game(k, clock, 10_000)
    assert game.over and store.status(game.id) == OVER
    assert said[-1].startswith(f"starbridge: kiosk: crew game {game.id} over: ")
    said.clear()
    del k
    factory.close()
    again, store2, factory2 = make_kiosk(tmp_path, screen, ManualClock(), said)
    assert again.mode == "attract" and said == []
    again.close()
    factory2.close()
    # over, but the power went before its status was written: still not resumed, and put right
    store2.set_status(game.id, PLAYING)
    third, store3, factory3 = make_kiosk(tmp_path, screen, ManualClock(), said)
    assert third.mode == "attract" and store3.status(game.id) == OVER and said == []
    third.close()
    factory3.close()


@pytest.mark.slow
def test_a_damaged_crew_game_is_kept_and_the_kiosk_starts_in_attract(
        tmp_path: Path, screen: pygame.Surface) -> None:
    clock, said = ManualClock(), []
    k, store, factory = make_kiosk(tmp_path, screen, clock, said)
    game = crew_game(k, clock, 6)
    said.clear()
    del k
    factory.close()
    store.db.execute("UPDATE actions SET line = replace(line, '\"ship\"', '\"shop\"') "
                     "WHERE game = ? AND seq = 1", (game.id,))
    again, store2, factory2 = make_kiosk(tmp_path, screen, ManualClock(), said)
    try:
        assert again.mode == "attract"
        (line,) = said
        assert f"crew game {game.id} cannot be resumed" in line
        assert store2.status(game.id) == DAMAGED and store2.unfinished() is None
    finally:
        again.close()
        factory2.close()


CHILD = """
import os, sys
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
sys.path.insert(0, {here!r})
from pathlib import Path
import pygame
from test_kiosk_resume import ManualClock, make_kiosk
pygame.display.init()
pygame.font.init()
k, store, factory = make_kiosk(Path({folder!r}), pygame.display.set_mode((800, 480)),
                               ManualClock(), [])
k.start_crew()
game = k.app.game
told = 0
while not game.over:
    k.step()
    if len(game.actions) > told:   # saved, and now shown
        told = len(game.actions)
        print(game.id, told, flush=True)
        sys.stdin.read(1)          # the parent says when to go on
"""


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_kiosk_killed_mid_game_resumes_at_its_last_shown_action(
        tmp_path: Path, screen: pygame.Surface) -> None:
    child = subprocess.Popen([sys.executable, "-c", CHILD.format(here=str(HERE),
                                                                 folder=str(tmp_path))],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                             env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert child.stdin is not None and child.stdout is not None
    last = ""
    try:
        for n in range(12):
            last = child.stdout.readline().strip()
            assert last, "the child stopped before the kill"
            if n < 11:
                child.stdin.write("g")
                child.stdin.flush()
        child.stdin.write("g")   # and the kill lands while it plays its next action, or after
        child.stdin.flush()
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
    assert child.returncode == -signal.SIGKILL
    gid, seq = map(int, last.split())
    said: list[str] = []
    again, store, factory = make_kiosk(tmp_path, screen, ManualClock(), said)
    try:
        assert again.mode == "crew" and again.app is not None
        game = again.app.game
        assert game.id == gid and seq <= len(game.actions) <= seq + 1
        assert state_to_json(game.state) == state_to_json(replay(game.scenario, game.actions))
        assert len(said) == 1 and "resuming crew game" in said[0]
    finally:
        again.close()
        factory.close()
        store.close()
