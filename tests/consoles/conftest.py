"""The consoles' tests: a real server on 127.0.0.1 (port 0), aiohttp's client as the consoles."""

from __future__ import annotations

import os
import queue
import shutil
import subprocess
import sys
import threading
import uuid
from collections.abc import Iterator

import pytest
from console_client import Net, serve

from consoles import ConsoleInput, StationServer


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


@pytest.fixture
def hotspot_namespace() -> Iterator[str]:
    """A network namespace whose one interface (eth0, a veth whose peer is up outside) has the
    address NetworkManager gives a Pi's hotspot, 10.42.0.1/24, and no default route."""
    if sys.platform != "linux" or os.geteuid() != 0 or shutil.which("ip") is None:
        pytest.skip("needs root and iproute2 for a network namespace")
    name = f"sb-{uuid.uuid4().hex[:8]}"
    peer = f"sbp{uuid.uuid4().hex[:6]}"
    made = subprocess.run(["ip", "netns", "add", name], capture_output=True, text=True)
    if made.returncode != 0:
        pytest.skip(f"no network namespaces here: {made.stderr.strip()}")
    try:
        for argv in (["ip", "link", "add", peer, "type", "veth", "peer", "name", "eth0",
                      "netns", name],
                     ["ip", "-n", name, "addr", "add", "10.42.0.1/24", "dev", "eth0"],
                     ["ip", "-n", name, "link", "set", "eth0", "up"],
                     ["ip", "-n", name, "link", "set", "lo", "up"],
                     ["ip", "link", "set", peer, "up"]):
            subprocess.run(argv, check=True, capture_output=True, text=True)
        yield name
    finally:
        subprocess.run(["ip", "link", "del", peer], capture_output=True)
        subprocess.run(["ip", "netns", "del", name], capture_output=True)
