"""A device on the network or the speaker, fed from the main thread without ever waiting on it.

    link = Link("WLED strip room at http://10.0.0.5", send=post_bytes, keepalive=None)
    link.put(payload)          # main thread: the newest payload replaces one not yet sent
    link.news()                # main thread: what to say ("... does not answer", "... is back")

A thread of its own sends the newest payload (and, with `keepalive`, sends it again that often:
sACN receivers let go of a universe not refreshed within 2.5 s). A send that fails is said once,
with the reason and that the game goes on; the link tries again (every `retry_s`, or at the next
payload) and says once when the device answers again. The thread only sends and puts its news on
a queue: the main thread says it (docs/lights.md, "When an output drops").
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Callable

Send = Callable[[bytes], None]
RETRY_S = 2.0
WHY_CHARS = 120
"""At most this much of a device's own words (an HTTP reason, an error) is said."""


def one_line(text: str, most: int = WHY_CHARS) -> str:
    """`text` as one printable line of at most `most` characters (a device's words are not
    ours: a reason of many lines, control characters)."""
    words = " ".join("".join(c if c.isprintable() else " " for c in text).split())
    return words if len(words) <= most else words[:most - 1] + "…"


class Link:
    def __init__(self, name: str, send: Send, keepalive: float | None = None,
                 retry_s: float = RETRY_S, clock: Callable[[], float] = time.monotonic) -> None:
        self.name, self.send_bytes = one_line(name, 200), send
        self.keepalive, self.retry_s, self.clock = keepalive, retry_s, clock
        self._cond = threading.Condition()
        self._newest: bytes | None = None
        self._fresh = False
        self._stop = False
        self._said: queue.Queue[str] = queue.Queue()
        self.down: str | None = None       # why the device does not answer (None: it does)
        self.sent = 0                      # payloads sent (the tests and the bench read it)
        self._thread = threading.Thread(target=self._run, name=f"lights: {name}", daemon=True)
        self._thread.start()

    def put(self, payload: bytes) -> None:
        with self._cond:
            self._newest, self._fresh = payload, True
            self._cond.notify()

    def news(self) -> list[str]:
        out = []
        while True:
            try:
                out.append(self._said.get_nowait())
            except queue.Empty:
                return out

    def close(self, timeout: float = 2.0) -> None:
        with self._cond:
            self._stop = True
            self._cond.notify()
        self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                wait = self.retry_s if self.down is not None else self.keepalive
                if not self._fresh and not self._stop:
                    self._cond.wait(wait)
                if self._stop:
                    return
                payload, fresh = self._newest, self._fresh
                self._fresh = False
            if payload is None:
                continue
            if not fresh and self.down is None and self.keepalive is None:
                continue
            self._try(payload)

    def _try(self, payload: bytes) -> None:
        try:
            self.send_bytes(payload)
        except (OSError, ValueError) as exc:
            why = one_line(str(exc) or type(exc).__name__)
            if self.down is None:
                self._said.put(f"{self.name} does not answer ({why}): the game goes on without "
                               f"it, and it is lit again as soon as it answers")
            self.down = why
            return
        self.sent += 1
        if self.down is not None:
            self.down = None
            self._said.put(f"{self.name} answers again")
