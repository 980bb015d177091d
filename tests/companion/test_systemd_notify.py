"""The table tells systemd how it is (sd_notify), tested with a real datagram socket standing in
for systemd: READY=1 once when the table is up, WATCHDOG=1 from the main loop at the promised
rate (a third of WatchdogSec), none while the loop is stuck though every other thread runs, and
the real `starbridge play` doing it as a process."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

import companion.table.app
from companion.saves.saved_game import SavedGame
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from companion.table.consoles import Consoles
from companion.table.systemd_notify import Notifier
from engine import crew_stations, new_game


@pytest.fixture
def systemd(tmp_path: Path) -> Iterator[socket.socket]:
    """The notify socket systemd would listen on."""
    s = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    s.bind(str(tmp_path / "notify"))
    yield s
    s.close()


def said(s: socket.socket, timeout: float) -> str | None:
    s.settimeout(timeout)
    try:
        return s.recv(4096).decode()
    except TimeoutError:
        return None


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_ready_once_then_a_ping_each_third_of_the_timeout(systemd: socket.socket) -> None:
    clock = Clock()
    n = Notifier(systemd.getsockname(), watchdog_s=3.0, clock=clock)
    n.alive()
    assert said(systemd, 0.05) is None   # no ping before the table is up
    n.ready("playing game 1")
    n.ready()
    assert said(systemd, 1) == "READY=1\nSTATUS=playing game 1"
    pings = 0
    for step in range(100):   # the loop turns every 0.1 s for 10 s
        clock.t = step * 0.1
        n.alive()
        while said(systemd, 0.01) == "WATCHDOG=1":
            pings += 1
    assert pings == 9   # every 1.0 s over 9.9 s
    assert said(systemd, 0.05) is None   # READY=1 was said once


def test_the_environment_says_whether_and_how_often(tmp_path: Path) -> None:
    assert Notifier.from_environment({}) is None
    assert Notifier.from_environment({"NOTIFY_SOCKET": "relative/path"}) is None
    n = Notifier.from_environment({"NOTIFY_SOCKET": "@/org/systemd/notify",
                                   "WATCHDOG_USEC": "30000000"})
    assert n is not None and n.address == "\0/org/systemd/notify" and n.ping_every == 10.0
    other = Notifier.from_environment({"NOTIFY_SOCKET": "/run/notify", "WATCHDOG_USEC": "5",
                                       "WATCHDOG_PID": str(os.getpid() + 1)})
    assert other is not None and other.ping_every is None   # another process's watchdog
    gone = Notifier(str(tmp_path / "nobody-listens"), 1.0)
    gone.ready()   # said once in the log; never raised
    gone.alive()


def headless_app(store: Store | None, service: Notifier, consoles: Consoles) -> App:
    scenario = prepare(load_scenario("duel", None), None, "basic", None, 30)
    state = new_game(scenario)
    seats = {f"{ship}/{st}": "autopilot" for ship in ("enterprise", "kronos")
             for st in crew_stations(state, ship)}
    game = SavedGame.new(store, scenario, 5, seats)
    table = Table({tuple(k.split("/")): v for k, v in seats.items()},  # type: ignore[misc]
                  say=lambda _l: None, service=service)
    table.consoles = consoles
    return App(game, table)


def test_a_stuck_loop_sends_no_ping_while_every_other_thread_runs(
        systemd: socket.socket, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    consoles = Consoles.open("127.0.0.1", 0, lambda _l: None)   # a live server thread
    assert consoles is not None
    service = Notifier(systemd.getsockname(), watchdog_s=0.3)
    app = headless_app(None, service, consoles)
    gate, stuck, done = threading.Event(), threading.Event(), threading.Event()
    real = companion.table.app.autopilot_action
    calls = [0]

    def hangs_once(*args: object) -> object:
        calls[0] += service.is_ready
        if calls[0] == 30:   # the main loop hangs in the middle of the game, after it was up
            stuck.set()
            gate.wait(30)
        return real(*args)   # type: ignore[arg-type]

    monkeypatch.setattr(companion.table.app, "autopilot_action", hangs_once)

    def loop() -> None:   # the table's main loop
        while not done.is_set() and app.step() and not app.game.over:
            app.wait()

    runner = threading.Thread(target=loop, name="main-loop")
    runner.start()
    try:
        assert said(systemd, 10) == "READY=1\nSTATUS=playing game 0"   # a game not saved
        assert stuck.wait(30)
        while said(systemd, 0.05) is not None:   # what was sent before it hung
            pass
        assert said(systemd, 1.0) is None, "a ping while the loop was stuck"
        assert consoles.server.running and runner.is_alive()
        gate.set()
        assert said(systemd, 5) == "WATCHDOG=1"   # the loop turns again: pings again
    finally:
        gate.set()
        done.set()
        runner.join(30)
        consoles.close()


def test_the_table_app_as_a_service_says_ready_and_pings(systemd: socket.socket,
                                                         tmp_path: Path) -> None:
    (tmp_path / "starbridge.toml").write_text("")
    env = {**os.environ, "NOTIFY_SOCKET": systemd.getsockname(), "WATCHDOG_USEC": "30000",
           "STARBRIDGE_DATA": str(tmp_path), "STARBRIDGE_CONFIG": str(tmp_path / "starbridge.toml"),
           "SDL_VIDEODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "play", "--headless",
                             "--autopilot", "--new", "--turns", "3"], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    try:
        messages = []
        while (m := said(systemd, 30 if not messages else 5)) is not None:
            messages.append(m)
        assert proc.wait(60) == 0, proc.stderr.read() if proc.stderr else ""
    finally:
        if proc.poll() is None:
            proc.kill()
        if proc.stderr is not None:
            proc.stderr.close()
    assert messages[0].startswith("READY=1")
    assert [m for m in messages if m.startswith("READY")] == [messages[0]]
    assert set(messages[1:]) <= {"WATCHDOG=1"} and len(messages) >= 2
