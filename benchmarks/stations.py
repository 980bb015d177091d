"""`starbridge bench stations`: a tap on one console to every other console updated, beside a bare
WebSocket echo round trip measured in the same run; the server's memory and idle CPU with 12
consoles connected and nobody playing.

The tap: the Enterprise's Engineering console sends its power allocation; the app (on this
thread, as at the table) applies it, saves nothing (no store), and publishes every connected
seat's new state; the time runs from the console's send to the last of the 11 other consoles
receiving its new state, all on loopback. The Instructor's console then undoes it, untimed, and
the next tap follows. The floor: a message sent to a bare aiohttp WebSocket echo server and its
echo received, on the same machine in the same run.

The idle figures come from a real `starbridge stations` process (a headless table whose seats
all wait for people), with 12 consoles connected from this process: its resident memory, and its
CPU over a few seconds in which nobody acts.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import aiohttp
from aiohttp import web

from benchmarks.consoles_rig import _connect, _Loop, _session, _tap
from benchmarks.figures import Figure

SAMPLES = 150
PACE = 0.06
"""seconds between taps: under the server's flood limit (20 messages a second per console)."""
CONSOLES = 12
IDLE_SECONDS = 5.0


def _p99(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * 0.99))]


def _tap_latency(samples: int) -> list[float]:
    from companion.saves.saved_game import SavedGame
    from companion.session import load_scenario, prepare
    from companion.table.app import App, Table
    from companion.table.consoles import Consoles
    from engine import crew_stations

    scenario = prepare(load_scenario("duel", None), None, "basic", None, 0)
    game = SavedGame.new(None, scenario, 1, {})
    seats = {(ship, st): ("touch" if ship == "enterprise" else "autopilot")
             for ship in ("enterprise", "kronos") for st in crew_stations(game.state, ship)}
    wake = threading.Event()
    consoles = Consoles.open("127.0.0.1", 0, lambda _l: None, wake=wake.set)
    if consoles is None:
        raise OSError("the consoles' server could not listen on 127.0.0.1")
    app = App(game, Table(seats=seats, say=lambda _l: None, consoles=consoles))
    loop = _Loop()
    session: aiohttp.ClientSession = loop.run(_session())
    keys = ([f"enterprise/{st}" for st in crew_stations(game.state, "enterprise")] * 2
            + ["kronos/captain", "kronos/helm", "instructor", "view"])[:CONSOLES]
    clients = [loop.run(_connect(session, consoles.server.port,
                                 consoles.server.tokens.issue(k), wake)) for k in keys]
    tapper, instructor = clients[keys.index("enterprise/engineer")], clients[keys.index("instructor")]
    others = [c for c in clients if c is not tapper]

    steps: list[float] = []
    states: dict[str, dict[str, Any]] = {}   # what the seats were sent for a tap (the floor's)
    publish_many = consoles.server.publish_many

    def noted(messages: Any) -> None:
        if timing[0] and len(messages) >= len(states):
            states.clear()
            states.update(messages)
        publish_many(messages)

    timing = [False]
    consoles.server.publish_many = noted   # type: ignore[method-assign]

    def drive(done: Any, timed: bool = False) -> None:
        end = time.monotonic() + 10
        while not done():
            if time.monotonic() > end:
                raise TimeoutError(f"the consoles were not updated within 10 s "
                                   f"({instructor.results[-1:]}, {app.messages[-1:]})")
            wake.clear()
            t = time.perf_counter()
            if app.consoles is not None and app.consoles.inputs.qsize() and timed:
                timing[0] = True
                app.step()
                timing[0] = False
                steps.append((time.perf_counter() - t) * 1000)
            else:
                app.step()
            if not done():
                wake.wait(0.05)

    out: list[float] = []
    try:
        drive(lambda: all(c.last is not None for c in clients))
        for n in range(samples):
            paced = time.monotonic() + PACE
            before = consoles.seq
            assert tapper.last is not None
            d = next(d for d in tapper.last["decisions"] if d["action"] == "allocate_power")
            values = {f["name"]: f["default"] for f in d["fields"]}
            t0 = loop.run(_tap(tapper, {"v": 1, "type": "decide", "id": f"t{n}",
                                        "decision": {"action": d["action"], "what": d["what"]},
                                        "values": values}))
            drive(lambda b=before: all(any(s > b for _, s in c.states[-3:]) for c in others),
                  timed=True)
            arrived = [next(t for t, s in c.states if s > before) for c in others]
            out.append((max(arrived) - t0) * 1000)
            after = consoles.seq
            loop.run(_tap(instructor, {"v": 1, "type": "instructor", "id": f"u{n}",
                                       "do": "undo"}))
            drive(lambda a=after: all(c.last is not None and c.last["seq"] > a
                                      for c in clients))
            time.sleep(max(0.0, paced - time.monotonic()))
    finally:
        loop.run(session.close())
        loop.close()
        app.close()
        consoles.close()
    _tap_latency.steps = steps   # type: ignore[attr-defined]
    _tap_latency.states = states, keys   # type: ignore[attr-defined]
    return out


def _echo_floor(samples: int) -> list[float]:
    """A bare aiohttp WebSocket echo server on its own loop thread, and a client on another:
    send, receive the echo, `samples` times."""
    server_loop = _Loop()

    async def echo(request: web.Request) -> web.WebSocketResponse:
        ws = web.WebSocketResponse(compress=False)
        await ws.prepare(request)
        async for msg in ws:
            if msg.type == aiohttp.WSMsgType.TEXT:
                await ws.send_str(msg.data)
        return ws

    async def start() -> tuple[web.AppRunner, int]:
        app = web.Application()
        app.router.add_get("/ws", echo)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", 0)
        await site.start()
        return runner, int(site._server.sockets[0].getsockname()[1])  # type: ignore[union-attr]

    runner, port = server_loop.run(start())
    client_loop = _Loop()

    async def measure() -> list[float]:
        out = []
        async with aiohttp.ClientSession() as s, s.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
            text = json.dumps({"v": 1, "type": "ping", "pad": "x" * 200})
            for _ in range(samples):
                t0 = time.perf_counter()
                await ws.send_str(text)
                await ws.receive()
                out.append((time.perf_counter() - t0) * 1000)
        return out

    try:
        return list(client_loop.run(measure(), 60))
    finally:
        client_loop.close()
        server_loop.run(runner.cleanup())
        server_loop.close()


def _proc(pid: int) -> tuple[float, float]:
    """(resident MB, CPU seconds so far) of a process, from /proc."""
    status = Path(f"/proc/{pid}/status").read_text()
    rss = int(re.search(r"VmRSS:\s+(\d+)", status).group(1)) / 1024   # type: ignore[union-attr]
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    ticks = os.sysconf("SC_CLK_TCK")
    return rss, (int(fields[11]) + int(fields[12])) / ticks


def _idle(seconds: float) -> tuple[float, float] | None:
    """A real `starbridge stations` process, 12 consoles connected, nobody acting: its resident
    MB and its CPU (% of a core) over `seconds`. None where /proc is not there."""
    if not Path("/proc/self/stat").exists():
        return None
    root = Path(__file__).resolve().parents[1]   # the checkout
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYTHONPATH": str(root)}
    proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "stations", "--no-save",
                             "--new", "--port", "0", "--address", "127.0.0.1", "--seat",
                             "default=touch"], cwd=root, env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True)
    loop = _Loop()
    try:
        links: list[str] = []
        assert proc.stdout is not None
        for line in proc.stdout:
            found = re.search(r"(http://127\.0\.0\.1:\d+)/\w+#k=(\S+)", line)
            if found:
                links.append(line)
            if len(links) >= 10:
                break
        port = int(re.search(r":(\d+)/", links[0]).group(1))   # type: ignore[union-attr]
        tokens = [re.search(r"#k=(\S+)", x).group(1) for x in links]   # type: ignore[union-attr]
        wake = threading.Event()
        session: aiohttp.ClientSession = loop.run(_session())
        clients = [loop.run(_connect(session, port, tokens[n % len(tokens)], wake))
                   for n in range(CONSOLES)]
        end = time.monotonic() + 10
        while not all(c.last is not None for c in clients) and time.monotonic() < end:
            wake.clear()
            wake.wait(0.1)
        time.sleep(1.0)   # settle: imports and first states done
        rss, cpu0 = _proc(proc.pid)
        t0 = time.monotonic()
        time.sleep(seconds)
        rss2, cpu1 = _proc(proc.pid)
        cpu = (cpu1 - cpu0) / (time.monotonic() - t0) * 100
        loop.run(session.close())
        return max(rss, rss2), cpu
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        loop.close()


def stations_bench(out: Any, samples: int = SAMPLES, idle_s: float = IDLE_SECONDS) -> list[Figure]:
    from benchmarks.stations_floor import transport_floor

    taps = _tap_latency(samples)
    states, keys = _tap_latency.states   # type: ignore[attr-defined]
    bare = transport_floor(states, keys, "enterprise/engineer", samples, PACE)
    echo = _echo_floor(samples)
    p50, p99, e50, e99 = (statistics.median(taps), _p99(taps), statistics.median(echo),
                          _p99(echo))
    b50, b99 = statistics.median(bare), _p99(bare)
    steps = list(getattr(_tap_latency, "steps", ())) or [0.0]
    print(f"a tap on one console -> the other {CONSOLES - 1} consoles updated, {len(taps)} taps: "
          f"p50 {p50:.2f} ms, p99 {p99:.2f} ms (floor: a bare WebSocket echo round trip, "
          f"p50 {e50:.2f} ms, p99 {e99:.2f} ms; ratio p50 {p50 / e50:.1f}x); the same transport "
          f"without the game (the tap's bytes sent to the {CONSOLES - 1} consoles through the "
          f"same server and thread hop): p50 {b50:.2f} ms, p99 {b99:.2f} ms (ratio p50 "
          f"{p50 / b50:.1f}x); the app's step on the main thread (the console's action applied, "
          f"each connected seat's state built and sent, the autopilot's answers): p50 "
          f"{statistics.median(steps):.2f} ms", file=out)
    echo_is, bare_is = ("a bare WebSocket echo round trip",
                        "the same bytes to the same consoles through the same server and thread "
                        "hop, no game")
    figures = [
        Figure("stations", f"tap to {CONSOLES - 1} consoles updated, p50", p50, "ms", floor=e50,
               floor_is=echo_is),
        Figure("stations", f"tap to {CONSOLES - 1} consoles updated, p99", p99, "ms", floor=e99,
               floor_is=echo_is),
        Figure("stations", f"tap to {CONSOLES - 1} consoles updated, p50, vs transport", p50,
               "ms", floor=b50, floor_is=bare_is),
        Figure("stations", f"tap to {CONSOLES - 1} consoles updated, p99, vs transport", p99,
               "ms", floor=b99, floor_is=bare_is),
    ]
    idle = _idle(idle_s)
    if idle is None:
        print("idle: no /proc here; not measured", file=out)
        figures += [Figure("stations", "server process, 12 consoles: resident", None, "MB"),
                    Figure("stations", "server process, 12 consoles: idle CPU", None, "% of a core")]
    else:
        rss, cpu = idle
        print(f"a starbridge stations process with {CONSOLES} consoles connected and nobody "
              f"playing: {rss:.0f} MB resident, {cpu:.2f}% of a core over {idle_s:g} s", file=out)
        figures += [Figure("stations", f"server process, {CONSOLES} consoles: resident", rss, "MB"),
                    Figure("stations", f"server process, {CONSOLES} consoles: idle CPU", cpu,
                           "% of a core")]
    return figures
