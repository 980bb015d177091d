"""A dice tray without the hardware: the reference firmware's protocol code (`dice_proto.Tray`)
on a pseudo-terminal or a TCP port, with faults on demand.

The emulator's pseudo-terminal sits behind a symlink (`link_path`), as udev gives a real tray
`/dev/serial/by-id/...`: unplugging closes the pseudo-terminal and removes the link, plugging in
again makes a new one and points the link at it. The link is only ever made where nothing is
(a path that exists is refused, whatever it is), and only the emulator's own link is removed:
one that still points at the pseudo-terminal it made. Over TCP (`socket://127.0.0.1:PORT` on
the host) unplugging drops the connection and refuses new ones until plugged in again.

What the host says back is shown as a tray would: `acks` (rolls taken), `refusals` (rolls
refused, with the reason), `calls` (the host asks for a roll now; 0: no longer), and `on_host`
is told each in words.

Faults (`Faults`): noise bytes between frames, dropped frames, duplicated frames, frames with a
bad checksum, each with its probability, from a seeded generator so a run can be repeated.
"""

from __future__ import annotations

import contextlib
import os
import queue
import random
import select
import socket
import threading
import time
import tty
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from firmware_bridge.firmware import dice_proto

TICK = 0.01  # seconds between the tray's ticks (resends, heartbeats)


@dataclass(frozen=True, slots=True)
class Faults:
    noise: float = 0.0  # chance of 1-40 random bytes before a frame
    drop: float = 0.0  # chance a frame is not sent at all
    duplicate: float = 0.0  # chance a frame is sent twice
    bad_checksum: float = 0.0  # chance a frame's checksum is spoilt


class PathTaken(FileExistsError):
    """The link's path exists and is not this emulator's own link: it is left alone."""


class _Pty:
    """The tray end of a pseudo-terminal, published at `link_path` by a symlink this emulator
    makes (`os.symlink` fails if anything is there: nothing is ever replaced) and removes on
    close only while it still points at this pseudo-terminal."""

    def __init__(self, link_path: Path) -> None:
        self.link_path = link_path
        self.master, self._slave = os.openpty()
        try:
            tty.setraw(self._slave)  # no echo or line editing until the host sets its own mode
            os.set_blocking(self.master, False)
            self.target = os.ttyname(self._slave)
            os.symlink(self.target, link_path)
        except FileExistsError:
            self._close_fds()
            raise PathTaken(f"{link_path} exists: the emulator makes its link only where "
                            f"nothing is, and never replaces a file; give another path, or "
                            f"remove {link_path} if it is a link left by an emulator that was "
                            f"killed") from None
        except OSError:
            self._close_fds()
            raise

    def own_link(self) -> bool:
        """The link is still the one this emulator made (a symlink to its pseudo-terminal)."""
        try:
            return os.readlink(self.link_path) == self.target
        except OSError:
            return False

    def _close_fds(self) -> None:
        os.close(self.master)
        os.close(self._slave)

    def fileno(self) -> int:
        return self.master

    def read(self) -> bytes:
        try:
            return os.read(self.master, 4096)
        except (BlockingIOError, OSError):
            return b""

    def write(self, data: bytes) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            os.write(self.master, data)

    def close(self) -> None:
        if self.own_link():  # something else put there since is not ours to remove
            with contextlib.suppress(FileNotFoundError):
                self.link_path.unlink()
        self._close_fds()


class _Tcp:
    """The tray end of a TCP connection: listens, serves one host at a time."""

    def __init__(self, port: int, host: str = "127.0.0.1") -> None:
        if not 0 <= port <= 65535:
            raise ValueError(f"a TCP port is 0 to 65535 (0: any free port), not {port}")
        self.server = socket.create_server((host, port))
        self.server.setblocking(False)
        self.port: int = self.server.getsockname()[1]
        self.client: socket.socket | None = None

    def fileno(self) -> int:
        return self.client.fileno() if self.client else self.server.fileno()

    def read(self) -> bytes:
        if self.client is None:
            try:
                self.client, _ = self.server.accept()
                self.client.setblocking(False)
            except BlockingIOError:
                return b""
        try:
            data = self.client.recv(4096)
        except BlockingIOError:
            return b""
        except OSError:
            data = b""
        if not data:
            self.client.close()
            self.client = None
        return data

    def write(self, data: bytes) -> None:
        if self.client is not None:
            try:
                self.client.sendall(data)
            except OSError:
                self.client.close()
                self.client = None

    def close(self) -> None:
        if self.client is not None:
            self.client.close()
        self.server.close()


class TrayEmulator:
    """A tray on a pseudo-terminal (`link_path`) or a TCP port (`tcp_port`, 0 for any free one).

    Thread-safe controls: `roll`, `send_raw`, `unplug`, `plug_in`, `stop`. `on_output` (if given)
    sees every line as the tray sends it, `on_host` what the host said (a refusal and its
    reason, a call to roll), in words, on the emulator's thread."""

    def __init__(self, *, link_path: Path | None = None, tcp_port: int | None = None,
                 tray_id: str = "tray-1", sides: int = 20, faults: Faults = Faults(),
                 seed: int | None = None, first_seq: int = 0,
                 resend_ms: int = dice_proto.RESEND_MS,
                 on_output: Callable[[bytes], None] | None = None,
                 on_host: Callable[[str], None] | None = None) -> None:
        if (link_path is None) == (tcp_port is None):
            raise ValueError("give the emulator a link_path (pseudo-terminal) or a tcp_port")
        self.link_path = link_path
        self.tcp_port = tcp_port
        self.faults = faults
        self.rng = random.Random(seed)
        self.tray = dice_proto.Tray(tray_id, sides, first_seq, resend_ms)
        self.on_output = on_output
        self.on_host = on_host
        self.acks: queue.Queue[int] = queue.Queue()
        self.refusals: queue.Queue[tuple[int, str]] = queue.Queue()   # (seq, reason in words)
        self.calls: queue.Queue[int] = queue.Queue()   # sides of the die called for; 0: none
        self.answers: queue.Queue[tuple[str, int]] = queue.Queue()   # ("ACK"/"REFUSE", seq)
        self._commands: queue.Queue[tuple[str, object]] = queue.Queue()
        self._end: _Pty | _Tcp | None = None
        self._thread: threading.Thread | None = None
        self._stopped = threading.Event()
        self._plug()

    @property
    def url(self) -> str:
        """What the host opens."""
        if isinstance(self._end, _Tcp):
            return f"socket://127.0.0.1:{self._end.port}"
        return str(self.link_path)

    def _plug(self) -> None:
        if self.link_path is not None:
            self._end = _Pty(self.link_path)
        else:
            self._end = _Tcp(self.tcp_port or 0)
            self.tcp_port = self._end.port  # plug back in on the same port

    def start(self) -> TrayEmulator:
        if self._thread is not None:
            raise RuntimeError("the emulator is already started")
        self._send(self.tray.start(self._ms()))
        self._thread = threading.Thread(target=self._run, name="dice-emulator", daemon=True)
        self._thread.start()
        return self

    def __enter__(self) -> TrayEmulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # --- controls, from any thread ---

    def roll(self, value: int | None = None) -> None:
        """Roll the die: `value` if given (it is sent as it is, even an impossible one), else a
        fair face from `os.urandom`, as the firmware does."""
        self._commands.put(("roll", value))

    def send_raw(self, data: bytes) -> None:
        self._commands.put(("raw", data))

    def unplug(self) -> None:
        self._commands.put(("unplug", None))

    def plug_in(self, restart: bool = False) -> None:
        """Plug in again; `restart` as a USB-powered tray would (a new HELLO, a new random sequence)."""
        self._commands.put(("plug", restart))

    def stop(self) -> None:
        self._commands.put(("stop", None))
        if self._thread is not None:
            self._thread.join(5)
        if self._end is not None:
            self._end.close()
            self._end = None

    # --- the emulator's thread ---

    def _ms(self) -> int:
        return int(time.monotonic() * 1000)

    def _run(self) -> None:
        while True:
            end = self._end
            if end is not None:
                try:
                    readable, _, _ = select.select([end], [], [], TICK)
                    data = end.read() if readable else b""
                except (OSError, ValueError):  # the end was closed under us (stop, unplug)
                    if self._end is end:
                        self._end = None
                    continue
                if readable:
                    for said in self.tray.receive(data):
                        self._heard(*said)
            else:
                try:
                    command = self._commands.get(timeout=TICK)
                except queue.Empty:
                    pass
                else:
                    if not self._do(*command):
                        return
            while True:
                try:
                    command = self._commands.get_nowait()
                except queue.Empty:
                    break
                if not self._do(*command):
                    return
            if self._end is not None:
                self._send(self.tray.tick(self._ms()))

    def _heard(self, what: str, number: int, reason: str) -> None:
        if what == "ACK":   # shown as each roll is taken, as the tray's light would
            self.acks.put(number)
            self.answers.put((what, number))
            if self.on_host is not None:
                self.on_host(f"ACK {number}")
            return
        if what == "REFUSE":
            self.answers.put((what, number))
            words = dice_proto.REFUSALS[reason]
            self.refusals.put((number, words))
            text = f"the host refused roll {number}: {words}"
        else:
            self.calls.put(number)
            text = f"roll the tray now (d{number})" if number else "the host no longer calls"
        if self.on_host is not None:
            self.on_host(text)

    def _do(self, what: str, arg: object) -> bool:
        if what == "stop":
            return False
        if what == "roll":
            value = arg if isinstance(arg, int) else 0
            while value == 0:
                value = dice_proto.fair_d20(os.urandom(8)) if self.tray.sides == 20 else \
                    1 + os.urandom(1)[0] % self.tray.sides
            self._send(self.tray.roll(value, self._ms()))
        elif what == "raw" and isinstance(arg, bytes) and self._end is not None:
            self._end.write(arg)
        elif what == "unplug" and self._end is not None:
            self._end.close()
            self._end = None
        elif what == "plug" and self._end is None:
            try:
                self._plug()
            except OSError as exc:   # the path was taken meanwhile: it stays unplugged
                if self.on_host is not None:
                    self.on_host(f"cannot plug in: {exc}")
                return True
            if arg:
                old = self.tray
                self.tray = dice_proto.Tray(old.tray_id, old.sides, self.rng.randrange(0x10000),
                                            old.resend_ms)
                self._send(self.tray.start(self._ms()))
        return True

    def _send(self, data: bytes) -> None:
        if not data or self._end is None:
            return
        out = bytearray()
        f = self.faults
        for line in data.splitlines(keepends=True):
            if self.on_output is not None:
                self.on_output(line)
            if self.rng.random() < f.noise:
                out += self.rng.randbytes(self.rng.randint(1, 40))
            if self.rng.random() < f.drop:
                continue
            if self.rng.random() < f.bad_checksum:
                i = line.index(b"*") + 1
                line = line[:i] + (b"0000" if line[i:i + 4] != b"0000" else b"FFFF") + line[i + 4:]
            out += line
            if self.rng.random() < f.duplicate:
                out += line
        self._end.write(bytes(out))
