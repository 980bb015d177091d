"""Telling systemd how the table is doing (sd_notify, over the datagram socket systemd names in
$NOTIFY_SOCKET): `READY=1` once, when the game's first frame is up (the unit is `Type=notify`, so
the boot waits for a bridge that is on screen, not for a process that started), and `WATCHDOG=1`
from the main loop while it turns, at least every third of the unit's `WatchdogSec` ($WATCHDOG_USEC).
A loop that hangs stops pinging and systemd restarts the table, which resumes its game. Only the
main loop pings: no thread (the consoles' server, the dice reader) can keep a hung table alive.

Outside systemd (no $NOTIFY_SOCKET) `from_environment` gives None and nothing is sent. The
protocol is a line of `KEY=value` in one datagram (sd_notify(3)); a socket name starting with
"@" is in the abstract namespace. A socket that cannot be reached is said once in the log and
never stops the table.
"""

from __future__ import annotations

import logging
import os
import socket
import time
from collections.abc import Callable, Mapping

log = logging.getLogger("starbridge.service")
PINGS_PER_TIMEOUT = 3


class Notifier:
    """sd_notify for one process: `ready` once, `alive` from the loop (sent at the watchdog's
    rate, however often it is called)."""

    def __init__(self, address: str, watchdog_s: float | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.address = "\0" + address[1:] if address.startswith("@") else address
        self.watchdog_s, self.clock = watchdog_s, clock
        self.is_ready = False
        self.last_ping: float | None = None
        self._socket: socket.socket | None = None
        self._failed = False

    @classmethod
    def from_environment(cls, environ: Mapping[str, str] | None = None,
                         clock: Callable[[], float] = time.monotonic) -> Notifier | None:
        """The notifier systemd asked for, or None when this process is not its service's."""
        env = os.environ if environ is None else environ
        address = env.get("NOTIFY_SOCKET", "")
        if not address or not (address.startswith(("/", "@"))):
            return None
        watchdog_s = None
        pid = env.get("WATCHDOG_PID", "")
        usec = env.get("WATCHDOG_USEC", "")
        if usec.isdigit() and int(usec) > 0 and (not pid or pid == str(os.getpid())):
            watchdog_s = int(usec) / 1e6
        return cls(address, watchdog_s, clock)

    @property
    def ping_every(self) -> float | None:
        """Seconds between pings: a third of the watchdog's timeout (None: no watchdog)."""
        return None if self.watchdog_s is None else self.watchdog_s / PINGS_PER_TIMEOUT

    def ready(self, status: str = "") -> None:
        """The table is up (its first frame shown): READY=1, once."""
        if self.is_ready:
            return
        self.is_ready = True
        self._send("READY=1" + (f"\nSTATUS={status}" if status else ""))
        self.last_ping = self.clock()

    def alive(self) -> None:
        """The loop turned: WATCHDOG=1 when a ping is due (after `ready`)."""
        every = self.ping_every
        if every is None or not self.is_ready:
            return
        now = self.clock()
        if self.last_ping is None or now - self.last_ping >= every:
            self.last_ping = now
            self._send("WATCHDOG=1")

    def stopping(self) -> None:
        self._send("STOPPING=1")

    def _send(self, text: str) -> None:
        try:
            if self._socket is None:
                self._socket = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC)
                self._socket.setblocking(False)
            self._socket.sendto(text.encode("utf-8"), self.address)
        except OSError as exc:
            if not self._failed:
                self._failed = True
                log.warning("starbridge: systemd's notify socket cannot be reached (%s); the "
                            "service's watchdog will restart the table", exc.strerror or exc)

    def close(self) -> None:
        if self._socket is not None:
            self._socket.close()
            self._socket = None
