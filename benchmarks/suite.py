"""Every benchmark of `starbridge bench` by its name, and the run of some of them: each one's
account, then one table of their figures (docs/benchmarks.md). The command (companion/commands/
bench.py) names them and says what each measures; this folder, outside the package that ships,
holds what they run. Each benchmark's module is imported when it runs."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import IO

from benchmarks.figures import Figure, machine, report
from companion.commands.bench import WHAT


def _engine(out: IO[str]) -> list[Figure]:
    from benchmarks.engine import engine_bench
    return engine_bench(out)


def _dice(out: IO[str]) -> list[Figure]:
    from benchmarks.dice import dice_bench
    return dice_bench(out)


def _panels(out: IO[str]) -> list[Figure]:
    from benchmarks import panels as panels_bench
    return panels_bench.panels_bench(out, panels_bench.PRESSES)


def _display(out: IO[str]) -> list[Figure]:
    from benchmarks.display import display_bench
    return display_bench(out)


def _saves(out: IO[str]) -> list[Figure]:
    from benchmarks.saves import saves_bench
    return saves_bench(out)


def _app(out: IO[str]) -> list[Figure]:
    from benchmarks import app as bench_app
    return bench_app.app_bench(out, bench_app.REPEAT, bench_app.TURNS)


def _window(out: IO[str]) -> list[Figure]:
    from benchmarks.window import window_bench
    return window_bench(out)


def _stations(out: IO[str]) -> list[Figure]:
    from benchmarks.stations import stations_bench
    return stations_bench(out)


def _lights(out: IO[str]) -> list[Figure]:
    from benchmarks.lights import lights_bench
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


def bench(names: list[str], every: bool, verbose: bool, out: IO[str], err: IO[str]) -> int:
    """Run the named benchmarks, then print one table of their figures. One benchmark prints its
    account to `out`; `every` one prints theirs only when `verbose`, and a line on `err` as each
    starts. The status: 1 when one of them failed (the others still ran)."""
    account: IO[str] = out if (verbose or not every) else io.StringIO()
    figures, failed = run_benches(names, account, err if every else None,
                                  headings=every and verbose)
    if account is out:
        print(file=out, flush=True)
    for line in failed:
        print(line, file=err, flush=True)
    print(report(figures, machine()), file=out)
    return 1 if failed else 0
