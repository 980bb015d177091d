"""Fixtures for the hostile-input suites of every package: a FIFO where a file is expected, and
a call that must end in time (a read that waits for a FIFO's writer would hang the suite)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture
def make_fifo() -> Iterator[Callable[[Path], Path]]:
    """make_fifo(path): a FIFO at `path`. Whoever is still waiting on one at the end of the
    test is let go (a writer opens it and closes it), so no thread stays blocked."""
    made: list[Path] = []

    def make(path: Path) -> Path:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(path)
        made.append(path)
        return path

    yield make
    for path in made:
        for _ in range(3):
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_NONBLOCK))
            except OSError:
                break


class Outcome:
    """What a call did: its value, or the exception it raised."""

    def __init__(self) -> None:
        self.value: Any = None
        self.error: BaseException | None = None


@pytest.fixture
def within() -> Callable[..., Outcome]:
    """within(seconds, fn, *args): run fn in a thread and fail the test if it has not ended by
    then (a hang); the outcome otherwise."""

    def run(seconds: float, fn: Callable[..., Any], *args: Any) -> Outcome:
        out = Outcome()

        def target() -> None:
            try:
                out.value = fn(*args)
            except BaseException as exc:   # reported to the test
                out.error = exc

        thread = threading.Thread(target=target, daemon=True)
        thread.start()
        thread.join(seconds)
        assert not thread.is_alive(), f"{getattr(fn, '__name__', fn)} did not end in {seconds} s"
        return out

    return run
