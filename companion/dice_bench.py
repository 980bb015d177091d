"""`starbridge bench dice`: how fast the dice parser is, and how soon a tray's roll is accepted.

Figures, not pass/fail. The floor beside the parser's rate is the bare work any parser must do
on the same lines (a regular expression and the CRC); the floor beside a tray's roll reaching
the engine is the same frame through a bare pseudo-terminal to a reader thread and a queue
(`pty_round_trips`). Both are measured in the same run.
"""

from __future__ import annotations

import binascii
import os
import queue
import re
import statistics
import tempfile
import threading
import time
import tty
from pathlib import Path
from typing import Any

from companion.bench_figures import Figure, budget
from companion.session import load_scenario, prepare
from engine import apply, new_game, pending
from engine.rulesets.fasa import autopilot
from firmware_bridge.link import LinkEvent, TrayLink, TrayRoll, TrayStatus
from firmware_bridge.protocol import Heartbeat, Parser, Roll, encode
from firmware_bridge.router import Answer, DiceRouter, config_from_dict

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
    bare = pty_round_trips()
    print(f"frame's last byte written to a pty -> roll accepted by the engine, {len(lat)} rolls: "
          f"p50 {statistics.median(lat):.2f} ms, p99 {_p99(lat):.2f} ms (budget p99 < 2 ms)",
          file=out)
    print(f"floor, the same frames through a bare pty to a reader thread and a queue: "
          f"p50 {statistics.median(bare):.3f} ms, p99 {_p99(bare):.3f} ms", file=out)
    pty_floor = "a frame written to a bare pseudo-terminal, read by a thread, taken from a queue"
    return [Figure("dice", "parse tray lines", rate, "frames/s", floor=floor, higher_is_better=True,
                   floor_is="a regular expression and the CRC over the same lines"),
            Figure("dice", "tray frame to accepted roll, p50", statistics.median(lat), "ms",
                   statistics.median(bare), floor_is=pty_floor),
            Figure("dice", "tray frame to accepted roll, p99", _p99(lat), "ms", _p99(bare),
                   budget=budget(2.0, pi=None), floor_is=pty_floor)]


def _p99(xs: list[float]) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(len(s) * 0.99))]


def pty_round_trips(samples: int = SAMPLES) -> list[float]:
    """The floor of a tray's roll: milliseconds from writing a ROLL frame into a real
    pseudo-terminal to a thread reading it from the other end and the main thread taking it from
    a queue (what a link's reader thread and the main loop's queue cost, without the serial
    library, the parser, the router or the engine)."""
    frame = encode(Roll(1, "tray-1", 20, 7))
    master, slave = os.openpty()
    tty.setraw(slave)
    got: queue.Queue[bytes] = queue.Queue()

    def reader() -> None:
        buf = b""
        while True:
            try:
                data = os.read(slave, 4096)
            except OSError:
                return
            if not data:
                return
            buf += data
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                got.put(line)

    thread = threading.Thread(target=reader, name="bench-pty-floor", daemon=True)
    thread.start()
    out: list[float] = []
    try:
        for _ in range(samples):
            t0 = time.perf_counter()
            os.write(master, frame)
            got.get(timeout=5)
            out.append((time.perf_counter() - t0) * 1000)
    finally:
        os.close(master)
        os.close(slave)
        thread.join(timeout=5)
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
                    state, _ = apply(state, autopilot.decide(state, prompts[0]))  # type: ignore[arg-type]
                    continue
                t0 = time.perf_counter()
                os.write(master, encode(Roll(seq, "tray-1", 20, seq % 20 + 1)))
                seq += 1
                while True:
                    e = events.get(timeout=5)
                    if isinstance(e, TrayRoll):
                        break
                answer = router.on_event(e, prompts)
                if isinstance(answer, Answer):
                    state, _ = apply(state, answer.action)
                    out.append((time.perf_counter() - t0) * 1000)
                os.read(master, 4096)  # the ACK
        os.close(master)
        os.close(slave)
    return out

