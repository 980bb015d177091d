"""`bench stations`' second floor: the tap's transport without the game.

The same consoles' server (consoles/server.py), the same 12 consoles on loopback, the same
bytes: each time the tapping console sends its `decide`, the server checks it and hands it to the
main thread (the queue and its wake-up, as at the table), and the main thread, doing no game at
all, hands the states the game published for a tap (serialised beforehand) back to the server's
loop (`call_soon_threadsafe`), which sends each seat's to its consoles through aiohttp. Timed as
the tap is: from the console's send to the last of the 11 other consoles receiving its state. What
the tap costs above this is what the game adds (apply, save, each seat's state built and
serialised).
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Mapping
from typing import Any

from benchmarks.consoles_rig import _connect, _Loop, _session, _tap
from consoles import ConsoleInput, StationServer
from consoles.protocol import dumps, result


def transport_floor(states: Mapping[str, dict[str, Any]], keys: list[str], tapper_key: str,
                    samples: int, pace: float) -> list[float]:
    """ms per sample; `states`: the `state` message each seat was sent for one tap."""
    inputs: queue.Queue[ConsoleInput] = queue.Queue()
    server = StationServer(inputs.put, "127.0.0.1", 0).start()
    loop = _Loop()
    wake = threading.Event()
    session = loop.run(_session())
    try:
        clients = [loop.run(_connect(session, server.port, server.tokens.issue(k), wake))
                   for k in keys]
        while True:   # every console has said hello (each a "join" on the queue)
            joins = {i.seat for i in list(inputs.queue) if i.message.get("type") == "join"}
            if joins >= set(keys):
                break
            wake.clear()
            wake.wait(0.05)
        while not inputs.empty():
            inputs.get_nowait()
        tapper = clients[keys.index(tapper_key)]
        others = [c for c in clients if c is not tapper]
        out: list[float] = []
        for n in range(samples):
            paced = time.monotonic() + pace
            seq = 1000 + n
            texts = {k: dumps({**m, "seq": seq}) for k, m in states.items() if k in keys}
            t0 = loop.run(_tap(tapper, {"v": 1, "type": "decide", "id": f"f{n}",
                                        "decision": {"action": "allocate_power", "what": ""},
                                        "values": {}}))
            got = inputs.get(timeout=10)   # the main thread: the console's input, no game
            mid = str(got.message.get("id"))
            server.answer_later(got.seat, got.client, mid, result(mid))
            server.publish_texts(texts)
            end = time.monotonic() + 10
            while not all(any(s == seq for _, s in c.states[-3:]) for c in others):
                if time.monotonic() > end:
                    raise TimeoutError("the floor's consoles were not sent their states "
                                       "within 10 s")
                wake.clear()
                wake.wait(0.05)
            arrived = [next(t for t, s in c.states if s == seq) for c in others]
            out.append((max(arrived) - t0) * 1000)
            time.sleep(max(0.0, paced - time.monotonic()))
        return out
    finally:
        loop.run(session.close())
        loop.close()
        server.stop()
