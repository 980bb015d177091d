"""The serial link to one dice tray: pyserial by URL, a reader thread, reconnects and heartbeats.

The port is a pyserial URL: a device (`/dev/serial/by-id/usb-starbridge_dice_...`, or the stable
`/dev/starbridge-dice` the udev rule in deploy/ makes), `socket://host:port` for the emulator,
`loop://` in tests. A supervisor thread opens it, starts pyserial's `ReaderThread` on it, and
opens it again (every `retry` seconds) whenever it closes: a tray unplugged and plugged in again
is back within a second. A tray that sends nothing for `heartbeat_timeout` seconds is reported
lost (and so is one never heard that long after the start). Every well-framed roll is answered at
once: ACK when taken (even a duplicate, whose ACK the tray may have missed), REFUSE with the reason
when refused (a face the die cannot show, a die or a tray id the configuration does not give this
port), so that the tray stops resending it.

The reader thread never writes: answers (and the host's CALL) go on a short queue that a writer
thread empties with a write timeout; a tray that stops reading loses answers (it resends its
rolls), never stalls the reader.

Nothing here touches the game: every outcome is a `LinkEvent` put on the queue given, which the
main thread drains (DESIGN: Threads).
"""

from __future__ import annotations

import contextlib
import queue
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import serial
import serial.threaded

from firmware_bridge.protocol import (
    DIE,
    TRAY,
    Ack,
    Call,
    Duplicates,
    Heartbeat,
    Hello,
    Parsed,
    Parser,
    Refuse,
    RefusedRoll,
    Rejected,
    Roll,
    encode,
)

BAUDRATE = 115200
WRITE_TIMEOUT = 0.5
"""Seconds a write to the tray may take before it is dropped (the tray is not reading)."""
WRITE_QUEUE = 32
"""Answers waiting for the writer; beyond this they are dropped (the tray resends)."""


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
class TrayRefused:
    """The tray on `link` sent roll `roll` (its label, "tray-1#42"), which was refused: `reason`
    in words. Each refused roll is reported once, however often the tray resends it."""

    link: str
    roll: str
    reason: str


@dataclass(frozen=True, slots=True)
class TrayNotice:
    """Something to show but not act on: a rejected line, a conflicting duplicate."""

    link: str
    text: str


LinkEvent = TrayRoll | TrayStatus | TrayRefused | TrayNotice


def _open_url(url: str, baudrate: int) -> serial.Serial:
    return serial.serial_for_url(url, baudrate=baudrate, timeout=1, write_timeout=WRITE_TIMEOUT)


class _Writer:
    """Writes to the tray on its own thread, each write bounded by the port's write timeout;
    `put` never blocks (a full queue drops the data and says so once)."""

    def __init__(self, port: serial.Serial, on_problem: Callable[[str], None]) -> None:
        self.port = port
        self.on_problem = on_problem
        self.queue: queue.Queue[bytes | None] = queue.Queue(WRITE_QUEUE)
        self.dropped = 0
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="dice-writer", daemon=True)
        self._thread.start()

    def put(self, data: bytes) -> None:
        try:
            self.queue.put_nowait(data)
        except queue.Full:
            self._dropped("the tray is not reading what the host sends")

    def _dropped(self, why: str) -> None:
        self.dropped += 1
        if self.dropped == 1:
            self.on_problem(f"{why}: answers are dropped (the tray resends its rolls)")

    def _run(self) -> None:
        while not self._stopped:
            data = self.queue.get()
            if data is None or self._stopped:
                return
            try:
                self.port.write(data)
            except serial.SerialTimeoutException:
                self._dropped(f"a write to the tray took over {self.port.write_timeout} s")
            except (serial.SerialException, OSError, ValueError, TypeError) as exc:
                self._dropped(f"could not write to the tray ({exc})")
            else:
                self.dropped = 0

    def stop(self) -> None:
        self._stopped = True
        with contextlib.suppress(queue.Full):  # else the flag ends it after the write under way
            self.queue.put_nowait(None)
        if hasattr(self.port, "cancel_write"):
            with contextlib.suppress(serial.SerialException, OSError):
                self.port.cancel_write()
        if self._thread is not threading.current_thread():
            self._thread.join(WRITE_TIMEOUT + 1)


class _TrayProtocol(serial.threaded.Protocol):
    """Runs on the reader thread: parse, acknowledge, drop duplicates, queue the rest."""

    def __init__(self, link: TrayLink) -> None:
        self.link = link
        self.transport: serial.threaded.ReaderThread[_TrayProtocol] | None = None

    def connection_made(self, transport: serial.threaded.ReaderThread[_TrayProtocol]) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        for item in self.link.parser.feed(data):
            self.link._handle(item)

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
    are refused (REFUSE,<seq>,TRAY, so the tray stops resending), the tray named once.
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
        self.protocol: int | None = None  # as its HELLO said
        self._lock = threading.Lock()
        self._last_frame: float | None = None
        self._last_uptime = -1
        self._live: bool | None = None  # frames arriving (True), lost (False), not yet known
        self._started = 0.0
        self._named: set[str] = set()  # mismatches with the configuration already named
        self._refused: OrderedDict[int, None] = OrderedDict()  # refused rolls already reported
        self._reader: _GuardedReader | None = None
        self._writer: _Writer | None = None
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._supervisor: threading.Thread | None = None
        self._last_problem = ""

    @property
    def connected(self) -> bool:
        return self._live is True

    def send(self, data: bytes) -> bool:
        """Queue `data` for the tray (any thread; never blocks). False when no port is open."""
        writer = self._writer
        if writer is None:
            return False
        writer.put(data)
        return True

    def call(self, sides: int) -> bool:
        """Ask the tray for a roll of a `sides`-sided die now (its light says so); 0: no longer."""
        return self.send(encode(Call(sides)))

    def start(self) -> TrayLink:
        self._started = self.clock()
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
            if self._live is None and self.clock() - self._started > self.heartbeat_timeout:
                self._set_live(False, self._last_problem or
                               f"not heard for {self.heartbeat_timeout:.0f} s since the start")
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
        if port.write_timeout is None:  # a port opened elsewhere (tests) is bounded all the same
            port.write_timeout = WRITE_TIMEOUT
        self._writer = _Writer(port, self._notice)
        reader = _GuardedReader(port, lambda: _TrayProtocol(self), self._crashed)
        reader.start()
        self._reader = reader

    def _close_reader(self) -> None:
        writer, self._writer = self._writer, None
        if writer is not None:
            writer.stop()
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

    def _handle(self, item: Parsed) -> None:
        if isinstance(item, Rejected):
            self._notice(f"ignored a line: {item}")
            return
        if isinstance(item, Ack | Refuse | Call):
            self._notice(f"ignored a {type(item).__name__.upper()} from the tray (only the host "
                         f"sends those)")
            return
        now = self.clock()
        with self._lock:
            self._last_frame = now
        if isinstance(item, Hello):
            self.tray_id, self.firmware, self.protocol = item.tray, item.firmware, item.protocol
            self.duplicates.reset()  # the tray (re)started: its sequence begins again
            self._refused.clear()
            self._named.clear()
            self._last_uptime = -1
            self._set_live(True, f"tray {item.tray} firmware {item.firmware} "
                                 f"protocol {item.protocol}")
            self._check_id(item.tray)
            self._check_die(item.tray, item.sides)
            return
        if isinstance(item, Heartbeat):
            if item.uptime < self._last_uptime:  # restarted without our seeing its HELLO
                self.duplicates.reset()
                self._refused.clear()
            self._last_uptime = item.uptime
            self.tray_id = self.tray_id or item.tray
            self._set_live(True, f"tray {item.tray} heard")
            return
        self._set_live(True, f"tray {item.tray} heard")
        if not self._check_id(item.tray) and isinstance(item, Roll):
            item = RefusedRoll(item.seq, item.tray, TRAY, f"tray {item.tray!r} is not the tray "
                                                          f"{self.expect_tray!r} configured here")
        if isinstance(item, RefusedRoll):
            self._refuse(item)
            return
        self.send(encode(Ack(item.seq)))
        if self.duplicates.is_new(item):
            self.events.put(TrayRoll(self.name, item, now))
        elif self.duplicates.conflicts(item):
            self._notice(f"roll {item.label} came again with a different value "
                         f"({item.value}); the first one stands")

    def _refuse(self, item: RefusedRoll) -> None:
        self.send(encode(Refuse(item.seq, item.code)))
        if item.code == DIE:   # named at its HELLO; here when the HELLO was missed
            self._check_die(item.tray, item.sides)
        if self.protocol == 1:  # a tray of protocol 1 knows no REFUSE: only an ACK stops it
            self.send(encode(Ack(item.seq)))
        if item.seq in self._refused:
            return  # a resent copy, whose answer the tray missed: reported already
        self._refused[item.seq] = None
        if len(self._refused) > self.duplicates.window:
            self._refused.popitem(last=False)
        self.events.put(TrayRefused(self.name, item.label, item.reason))

    def _check_die(self, tray: str, sides: int | None) -> None:
        if sides is None or sides in self.dice:
            return
        words = " or ".join(f"d{d}" for d in sorted(self.dice))
        self._name_once(DIE, f"tray {tray} rolls a d{sides}, but the configuration gives it "
                             f"{words}: its rolls are refused; set dice = [{sides}] for it, "
                             f"or give it a {words}")

    def _check_id(self, tray: str) -> bool:
        if self.expect_tray is None or tray == self.expect_tray:
            return True
        self._name_once(TRAY, f"the tray on {self.url} calls itself {tray!r}, but the "
                              f"configuration expects {self.expect_tray!r} there: its rolls "
                              f"are refused")
        return False

    def _name_once(self, what: str, text: str) -> None:
        """Name a tray that does not match the configuration once per connection (at its HELLO,
        or at its first roll when the HELLO was missed), not at every roll."""
        if what not in self._named:
            self._named.add(what)
            self._notice(text)

    def _closed(self, reason: str) -> None:
        self._set_live(False, reason)
        self._wake.set()  # reopen now, not at the next retry

    def _crashed(self, exc: BaseException) -> None:
        self._set_live(False, f"reader stopped: {type(exc).__name__}: {exc}")
        self._wake.set()

    # --- reporting ---

    def _set_live(self, live: bool, reason: str) -> None:
        with self._lock:
            changed = live is not self._live
            self._live = live
        if changed:
            self.events.put(TrayStatus(self.name, live, reason))

    def _problem(self, text: str) -> None:
        if text != self._last_problem:  # once per problem, not once per retry
            self._last_problem = text
            self._notice(text)

    def _notice(self, text: str) -> None:
        self.events.put(TrayNotice(self.name, text))
