"""The `starbridge` command.

    starbridge                       a demonstration game between autopilots
    starbridge simulate [...]        autopilot ships against each other, with a readable account
    starbridge replay FILE           replay a log; the final state as JSON on stdout
    starbridge scenarios | ships     what the data pack holds
    starbridge bench engine          replay and simulation speed
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion import bench, survey
from companion.dice import VirtualDice
from companion.paths import user_data_dir
from companion.session import (
    account_lines,
    autopilot_game,
    load_scenario,
    prepare,
    scenario_names,
    ships_scenario,
)
from engine import Action, Event, GameState, new_game, state_to_json
from engine.errors import EngineError, LogError
from engine.log import parse, replay
from engine.rulesets.fasa import setup
from engine.rulesets.fasa.ships import load_ship_classes
from engine.rulesets.fasa.state import LEVELS, SCALES

DEFAULT_SCENARIO = "duel"
DEFAULT_TURNS = 30


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="starbridge", description="A table companion for starship "
                                "tactical combat board games (FASA Star Trek STCS).")
    p.add_argument("--data-dir", type=Path, default=None,
                   help="user data folder with ships/, tables/, scenarios/ "
                        f"(default: {user_data_dir()})")
    sub = p.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="autopilot ships fight; prints a turn-by-turn account")
    which = sim.add_mutually_exclusive_group()
    which.add_argument("--scenario", help=f"scenario name (default {DEFAULT_SCENARIO})")
    which.add_argument("--ships", help="ship classes, comma-separated, each its own side")
    sim.add_argument("--level", choices=LEVELS, default="basic")
    sim.add_argument("--scale", choices=tuple(SCALES), default=None,
                     help="data scale (default: 1/3 for basic and advanced, 1 for expert)")
    sim.add_argument("--phases", type=int, choices=(3, 5), default=None,
                     help="Movement/Firing Phases a turn (default 5; 3 is Book Two's optional rule)")
    sim.add_argument("--seed", type=int, default=1, help="virtual dice seed (default 1)")
    sim.add_argument("--turns", type=int, default=DEFAULT_TURNS,
                     help=f"stop after this many game turns, 0 for no limit "
                          f"(default {DEFAULT_TURNS})")
    sim.add_argument("--log", type=Path, help="write the game log (JSON lines) to this file")
    sim.add_argument("--games", type=int, default=0,
                     help="play this many games (seeds SEED, SEED+1, ...) and print a summary")
    rep = sub.add_parser("replay", help="replay a log and print the final state as JSON")
    rep.add_argument("file", type=Path)
    sub.add_parser("scenarios", help="list the scenarios")
    sub.add_parser("ships", help="list the ship classes")
    b = sub.add_parser("bench", help="print speed figures")
    b.add_argument("what", choices=("engine",))
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.data_dir is not None and not args.data_dir.is_dir():
        print(f"starbridge: --data-dir {args.data_dir}: no such folder", file=sys.stderr)
        return 2
    data_dir: Path | None = args.data_dir if args.data_dir is not None else user_data_dir()
    if data_dir is not None and not data_dir.is_dir():  # the default folder need not exist
        data_dir = None
    try:
        if args.command in (None, "simulate"):
            if args.command is None:
                args = build_parser().parse_args(["simulate"])
            return simulate(args, data_dir)
        if args.command == "replay":
            return replay_file(args.file)
        if args.command == "scenarios":
            for name in scenario_names(data_dir):
                sc = load_scenario(name, data_dir)
                print(f"{name:16} {sc.get('name', '')}")
            return 0
        if args.command == "ships":
            for cid, cls in sorted(load_ship_classes(data_dir).items()):
                mark = "" if cls.verified else "  (unverified numbers)"
                print(f"{cid:22} {cls.race:10} {cls.name}{mark}")
            return 0
        if args.command == "bench":
            bench.engine_bench(sys.stdout)
            return 0
    except EngineError as exc:
        print(f"starbridge: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as exc:
        print(f"starbridge: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2
    return 0


def simulate(args: argparse.Namespace, data_dir: Path | None) -> int:
    if args.ships:
        scenario = ships_scenario([s.strip() for s in args.ships.split(",") if s.strip()],
                                  setup.ship_dicts(data_dir))
    else:
        scenario = load_scenario(args.scenario or DEFAULT_SCENARIO, data_dir)
    if args.turns < 0:
        print("starbridge: --turns must be 0 (no limit) or more", file=sys.stderr)
        return 2
    full = prepare(scenario, data_dir, args.level, args.scale, args.turns, args.phases)
    new_game(full)  # refuse a bad scenario or level before printing or creating the log
    if args.games:
        return survey.print_survey(full, args.games, args.seed)
    print(f"{full.get('name', full.get('id'))} — {args.level} rules, seed {args.seed}")

    def report(state: GameState, action: Action, events: tuple[Event, ...]) -> None:
        for line in account_lines(events):
            indent = "" if line.startswith(("Turn ", "Movement Phase", "Game over")) else "  "
            print(indent + line)

    log = args.log.open("w", encoding="utf-8") if args.log else None
    try:
        _, actions = autopilot_game(full, VirtualDice(args.seed).roll, log=log,
                                        on_events=report)
    finally:
        if log is not None:
            log.close()
    print(f"{len(actions)} actions" + (f"; log written to {args.log}" if args.log else ""))
    return 0


def replay_file(path: Path) -> int:
    try:
        with path.open(encoding="utf-8") as fh:
            scenario, actions = parse(fh, str(path))
    except UnicodeDecodeError:  # e.g. a binary file (a SQLite save) given by mistake
        raise LogError(f"{path}: not a text log (not UTF-8)") from None
    state = replay(scenario, actions, str(path))
    json.dump(state_to_json(state), sys.stdout, indent=2, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
