"""Setting up a table: who sits where, the hardware, the game to play (new, resumed or the next
one), and the app that plays it; the `play` command and kiosk mode share it."""

from __future__ import annotations

import argparse
import random
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.saves.saved_game import SavedGame
from companion.saves.store import ABANDONED, PLAYING, GameInfo, Store, StoreError
from companion.session import account_lines, load_scenario, prepare
from companion.settings.config import (
    Config,
    ConfigError,
    game_options,
    parse_config,
    seat_mode,
)
from companion.table.admiral_seats import admiral_seats
from companion.table.app import App, Reporter, Table
from companion.table.crew_play import after_game, crew_layout, crews_of, parse_crews, with_crews
from companion.table.first_game import asks_first_game, game_offer, offer_first_game
from companion.table.systemd_notify import Notifier
from companion.table.wakeups import Wakeups
from display.game_offer import parse_choice
from engine import (
    Event,
    Seat,
    crew_stations,
    level_notice,
    levels,
    new_game,
    pending,
    scenario_ruleset,
)
from engine.errors import EngineError
from engine.game import officer_needs
from engine.stations import INSTRUCTOR, STATION_NAMES

if TYPE_CHECKING:
    from pygame import Surface

    from companion.table.consoles import Consoles
    from display.keys_sheet import PanelKeys
    from engine import GameState
    from firmware_bridge.bridge import DiceBridge
    from hardware.pin_factory import PinFactory
    from hardware.pinmap import PinMap
    from lights.rules import RuleSet
    from room.room import Room


def seats_for(config: Config, state: GameState, ships: list[str], autopilot: bool,
              players: tuple[str, ...] = ()) -> dict[tuple[str, str], str]:
    """Who plays each seat; `players`: the ships the players crew (head to head, both), at the
    panels when the configuration has no [seats]."""
    seats = {}
    for ship in ships:
        for station in crew_stations(state, ship):
            seats[ship, station] = "autopilot" if autopilot else \
                "panel" if config.seats is None and ship in players else \
                seat_mode(config, ship, station, ships[0])
    for side, station in admiral_seats(state):  # an optional rule: the Admirals' seats
        seats[side, station] = "autopilot" if autopilot else \
            seat_mode(config, side, station, "")
    if instructor_asked(state):   # the Instructor's own decision (no ship): by the autopilot
        seats["", INSTRUCTOR] = "autopilot" if autopilot else \
            seat_mode(config, "", INSTRUCTOR, ships[0] if ships else "-")   # unless seated
    return seats


def instructor_asked(state: GameState) -> bool:
    """Whether the game asks the Instructor a decision of his own (one with no ship: the away
    team's election of how the action order is rolled)."""
    return any(p.ship is None and p.side is None and p.station == INSTRUCTOR
               and p.roll is None for p in pending(state))


def display_seat(config: Config, seats: dict[tuple[str, str], str]) -> Seat:
    if config.display_seat == INSTRUCTOR:
        return Seat(INSTRUCTOR)
    if config.display_seat:
        return Seat("captain", config.display_seat)
    people = sorted({ship for (ship, _), mode in seats.items() if mode != "autopilot"})
    if "" in people:   # the Instructor decides at the table: his screen
        return Seat(INSTRUCTOR)
    return Seat("captain", people[0]) if len(people) == 1 else Seat(INSTRUCTOR)


def with_seat_flags(config: Config, flags: list[str]) -> Config:
    """The configuration with `--seat WHO=MODE` flags laid over its [seats]."""
    if not flags:
        return config
    seats: dict[str, str] = {}
    for flag in flags:
        who, eq, mode = flag.partition("=")
        if not eq or not who:
            raise ConfigError([f"--seat {flag}: write WHO=MODE, e.g. --seat enterprise=panel"])
        seats[who] = mode
    parsed = parse_config({"seats": seats}, "--seat")
    merged = dict(config.seats or {})
    merged.update(parsed.seats or {})
    default = parsed.default_seat if "default" in seats else config.default_seat
    return replace(config, seats=merged, default_seat=default)


def check_seats(config: Config, scenario: dict[str, Any], say: Callable[[str], None]) -> None:
    """Say once which [seats] entries name no ship of the scenario (they are ignored)."""
    ships = {str(s["id"]) for s in scenario["ships"]}
    for key in config.seats or {}:
        ship, slash, _ = key.rpartition("/")
        name = ship if slash else key
        if (slash or name not in STATION_NAMES) and name not in ships:
            say(f"starbridge: seats.{key}: no ship {name!r} in this scenario "
                f"(ships: {', '.join(sorted(ships))}); ignored")


def people_at_mocked_panels(config: Config) -> bool:
    """Whether people would sit at panels that only a keyboard can press (no GPIO here)."""
    if config.seats is not None and "panel" not in config.seats.values() and \
            config.default_seat != "panel":
        return config.default_seat == "touch" or "touch" in config.seats.values()
    return panels_mocked(config)


def panels_mocked(config: Config) -> bool:
    """Whether the station panels would be mocked here (no GPIO: only a keyboard presses
    them)."""
    from hardware.devices import FactoryError, make_factory
    from hardware.pinmap import PinMapError, load_pinmap

    try:
        factory = make_factory(load_pinmap(config.pins or None), config.factory or None)
    except (FactoryError, PinMapError):
        return True
    mocked = type(factory).__name__ == "MockFactory"
    factory.close()
    return mocked


def new_scenario(config: Config, args: argparse.Namespace, data_dir: Path | None,
                 name: str | None = None, level: str | None = None) -> dict[str, Any]:
    turns = args.turns if args.turns is not None else config.turns
    size = getattr(args, "crew_size", None) or config.crew_size or None
    head_to_head = getattr(args, "head_to_head", None)
    scenario = crew_layout(load_scenario(name or args.scenario or config.scenario, data_dir),
                           size, config.head_to_head if head_to_head is None else head_to_head)
    # The level the table names (--level, the game offered on screen, [game] level), else the
    # scenario's own (or its variant's), else the configuration's default (command).
    level = level or getattr(args, "level", None) or (
        config.level if config.names("game.level") or not (
            scenario.get("level") or scenario.get("variant")) else None)
    options = game_options(config)
    if variant := getattr(args, "variant", None):   # --variant over [game] variant
        options["variant"] = variant
    return prepare(scenario, data_dir, level, None, turns or None, None, options or None)


def with_table_crews(scenario: dict[str, Any], config: Config, args: argparse.Namespace,
                     data_dir: Path | None, seed: int, say: Callable[[str], None],
                     again: bool = False) -> dict[str, Any]:
    """The scenario with its crewed ships' officers from the table's crew files (`--crew`, else
    `[game] crew`; `again`: the files the scenario's officers came from, for a rematch)."""
    flags = getattr(args, "crew", None)
    crews = crews_of(scenario) if again else parse_crews(
        flags if flags is not None else [config.crew] if config.crew else [],
        "--crew" if flags is not None else config.where("game", "crew"))
    return with_crews(scenario, crews, crew_folder(data_dir), seed, say,
                      save=not getattr(args, "no_save", False))[0]


def crew_folder(data_dir: Path | None) -> Path:
    """Where the crew files are: the data folder named, else the user data folder."""
    from companion.settings.paths import user_data_dir

    return data_dir if data_dir is not None else user_data_dir()


def choose_game(args: argparse.Namespace, config: Config, store: Store | None,
                data_dir: Path | None, headless: bool,
                say: Callable[[str], None]) -> SavedGame | None:
    """The unfinished game (offered first), or a new one."""
    seed = args.seed if args.seed is not None else (config.seed or random.randrange(1, 2**31))
    if store is not None and not args.new:
        if args.resume is not None and args.resume >= 0:
            return resumed(store, args.resume, say)
        passed: set[int] = set()
        while (info := store.unfinished()) is not None and info.id not in passed:
            passed.add(info.id)
            if args.resume is None and headless:
                say(f"starbridge: game {info.id} ({info.title}, {info.actions} actions) is "
                    f"not finished: add --resume to go on with it, or --new to start another")
                return None
            if args.resume is None and not offer_resume(info, config):
                break
            try:
                return resumed(store, info.id, say)
            except StoreError as exc:   # marked damaged, and passed by: the others stay playable
                say(f"starbridge: {exc}")
        else:
            if args.resume is not None:
                say("starbridge: no unfinished game to resume; a new one starts")
    if asks_first_game(args, config, headless):   # a new table: the game offered on screen
        choice = offer_first_game(config, data_dir, keys_on_a_pc(config))
        if choice is None:
            args.left = True   # the window closed: nothing to play, nothing wrong
            return None
        args.scenario, level = parse_choice(choice)
        args.level = level or None
    scenario = with_table_crews(new_scenario(config, args, data_dir), config, args, data_dir,
                                seed, say)
    check_seats(config, scenario, say)
    if notice := level_notice(scenario_ruleset(scenario), str(scenario.get("level", "basic"))):
        say(f"starbridge: {notice}")
    ships = [str(s["id"]) for s in scenario["ships"]]
    seats = seats_for(config, new_game(scenario), ships, args.autopilot,
                      tuple(officer_needs(scenario)))
    return SavedGame.new(store, scenario, seed, {f"{s}/{st}": m for (s, st), m in seats.items()})


def keys_on_a_pc(config: Config) -> tuple[PanelKeys, ...]:
    """The pin map's keys for the KEYS sheet, where the keyboard stands in for the panels."""
    from hardware.pinmap import PinMapError, load_pinmap

    if not people_at_mocked_panels(config):
        return ()
    from display.keys_sheet import PanelKeys

    try:
        pins = load_pinmap(config.pins or None)
    except PinMapError:
        return ()
    return tuple(PanelKeys(n, p.station, tuple(p.keys.items())) for n, p in pins.panels.items())


def resumed(store: Store, game_id: int, say: Callable[[str], None]) -> SavedGame:
    game = SavedGame.resume(store, game_id)
    if store.status(game_id) == ABANDONED:   # gone on with: unfinished again
        store.set_status(game_id, PLAYING)
    for note in game.notes:   # a snapshot that could not be used
        say(f"starbridge: {note}")
    say(f"starbridge: resumed game {game_id} after {len(game.actions)} actions")
    return game


def offer_resume(info: GameInfo, config: Config) -> bool:
    from companion.table.resume_screen import ask_resume
    from display.screen import open_screen, opened

    shown = opened()   # the start screen's (a --window's too), else the configuration's
    screen = shown.drawn if shown is not None else open_screen(config.size, config.fullscreen,
                                                               config.rotate)
    return ask_resume(screen, f"Game {info.id}: {info.title}, {info.actions} actions")


@dataclass
class Hardware:
    """What is opened once per run and shared by its games: the pin map and factory, the dice
    trays' links, the screen."""

    pins: PinMap | None = None
    factory: PinFactory | None = None
    dice: DiceBridge | None = None
    surface: Surface | None = None
    room: Room | None = None  # the room's lights and sounds, from [room] lights
    panel_lights: RuleSet | None = None   # the panels' own lights file, [panels] lights
    service: Notifier | None = field(default_factory=Notifier.from_environment)   # systemd's
    wakeups: Wakeups | None = None   # how the loop sleeps; every input source is made with it

    def close(self) -> None:
        if self.room is not None:
            self.room.close()
        if self.dice is not None:
            self.dice.stop()
        if self.factory is not None:
            self.factory.close()


def open_hardware(config: Config, headless: bool, panels: bool,
                  say: Callable[[str], None], window: bool = False,
                  wakeups: Wakeups | None = None) -> Hardware:
    """The run's hardware; the screen first, so that the loop's wake-up (`wakeups`, made here
    when not given: headless, the consoles' may have come first) suits it, and then each input
    source is made with it."""
    surface: Surface | None = None
    if not headless:
        from display.screen import open_screen

        surface = open_screen(config.size, False if window else config.fullscreen, config.rotate)
    wakeups = wakeups or Wakeups(display=surface is not None)
    pins: PinMap | None = None
    factory: PinFactory | None = None
    panel_lights: RuleSet | None = None
    if panels:
        from hardware.devices import factory_or_mock
        from hardware.pinmap import PinMapError, load_pinmap

        try:
            pins = load_pinmap(config.pins or None)
        except PinMapError as exc:
            raise EngineError("\n".join(exc.problems)) from None
        factory = factory_or_mock(pins, say, config.factory or None)
        if config.panel_lights:
            from lights.load import LightsError, load_rules

            try:
                panel_lights = load_rules(Path(config.panel_lights).expanduser())
            except LightsError as exc:
                raise EngineError("\n".join(exc.problems)) from None
    room: Room | None = None
    if config.room_lights:   # the room's WLED, DMX and sound (docs/lights.md)
        from lights.load import LightsError, load_rules
        from room.room import Room

        try:
            room = Room(load_rules(Path(config.room_lights).expanduser()))
        except LightsError as exc:
            raise EngineError("\n".join(exc.problems)) from None
    dice: DiceBridge | None = None
    if config.dice.trays or config.dice.fallback == "manual":   # manual: rolls typed in
        from companion.table.wakeups import WakingQueue
        from firmware_bridge.bridge import DiceBridge

        dice = DiceBridge(config.dice, events=WakingQueue(wakeups.wake)).start()
    return Hardware(pins=pins, factory=factory, dice=dice, surface=surface, room=room,
                    panel_lights=panel_lights, wakeups=wakeups)


def build_table(game: SavedGame, config: Config, hw: Hardware, autopilot: bool,
                say: Callable[[str], None], report: Reporter | None = None,
                data_dir: Path | None = None, at_consoles: bool = False,
                consoles: Consoles | None = None) -> Table:
    """The table for `game`; `at_consoles`: no panels here, so a seat saved at a panel is
    played by a person at a console ("touch", which every console may act for). `consoles`:
    the station consoles' server, made with `hw.wakeups`' wake-up."""
    seats: dict[tuple[str, str], str] = {}
    for key, mode in game.seats.items():
        ship, _, station = key.partition("/")
        seats[ship, station] = "autopilot" if autopilot else \
            "touch" if at_consoles and mode == "panel" else mode
    shown = hw.surface is not None   # the bridge display's seat and its end screen's offer
    ruleset = scenario_ruleset(game.scenario)   # (every ruleset's scenarios, read at the end)
    return Table(seats=seats, say=say, report=report, fps=config.fps, pins=hw.pins,
                 factory=hw.factory, dice=hw.dice, surface=hw.surface, room=hw.room,
                 panel_lights=hw.panel_lights, service=hw.service, wakeups=hw.wakeups,
                 consoles=consoles,
                 display_seat=display_seat(config, seats) if shown else Seat(INSTRUCTOR),
                 offered=(lambda: game_offer(data_dir, ruleset)) if shown else (lambda: None),
                 current=(ruleset, str(game.scenario.get("id", "")),
                          str(game.scenario.get("level") or "")) if shown else ("", "", ""))


def scenarios_on_offer(data_dir: Path | None,
                       first: str = "") -> tuple[tuple[str, str], ...]:
    """(id, name) of each scenario that loads: those of the ruleset `first` (the game just
    played) first, then each ruleset's in turn (first_game.game_offer's order)."""
    return tuple((s.id, s.name) for s in game_offer(data_dir, first).scenarios)


def next_game(game: SavedGame, choice: str, config: Config, args: argparse.Namespace,
              data_dir: Path | None) -> SavedGame:
    """The game the end screen's `choice` starts: "rematch" (the same scenario and seats,
    fresh dice) or "scenario:<id>[@<level>]" (that scenario, at that level or the
    configuration's, with the configuration's seats)."""
    seed = random.randrange(1, 2**31)
    if choice == "rematch":   # the crews' officers as their files hold them now
        scenario = with_table_crews(game.scenario, config, args, data_dir, seed,
                                    lambda _line: None, again=True)
        return SavedGame.new(game.store, scenario, seed, game.seats)
    name, level = parse_choice(choice)
    scenario = with_table_crews(new_scenario(config, args, data_dir, name, level or None),
                                config, args, data_dir, seed, lambda _line: None)
    ships = [str(s["id"]) for s in scenario["ships"]]
    seats = seats_for(config, new_game(scenario), ships, args.autopilot,
                      tuple(officer_needs(scenario)))
    return SavedGame.new(game.store, scenario, seed,
                         {f"{s}/{st}": m for (s, st), m in seats.items()})


def open_consoles(config: Config, say: Callable[[str], None],
                  without: str | None = "the table plays without them",
                  wake: Callable[[], None] | None = None) -> Consoles | None:
    """The station consoles' server when the configuration has them on (or None). `without`
    says what the table does when they cannot listen; None: it cannot play without them.
    `wake`: the loop's wake-up (Hardware.wakeups), which each console's input calls."""
    if not config.stations:
        return None
    from companion.table.consoles import Consoles

    return Consoles.open(config.stations_address, config.stations_port, say,
                         without=without or "nobody can play the seats of people, so the game "
                         "was not started", advertise=config.stations_advertise, wake=wake)


def people_seated(config: Config, args: argparse.Namespace) -> bool:
    """Whether people would play seats (a headless table's people play from their consoles)."""
    if args.autopilot:
        return False
    if config.seats is None or config.default_seat != "autopilot":
        return True
    return any(mode != "autopilot" for mode in config.seats.values())


def play_game(game: SavedGame, args: argparse.Namespace, config: Config, headless: bool,
              say: Callable[[str], None], data_dir: Path | None = None,
              consoles: Consoles | None = None, wakeups: Wakeups | None = None) -> int:
    def report(events: tuple[Event, ...]) -> None:
        for line in account_lines(events):
            indent = "" if line.startswith(("Turn ", "Movement Phase", "Game over")) else "  "
            print(indent + line, flush=True)

    if headless:
        title = game.scenario.get("name", game.scenario.get("id"))
        offered = levels(scenario_ruleset(game.scenario))   # none: a ruleset's one
        level = game.scenario.get("level") or (offered[0] if offered else "")
        print(f"{title} — " + (f"{level} rules" if level else
                               str(game.scenario.get("ruleset", ""))) + f", seed {game.seed}"
              + (f", game {game.id}" if game.store is not None else ""))
    # With a screen the panels are opened even when no seat starts at one: the Instructor may
    # put a seat at its panel between turns (companion/table/seat_changes.py).
    panels = not args.autopilot and (not headless or "panel" in game.seats.values())
    # A table with no screen and no GPIO (`starbridge stations` on a PC): its people play from
    # their consoles, not at panels that only this machine's keyboard could press.
    phones = headless and panels and (consoles is not None or config.stations) \
        and panels_mocked(config)
    if phones:
        say("starbridge: no GPIO for station panels here: the people's seats are played from "
            "their consoles")
    hw = open_hardware(config, headless, panels and not phones, say, args.window, wakeups)
    if consoles is None:
        consoles = open_consoles(config, say, wake=hw.wakeups.wake if hw.wakeups else None)
    table = build_table(game, config, hw, args.autopilot, say, report if headless else None,
                        data_dir, at_consoles=phones, consoles=consoles)
    app = App(game, table)
    if table.consoles is not None:
        table.consoles.say_links(print if headless else say,
                                 codes=getattr(args, "codes", False))
    try:
        while True:
            while app.step():
                if headless and game.over:
                    break
                app.wait()
            if game.over and not getattr(args, "no_save", False):   # campaigns: Victory Points
                after_game(game.state, game.scenario, crew_folder(data_dir), say)
            if app.next_game in (None, "quit"):
                break
            game = next_game(game, app.next_game, config, args, data_dir)   # from the end screen
            app.close()
            table = build_table(game, config, hw, args.autopilot, say, None, data_dir,
                                at_consoles=phones, consoles=consoles)   # new links for it
            app = App(game, table)
            if table.consoles is not None:
                table.consoles.say_links(say, codes=getattr(args, "codes", False))
            say(f"starbridge: game {game.id} started: {game.scenario.get('name')}")
    finally:
        app.close()
        hw.close()
        if table.consoles is not None:   # every phone told the end, then closed
            table.consoles.close(table.consoles.farewell())
    if headless:
        print(f"{len(game.actions)} actions" + (f"; saved as game {game.id}"
                                                if game.store is not None else ""))
    return 0
