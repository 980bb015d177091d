"""The consoles in a real browser: Debian's Chromium driven by Selenium against the whole app
served in-process (a real StationServer on 127.0.0.1, the App stepping on a thread of its own,
a real SQLite save file). Only the edges are stand-ins: no panels, no screen, seeded virtual
dice for the autopilot.

    with Rig(tmp_path) as rig, Browser() as b:
        w = b.window("engineer", rig.url("enterprise/engineer"), PHONE)
        ...
"""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from companion.saves.saved_game import SavedGame
from companion.saves.store import Store
from companion.session import load_scenario, prepare
from companion.table.app import App, Table
from companion.table.consoles import Consoles
from companion.table.crew_play import with_crews
from engine import crew_stations, new_game

SHIP = "enterprise"
PHONE = (360, 640)
TABLET = (1024, 768)
CHROMIUM = ("/usr/bin/chromium", "/usr/lib/chromium/chromium")
DRIVER = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
INSTALL = ("Chromium and its driver are needed for the consoles' browser tests: "
           "sudo apt-get install -y chromium chromium-driver  (and pip install selenium, "
           "in the dev extra)")
ARGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--hide-scrollbars", "--force-device-scale-factor=1",
        "--disable-extensions", "--mute-audio")


def _first(paths: tuple[str, ...]) -> str | None:
    return next((p for p in paths if os.access(p, os.X_OK)), None)


def need_browser() -> tuple[str, str]:
    """Chromium's and its driver's paths; the test skips (on a developer's machine) or fails
    (in CI, where `.ci/run` installs them) when they are missing."""
    found = _first(CHROMIUM), _first(DRIVER)
    missing = None
    try:
        import selenium  # noqa: F401
    except ImportError:
        missing = "selenium is not installed"
    if found[0] is None or found[1] is None:
        missing = "chromium or chromium-driver is not installed"
    if missing is not None:
        if os.environ.get("CI"):
            pytest.fail(f"{missing} (CI must have them: .ci/run installs them). {INSTALL}")
        pytest.skip(f"{missing}. {INSTALL}")
    assert found[0] is not None and found[1] is not None
    return found[0], found[1]


class ManualClock:
    """The table's clock, moved on by the time the app's steps take and by the test's presses:
    a panel's debounce and lamp test see the times a hand would make."""

    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        self.t += 0.001
        return self.t


class Rig:
    """The duel at the table: Enterprise's officers (`people`) on consoles, the rest on the
    autopilot (a dice tray, `dice`, if given),
    the App stepping on its own thread (hold `paused()` to stop it between steps)."""

    def __init__(self, tmp_path: Path, turns: int = 1,
                 people: tuple[str, ...] = ("captain", "engineer", "helm", "science"),
                 dice: Any = None, panels: tuple[str, ...] = (), level: str = "basic",
                 scenario: str = "duel", ship: str = SHIP, officers: bool = False) -> None:
        self.folder, self.turns, self.people, self.dice = tmp_path, turns, people, dice
        self.panels = panels   # Enterprise's stations also played at a panel (MockFactory pins)
        self.level, self.scenario_name, self.ship = level, scenario, ship
        self.officers = officers   # the command level: crewed as `starbridge stations` crews
        self.clock = ManualClock()
        self.said: list[str] = []
        self.lock = threading.Lock()
        self.stop = threading.Event()
        self.ready = threading.Event()
        self.failure: BaseException | None = None
        self.thread = threading.Thread(target=self._run, name="table", daemon=True)

    def _build(self) -> None:
        """The save store, the game and the app, made on the table's thread (SQLite's
        connection belongs to the thread that opened it, as the app's main thread at a table)."""
        self.store, _ = Store.open_folder(self.folder)
        self.scenario = prepare(load_scenario(self.scenario_name, None), None, self.level,
                                None, self.turns)
        if self.officers:
            self.scenario = with_crews(self.scenario, {}, None, 5, lambda _line: None,
                                       save=False)[0]
        state = new_game(self.scenario)
        ships = [str(s["id"]) for s in self.scenario["ships"]]
        self.seats = {f"{ship}/{st}": (("panel" if st in self.panels else "touch")
                                       if ship == self.ship and st in self.people else "autopilot")
                      for ship in ships for st in crew_stations(state, ship)}
        self.game = SavedGame.new(self.store, self.scenario, 5, self.seats)
        consoles = Consoles.open("127.0.0.1", 0, self.said.append)
        assert consoles is not None, self.said
        self.consoles = consoles
        self.published: dict[str, int] = {}   # seat -> the seq of the last state sent to it
        server = consoles.server
        send, send_many = server.publish, server.publish_many

        def publish(seat: str, message: dict[str, Any]) -> None:
            self.published[seat] = int(message.get("seq", 0))
            send(seat, message)

        def publish_many(messages: Mapping[str, dict[str, Any]]) -> None:
            for seat, message in messages.items():
                self.published[seat] = int(message.get("seq", 0))
            send_many(messages)

        server.publish = publish  # type: ignore[method-assign]
        server.publish_many = publish_many  # type: ignore[method-assign]
        pins = factory = None
        if self.panels:
            from gpiozero.pins.mock import MockFactory, MockPWMPin

            from hardware.pinmap import load_pinmap

            pins, factory = load_pinmap(), MockFactory(revision="d04170", pin_class=MockPWMPin)
        self.pins, self.factory = pins, factory
        table = Table({tuple(k.split("/")): v for k, v in self.seats.items()},  # type: ignore[misc]
                      pins, factory, dice=self.dice, say=self.said.append, consoles=consoles,
                      clock=self.clock)
        self.app = App(self.game, table)
        self.clock.t += 1.0   # past the panels' lamp test

    def _run(self) -> None:
        try:
            self._build()
        except BaseException as exc:
            self.failure = exc
            return
        finally:
            self.ready.set()
        try:
            while not self.stop.is_set():
                with self.lock:
                    if not self.app.step():
                        break
                self.app.wait() if not self.game.over else self.stop.wait(0.05)
        except BaseException as exc:   # shown by the test that waits
            self.failure = exc
        finally:
            self.app.close()
            self.consoles.close(self.consoles.farewell())   # as the table closes
            self.store.close()
            if self.factory is not None:
                self.factory.close()

    def __enter__(self) -> Rig:
        self.thread.start()
        self.ready.wait(30)
        if self.failure is not None:
            raise self.failure
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join(10)
        assert not self.thread.is_alive(), "the table's thread did not stop"

    def press(self, station: str, button: str) -> None:
        """A press of `button` at the panel of Enterprise's `station` (gpiozero's mock pin driven
        low then high, the table's clock past the debounce each time)."""
        assert self.pins is not None and self.factory is not None
        bridge = self.app.bridges[0]
        panel = next(n for n, st in bridge.stations.items() if st.model.seat.station == station)
        pin = self.factory.pin(self.pins.panels[panel].buttons[button].pin)
        with self.paused():
            pin.drive_low()
            self.clock.t += 0.03
            self.app.step()
            pin.drive_high()
            self.clock.t += 0.03
            self.app.step()

    @contextlib.contextmanager
    def paused(self) -> Iterator[None]:
        with self.lock:
            yield

    def url(self, seat: str) -> str:
        return next(u for k, _t, u in self.consoles.links() if k == seat)

    def base(self) -> str:
        return self.consoles.base


class Browser:
    """One headless Chromium, several windows (one per console), each its own size."""

    def __init__(self) -> None:
        chromium, driver = need_browser()
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service

        self.profile = tempfile.mkdtemp(prefix="starbridge-chromium-")
        options = webdriver.ChromeOptions()
        options.binary_location = chromium
        for a in (*ARGS, f"--user-data-dir={self.profile}", "--window-size=360,640"):
            options.add_argument(a)
        self.driver = webdriver.Chrome(options=options, service=Service(executable_path=driver))
        self.driver.set_script_timeout(10)
        self.windows: dict[str, str] = {}
        self.first = True

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *exc: object) -> None:
        with contextlib.suppress(Exception):
            self.driver.quit()
        shutil.rmtree(self.profile, ignore_errors=True)

    def reset(self) -> None:
        """One blank window left, and the log read: the next test starts clean (a window of a
        closed table would go on trying to reconnect)."""
        d = self.driver
        handles = d.window_handles
        for handle in handles[1:]:
            d.switch_to.window(handle)
            d.close()
        d.switch_to.window(handles[0])
        d.get("about:blank")
        self.errors()
        self.windows.clear()
        self.first = True

    def errors(self) -> list[dict[str, Any]]:
        """The browser's log entries of level SEVERE since the last call (script errors, failed
        requests)."""
        got: list[dict[str, Any]] = self.driver.get_log("browser")  # type: ignore[no-untyped-call]
        return [e for e in got if e.get("level") == "SEVERE"]

    def window(self, name: str, url: str, size: tuple[int, int]) -> str:
        """A new window named `name` of `size` CSS px (the viewport) showing `url`."""
        if self.first:
            self.first = False
        else:
            self.driver.switch_to.new_window("window")
        handle = self.driver.current_window_handle
        self.windows[name] = handle
        self.size(size)
        self.driver.get(url)
        got = self.driver.execute_script("return [window.innerWidth, window.innerHeight]")
        assert got == list(size), f"the viewport is {got}, not {size}"
        return handle

    def size(self, size: tuple[int, int]) -> None:
        """Make this window's viewport exactly `size` CSS px (Chromium's device metrics, as its
        device mode does: a window's frame differs per platform and resizes late); a phone's
        size is shown as a phone's browser shows it (mobile viewport)."""
        width, height = size
        self.driver.set_window_size(width, height)
        self.driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": height, "deviceScaleFactor": 1,
            "mobile": width < 600})

    def to(self, name: str) -> Any:
        self.driver.switch_to.window(self.windows[name])
        return self.driver

    def js(self, script: str, *args: Any) -> Any:
        return self.driver.execute_script(script, *args)

    def until(self, what: Callable[[], Any], message: str, timeout: float = 10.0) -> Any:
        """Selenium's wait until `what` (of the page or the table) is truthy; fail with
        `message`."""
        from selenium.common.exceptions import TimeoutException
        from selenium.webdriver.support.wait import WebDriverWait

        try:
            return WebDriverWait(self.driver, timeout, poll_frequency=0.02).until(
                lambda _d: what())
        except TimeoutException:
            raise AssertionError(message) from None
