"""`starbridge panels play`: a game at the station panels alone (no screen), played by the one
table loop (companion/table/app.py) that `play` and the consoles' table run.

    app = panels_app(scenario, ["enterprise"], pins, factory, seed=1, say=print)
    while app.step() and not app.game.over:    # on the main thread
        app.wait()                             # until a press (or a light's blink) is due

The crews' ships are played at the panels the pin map has for their stations (crew 1 the first
of them in the scenario, crew 2 the next); every other seat (a ship with no crew at the table, a
station with no panel) by the autopilot, said once. Any ruleset and level, as `play` takes them
(`--ruleset`, `--scenario`, `--level`); the account of the game on stdout. Nothing is saved.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from companion.saves.saved_game import AUTOPILOT, SavedGame
from companion.session import account_lines, load_scenario, prepare
from companion.settings.usage import LazyChoices
from companion.table.admiral_seats import admiral_seats
from companion.table.app import App, Report, Table
from companion.table.seat_changes import panel_problem
from engine import crew_stations, levels, new_game
from engine.errors import EngineError
from engine.game import ruleset_names
from engine.stations import INSTRUCTOR, title
from hardware.pinmap import PinMap, PinMapError, load_pinmap

Say = Callable[[str], None]


def panel_seats(scenario: Mapping[str, Any], ships: Sequence[str], pins: PinMap,
                say: Say) -> dict[tuple[str, str], str]:
    """Who plays each seat: the crews of `ships` at the panels the map has for them, everyone
    else the autopilot; a crew's station with no panel is said once (the autopilot plays it)."""
    state = new_game(scenario)
    ids = [str(s["id"]) for s in scenario.get("ships", ()) if isinstance(s, Mapping)]
    seats: dict[tuple[str, str], str] = {(ship, st): AUTOPILOT for ship in ids
                                         for st in crew_stations(state, ship)}
    seats.update({(side, st): AUTOPILOT for side, st in admiral_seats(state)})
    seats["", INSTRUCTOR] = AUTOPILOT
    names = {str(s["id"]): str(s.get("name", s["id"])) for s in scenario.get("ships", ())
             if isinstance(s, Mapping)}
    crewed = [s for s in ids if s in ships]
    stations = {s: crew_stations(state, s) for s in ids}
    for ship in crewed:
        missing = []
        for station in stations[ship]:
            why = panel_problem(pins, seats, (ship, station), names)
            if why is None:
                seats[ship, station] = "panel"
            else:
                missing.append(f"{title(station)} ({why})")
        if missing:
            say(f"starbridge: the autopilot plays {names.get(ship, ship)}'s "
                + "; ".join(missing))
    return seats


def panels_app(scenario: dict[str, Any], ships: Sequence[str], pins: PinMap, factory: Any,
               seed: int, say: Say, clock: Callable[[], float] = time.monotonic,
               report: Report | None = None) -> App:
    """The table loop for a game at the panels, headless (`report`: the account of the game)."""
    seats = panel_seats(scenario, ships, pins, say)
    game = SavedGame.new(None, scenario, seed, {f"{s}/{st}": m for (s, st), m in seats.items()})
    return App(game, Table(seats, pins, factory, clock=clock, say=say, report=report))


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenario", default=None,
                   help="scenario name (default: duel, or the ruleset's first)")
    p.add_argument("--ruleset", choices=LazyChoices(ruleset_names), default=None,
                   metavar="RULESET", help="the game system: %(choices)s")
    p.add_argument("--level", choices=LazyChoices(lambda: levels(playable=True)),
                   default=None, metavar="LEVEL",
                   help="the rules: %(choices)s (default: the scenario's, else its ruleset's)")
    p.add_argument("--ship", action="append", default=None,
                   help="the ship whose crew sits at the panels (repeat for two crews on one "
                        "Pi: the first of them in the scenario is the pin map's crew 1, the "
                        "next crew 2); default: the first ship")
    p.add_argument("--factory", choices=("auto", "lgpio", "rpigpio", "mock"), default=None,
                   help="pin factory (default: the pin map's [board] factory)")
    p.add_argument("--seed", type=int, default=1, help="virtual dice seed (default 1)")
    p.add_argument("--turns", type=int, default=10, help="stop after this many game turns")


def run_play(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    """`starbridge panels play`: a game at the panels; the account on stdout."""
    from companion.session import ruleset_scenario
    from hardware.devices import factory_or_mock

    try:
        pins = load_pinmap(args.pins)
    except PinMapError as exc:
        print("\n".join(exc.problems), file=sys.stderr)
        return 2
    say: Say = lambda line: print(line, file=sys.stderr)  # noqa: E731
    name = args.scenario or "duel"
    try:
        if args.ruleset is not None:
            name = ruleset_scenario(args.ruleset, args.scenario, "duel", data_dir)
        scenario = prepare(load_scenario(name, data_dir), data_dir, args.level, None,
                           args.turns, None)
        new_game(scenario)   # a level the scenario's ruleset does not play is refused here
    except EngineError as exc:
        print(f"starbridge: {exc}", file=sys.stderr)
        return 2
    ids = [str(s["id"]) for s in scenario["ships"]]
    ships = args.ship or ids[:1]
    unknown = [s for s in ships if s not in ids]
    if unknown:
        print(f"starbridge: no ship {', '.join(map(repr, unknown))} in {name} "
              f"(ships: {', '.join(ids)})", file=sys.stderr)
        return 2
    factory = factory_or_mock(pins, say, args.factory)

    def report(events: tuple[Any, ...]) -> None:
        for line in account_lines(events):
            print(line, flush=True)

    app = panels_app(scenario, ships, pins, factory, args.seed, say, report=report)
    try:
        while app.step() and not app.game.over:
            app.wait()
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    finally:
        app.close()
        close: Any = getattr(factory, "close", None)
        if close is not None:
            close()
    return 0
