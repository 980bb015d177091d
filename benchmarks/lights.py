"""`starbridge bench lights`: from an engine event to the light's command on the wire, beside
the bare send of the same bytes in the same run.

A WLED stand-in on loopback (a plain TCP server reading each HTTP request whole) and a UDP
socket on loopback (an sACN receiver's port) note when each command arrives. The row times
`Room.follow` from the moment the app hands it an accepted action's events (a phaser's hit, in
a real game of the duel) to the arrival of the WLED's POST (and of the sACN packet); the floor
is the same bytes sent bare from the same thread model: `WledPost` and a `sendto` on a `Link`.
Between two samples the flash is let end (and that look's send drained), so each sample is one
change. p50 and p99 of SAMPLES; figures, not pass/fail.
"""

from __future__ import annotations

import contextlib
import socket
import threading
import time
from collections.abc import Callable
from typing import IO

from benchmarks.figures import Figure, budget
from companion.session import load_scenario, prepare
from engine import Event, GameState, apply, decide, new_game, pending
from lights.load import parse_rules
from room.link import Link
from room.room import Room
from room.wled import WledPost, wled_body

SAMPLES = 300
WAIT = 5.0


class Stamps:
    """Arrival times (perf_counter) of whole messages on a loopback server."""

    def __init__(self) -> None:
        self.times: list[float] = []
        self.cond = threading.Condition()

    def add(self) -> None:
        with self.cond:
            self.times.append(time.perf_counter())
            self.cond.notify_all()

    def wait(self, n: int, timeout: float = WAIT) -> float:
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.times) >= n, timeout):
                raise TimeoutError("the command never arrived")
            return self.times[n - 1]


def wled_server(stamps: Stamps) -> tuple[socket.socket, int]:
    """A TCP server answering every POST with 200 {"success":true}, noting each arrival."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)

    def serve() -> None:
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            threading.Thread(target=client, args=(conn,), daemon=True).start()

    def client(conn: socket.socket) -> None:
        buf = b""
        with conn:
            while True:
                try:
                    data = conn.recv(65536)
                except OSError:
                    return
                if not data:
                    return
                buf += data
                while b"\r\n\r\n" in buf:
                    head, rest = buf.split(b"\r\n\r\n", 1)
                    n = next((int(line.split(b":")[1]) for line in head.split(b"\r\n")
                              if line.lower().startswith(b"content-length")), 0)
                    if len(rest) < n:
                        break
                    buf = rest[n:]
                    stamps.add()
                    body = b'{"success":true}'
                    conn.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                 b"Content-Length: %d\r\n\r\n%s" % (len(body), body))

    threading.Thread(target=serve, daemon=True).start()
    return srv, int(srv.getsockname()[1])


def udp_server(stamps: Stamps) -> tuple[socket.socket, int]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))

    def serve() -> None:
        while True:
            try:
                sock.recv(2048)
            except OSError:
                return
            stamps.add()

    threading.Thread(target=serve, daemon=True).start()
    return sock, int(sock.getsockname()[1])


def a_hit() -> tuple[GameState, tuple[Event, ...]]:
    """A state of the duel just after a shot hit, and that action's events."""
    from companion.dice import VirtualDice

    dice = VirtualDice(1)
    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 2))
    while True:
        p = pending(state)[0]
        state, events = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
        if any(type(e).__name__ == "ShotResolved" for e in events):
            return state, events


def quantile(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def timed(n: int, stamps: Stamps, fire: Callable[[], None], settle: Callable[[], None]) -> list[float]:
    out = []
    for _ in range(n):
        settle()
        start = time.perf_counter()
        fire()
        out.append((stamps.wait(len(stamps.times) + 1) - start) * 1000)
    return out


def lights_bench(out: IO[str], samples: int = SAMPLES) -> list[Figure]:
    state, events = a_hit()
    figures: list[Figure] = []
    for kind in ("wled", "dmx"):
        lit, floor = one_output(kind, state, events, samples)
        what = "WLED POST" if kind == "wled" else "sACN packet"
        print(f"{kind}: event to {what} on the wire: p50 {quantile(lit, 0.5):.2f} ms, "
              f"p99 {quantile(lit, 0.99):.2f} ms; bare send of the same bytes: p50 "
              f"{quantile(floor, 0.5):.2f} ms, p99 {quantile(floor, 0.99):.2f} ms", file=out)
        figures.append(Figure("lights", f"engine event to {what} on the wire, p99",
                              quantile(lit, 0.99), "ms", quantile(floor, 0.99),
                              budget(20.0, 50.0), floor_is=f"the bare send of the same bytes "
                                                           f"({what}) on a link"))
    return figures


def one_output(kind: str, state: GameState, events: tuple[Event, ...],
               samples: int) -> tuple[list[float], list[float]]:
    """(event to the wire, bare send) in ms, for a WLED or a DMX output."""
    from room.dmx import SacnSend

    stamps = Stamps()
    server, port = (wled_server if kind == "wled" else udp_server)(stamps)
    target = (f'kind = "wled"\nurl = "http://127.0.0.1:{port}"' if kind == "wled" else
              f'kind = "dmx"\nchannels = [1, 2, 3]\nhost = "127.0.0.1"\nport = {port}')
    rules = parse_rules(f'[outputs.o]\n{target}\n[[event]]\noutput = "o"\n'
                        f'on = "ShotResolved"\ntime = 0.5\n', "bench")
    room = Room(rules)
    clock = [0.0]
    for link in room.dmx.links.values() if room.dmx else ():
        link.keepalive = None   # the keep-alive must not land inside a sample

    def settle() -> None:
        clock[0] += 10.0
        n = len(stamps.times)
        room.refresh(clock[0])            # the flash ends: its dark look is sent (once lit)
        if room.last:
            with contextlib.suppress(TimeoutError):
                stamps.wait(n + 1, 0.5)
        time.sleep(0.002)

    try:
        lit = timed(samples, stamps, lambda: room.follow(state, events, clock[0]), settle)
    finally:
        room.close()
    if kind == "wled":
        body = wled_body(0, (255, 255, 255), 1.0)
        floor_link = Link("floor", WledPost(f"http://127.0.0.1:{port}"))
    else:
        body = bytes([255, 255, 255] + [0] * 509)
        floor_link = Link("floor", SacnSend(("127.0.0.1", port, 1)))
    try:
        floor = timed(samples, stamps, lambda: floor_link.put(body), lambda: time.sleep(0.002))
    finally:
        floor_link.close()
        server.close()
    return lit, floor
