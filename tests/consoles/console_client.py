"""A console for the tests: aiohttp's WebSocket client on its own event loop in a thread, with a
plain blocking API, so a test's main thread can step the app between receives. Nothing sleeps to
wait: every receive is a queue's get with a timeout."""

from __future__ import annotations

import asyncio
import json
import queue
import threading
from collections.abc import Callable
from typing import Any

import aiohttp

from consoles import ConsoleInput, Limits, StationServer

CLOSED = {"type": "(closed)"}


def serve(inputs: queue.Queue[ConsoleInput], **limits: float) -> StationServer:
    """A real server on 127.0.0.1, a free port, with these limits changed."""
    return StationServer(inputs.put, "127.0.0.1", 0, Limits(**limits)).start()  # type: ignore[arg-type]


class Net:
    """One event loop thread for every console of a test."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.session: aiohttp.ClientSession = self.run(self._session())
        self.consoles: list[Console] = []
        self.arrived = threading.Event()   # set whenever any console receives something

    async def _session(self) -> aiohttp.ClientSession:
        return aiohttp.ClientSession()

    def run(self, coro: Any, timeout: float = 10.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def console(self, port: int, token: str | None = None, origin: str | None = None,
                hello: bool = True) -> Console:
        c = Console(self, port, origin)
        self.consoles.append(c)
        if hello and token is not None:
            c.send({"v": 1, "type": "hello", "token": token})
        return c

    def close(self) -> None:
        for c in self.consoles:
            c.close()
        self.run(self.session.close())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


class Console:
    def __init__(self, net: Net, port: int, origin: str | None = None) -> None:
        self.net = net
        self.got: queue.Queue[dict[str, Any]] = queue.Queue()
        headers = {"Origin": origin} if origin else {}
        self.ws: aiohttp.ClientWebSocketResponse = net.run(
            net.session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=headers,
                                   max_msg_size=0))
        self.reader = asyncio.run_coroutine_threadsafe(self._read(), net.loop)
        self.last_state: dict[str, Any] | None = None
        self.seen: list[dict[str, Any]] = []
        self.closed = False

    async def _read(self) -> None:
        async for msg in self.ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                self.got.put(json.loads(msg.data))
                self.net.arrived.set()
        self.got.put(CLOSED)
        self.net.arrived.set()

    def send(self, message: dict[str, Any]) -> None:
        self.net.run(self.ws.send_str(json.dumps(message)))

    def send_text(self, text: str) -> None:
        self.net.run(self.ws.send_str(text))

    def recv(self, timeout: float = 5.0) -> dict[str, Any]:
        m = self.got.get(timeout=timeout)
        self._note(m)
        return m

    def _note(self, m: dict[str, Any]) -> None:
        self.seen.append(m)
        if m.get("type") == "state":
            self.last_state = m
        if m is CLOSED:
            self.closed = True

    def drain(self) -> list[dict[str, Any]]:
        out = []
        while True:
            try:
                m = self.got.get_nowait()
            except queue.Empty:
                return out
            self._note(m)
            out.append(m)

    def until(self, pred: Callable[[dict[str, Any]], bool], step: Callable[[], Any] | None = None,
              timeout: float = 10.0) -> dict[str, Any]:
        """The first message that `pred` accepts; `step` (the app's) runs between waits."""
        import time

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if step is not None:
                step()
            try:
                m = self.got.get(timeout=0.02 if step is not None else end - time.monotonic())
            except queue.Empty:
                continue
            self._note(m)
            if pred(m):
                return m
            if m is CLOSED:
                raise AssertionError("the connection closed; seen: " + repr(self.seen[-3:]))
        raise AssertionError(f"nothing matched within {timeout} s; seen: {self.seen[-3:]!r}")

    def close(self) -> None:
        if not self.ws.closed:
            self.net.run(self.ws.close())
