"""`starbridge bench [WHAT]`: the benchmarks, each beside a floor measured in the same run.

With no WHAT (or `all`) every benchmark runs and one table of their figures is printed at the
end (docs/benchmarks.md says what each row means); `bench WHAT` prints that benchmark's own
account, then its rows of the table. Figures, not pass/fail: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO

from companion.benchmarks.figures import Figure, machine, report

NAME = "bench"
ALL = "all"
ALIASES = {"hardware": "panels"}
WHAT = {
    "engine": "replay and simulation speed",
    "dice": "dice-line parsing and tray-to-engine latency",
    "panels": "button edge to LED and to the engine's action (also: hardware)",
    "display": "frame times beside the floor, idle CPU",
    "saves": "a durable save per action; resuming a four-hour game from the store",
    "app": "the app's process: launch to first frame, peak memory while playing",
    "window": "`starbridge play` in a window (Xvfb), untouched: CPU and memory beside bare pygame",
    "stations": "a tap on a phone's console to every other console updated; idle server",
    "lights": "an engine event to the light's command on the wire (WLED, sACN), beside the bare "
              "send",
}
EXAMPLES = "examples:\n  starbridge bench             every benchmark, then one table of " \
           "their figures\n" + "".join(f"  starbridge bench {k:12} {v}\n" for k, v in WHAT.items())


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("what", nargs="?", default=ALL, choices=(ALL, *WHAT, *ALIASES),
                   help="one benchmark (default: all of them, and one table)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="with all: each benchmark's own account before the table")


def _engine(out: IO[str]) -> list[Figure]:
    from companion.benchmarks.engine import engine_bench
    return engine_bench(out)


def _dice(out: IO[str]) -> list[Figure]:
    from companion.benchmarks.dice import dice_bench
    return dice_bench(out)


def _panels(out: IO[str]) -> list[Figure]:
    from companion.benchmarks import panels as panels_bench
    return panels_bench.panels_bench(out, panels_bench.PRESSES)


def _display(out: IO[str]) -> list[Figure]:
    from companion.benchmarks.display import display_bench
    return display_bench(out)


def _saves(out: IO[str]) -> list[Figure]:
    from companion.benchmarks.saves import saves_bench
    return saves_bench(out)


def _app(out: IO[str]) -> list[Figure]:
    from companion.benchmarks import app as bench_app
    return bench_app.app_bench(out, bench_app.REPEAT, bench_app.TURNS)


def _window(out: IO[str]) -> list[Figure]:
    from companion.benchmarks.window import window_bench
    return window_bench(out)


def _stations(out: IO[str]) -> list[Figure]:
    from companion.benchmarks.stations import stations_bench
    return stations_bench(out)


def _lights(out: IO[str]) -> list[Figure]:
    from companion.benchmarks.lights import lights_bench
    return lights_bench(out)


BENCHES: dict[str, Callable[[IO[str]], list[Figure]]] = {
    "engine": _engine, "dice": _dice, "panels": _panels, "display": _display, "saves": _saves,
    "app": _app, "window": _window, "stations": _stations,
    "lights": _lights}


def run_benches(names: list[str], out: IO[str], progress: IO[str] | None = None,
                headings: bool = False) -> tuple[list[Figure], list[str]]:
    """Run the named benchmarks, their accounts to `out` (each under its name with `headings`);
    their figures, and a line for each one that failed (the others still run)."""
    from companion.headless.progress import Progress

    figures: list[Figure] = []
    failed: list[str] = []
    terminal = Progress("bench", len(names))   # on a terminal: which, of how many
    for n, name in enumerate(names):
        if progress is not None and not terminal.live:
            print(f"starbridge bench: {name}...", file=progress, flush=True)
        terminal.step(n, f"{name}: {WHAT[name]}")
        if headings:
            print(f"== {name}", file=out, flush=True)
        try:
            figures += BENCHES[name](out)
        except Exception as exc:   # a benchmark that breaks must not lose the others' figures
            failed.append(f"starbridge: bench {name} failed: {type(exc).__name__}: {exc}")
            figures.append(Figure(name, f"failed ({type(exc).__name__})", None, ""))
        terminal.close()   # its account (or the next line) starts on a clean line
    return figures, failed


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    what = ALIASES.get(args.what, args.what)
    names = list(BENCHES) if what == ALL else [what]
    every = what == ALL
    out: IO[str] = sys.stdout if (args.verbose or not every) else io.StringIO()
    figures, failed = run_benches(names, out, sys.stderr if every else None,
                                  headings=every and args.verbose)
    if out is sys.stdout:
        print(flush=True)
    for line in failed:
        print(line, file=sys.stderr, flush=True)
    print(report(figures, machine()))
    return 1 if failed else 0
