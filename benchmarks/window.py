"""`starbridge bench window`: the real `starbridge play` process in a window, untouched, beside
bare pygame windows in the same window system, all measured at the same time.

A virtual X server (Xvfb, the Debian package `xvfb`) is started on a free display; in it run,
side by side:

- the app: `python -m companion.cli play --new --seed 1` with an empty configuration and a
  scratch save folder inside the user data folder: the first ship's crew at mocked panels (the
  keyboard), the autopilot for the other ship, the bridge display in an 800x480 window, exactly
  what a person starts on a PC (nothing is left behind);
- the floor: a bare pygame program that opens an 800x480 window, flips it once and waits in
  `pygame.event.wait()` forever;
- the least: the same bare window waiting in SDL's own `SDL_WaitEventTimeout` (the way the app
  waits, companion/table/wakeups.py). pygame-ce's `event.wait` looks at its queue every millisecond,
  so the floor costs a little CPU that the least does not.

Both bare windows are drawn the way the app draws its window (no OpenGL texture; see
display/screen.py). Once the app has settled (its autopilot has played up to the crew's first
decision: a second with under 2% of a core), the CPU each process uses is read from
/proc/PID/stat over IDLE_S seconds, then its resident memory (VmRSS) and peak (VmHWM) from
/proc/PID/status: what a Pi with a desktop sees. Linux only; with no Xvfb the rows say why they
are empty (`apt install xvfb`).
"""

from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from benchmarks.figures import Figure, budget

IDLE_S = 20.0
SETTLE_MAX_S = 30.0
START_S = 20.0                  # Xvfb's display number, at most this long
SIZE = "1024x768x24"

_BARE = """import os
os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
import pygame
pygame.display.init()
screen = pygame.display.set_mode((800, 480))
screen.fill((0, 0, 0))
pygame.display.flip()
"""
FLOOR = _BARE + """while pygame.event.wait().type != pygame.QUIT:
    pass
"""
LEAST = _BARE + """import ctypes, re
path = re.search(r"(/\\S*libSDL2[-.]\\S*\\.so\\S*)", open("/proc/self/maps").read()).group(1)
wait = ctypes.CDLL(path).SDL_WaitEventTimeout
wait.argtypes = [ctypes.c_void_p, ctypes.c_int]
while True:
    wait(None, 1000)
    if any(e.type == pygame.QUIT for e in pygame.event.get()):
        break
"""


@dataclass(frozen=True)
class Usage:
    """One process's share of a core over the measure, and its memory after it (KiB)."""

    cpu_percent: float
    rss_kb: int
    hwm_kb: int


def _ticks(pid: int) -> int:
    with open(f"/proc/{pid}/stat", encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])    # utime + stime (fields 14 and 15)


def _memory(pid: int) -> tuple[int, int]:
    rss = hwm = 0
    with open(f"/proc/{pid}/status", encoding="ascii", errors="replace") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    return rss, hwm


def start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    """A virtual X server on a display it chose; (its process, ":N")."""
    xvfb = shutil.which("Xvfb")
    assert xvfb is not None
    read, write = os.pipe()
    try:
        proc = subprocess.Popen([xvfb, "-displayfd", str(write), "-screen", "0", SIZE,
                                 "-nolisten", "tcp", "-noreset"], pass_fds=(write,),
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(write)
        write = -1
        got = b""
        deadline = time.monotonic() + START_S
        while not got.endswith(b"\n"):
            ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(read, 16) if ready else b""
            if not chunk:
                proc.kill()
                proc.wait()
                raise RuntimeError("Xvfb did not start (no display number from -displayfd)")
            got += chunk
    finally:
        os.close(read)
        if write >= 0:
            os.close(write)
    return proc, f":{got.decode('ascii').strip()}"


def _env(display: str, data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("SDL_VIDEODRIVER", "WAYLAND_DISPLAY", "SDL_FRAMEBUFFER_ACCELERATION")}
    env.update(DISPLAY=display, STARBRIDGE_DATA=str(data), PYGAME_HIDE_SUPPORT_PROMPT="1",
               SDL_AUDIODRIVER="dummy")
    return env


def _alive(procs: dict[str, subprocess.Popen[bytes]], errs: dict[str, IO[bytes]]) -> None:
    for name, proc in procs.items():
        if proc.poll() is not None:
            errs[name].seek(0)
            said = errs[name].read()[-1500:].decode("utf-8", "replace").strip()
            raise RuntimeError(f"{name} ended with status {proc.returncode} before it was "
                               f"measured: {said or '(nothing said)'}")


def measure(display: str, data: Path, idle_s: float = IDLE_S) -> dict[str, Usage]:
    """Start the three processes in `display`, wait for the app to settle, measure them."""
    config = data / "empty.toml"
    config.write_text("", encoding="utf-8")
    argv: dict[str, Sequence[str]] = {
        "app": [sys.executable, "-m", "companion.cli", "play", "--new", "--seed", "1",
                "--config", str(config)],
        "floor": [sys.executable, "-c", FLOOR],
        "least": [sys.executable, "-c", LEAST]}
    procs: dict[str, subprocess.Popen[bytes]] = {}
    errs: dict[str, IO[bytes]] = {}
    try:
        for name, args in argv.items():
            errs[name] = tempfile.TemporaryFile()  # noqa: SIM115  (closed in `finally`)
            procs[name] = subprocess.Popen(list(args), env=_env(display, data),
                                           stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                           stderr=errs[name])
        app = procs["app"].pid
        tick = os.sysconf("SC_CLK_TCK")
        deadline = time.monotonic() + SETTLE_MAX_S
        last = _ticks(app)
        while True:                 # settled: a second with under 2% of a core
            time.sleep(1.0)
            _alive(procs, errs)
            now = _ticks(app)
            if (now - last) / tick < 0.02 or time.monotonic() > deadline:
                break
            last = now
        before = {name: _ticks(p.pid) for name, p in procs.items()}
        t0 = time.monotonic()
        time.sleep(idle_s)
        _alive(procs, errs)
        wall = time.monotonic() - t0
        used = {name: (_ticks(p.pid) - before[name]) / tick for name, p in procs.items()}
        out = {}
        for name, p in procs.items():
            rss, hwm = _memory(p.pid)
            out[name] = Usage(used[name] / wall * 100, rss, hwm)
        return out
    finally:
        for p in procs.values():
            if p.poll() is None:
                p.terminate()
        for p in procs.values():
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait()
        for fh in errs.values():
            fh.close()


def why_not() -> str | None:
    """None when the benchmark can run here, else why not."""
    if not sys.platform.startswith("linux"):
        return "it reads Linux's /proc"
    if shutil.which("Xvfb") is None:
        return "no Xvfb here (Debian and Raspberry Pi OS: sudo apt install xvfb)"
    return None


def window_bench(out: IO[str], idle_s: float = IDLE_S) -> list[Figure]:
    from companion.settings.paths import user_data_dir

    why = why_not()
    if why is not None:
        print(f"the window benchmark is skipped: {why}", file=out)
        return figures(None, why)
    data = user_data_dir()
    data.mkdir(parents=True, exist_ok=True)
    xvfb, display = start_xvfb()
    try:
        with tempfile.TemporaryDirectory(dir=data, prefix=".bench-") as tmp:
            usage = measure(display, Path(tmp), idle_s)
    finally:
        xvfb.terminate()
        try:
            xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            xvfb.kill()
            xvfb.wait()
    print(f"in Xvfb ({display}, {SIZE}), measured together over {idle_s:.0f} s once the app "
          f"had settled:", file=out)
    for label, key in (("starbridge play, untouched", "app"),
                       ("bare pygame window in pygame.event.wait", "floor"),
                       ("bare pygame window in SDL_WaitEventTimeout", "least")):
        u = usage[key]
        print(f"  {label:44} {u.cpu_percent:5.2f}% of a core  resident {u.rss_kb / 1024:6.1f} "
              f"MiB, peak {u.hwm_kb / 1024:6.1f} MiB", file=out)
    return figures(usage)


def _mb(kb: int) -> float:
    return kb * 1024 / 1e6


def figures(usage: dict[str, Usage] | None, why: str = "") -> list[Figure]:
    """The window's rows; with no usage (not measured: `why`), their values are empty."""
    floor_is = "a bare pygame window in pygame.event.wait, in the same X server at the same time"
    skipped = f" (skipped: {why})" if why else ""
    u: dict[str, Any] = usage or {}
    app, floor, least = u.get("app"), u.get("floor"), u.get("least")
    return [
        Figure("window", "idle: starbridge play in a window, untouched" + skipped,
               app.cpu_percent if app else None, "% of a core",
               floor.cpu_percent if floor else None, 2.0, floor_is=floor_is),
        Figure("window", "idle: a bare window in SDL_WaitEventTimeout (the least)",
               least.cpu_percent if least else None, "% of a core"),
        Figure("window", "peak resident memory, play in a window", _mb(app.hwm_kb) if app else
               None, "MB", _mb(floor.hwm_kb) if floor else None, budget(150.0),
               floor_is=floor_is),
        Figure("window", "resident memory, play in a window, idle", _mb(app.rss_kb) if app else
               None, "MB", _mb(floor.rss_kb) if floor else None, floor_is=floor_is),
    ]
