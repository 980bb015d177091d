"""The `starbridge` command.

    starbridge                       play (headless autopilots where there is no screen)
    starbridge play | games | config | doctor   the table app, its saves, settings, checks
    starbridge simulate [...]        autopilot ships against each other, with a readable account
                                     (--games N: N seeded games summed up)
    starbridge replay FILE           replay a log; the final state as JSON on stdout (--report:
                                     the after-action report)
    starbridge screenshot [...]      the bridge display rendered headless to PNG
    starbridge scenarios | ships     what the data pack holds
    starbridge crew [...]            the table's crews of officers, from game to game
    starbridge bench [WHAT]          every benchmark and one table of figures (or one of
                                     them: engine, dice, panels, display, saves, app)
    starbridge panels check|wiring   check a pin map; draw its wiring diagram
    starbridge screenshot [...]      render a screen of the bridge display to PNG, headless
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any, NoReturn

from companion import survey
from companion.commands import bench as bench_cmd
from companion.commands import config as config_cmd
from companion.commands import crew as crew_cmd
from companion.commands import dice_emulator as dice_emulator_cmd
from companion.commands import doctor as doctor_cmd
from companion.commands import games as games_cmd
from companion.commands import panels as panels_cmd
from companion.commands import play as play_cmd
from companion.commands import screenshot as screenshot_cmd
from companion.commands import simulate_ruleset as ruleset_sim
from companion.commands import stations as stations_cmd
from companion.crew_play import after_game, crew_layout, parse_crews, with_crews
from companion.dice import VirtualDice
from companion.paths import user_data_dir
from companion.report import report_lines
from companion.session import (
    QUALIFIER,
    account_lines,
    autopilot_game,
    find_scenario,
    load_scenario,
    prepare,
    scenario_names,
    ship_classes,
    ships_scenario,
    stocked,
)
from engine import Action, Event, GameState, level_notice, levels, new_game, state_to_json
from engine.errors import EngineError
from engine.log import parse, replay

DATA_PACK_COMMANDS = ("simulate", "scenarios", "ships")
"""Commands that only read the data folder (the others make it, for the saves)."""
DEFAULT_SCENARIO = "duel"
DEFAULT_TURNS = 30
INTERRUPTED = 130  # the shell's status for a program ended by Ctrl-C (128 + SIGINT)


class UsageError(Exception):
    """A command line that does not parse; main prints it as one line."""


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one "starbridge: ..." line (with where to find help)
    instead of the usage dump, like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{printable(message)} (see: {self.prog} --help)")


def named(what: str) -> Callable[[str], str]:
    """An argparse type for a name that may not be empty (an empty --scenario chose the duel)."""
    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"{what} may not be empty")
        return text
    check.__name__ = what
    return check


def folder(text: str) -> Path:
    """An argparse type for a folder's path: "" is no folder (Path("") is the current one)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a folder's path may not be empty")
    return Path(text)


def printable(text: str) -> str:
    """`text` on one line: control characters from the command line (a stray carriage return,
    an escape sequence) are shown escaped, never sent to the terminal."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


EXAMPLES = {
    "starbridge": """examples:
  starbridge                                   play: the bridge display (headless without one)
  starbridge play --headless --autopilot --turns 3
  starbridge simulate --scenario skirmish --log game.jsonl
  starbridge replay game.jsonl                 the final state of a logged game
  starbridge --data-dir ~/my-ships ships       list the classes, with your own files""",
    "simulate": """examples:
  starbridge simulate                                    the duel, seed 1, 30 turns at most
  starbridge simulate --scenario skirmish --seed 7 --log skirmish.jsonl
  starbridge simulate --ships constitution,d7a,lightning --turns 10
  starbridge simulate --phases 3 --scale 1/2
  starbridge simulate --ruleset knighthawks --scenario fleet --games 20
  starbridge simulate --level advanced --fire-limit 2     an optional rule: 2 weapons a phase
  starbridge simulate --scenario kobayashi-maru --level command --crew bridge""",
    "replay": """examples:
  starbridge replay game.jsonl                 prints the final state as JSON
  starbridge replay game.jsonl > final.json

A log whose last line was cut short (power lost while saving) replays up to the line before,
with a warning. Any other damage is an error naming the line.""",
    "scenarios": "example:\n  starbridge scenarios",
    "ships": "examples:\n  starbridge ships\n  starbridge --data-dir ~/my-ships ships",
    "bench": bench_cmd.EXAMPLES,
    "panels": panels_cmd.EXAMPLES,
    "screenshot": "examples:\n  starbridge screenshot --screen helm --size 800x480 --out helm.png\n"
                  "  starbridge screenshot --all --out screens/      every screen, one PNG each",
    "dice-emulator": "examples:\n  starbridge dice-emulator              a tray on a pseudo-terminal"
                     " (/tmp/starbridge-dice)\n  starbridge dice-emulator --tcp 7020    "
                     "url = \"socket://127.0.0.1:7020\" in [[dice.trays]]",
    **{m.NAME: m.EXAMPLES for m in (play_cmd, games_cmd, config_cmd, doctor_cmd, stations_cmd,
                                    crew_cmd)},
}


APP_COMMANDS: dict[str, Callable[[argparse.Namespace, Path | None], int]] = {
    "play": play_cmd.run, "stations": stations_cmd.run, "games": lambda a, _d: games_cmd.run(a),
    "config": config_cmd.run, "doctor": lambda a, _d: doctor_cmd.run(a), "crew": crew_cmd.run}


def build_parser() -> argparse.ArgumentParser:
    p = Parser(prog="starbridge", description="A table companion for starship "
               "tactical combat board games (FASA Star Trek STCS).",
               epilog=EXAMPLES["starbridge"], formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data-dir", type=folder, default=None,
                   help="user data folder with ships/, tables/, scenarios/ "
                        f"(default: {user_data_dir()})")
    sub = p.add_subparsers(dest="command")
    sim = sub.add_parser("simulate", help="autopilot ships fight; prints a turn-by-turn account")
    which = sim.add_mutually_exclusive_group()
    which.add_argument("--scenario", type=named("a scenario name"),
                       help=f"scenario name (default {DEFAULT_SCENARIO})")
    which.add_argument("--ships", type=named("the list of ship classes"),
                       help="ship classes, comma-separated, each its own side")
    sim.add_argument("--level", choices=levels("fasa"), default="basic")
    fasa = stocked("fasa").table_settings()   # --ships, --level, --scale: the FASA game's
    sim.add_argument("--scale", choices=fasa.scales, default=None,
                     help="data scale (default: 1/3 for basic and advanced, 1 for expert)")
    sim.add_argument("--phases", type=int, choices=(3, 5), default=None,
                     help="Movement/Firing Phases a turn (default 5; 3 is Book Two's optional rule)")
    sim.add_argument("--fire-limit", type=int, default=None, metavar="N",
                     help="optional rule: a ship fires at most N weapons in one Firing Phase "
                          "(Book Two, Advanced: Firing Limitations; 0 or none: no limit)")
    sim.add_argument("--rescues", action="store_true",
                     help="optional rule: a Captain may abandon ship to a friendly ship 4 hexes "
                          "away or less (Book Two, Advanced: Rescues During Combat)")
    sim.add_argument("--team-communications", action="store_true",
                     help="optional rule: each side rolls a die each game turn; on 1-3 its "
                          "team must talk aloud (Book Two, Advanced: Team Communications)")
    sim.add_argument("--campaign", action="store_true",
                     help="optional rule: Campaign Advancement: each captain's and crew's "
                          "Advancement Points (rolled, or a ship entry's advancement), the "
                          "captain's on a percentile tactical advantage roll, the crew's roll "
                          "for a bonus each turn, Victory Points and next game's totals at the "
                          "end (Book Two, Advanced: Campaign Advancement)")
    sim.add_argument("--admiral", nargs="?", const="*", action="append", metavar="SIDE",
                     help="optional rule: an Admiral, with no ship, gives fleet orders to its "
                          "side's ships each turn (Book Two, Advanced: the Admiral); every "
                          "side, or the SIDE named (repeat for more)")
    sim.add_argument("--seed", type=int, default=1, help="virtual dice seed (default 1)")
    sim.add_argument("--turns", type=int, default=None,
                     help=f"stop after this many game turns, 0 for the default limit of "
                          f"{fasa.default_max_turns} (default {DEFAULT_TURNS})")
    sim.add_argument("--log", type=Path, help="write the game log (JSON lines) to this file")
    sim.add_argument("--games", type=int, default=0,
                     help="play this many games (seeds SEED, SEED+1, ...) and print a summary")
    sim.add_argument("--crew", action="append", default=[], metavar="[SHIP=]NAME",
                     help="command level: the officers of crew NAME (crews/NAME.toml in the "
                          "user data folder) on the players' ship; Victory Points after")
    sim.add_argument("--crew-size", default=None, metavar="SIZE",
                     help="players a ship: 3, 3-engineer, 3-science, 4, 4-split, 5 or 6")
    sim.add_argument("--head-to-head", action="store_true",
                     help="two ships of three players each and no Instructor (C&C)")
    sim.add_argument("--ruleset", default=None,
                     help="game system: fasa, knighthawks (Star Frontiers Knight Hawks) or "
                          "halfimpulse (a referee for the SFB half-impulse variant); "
                          "default: the scenario's, else fasa")
    rep = sub.add_parser("replay", help="replay a log and print the final state as JSON")
    rep.add_argument("file", type=Path)
    rep.add_argument("--report", action="store_true", help="print the after-action report instead")
    sub.add_parser("scenarios", help="list the scenarios")
    sub.add_parser("ships", help="list the ship classes")
    bench_cmd.add_parser(sub)
    dice_emulator_cmd.add_parser(sub)
    panels_cmd.add_parser(sub)
    screenshot_cmd.add_parser(sub)
    for mod in (play_cmd, games_cmd, config_cmd, doctor_cmd, stations_cmd, crew_cmd):
        mod.add_parser(sub)
    for name, command in sub.choices.items():
        if name in EXAMPLES:
            command.epilog = EXAMPLES[name]
            command.formatter_class = argparse.RawDescriptionHelpFormatter
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command; the exit status: 0 done, 2 an error (one line), 130 Ctrl-C."""
    if sys.stdout is None:   # started with standard output closed (>&-): nothing could be said
        if sys.stderr is not None:
            print("starbridge: standard output is closed, so nothing could be printed; run it "
                  "with its output going somewhere (a terminal, a file, > /dev/null)",
                  file=sys.stderr)
        return 2
    try:
        return _main(argv)
    except KeyboardInterrupt:
        print(file=sys.stderr)  # end the line the ^C was echoed on; no traceback
        return INTERRUPTED
    except UsageError as exc:
        print(f"starbridge: {exc}", file=sys.stderr)
        return 2


def _main(argv: list[str] | None) -> int:
    args = build_parser().parse_args(argv)
    if args.data_dir is not None and not args.data_dir.is_dir():
        print(f"starbridge: --data-dir {args.data_dir}: no such folder", file=sys.stderr)
        return 2
    data_dir: Path | None = args.data_dir if args.data_dir is not None else user_data_dir()
    if data_dir is not None and not data_dir.is_dir():  # the default folder need not exist
        named_folder = os.environ.get("STARBRIDGE_DATA")
        if named_folder and args.command in DATA_PACK_COMMANDS:
            print(f"starbridge: STARBRIDGE_DATA={printable(named_folder)}: no such folder; make "
                  f"it, or unset STARBRIDGE_DATA to read only the packaged data", file=sys.stderr)
            return 2
        data_dir = None
    try:
        if args.command is None:
            args = build_parser().parse_args(["play"])
        if args.command in APP_COMMANDS:
            return APP_COMMANDS[args.command](args, data_dir)
        if args.command == "simulate" and args.scenario and \
                (args.ruleset is None or QUALIFIER in args.scenario):   # the scenario says which
            args.ruleset, args.scenario = find_scenario(args.scenario, data_dir)
        if args.command == "simulate" and (args.ruleset or "fasa") != "fasa":
            if args.ships:
                raise UsageError("--ships is for the fasa ruleset; give --scenario")
            return ruleset_sim.run(args, data_dir)
        if args.command == "simulate":
            return simulate(args, data_dir)
        if args.command == "screenshot":
            return screenshot_cmd.run(args)
        if args.command == dice_emulator_cmd.NAME:
            return dice_emulator_cmd.run(args)
        if args.command == "replay":
            return replay_file(args.file, args.report)
        if args.command == "scenarios":
            for name in scenario_names(data_dir):
                sc = load_scenario(name, data_dir)
                print(f"{name:22} {sc.get('name', '')}  ({sc['ruleset']})")
            return 0
        if args.command == "ships":
            for cls in ship_classes(data_dir):
                mark = "" if cls.verified else "  (unverified numbers)"
                print(f"{cls.id:22} {cls.faction:10} {cls.name}{mark}")
            return 0
        if args.command == "panels":
            return panels_cmd.run(args)
        if args.command == bench_cmd.NAME:
            return bench_cmd.run(args)
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
                                  {c.id: c.name for c in ship_classes(data_dir, "fasa")})
    else:
        scenario = load_scenario(args.scenario or DEFAULT_SCENARIO, data_dir, "fasa")
    if args.turns is None:
        args.turns = DEFAULT_TURNS
    if args.turns < 0:
        print("starbridge: --turns must be 0 (no limit) or more", file=sys.stderr)
        return 2
    options: dict[str, Any] = {"fire_limit": args.fire_limit} if args.fire_limit else {}
    if args.rescues:
        options["rescues"] = True
    if args.team_communications:
        options["team_communications"] = True
    if args.campaign:
        options["campaign"] = True
    if args.admiral:  # the Admiral: "--admiral" alone is every side's
        if "*" in args.admiral:
            options["admiral"] = True
        else:
            options["admirals"] = list(dict.fromkeys(args.admiral))
    scenario = crew_layout(scenario, args.crew_size, args.head_to_head)
    full = prepare(scenario, data_dir, args.level, args.scale, args.turns, args.phases,
                   options or None)
    crews = parse_crews(args.crew)
    if crews and args.games:
        raise UsageError("--crew plays one game (its Victory Points go to the crew): leave out "
                         "--games")
    folder = args.data_dir or user_data_dir()
    full, _ = with_crews(full, crews, folder, args.seed,
                         lambda line: print(line, file=sys.stderr))
    new_game(full)  # refuse a bad scenario or level before printing or creating the log
    if notice := level_notice("fasa", args.level):
        print(notice)
    if args.games:
        return survey.print_survey(full, args.games, args.seed)
    print(f"{full.get('name', full.get('id'))} — {args.level} rules, seed {args.seed}")

    def report(state: GameState, action: Action, events: tuple[Event, ...]) -> None:
        for line in account_lines(events):
            indent = "" if line.startswith(("Turn ", "Movement Phase", "Game over")) else "  "
            print(indent + line)

    log = NamedLog(args.log.open("w", encoding="utf-8"), args.log) if args.log else None
    try:
        final, actions = autopilot_game(full, VirtualDice(args.seed).roll, log=log,
                                        on_events=report)
    finally:
        if log is not None:
            log.close()
    after_game(final, full, folder, print)
    print(f"{len(actions)} actions" + (f"; log written to {args.log}" if args.log else ""))
    return 0


class NamedLog:
    """A log file whose write errors name it (a full disk says which file, not "None")."""

    def __init__(self, fh: IO[str], path: Path) -> None:
        self.fh, self.path = fh, path

    def _failed(self, exc: OSError) -> OSError:
        return OSError(exc.errno, exc.strerror or str(exc), str(self.path))

    def write(self, text: str) -> int:
        try:
            return self.fh.write(text)
        except OSError as exc:
            raise self._failed(exc) from None

    def flush(self) -> None:
        try:
            self.fh.flush()
        except OSError as exc:
            raise self._failed(exc) from None

    def close(self) -> None:
        try:
            self.fh.close()
        except OSError as exc:
            raise self._failed(exc) from None


def replay_file(path: Path, report: bool = False) -> int:
    with path.open(encoding="utf-8") as fh:
        read = parse(fh, str(path))
    for warning in read.warnings:
        print(f"starbridge: warning: {warning}", file=sys.stderr)
    state = replay(read.scenario, read.actions, str(path))
    if report:
        print("\n".join(report_lines(read.scenario, read.actions)))
        return 0
    json.dump(state_to_json(state), sys.stdout, indent=2, sort_keys=True)
    print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
