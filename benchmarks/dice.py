"""`starbridge bench dice`: how fast the dice parser is, and how soon a tray's roll is accepted.

Figures, not pass/fail. The floor beside the parser's rate is the bare work any parser must do
on the same lines (a regular expression and the CRC); the floor beside the latency is a bare
pseudo-terminal round trip (a frame written to one end, read on the other by a thread waiting
for it, and handed back over a queue: the least any serial link with a reader thread can take).
Both are measured in the same run.
"""

from __future__ import annotations

import binascii
import os
import queue
import re
import select
import statistics
import tempfile
import threading
import time
import tty
from pathlib import Path
from typing import Any

from benchmarks.figures import Figure, budget
from companion.session import load_scenario, prepare
from engine import apply, decide, new_game, pending
from firmware_bridge.link import LinkEvent, TrayLink, TrayRoll, TrayStatus
from firmware_bridge.protocol import Heartbeat, Parser, Roll, encode
from firmware_bridge.router import DiceRouter, TrayAnswer, config_from_dict

MIN_SECONDS = 1.5
SAMPLES = 300
_FLOOR = re.compile(rb"\$([^*\n]*)\*([0-9A-Fa-f]{4})\r?\n")


def dice_bench(out: Any) -> list[Figure]:
    frames = b"".join(encode(Roll(i % 65536, "tray-1", 20, i % 20 + 1)) for i in range(2000))
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < MIN_SECONDS:
        p = Parser()
        n += sum(1 for x in p.feed(frames) if isinstance(x, Roll))
    rate = n / (time.perf_counter() - t0)
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < MIN_SECONDS:
        for m in _FLOOR.finditer(frames):
            if int(m.group(2), 16) == binascii.crc_hqx(m.group(1), 0xFFFF):
                n += 1
    floor = n / (time.perf_counter() - t0)
    print(f"parse: {rate:,.0f} frames/s (floor: regex + CRC alone, {floor:,.0f} frames/s)",
          file=out)
    lat = _latency()
    bare = pty_round_trips(len(lat))
    print(f"frame's last byte written to a pty -> roll accepted by the engine, {len(lat)} rolls: "
          f"p50 {statistics.median(lat):.2f} ms, p99 {_p99(lat):.2f} ms (budget p99 < 2 ms; "
          f"floor: a bare pty round trip, p50 {statistics.median(bare):.3f} ms, "
          f"p99 {_p99(bare):.3f} ms)", file=out)
    pty_floor = "a bare pseudo-terminal round trip (write, a waiting thread reads, a queue)"
    return [Figure("dice", "parse tray lines", rate, "frames/s", floor=floor, higher_is_better=True,
                   floor_is="a regular expression and the CRC over the same lines"),
            Figure("dice", "tray frame to accepted roll, p50", statistics.median(lat), "ms",
                   floor=statistics.median(bare), floor_is=pty_floor),
            Figure("dice", "tray frame to accepted roll, p99", _p99(lat), "ms",
                   floor=_p99(bare), budget=budget(2.0, pi=None), floor_is=pty_floor)]


def _p99(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * 0.99))]


def pty_round_trips(samples: int) -> list[float]:
    """The floor of the latency: a ROLL frame written to a raw pseudo-terminal, read on the
    other end by a thread waiting in select (as the link's reader waits), and handed to this
    thread over a queue; milliseconds each, `samples` of them."""
    master, slave = os.openpty()
    tty.setraw(slave)
    got: queue.Queue[bytes] = queue.Queue()
    stop_r, stop_w = os.pipe()

    def reader() -> None:
        line = b""
        while True:
            ready, _, _ = select.select([slave, stop_r], [], [])
            if stop_r in ready:
                return
            line += os.read(slave, 4096)
            if line.endswith(b"\n"):
                got.put(line)
                line = b""

    thread = threading.Thread(target=reader, name="bench-pty-floor", daemon=True)
    thread.start()
    frame = encode(Roll(1, "tray-1", 20, 17))
    out: list[float] = []
    try:
        for _ in range(samples):
            t0 = time.perf_counter()
            os.write(master, frame)
            got.get(timeout=5)
            out.append((time.perf_counter() - t0) * 1000)
    finally:
        os.write(stop_w, b"x")
        thread.join(5)
        for fd in (master, slave, stop_r, stop_w):
            os.close(fd)
    return out


def _latency() -> list[float]:
    """Write ROLL frames into a real pseudo-terminal, one at a time, while the link reads the
    other end; time from the write to `apply` returning with the roll accepted."""
    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 0))
    router = DiceRouter(config_from_dict({"trays": [{"id": "tray-1", "url": "pty"}]}))
    events: queue.Queue[LinkEvent] = queue.Queue()
    master, slave = os.openpty()
    tty.setraw(slave)
    with tempfile.TemporaryDirectory() as tmp:
        dev = Path(tmp) / "dice"
        dev.symlink_to(os.ttyname(slave))
        out: list[float] = []
        with TrayLink("tray-1", str(dev), events, expect_tray="tray-1"):
            while True:  # until the link has the port open and hears us
                os.write(master, encode(Heartbeat("tray-1", 0)))
                try:
                    if isinstance(events.get(timeout=0.2), TrayStatus):
                        break
                except queue.Empty:
                    continue
            seq = 0
            while len(out) < SAMPLES:
                prompts = pending(state)
                if not prompts:
                    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 0))
                    continue
                if prompts[0].roll is None:
                    state, _ = apply(state, decide(state, prompts[0]))
                    continue
                t0 = time.perf_counter()
                os.write(master, encode(Roll(seq, "tray-1", 20, seq % 20 + 1)))
                seq += 1
                while True:
                    e = events.get(timeout=5)
                    if isinstance(e, TrayRoll):
                        break
                answer = router.on_event(e, prompts)
                if isinstance(answer, TrayAnswer):
                    state, _ = apply(state, answer.action)
                    out.append((time.perf_counter() - t0) * 1000)
                os.read(master, 4096)  # the ACK
        os.close(master)
        os.close(slave)
    return out

