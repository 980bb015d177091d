"""`starbridge bench [WHAT]`: the benchmarks, each beside a floor measured in the same run.

With no WHAT (or `all`) every benchmark runs and one table of their figures is printed at the
end (docs/benchmarks.md says what each row means); `bench WHAT` prints that benchmark's own
account, then its rows of the table. Figures, not pass/fail: the machines are shared and noisy.

The benchmarks are not in the package that ships: they live in the source checkout, in
`benchmarks/` beside `companion/` (benchmarks/suite.py runs them). From a checkout (`pip install
-e .`) the command finds them there; from an installed wheel it says where they are, and ends.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import companion

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


NOT_INSTALLED = ("starbridge: bench: the benchmarks are not installed with starbridge: they live "
                 "in its source checkout (benchmarks/). Run it in a checkout's folder as "
                 "`PYTHONPATH=. starbridge bench` (or after pip install -e . there); "
                 "docs/benchmarks.md says what each figure means")


def checkout() -> Path | None:
    """The source checkout this starbridge runs from, the folder holding `benchmarks/` beside
    `companion/`; None for an installed package (its folder holds no benchmarks)."""
    root = Path(companion.__file__).resolve().parent.parent
    return root if (root / "benchmarks" / "suite.py").is_file() else None


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    root = checkout()
    if root is None:
        print(NOT_INSTALLED, file=sys.stderr)
        return 2
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    from benchmarks.suite import BENCHES, bench

    what = ALIASES.get(args.what, args.what)
    names = list(BENCHES) if what == ALL else [what]
    return bench(names, what == ALL, args.verbose, sys.stdout, sys.stderr)
