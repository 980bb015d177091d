"""`starbridge play`: the program people run. On a PC with no configuration: the bridge display
in a window, the first ship's crew at mocked panels (the keyboard), virtual dice, autopilots
for the other ships. On a Pi the configuration (companion/settings/config.py) chooses GPIO panels, the
dice trays and full screen. With no screen at all it plays headless."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from companion.settings.usage import LazyChoices
from companion.table.start_screen import screen_available, show_start
from engine import levels
from engine.game import ruleset_names

NAME = "play"
MAX_SEED = 2**63 - 1   # SQLite's largest integer: the save keeps the seed
DEMO_TURNS = 3
EXAMPLES = """examples:
  starbridge play                          the bridge display in a window; keys stand in for
                                           the panels (docs/wiring.md), autopilots elsewhere
  starbridge play --scenario skirmish --new
  starbridge play --level advanced --new   hard turns, reverse, evasion, explosions
  starbridge play --ruleset strpg --new    the away team: characters on a square map
  starbridge play --resume                 go on with the unfinished game
  starbridge play --seat kronos=touch      people on both ships (the Klingons on the screen)
  starbridge play --headless --autopilot --turns 3    autopilots play every seat, no screen
  starbridge play --kiosk                  attract mode between games (docs/appliance.md)

Settings come from the configuration file (starbridge config --example); flags win.
Every accepted action is saved before it is shown: starbridge games lists the saves.
On the Instructor's screen, SEATS (beside UNDO) changes who plays a seat: at its panel, by
touch, or the autopilot, from the start of the next turn; the save keeps the new seats."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The arguments of `play`, which `stations` shares."""
    p.add_argument("--scenario", type=scenario_name,
                   help="scenario name (default: the configuration's, else duel)")
    p.add_argument("--ruleset", choices=LazyChoices(ruleset_names), default=None,
                   metavar="RULESET",
                   help="the game system: %(choices)s; its first scenario unless --scenario or "
                        "the configuration's scenario is one of its own")
    p.add_argument("--level", choices=LazyChoices(lambda: levels(playable=True)),
                   default=None, metavar="LEVEL",
                   help="the rules: %(choices)s (default: the configuration's [game] level, "
                        "else the scenario's own or its variant's, else command)")
    p.add_argument("--variant", default=None, metavar="NAME",
                   help="a variant laid over the rules: battlestations (default: the "
                        "configuration's, else the scenario's)")
    p.add_argument("--crew", action="append", default=None, metavar="[SHIP=]NAME",
                   help="command level: the officers of crew NAME (starbridge crew) on the "
                        "players' ship, Victory Points after the game (default: the "
                        "configuration's [game] crew)")
    p.add_argument("--crew-size", default=None, metavar="SIZE",
                   help="players a ship: 3, 3-engineer, 3-science (who is also Captain), 4, "
                        "4-split, 5 or 6 (default: the configuration's, else the scenario's)")
    p.add_argument("--head-to-head", action="store_true", default=None,
                   help="command level: two ships of three players each, no Instructor")
    p.add_argument("--turns", type=int, default=None, help="stop after this many game turns")
    p.add_argument("--seed", type=int, default=None, help="virtual dice seed")
    p.add_argument("--headless", action="store_true", help="no screen")
    p.add_argument("--autopilot", action="store_true", help="autopilots play every seat")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--resume", nargs="?", type=int, const=-1, default=None, metavar="GAME",
                       help="go on with the unfinished game, or game number GAME (with none "
                            "unfinished: a new game, as on a Pi's power-up); a game a kiosk "
                            "abandoned is only resumed by its number")
    which.add_argument("--new", action="store_true", help="start a new game")
    p.add_argument("--no-save", action="store_true", help="keep nothing (a demonstration)")
    p.add_argument("--seat", action="append", default=[], metavar="WHO=MODE",
                   help="who plays a seat: WHO is a ship, ship/station, station or 'default'; "
                        "MODE panel, touch or autopilot (repeat; wins over the configuration)")
    p.add_argument("--kiosk", action="store_true",
                   help="attract mode between crew games; after a crash or power cut, straight "
                        "back into the crew game that was being played")
    p.add_argument("--config", type=Path, default=None, help="the configuration file")
    p.add_argument("--window", action="store_true", help="a window even without a desktop")
    p.add_argument("--lights", type=Path, default=None, metavar="FILE",
                   help="light the room by this lights file (WLED, DMX, sound; docs/lights.md)")
    p.add_argument("--stations", action="store_true",
                   help="serve the station consoles (phones, tablets) even where the "
                        "configuration's [stations] has them off (docs/stations.md)")


def scenario_name(text: str) -> str:
    """--scenario's value: a name ("" chose the configuration's scenario, unsaid)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a scenario name may not be empty")
    return text


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    """The table app. Its modules are imported here, in the order a player sees them: the
    configuration, then (with a screen) the start screen, then the rules, the saves and the
    hardware, so that the screen lights up at once (starbridge bench app measures both)."""
    from companion.settings.config import ConfigError, load_config

    say: Callable[[str], None] = lambda line: print(line, file=sys.stderr)  # noqa: E731
    try:
        config = load_config(args.config)
    except ConfigError as exc:
        for line in exc.shown:
            print(f"starbridge: {line}", file=sys.stderr)
        return 2
    if getattr(args, "ruleset", None) is not None:
        from companion.session import ruleset_scenario
        from engine.errors import DataError

        try:
            args.scenario = ruleset_scenario(args.ruleset, args.scenario, config.scenario,
                                             data_dir)
        except DataError as exc:
            print(f"starbridge: {exc}", file=sys.stderr)
            return 2
    if args.turns is not None and not 0 <= args.turns <= 999:
        print("starbridge: --turns must be from 0 (the scenario's limit) to 999", file=sys.stderr)
        return 2
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        print(f"starbridge: --seed must be from 0 to {MAX_SEED} (the largest whole number a "
              f"save holds)", file=sys.stderr)
        return 2
    headless = args.headless or not config.display
    why = None if headless else screen_available()
    if why is not None:
        print(f"starbridge: {why}; playing headless: autopilots play every seat, "
              f"{args.turns or DEMO_TURNS} turns, nothing saved", file=sys.stderr)
        headless, args.autopilot, args.no_save = True, True, True
        args.turns = args.turns or DEMO_TURNS
        args.new = True
    if not headless:   # the screen lights up before the rules, the saves and the panels load
        show_start(config, args.window)
    from companion.saves.store import Store, StoreError
    from companion.settings.config_check import check_config
    from companion.table.table_setup import (
        choose_game,
        open_consoles,
        people_at_mocked_panels,
        people_seated,
        play_game,
        with_seat_flags,
    )
    from engine.errors import EngineError

    try:
        problems = check_config(config, data_dir)   # the file's; --seat flags are said below
        if problems:
            raise ConfigError(problems)
        config = with_seat_flags(config, args.seat)
    except ConfigError as exc:
        for line in exc.shown:
            print(f"starbridge: {line}", file=sys.stderr)
        return 2
    if args.kiosk or config.kiosk:
        if headless:
            print("starbridge: kiosk mode needs a screen", file=sys.stderr)
            return 2
        from companion.table.kiosk import run_kiosk

        return run_kiosk(config, data_dir, say)
    if getattr(args, "stations", False):
        config = replace(config, stations=True)
    if getattr(args, "lights", None) is not None:
        from lights.load import check_file

        found = check_file(args.lights)
        if found:
            for line in found:
                print(f"starbridge: {line}", file=sys.stderr)
            return 2
        config = replace(config, room_lights=str(args.lights))
    if getattr(args, "port", None) is not None:
        config = replace(config, stations_port=args.port)
    if getattr(args, "address", None) is not None:
        config = replace(config, stations_address=args.address)
    if headless and not args.autopilot and not config.stations and \
            people_at_mocked_panels(config):
        say("starbridge: the panels would be mocked and there is no screen for their keys: "
            "add --autopilot, or run with a screen")
        return 2
    consoles = None
    from companion.table.wakeups import Wakeups

    wakeups = Wakeups(display=False) if headless else None   # made first: the consoles wake it
    if headless and config.stations:   # opened before the game: people wait for their consoles
        consoles = open_consoles(config, say, None if people_seated(config, args) else
                                 "the table plays without them",
                                 wake=wakeups.wake if wakeups is not None else None)
        if consoles is None:
            if people_seated(config, args):
                return 2
            config = replace(config, stations=False)
    try:
        store: Store | None = None
        if not args.no_save:
            from companion.settings.paths import user_data_dir

            store, notes = Store.open_folder(user_data_dir())
            for note in notes:
                say(f"starbridge: {note}")
        game = choose_game(args, config, store, data_dir, headless, say)
        if game is None:
            if consoles is not None:
                consoles.close()
            return 0 if getattr(args, "left", False) else 2   # left at the game chooser
        return play_game(game, args, config, headless, say, data_dir, consoles, wakeups)
    except (StoreError, EngineError) as exc:
        if consoles is not None:
            consoles.close()
        print(f"starbridge: {exc}", file=sys.stderr)
        return 2


