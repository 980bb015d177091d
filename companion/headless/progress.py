"""How far a long command is, on a terminal: one line, rewritten in place ("simulate: game 12
of 100"), erased when done. Nothing is written when standard error is not a terminal (a pipe, a
file, a test, the journal), so what a script reads is unchanged."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TextIO

ERASE = "\r\x1b[K"


class Progress:
    """`step(done)` after each of `total` pieces of work; at most every `every` seconds."""

    def __init__(self, what: str, total: int, out: TextIO | None = None, every: float = 0.2,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.what, self.total, self.every, self.clock = what, total, every, clock
        self.out = out if out is not None else sys.stderr
        isatty = getattr(self.out, "isatty", None)
        self.live = bool(isatty and isatty())
        self.shown = False
        self._last: float | None = None

    def step(self, done: int, detail: str = "") -> None:
        if not self.live:
            return
        now = self.clock()
        if self._last is not None and now - self._last < self.every and done < self.total:
            return
        self._last = now
        line = f"{self.what}: {done} of {self.total}" + (f" ({detail})" if detail else "")
        self.out.write(ERASE + line[:200])
        self.out.flush()
        self.shown = True

    def close(self) -> None:
        if self.live and self.shown:
            self.out.write(ERASE)
            self.out.flush()
            self.shown = False

    def __enter__(self) -> Progress:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
