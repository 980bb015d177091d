"""`starbridge screenshot`: render the bridge display headless to PNG.

    starbridge screenshot [--scenario NAME] [--seat STATION[:SHIP]] [--size WxH] [--turns N]
                          [--level basic|advanced|expert] [--screen NAME | --all] [--seed N]
                          --out FILE.png (or DIR with --all)
    starbridge screenshot --docs [DIR] [--check]   # the documentation's screenshots

The game is played by the autopilots with seeded virtual dice for N turns, then on until the
moment the screen shows (e.g. "helm": the seat's ship must move; "evade", at the advanced level: a
missile is declared at the seat's ship and its mover decides whether to evade; "record", at the
expert level: the Master Control Panel of the seat's ship), and drawn with
SDL's dummy video driver (no window, no desktop needed).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.headless.screens import (
    ADVANCED_SCREENS,
    INSTRUCTOR_SCREENS,
    LEVELS,
    SCREENS,
    parse_seat,
    parse_size,
    render,
)
from engine import Seat
from engine.errors import EngineError

EXAMPLES = """examples:
  starbridge screenshot --screen helm --size 800x480 --out helm.png
  starbridge screenshot --all --out screens/      every screen, one PNG each"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenario", default="duel", help="scenario name (default duel)")
    p.add_argument("--seat", default="helm:enterprise",
                   help="STATION[:SHIP], e.g. helm:enterprise or instructor (default helm:enterprise)")
    p.add_argument("--size", default="800x480", help="WxH (default 800x480): the screen's")
    p.add_argument("--rotate", type=int, choices=(0, 90, 180, 270), default=0,
                   help="the screen turned clockwise by this many degrees, as [display] rotate "
                        "turns it: the bridge drawn at the size the players see, turned onto "
                        "the screen (default 0)")
    p.add_argument("--turns", type=int, default=0,
                   help="autopilot game turns to play before the screen (default 0)")
    p.add_argument("--seed", type=int, default=1, help="virtual dice seed (default 1)")
    p.add_argument("--level", choices=LEVELS, default="basic",
                   help="rules level of the game staged (default basic; the evade screen "
                        "needs advanced)")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--screen", choices=tuple(SCREENS), default="map",
                       help="which moment to draw (seats: the Instructor's Seats view, "
                            "always at the Instructor's seat)")
    which.add_argument("--all", action="store_true", help="every screen; --out is a folder")
    which.add_argument("--docs", type=Path, nargs="?", const=Path("docs/screens"), metavar="DIR",
                       help="every screenshot of the documentation, into DIR (default "
                            "docs/screens)")
    p.add_argument("--check", action="store_true",
                   help="with --docs: render into a temporary folder and list the files of DIR "
                        "that no longer match what the program draws (exit 1 if any)")
    p.add_argument("--out", type=Path, help="PNG file (a folder with --all)")


"""Screens of rules only some levels have, and those levels (--all leaves them out at others)."""


def run_docs(folder: Path, check: bool) -> int:
    """`screenshot --docs [DIR] [--check]`."""
    from companion.headless.doc_screens import render_all, stale

    if check:
        found = stale(folder)
        for line in found:
            print(line)
        if found:
            print(f"starbridge screenshot: {len(found)} documentation screenshot(s) out of date; "
                  f"render them anew with: starbridge screenshot --docs {folder}", file=sys.stderr)
            return 1
        print(f"every screenshot in {folder} matches what the program draws")
        return 0
    render_all(folder, said=print)
    return 0


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    try:
        docs = getattr(args, "docs", None)
        if docs is not None:
            return run_docs(docs, bool(getattr(args, "check", False)))
        if getattr(args, "check", False):
            raise ValueError("--check goes with --docs: starbridge screenshot --docs --check")
        if args.out is None:
            raise ValueError("--out FILE.png (or a folder with --all) is needed")
        seat = parse_seat(args.seat)
        size = parse_size(args.size)
        if args.turns < 0:
            raise ValueError("--turns must be 0 or more")
        level = getattr(args, "level", "basic")
        if not args.all and level not in ADVANCED_SCREENS.get(args.screen, (level,)):
            raise ValueError(f"--screen {args.screen} is a rule of the "
                             f"{' or '.join(ADVANCED_SCREENS[args.screen])} level: add --level "
                             f"{ADVANCED_SCREENS[args.screen][0]}")
        if args.all:
            for screen in SCREENS:
                if screen in ADVANCED_SCREENS and level not in ADVANCED_SCREENS[screen]:
                    continue
                st = Seat("instructor") if screen in INSTRUCTOR_SCREENS else seat
                path = args.out / f"{screen}-{size[0]}x{size[1]}.png"
                render(args.scenario, st, size, args.turns, screen, args.seed, path,
                       getattr(args, "data_dir", None), level, getattr(args, "rotate", 0))
                print(path)
        else:
            out = args.out
            if out.is_dir():   # a folder: the file is named as --all names it
                out = out / f"{args.screen}-{size[0]}x{size[1]}.png"
            render(args.scenario, Seat("instructor") if args.screen in INSTRUCTOR_SCREENS else seat, size,
                   args.turns, args.screen, args.seed, out, getattr(args, "data_dir", None),
                   level, getattr(args, "rotate", 0))
            print(out)
    except (ValueError, EngineError) as exc:
        print(f"starbridge screenshot: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:
        print(f"starbridge screenshot: cannot write {args.out or args.docs}: {exc}",
              file=sys.stderr)
        return 2
    return 0
