"""`starbridge simulate`: autopilot ships fight, headless, with a turn-by-turn account; a game
of a ruleset whose scenarios are built with the table's settings (levels, scales, phases,
optional rules: its `TableSettings` offer scales) here, any other ruleset's through
`simulate_ruleset` (a scenario's name says which)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import IO, Any

from companion.commands import simulate_ruleset as ruleset_sim
from companion.dice import VirtualDice
from companion.headless import survey
from companion.session import (
    QUALIFIER,
    account_lines,
    autopilot_game,
    find_scenario,
    load_scenario,
    prepare,
    ship_classes,
    ships_scenario,
    stocked,
)
from companion.settings.paths import user_data_dir
from companion.settings.usage import LazyChoices, UsageError, named
from companion.table.crew_play import after_game, crew_layout, parse_crews, with_crews
from engine import Action, Event, GameState, level_notice, levels, new_game, scenario_ruleset
from engine.errors import DataError
from engine.game import default_level

DEFAULT_SCENARIO = "duel"
DEFAULT_TURNS = 30
EXAMPLES = """examples:
  starbridge simulate                                    the duel, seed 1, 30 turns at most
  starbridge simulate --scenario skirmish --seed 7 --log skirmish.jsonl
  starbridge simulate --ships constitution,d7a,lightning --turns 10
  starbridge simulate --phases 3 --scale 1/2
  starbridge simulate --ruleset knighthawks --scenario fleet --games 20
  starbridge simulate --level advanced --fire-limit 2     an optional rule: 2 weapons a phase
  starbridge simulate --variant battlestations --seed 1  Battlestations!: three combat rounds
  starbridge simulate --scenario kobayashi-maru --level command --crew bridge"""


def add_arguments(sim: argparse.ArgumentParser) -> None:
    which = sim.add_mutually_exclusive_group()
    which.add_argument("--scenario", type=named("a scenario name"),
                       help=f"scenario name (default {DEFAULT_SCENARIO})")
    which.add_argument("--ships", type=named("the list of ship classes"),
                       help="ship classes, comma-separated, each its own side")
    sim.add_argument("--level", choices=LazyChoices(levels), default=None, metavar="LEVEL",
                     help="the rules: %(choices)s (default: the ruleset's, as a new table's: "
                          "its fullest level built; a variant's or a scenario's own level)")
    sim.add_argument("--variant", default=None, metavar="NAME",
                     help="a variant laid over the rules: battlestations (Battlestations!, "
                          "seed 001: three combat rounds a turn)")
    table = stocked(scenario_ruleset({})).table_settings()   # --scale, --turns: the game of a
    sim.add_argument("--scale", choices=table.scales, default=None,   # scenario naming none
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
    sim.add_argument("--house-rule", action="append", metavar="NAME", dest="house_rules",
                     help="a house rule, not the book's, by name: alternating_advantage (no "
                          "tactical advantage roll; docs/rules-decisions.md, House rules); "
                          "repeat for more")
    sim.add_argument("--seed", type=int, default=1, help="virtual dice seed (default 1)")
    sim.add_argument("--turns", type=int, default=None,
                     help=f"stop after this many game turns, 0 for the default limit of "
                          f"{table.default_max_turns} (default {DEFAULT_TURNS})")
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
                     help="game system, by its name (starbridge scenarios lists each with its "
                          "scenarios); default: the scenario's, else the one a scenario naming "
                          "none plays")


def run(args: argparse.Namespace, data_dir: Path | None) -> int:
    if args.scenario and (args.ruleset is None or QUALIFIER in args.scenario):
        args.ruleset, args.scenario = find_scenario(args.scenario, data_dir)  # the scenario says
    args.ruleset = args.ruleset or scenario_ruleset({})
    if not with_table_settings(args.ruleset):
        if args.ships:
            raise UsageError(f"--ships is not offered for the {args.ruleset} ruleset; give "
                             f"--scenario")
        return ruleset_sim.run(args, data_dir)
    return simulate(args, data_dir)


def with_table_settings(ruleset: str) -> bool:
    """Whether `ruleset`'s games are built with the table's settings (its `TableSettings` offer
    scales): --ships, --level, --scale, --phases and the optional rules."""
    try:
        return bool(stocked(ruleset).table_settings().scales)
    except DataError:   # unknown, or no scenarios: simulate_ruleset says so
        return False


def simulate(args: argparse.Namespace, data_dir: Path | None) -> int:
    if args.ships:
        scenario = ships_scenario([s.strip() for s in args.ships.split(",") if s.strip()],
                                  {c.id: c.name for c in ship_classes(data_dir, args.ruleset)})
    else:
        scenario = load_scenario(args.scenario or DEFAULT_SCENARIO, data_dir, args.ruleset)
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
    if args.variant:  # a variant is chosen as an option is, and made the scenario's own
        options["variant"] = args.variant
    if args.admiral:  # the Admiral: "--admiral" alone is every side's
        if "*" in args.admiral:
            options["admiral"] = True
        else:
            options["admirals"] = list(dict.fromkeys(args.admiral))
    if args.house_rules:  # each name checked by the ruleset when the game is made
        options["house_rules"] = list(dict.fromkeys(args.house_rules))
    scenario = crew_layout(scenario, args.crew_size, args.head_to_head)
    # --level, else a variant's or the scenario's own level, else the ruleset's default.
    level = args.level or (None if args.variant or scenario.get("level")
                           else default_level(scenario_ruleset(scenario)))
    full = prepare(scenario, data_dir, level, args.scale, args.turns, args.phases,
                   options or None)
    args.level = str(full.get("level") or "basic")
    crews = parse_crews(args.crew)
    if crews and args.games:
        raise UsageError("--crew plays one game (its Victory Points go to the crew): leave out "
                         "--games")
    folder = args.data_dir or user_data_dir()
    full, _ = with_crews(full, crews, folder, args.seed,
                         lambda line: print(line, file=sys.stderr))
    new_game(full)  # refuse a bad scenario or level before printing or creating the log
    if notice := level_notice(args.ruleset, args.level):
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
