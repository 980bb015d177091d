"""The consoles' rig of `bench stations`: a loop of its own, twelve consoles connected over
loopback, and a tap timed from its send to the last console's state; the benchmark and its
transport floor share it."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from typing import Any

import aiohttp


class _Console:
    """A console that notes when each state arrives (perf_counter) and its seq."""

    def __init__(self, ws: aiohttp.ClientWebSocketResponse, wake: threading.Event) -> None:
        self.ws, self.wake = ws, wake
        self.states: list[tuple[float, int]] = []
        self.last: dict[str, Any] | None = None
        self.results: list[dict[str, Any]] = []

    async def read(self) -> None:
        async for msg in self.ws:
            if msg.type != aiohttp.WSMsgType.TEXT:
                continue
            m = json.loads(msg.data)
            if m.get("type") == "state":
                self.states.append((time.perf_counter(), int(m["seq"])))
                self.last = m
            elif m.get("type") == "result":
                self.results.append(m)
            self.wake.set()


class _Loop:
    """An event loop in a thread for the consoles (the clients) of the benchmark."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coro: Any, timeout: float = 30.0) -> Any:
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def close(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()


async def _connect(session: aiohttp.ClientSession, port: int, token: str,
                   wake: threading.Event) -> _Console:
    ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws", max_msg_size=0)
    c = _Console(ws, wake)
    await ws.send_str(json.dumps({"v": 1, "type": "hello", "token": token}))
    asyncio.get_running_loop().create_task(c.read())
    return c


async def _tap(c: _Console, message: dict[str, Any]) -> float:
    t0 = time.perf_counter()
    await c.ws.send_str(json.dumps(message))
    return t0


async def _session() -> aiohttp.ClientSession:
    return aiohttp.ClientSession()


