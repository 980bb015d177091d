"""`starbridge bench app`: the app as a process, started as a Pi starts it: the time from launching
it to its first frame (the start screen `play` draws before the rules load), to the game's first
frame, and its peak resident memory while it plays. Budgets: the first frame within 3x a bare
pygame program's, the game on screen under 2 s, memory under 150 MB on a Pi.

Three kinds of process, launched REPEAT times each, in turn (SDL's dummy video driver: no screen
is needed), each timed from its launch to the line it prints when its first frame is flipped
(and the app also to the line it prints when the game's first frame is):

- python: a bare interpreter that prints that line at once: the floor of any process start;
- pygame: an interpreter that imports pygame, opens an 800x480 screen, fills and flips it: the
  floor of any pygame program's first frame, and its peak memory the floor of the app's;
- the app: `python -m benchmarks.app --child FOLDER`, which imports what `starbridge
  play` imports (the command line and the play command's module, its parser built) and starts a
  game the way `play` does (the configuration, the start screen, then table_setup's
  choose_game, open_hardware, build_table and the App loop): the default configuration, a new
  skirmish saved in a scratch store, the first ship's station panels on gpiozero's MockFactory,
  the bridge display.
  The panels' seats are watched as in kiosk attract mode (the autopilot plays them, their
  lights follow), so the game goes on with nobody at the table: after the first frame it plays
  TURNS turns, then prints its peak resident memory (getrusage's ru_maxrss) and ends.

Before the timed launches each kind is launched once untimed, with its modules' bytecode kept in
a scratch cache (PYTHONPYCACHEPREFIX) that the timed launches read: an installed package has its
bytecode (pip compiles a wheel's at install; deploy/install.sh compiles the checkout), so a first
frame is timed, not Python's compiler, even where bytecode may not be written
(PYTHONDONTWRITEBYTECODE). All three kinds read the same cache, pygame's own modules included.

Not `starbridge play` itself: under the dummy video driver `play` goes headless (nobody would
see the screen), and with people's seats at the panels it would wait for them.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from benchmarks.figures import Figure, budget

REPEAT = 3
TURNS = 2
TIMEOUT_S = 120.0
FIRST_FRAME = "first-frame"
GAME_FRAME = "game-frame"
SCENARIO = "skirmish"
CHECKOUT = Path(__file__).resolve().parents[1]

_PEAK = """
from benchmarks.peak_rss import peak_rss_kb
print('{"peak_rss_kb": %s}' % (peak_rss_kb() or "null"))
"""
PYTHON_FLOOR = f"print({FIRST_FRAME!r}, flush=True)\n" + _PEAK
PYGAME_FLOOR = f"""import pygame
pygame.display.init()
screen = pygame.display.set_mode((800, 480))
screen.fill((0, 0, 0))
pygame.display.flip()
print({FIRST_FRAME!r}, flush=True)
""" + _PEAK


@dataclass(frozen=True)
class Run:
    """One launched process: seconds from launch to its first frame, its peak resident memory
    (KiB; None where the system cannot say), and what else it reported (the app: actions played)."""

    first_frame_s: float
    peak_rss_kb: int | None
    report: dict[str, Any]
    game_frame_s: float | None = None


def child_env(pycache: Path | None = None) -> dict[str, str]:
    """The children's environment: SDL's dummy drivers; with `pycache`, the bytecode cache they
    write and read (see the module's docstring)."""
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           "SDL_AUDIODRIVER": "dummy",   # the checkout on the path: the benchmarks are not installed
           "PYTHONPATH": os.pathsep.join(p for p in (str(CHECKOUT), os.environ.get("PYTHONPATH"))
                                         if p)}
    if pycache is not None:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(pycache)
    return env


def launch(argv: Sequence[str], timeout: float = TIMEOUT_S, name: str = "",
           pycache: Path | None = None) -> Run:
    """Launch `argv`, time it to its first-frame line, wait for it to end (status 0, else
    RuntimeError, naming it `name`, with the end of what it said) and read the report on its
    last line."""
    with tempfile.TemporaryFile("w+", encoding="utf-8", errors="replace") as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(list(argv), stdout=subprocess.PIPE, stderr=err, text=True,
                                env=child_env(pycache))
        watchdog = threading.Timer(timeout, proc.kill)   # a hung child ends the readline
        watchdog.start()
        try:
            assert proc.stdout is not None
            first: float | None = None
            game: float | None = None
            lines: list[str] = []
            for line in iter(proc.stdout.readline, ""):
                if first is None and line.strip() == FIRST_FRAME:
                    first = time.perf_counter() - t0
                elif game is None and line.strip() == GAME_FRAME:
                    game = time.perf_counter() - t0
                else:
                    lines.append(line)
            status = proc.wait()
        finally:
            watchdog.cancel()
            if proc.poll() is None:
                proc.kill()
                proc.wait()
            if proc.stdout is not None:
                proc.stdout.close()
        err.seek(0)
        said = err.read()[-2000:].strip()
    name = name or " ".join(argv)[:60]
    if status != 0 or first is None:
        why = f"ended with status {status}" if status != 0 else "ended before its first frame"
        raise RuntimeError(f"the benchmark's process ({name}) {why}: {said or '(nothing said)'}")
    try:
        report = json.loads(lines[-1]) if lines else None
    except ValueError:
        report = None
    if not isinstance(report, dict):
        raise RuntimeError(f"the benchmark's process ({name}) did not report its memory: "
                           f"{''.join(lines)[-500:]!r}")
    kb = report.get("peak_rss_kb")
    return Run(first, kb if isinstance(kb, int) and kb > 0 else None, report, game)


def launch_app(folder: Path, turns: int = TURNS, timeout: float = TIMEOUT_S,
               pycache: Path | None = None) -> Run:
    """The app's process (see the module's docstring), its save store in `folder`."""
    return launch([sys.executable, "-m", "benchmarks.app", "--child", str(folder),
                   "--turns", str(turns)], timeout, "the app", pycache)


def app_bench(out: IO[str], repeat: int = REPEAT, turns: int = TURNS) -> list[Figure]:
    """The figures of the module's docstring. The app's save stores are made in a scratch
    folder inside the user data folder (the disk the saves live on); nothing is left behind."""
    from companion.settings.paths import user_data_dir

    data = user_data_dir()
    data.mkdir(parents=True, exist_ok=True)
    runs: dict[str, list[Run]] = {"python": [], "pygame": [], "app": []}
    with tempfile.TemporaryDirectory(dir=data, prefix=".bench-") as tmp:
        cache = Path(tmp) / "pycache"
        for n in range(-1, repeat):   # -1: untimed, its bytecode cached; then in turn, so that
            #                           a busier moment falls on all three alike
            timed = {"python": launch([sys.executable, "-c", PYTHON_FLOOR], name="python",
                                      pycache=cache),
                     "pygame": launch([sys.executable, "-c", PYGAME_FLOOR], name="pygame",
                                      pycache=cache),
                     "app": launch_app(Path(tmp) / str(n), 1 if n < 0 else turns,
                                       pycache=cache)}
            for kind, run in timed.items():
                if n >= 0:
                    runs[kind].append(run)
    first = {k: statistics.median(r.first_frame_s for r in v) * 1000 for k, v in runs.items()}
    game = statistics.median(r.game_frame_s or 0.0 for r in runs["app"]) * 1000
    peak = {k: _most(r.peak_rss_kb for r in v) for k, v in runs.items()}
    played = runs["app"][-1].report
    print(f"processes launched {repeat} times each (SDL video driver dummy); launch to first "
          f"frame, median, and peak resident memory, the most of the runs:", file=out)
    for label, key in (("python, a bare interpreter", "python"),
                       ("pygame, an 800x480 screen flipped", "pygame"),
                       ("the app: its start screen", "app")):
        print(f"  {label:44} {first[key]:7.0f} ms  {_mb(peak[key])}", file=out)
    print(f"  {'the app: the skirmish on the bridge display':44} {game:7.0f} ms", file=out)
    print(f"  the app played {played.get('actions')} actions ({played.get('turns')} turns, "
          f"{played.get('frames')} frames) after its first frame", file=out)
    python = "a bare python process launched (python -c)"
    pygame = "a bare pygame program's first frame (python -c: import, 800x480 screen, flip)"
    return [Figure("app", "launch to first frame (start screen)", first["app"], "ms",
                   first["pygame"], 3 * first["pygame"], floor_is=pygame),
            Figure("app", "launch to the game on screen", game, "ms", first["pygame"],
                   budget(2000, pi=None), floor_is=pygame),
            Figure("app", "bare pygame: launch to first frame", first["pygame"], "ms",
                   first["python"], floor_is=python),
            Figure("app", "peak resident memory, playing", _mb_value(peak["app"]), "MB",
                   _mb_value(peak["pygame"]), 150,
                   floor_is="python with pygame imported and an 800x480 screen flipped")]


def _most(values: Any) -> int | None:
    known = [v for v in values if v is not None]
    return max(known) if known else None


def _mb_value(kb: int | None) -> float | None:
    return None if kb is None else kb * 1024 / 1e6


def _mb(kb: int | None) -> str:
    mb = _mb_value(kb)
    return "memory unknown here" if mb is None else f"{mb:6.1f} MB"


# -- the app's side ---------------------------------------------------------------------------
def child(folder: Path, turns: int) -> int:
    """Start the app, say when its first frame is flipped, play `turns` turns, report."""
    cli = importlib.import_module("companion.cli")  # what `starbridge play` imports, by name:
    cli.build_parser(["play"]).parse_args(["play"])  # the benchmark measures it, not uses it
    from companion.settings.config import Config
    from companion.table.start_screen import show_start

    config = Config(scenario=SCENARIO, factory="mock", fullscreen=False)
    show_start(config, window=True)
    print(FIRST_FRAME, flush=True)
    from companion.saves.store import Store
    from companion.table.app import App
    from companion.table.kiosk import attract_seats
    from companion.table.table_setup import build_table, choose_game, open_hardware

    def say(line: str) -> None:
        print(line, file=sys.stderr)

    # the scenario named, as on the command line: a new table is not offered its first game
    args = argparse.Namespace(seed=1, new=True, resume=None, autopilot=False, scenario=SCENARIO,
                              turns=turns)
    store, _ = Store.open_folder(folder)
    game = choose_game(args, config, store, None, False, say)
    assert game is not None
    hw = open_hardware(config, False, True, say, window=True)
    table = build_table(game, config, hw, False, say)
    table.seats = attract_seats(table.seats)
    app = App(game, table)
    shown = False
    try:
        while app.step() and not game.over:
            if not shown and app.display is not None and app.display.frames_drawn:
                print(GAME_FRAME, flush=True)
                shown = True
    finally:
        app.close()
        hw.close()
        store.close()
    frames = app.display.frames_drawn if app.display is not None else 0
    from benchmarks.peak_rss import peak_rss_kb

    print(json.dumps({"peak_rss_kb": peak_rss_kb(), "actions": len(game.actions),
                      "turns": getattr(game.state, "turn", 0), "frames": frames}), flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m benchmarks.app",
                                description="the app's process for `starbridge bench app`")
    p.add_argument("--child", type=Path, required=True, metavar="FOLDER",
                   help="a scratch folder for the save store")
    p.add_argument("--turns", type=int, default=TURNS)
    args = p.parse_args(argv)
    return child(args.child, args.turns)


if __name__ == "__main__":
    sys.exit(main())
