"""The table advertised on its networks by name (mDNS, python-zeroconf): a phone or laptop that
types http://starbridge.local:8765 finds it without its address, and a browser's or an app's
service list shows "starbridge" (`_http._tcp`).

python-zeroconf is pure Python (with optional compiled speed-ups, published as wheels for the
Pi's aarch64 and Python 3.11 and 3.13) and answers beside Raspberry Pi OS's own Avahi, which
already answers for the host name (`raspberrypi.local`). Registering takes a second or so of
probing and announcing, so it runs on a thread of its own, never on the table's loop: it looks
the machine's addresses up every `every` seconds and registers them anew when they changed (a
hotspot that came up after the table started).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from consoles.addresses import MDNS_NAME, link_addresses

if TYPE_CHECKING:
    from zeroconf import ServiceInfo, Zeroconf

log = logging.getLogger("starbridge.stations")
SERVICE = "_http._tcp.local."


class Advertiser:
    """The table's name and service on every network it has an address on."""

    def __init__(self, port: int, name: str = MDNS_NAME,
                 addresses: Callable[[], list[str]] | None = None, every: float = 10.0) -> None:
        self.port, self.name, self.every = port, name, every
        self.addresses = addresses or (lambda: [a.address for a in link_addresses()
                                                if a.reachable])
        self.advertised: tuple[str, ...] = ()
        self.problem = ""   # why it could not advertise, in words (doctor, the log)
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._zc: Zeroconf | None = None
        self._info: ServiceInfo | None = None

    def start(self) -> Advertiser:
        self._thread = threading.Thread(target=self._run, name="mdns", daemon=True)
        self._thread.start()
        return self

    def stop(self, timeout: float = 10.0) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout)
            self._thread = None

    def _run(self) -> None:
        try:
            while not self._stop.is_set():
                self._refresh()
                self._stop.wait(self.every)
        except Exception as exc:   # never a silent thread: said once, the table goes on
            self.problem = f"{type(exc).__name__}: {exc}"
            log.warning("stations: the table's name (%s) is not advertised: %s", self.name,
                        self.problem)
        finally:
            self._close()

    def _refresh(self) -> None:
        import socket

        from zeroconf import ServiceInfo, Zeroconf

        wanted = tuple(sorted(set(self.addresses())))
        if wanted == self.advertised:
            return
        self._close()
        self.advertised = wanted
        if not wanted:
            return
        host = self.name.removesuffix(".local")
        info = ServiceInfo(SERVICE, f"{host}.{SERVICE}", port=self.port,
                           addresses=[socket.inet_aton(a) for a in wanted],
                           server=f"{self.name}.", properties={"path": "/"})
        zc = Zeroconf(interfaces=list(wanted))
        self._zc, self._info = zc, info
        zc.register_service(info, allow_name_change=True)
        log.info("stations: advertised as %s on %s", self.name, ", ".join(wanted))

    def _close(self) -> None:
        zc, info = self._zc, self._info
        self._zc = self._info = None
        if zc is not None:
            if info is not None:
                zc.unregister_service(info)
            zc.close()
