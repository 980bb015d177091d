"""The serial link to one dice tray: pyserial by URL, a reader thread, reconnects and heartbeats.

The port is a pyserial URL: a device (`/dev/serial/by-id/usb-starbridge_dice_...`, or the stable
`/dev/starbridge-dice` the udev rule in deploy/ makes), `socket://host:port` for the emulator,
`loop://` in tests. A supervisor thread opens it, starts pyserial's `ReaderThread` on it, and
opens it again (every `retry` seconds) whenever it closes: a tray unplugged and plugged in again
is back within a second. A tray that sends nothing for `heartbeat_timeout` seconds is reported
lost. Every roll is acknowledged at once (even a duplicate, whose ACK the tray may have missed).

Nothing here touches the game: every outcome is a `LinkEvent` put on the queue given, which the
main thread drains (DESIGN: Threads).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import serial
import serial.threaded

from firmware_bridge.protocol import (
    Ack,
    Duplicates,
    Heartbeat,
    Hello,
    Parser,
    Rejected,
    Roll,
    encode,
)

BAUDRATE = 115200


@dataclass(frozen=True, slots=True)
class TrayRoll:
    """A new roll from the tray on link `link`, taken at `received` (time.monotonic)."""

    link: str
    roll: Roll
    received: float


@dataclass(frozen=True, slots=True)
class TrayStatus:
    """The tray on `link` became reachable (`connected`) or was lost, and why."""

    link: str
    connected: bool
    reason: str


@dataclass(frozen=True, slots=True)
class TrayNotice:
    """Something to show but not act on: a rejected line, a conflicting duplicate."""

    link: str
    text: str


LinkEvent = TrayRoll | TrayStatus | TrayNotice


def _open_url(url: str, baudrate: int) -> serial.Serial:
    return serial.serial_for_url(url, baudrate=baudrate, timeout=1)


class _TrayProtocol(serial.threaded.Protocol):
    """Runs on the reader thread: parse, acknowledge, drop duplicates, queue the rest."""

    def __init__(self, link: TrayLink) -> None:
        self.link = link
        self.transport: serial.threaded.ReaderThread[_TrayProtocol] | None = None

    def connection_made(self, transport: serial.threaded.ReaderThread[_TrayProtocol]) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        for item in self.link.parser.feed(data):
            self.link._handle(item, self.transport)

    def connection_lost(self, exc: BaseException | None) -> None:
        self.link._closed(f"port closed: {exc}" if exc else "port closed")


if TYPE_CHECKING:
    _ReaderBase = serial.threaded.ReaderThread[_TrayProtocol]
else:  # generic only in the type stubs
    _ReaderBase = serial.threaded.ReaderThread


class _GuardedReader(_ReaderBase):
    """pyserial's reader thread, which reports its own death instead of dying silently: an
    exception escaping `ReaderThread.run` (e.g. an OSError that is not a SerialException) is put
    on the queue, and the supervisor opens the port again."""

    def __init__(self, port: serial.Serial, factory: Callable[[], _TrayProtocol],
                 on_crash: Callable[[BaseException], None]) -> None:
        super().__init__(port, factory)
        self._on_crash = on_crash

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            self.alive = False
            self._on_crash(exc)


class TrayLink:
    """One tray on one port. `start()` it; every outcome arrives on `events`.

    `expect_tray`: the tray id the configuration names for this port; rolls from any other id
    are acknowledged (so the tray stops resending) but reported, not passed on.
    """

    def __init__(self, name: str, url: str, events: queue.Queue[LinkEvent], *,
                 dice: frozenset[int] = frozenset({20}), expect_tray: str | None = None,
                 heartbeat_timeout: float = 3.0, retry: float = 0.25,
                 baudrate: int = BAUDRATE,
                 clock: Callable[[], float] = time.monotonic,
                 open_port: Callable[[str, int], serial.Serial] | None = None) -> None:
        self.name = name
        self.url = url
        self.events = events
        self.dice = dice
        self.expect_tray = expect_tray
        self.heartbeat_timeout = heartbeat_timeout
        self.retry = retry
        self.baudrate = baudrate
        self.clock = clock
        self.open_port = open_port or _open_url
        self.parser = Parser(dice)
        self.duplicates = Duplicates()
        self.tray_id: str | None = None
        self.firmware: str | None = None
        self._lock = threading.Lock()
        self._last_frame: float | None = None
        self._last_uptime = -1
        self._live = False  # frames arriving: the tray counts as connected
        self._reader: _GuardedReader | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._supervisor: threading.Thread | None = None
        self._last_problem = ""

    @property
    def connected(self) -> bool:
        return self._live

    def start(self) -> TrayLink:
        self._supervisor = threading.Thread(target=self._supervise, name=f"dice-{self.name}",
                                            daemon=True)
        self._supervisor.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._supervisor is not None:
            self._supervisor.join(5)
        self._close_reader()

    def __enter__(self) -> TrayLink:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- the supervisor thread ---

    def _supervise(self) -> None:
        while not self._stop.is_set():
            reader = self._reader
            if reader is None or not reader.is_alive():
                self._close_reader()
                self._open()
            self._check_heartbeat()
            self._wake.wait(self.retry)
            self._wake.clear()

    def _open(self) -> None:
        try:
            port = self.open_port(self.url, self.baudrate)
        except (serial.SerialException, OSError, ValueError) as exc:
            self._problem(f"cannot open {self.url}: {exc}")
            return
        self.parser = Parser(self.dice)  # a half line from before is noise now
        with self._lock:
            self._last_frame = self.clock()  # the tray has a heartbeat's time to speak
        self._last_problem = ""
        reader = _GuardedReader(port, lambda: _TrayProtocol(self), self._crashed)
        reader.start()
        self._reader = reader

    def _close_reader(self) -> None:
        reader, self._reader = self._reader, None
        if reader is None:
            return
        reader.alive = False
        try:
            if hasattr(reader.serial, "cancel_read"):
                reader.serial.cancel_read()
            if reader is not threading.current_thread():
                reader.join(2)
            reader.serial.close()
        except (serial.SerialException, OSError) as exc:
            self._notice(f"closing {self.url}: {exc}")

    def _check_heartbeat(self) -> None:
        with self._lock:
            last = self._last_frame
        if self._reader is None or last is None:
            return
        silent = self.clock() - last
        if silent > self.heartbeat_timeout:
            self._set_live(False, f"no heartbeat for {silent:.1f} s")

    # --- called on the reader thread ---

    def _handle(self, item: Roll | Hello | Heartbeat | Ack | Rejected,
                transport: serial.threaded.ReaderThread[_TrayProtocol] | None) -> None:
        if isinstance(item, Rejected):
            self._notice(f"ignored a line: {item}")
            return
        if isinstance(item, Ack):
            self._notice("ignored an ACK from the tray (only the host acknowledges)")
            return
        now = self.clock()
        with self._lock:
            self._last_frame = now
        if isinstance(item, Hello):
            self.tray_id, self.firmware = item.tray, item.firmware
            self.duplicates.reset()  # the tray (re)started: its sequence begins again
            self._last_uptime = -1
            self._set_live(True, f"tray {item.tray} firmware {item.firmware} "
                                 f"protocol {item.protocol}")
            self._check_id(item.tray)
            return
        if isinstance(item, Heartbeat):
            if item.uptime < self._last_uptime:  # restarted without our seeing its HELLO
                self.duplicates.reset()
            self._last_uptime = item.uptime
            self.tray_id = self.tray_id or item.tray
            self._set_live(True, f"tray {item.tray} heard")
            return
        if transport is not None:
            try:
                transport.write(encode(Ack(item.seq)))
            except (serial.SerialException, OSError) as exc:
                self._notice(f"could not acknowledge roll {item.label}: {exc}")
        self._set_live(True, f"tray {item.tray} heard")
        if not self._check_id(item.tray):
            return
        if self.duplicates.is_new(item):
            self.events.put(TrayRoll(self.name, item, now))
        elif self.duplicates.conflicts(item):
            self._notice(f"roll {item.label} came again with a different value "
                         f"({item.value}); the first one stands")

    def _check_id(self, tray: str) -> bool:
        if self.expect_tray is None or tray == self.expect_tray:
            return True
        self._notice(f"the tray on {self.url} calls itself {tray!r}, but the configuration "
                     f"expects {self.expect_tray!r} there: its rolls are ignored")
        return False

    def _closed(self, reason: str) -> None:
        self._set_live(False, reason)
        self._wake.set()  # reopen now, not at the next retry

    def _crashed(self, exc: BaseException) -> None:
        self._set_live(False, f"reader stopped: {type(exc).__name__}: {exc}")
        self._wake.set()

    # --- reporting ---

    def _set_live(self, live: bool, reason: str) -> None:
        with self._lock:
            changed = live != self._live
            self._live = live
        if changed:
            self.events.put(TrayStatus(self.name, live, reason))

    def _problem(self, text: str) -> None:
        if text != self._last_problem:  # once per problem, not once per retry
            self._last_problem = text
            self._notice(text)

    def _notice(self, text: str) -> None:
        self.events.put(TrayNotice(self.name, text))
