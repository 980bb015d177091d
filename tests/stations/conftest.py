"""The consoles' tests: a real server on 127.0.0.1 (port 0), aiohttp's client as the consoles."""

from __future__ import annotations

import queue
import threading
from collections.abc import Iterator

import pytest
from console_client import Net, serve

from stations import ConsoleInput, StationServer


@pytest.fixture(autouse=True)
def no_window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")


@pytest.fixture
def net() -> Iterator[Net]:
    n = Net()
    yield n
    n.close()


@pytest.fixture
def inputs() -> queue.Queue[ConsoleInput]:
    return queue.Queue()


@pytest.fixture
def server(inputs: queue.Queue[ConsoleInput]) -> Iterator[StationServer]:
    s = serve(inputs)
    yield s
    s.stop()
    assert not any(t.name == "stations" for t in threading.enumerate()), "a server thread left"
