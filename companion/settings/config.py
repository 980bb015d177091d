"""The configuration file: a TOML file in the user config folder, checked as it loads.

Where: $STARBRIDGE_CONFIG, else `starbridge.toml` in the user config folder (platformdirs:
~/.config/starbridge/ on Linux). No file is the PC default: the first ship's crew at mocked
panels (the keyboard) and the touchscreen, autopilots elsewhere, virtual dice, a window.
`starbridge config --example` prints the documented example (EXAMPLE below); every mistake is
reported at once, each naming its key.
"""

from __future__ import annotations

import os
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import platformdirs

from companion.session import setting_bounds
from companion.settings.usage import LazyChoices
from engine import levels
from engine.errors import one_line
from engine.files import FileRefused, read_regular
from engine.stations import STATION_NAMES
from firmware_bridge.router import DiceConfig, DiceConfigError, config_from_dict
from hardware.pinmap import key_lines

ROTATIONS = (0, 90, 180, 270)   # as display.screen has them (the configuration imports no pygame)
FILE_NAME = "starbridge.toml"
SEAT_MODES = ("panel", "touch", "autopilot")
FACTORIES = ("auto", "lgpio", "rpigpio", "mock")
MAX_CONFIG = 1 << 20

EXAMPLE = '''\
# starbridge configuration (starbridge config --example > ~/.config/starbridge/starbridge.toml)
# Every key is optional; a missing key takes the default shown.

[game]
scenario = "duel"        # a scenario name: starbridge scenarios
level = "command"        # the rules: "basic", "advanced", "expert" or "command" (Command & Control:
                         # each officer at a panel of his own; docs/rules-decisions.md); left
                         # out, a scenario plays at its own level (else command)
turns = 0                # stop after this many game turns; 0 = the scenario's own limit
seed = 0                 # virtual dice seed; 0 = a new seed every game
fire_limit = 0           # optional rule (advanced): a ship fires at most this many weapons in
                         # one Firing Phase (Book Two, Advanced: Firing Limitations); 0 = no limit
rescues = false          # optional rule (advanced): a Captain may abandon ship to a friendly
                         # ship 4 hexes away or less (Book Two, Advanced: Rescues During Combat)
team_communications = false  # optional rule: each side rolls a die each game turn; on 1-3 its
                         # team must talk aloud (Book Two, Advanced: Team Communications)
variant = ""             # a variant laid over the rules: "battlestations" (Battlestations!,
                         # seed 001: three combat rounds a turn); "" = the scenario's, else none
campaign = false         # optional rule: Campaign Advancement: captains' and crews' points, their
                         # rolls each turn, Victory Points at the end (Book Two, Advanced)
# house_rules = ["alternating_advantage"]   # house rules, not FASA's: no Tactical Advantage
                         # roll, the advantage passing side to side (docs/rules-decisions.md)
crew = ""                # command level: the players' ship's officers from the crew file
                         # crews/NAME.toml (starbridge crew); "" = officers rolled for the game
crew_size = ""           # players a ship: "3", "3-engineer", "3-science" (who is also Captain),
                         # "4", "4-split", "5", "6"; "" = the scenario's (docs/rules-decisions.md)
head_to_head = false     # command level: two ships of three players each, no Instructor
admiral = false          # optional rule: each side has an Admiral, with no ship, who gives its
                         # ships fleet orders each turn (Book Two, Advanced: the Admiral); or
# admirals = ["Federation"]   # only the sides named have one (its seat: [seats] "admiral" or
                         # "Federation/admiral")

[seats]                  # who plays each seat: "panel" (a person at the station's buttons and
                         # the touchscreen), "touch" (the touchscreen only) or "autopilot"
default = "autopilot"    # every seat not named below
# enterprise = "panel"   # every station of a ship ("ship", "ship/station" or "station")
# "enterprise/helm" = "touch"
# With no [seats] table at all, the first ship's crew is at the panels. These are the seats a
# new game starts with; on the Instructor's screen SEATS changes them between turns.

[panels]
pins = ""                # the pin map file (docs/wiring.md); "" = the built-in map
factory = ""             # auto, lgpio, rpigpio or mock; "" = the pin map's [board] factory
                         # (on a PC with no GPIO the mock is used, with the keyboard)

[dice]
fallback = "virtual"     # with no tray (or a lost one): "virtual" dice or "manual" entry
# [[dice.trays]]         # one entry per tray (docs/dice-protocol.md)
# id = "tray-1"
# url = "/dev/starbridge-dice-tray-1"
# seats = ["enterprise/helm", "enterprise/weapons"]   # or ["*"], every seat
# dice = [20]

[display]
enabled = true           # false: no screen (as --headless)
fullscreen = "auto"      # "auto" (full screen without a desktop), true or false
size = [800, 480]        # the window's size when not full screen (as the players see it)
rotate = 0               # how the screen is turned, clockwise: 0, 90, 180 or 270 (a portrait
                         # Touch Display 2 on its side: 90 or 270; a screen upside down: 180);
                         # the picture and the touch points are turned with it
seat = ""                # whose bridge it shows: a ship id, "instructor", or "" (the first ship
                         # with people at it; the Instructor's view when every seat is autopilot
                         # or people sit on several ships); only the Instructor's changes seats
fps = 30                 # the most frames a second

[kiosk]
enabled = false          # attract mode between games, for a convention floor
idle_minutes = 5         # a crew game with no input this long returns to attract mode
attract_scenario = "skirmish"
attract_step_ms = 600    # the pause between autopilot actions in attract mode
exit_buttons = ["select", "confirm"]   # Instructor panel buttons held together to leave kiosk
exit_keys = ["f1", "f4"]               # the same on a keyboard

[stations]               # a console for each seat on phones and tablets (docs/stations.md)
enabled = false          # off on a PC; deploy/install.sh writes it on for a Pi
port = 8765              # the port the consoles' server listens on
address = "0.0.0.0"      # the address it listens on: "0.0.0.0" every network of this machine,
                         # "127.0.0.1" this machine only, or one of its addresses
advertise = true         # the table's name on its networks (mDNS): phones may type
                         # http://starbridge.local:8765 instead of the address
'''


SHOWN_MISTAKES = 10
"""Mistakes said one a line; the rest are counted (a file of 20,000 wrong seats is told in a
dozen lines, at once)."""


class ConfigError(Exception):
    """The configuration is wrong: `problems` holds one line per mistake, each naming its key;
    `shown` the first SHOWN_MISTAKES of them and a line counting the rest."""

    def __init__(self, problems: list[str]) -> None:
        problems = [one_line(p) for p in problems]   # what came from the file, escaped
        super().__init__("\n".join(problems[:SHOWN_MISTAKES]))
        self.problems = problems

    @property
    def shown(self) -> list[str]:
        more = len(self.problems) - SHOWN_MISTAKES
        if more <= 0:
            return list(self.problems)
        return [*self.problems[:SHOWN_MISTAKES],
                f"... and {more:,} more mistake{'s' if more != 1 else ''} (fix these, then "
                f"check again: starbridge config --check)"]


@dataclass(frozen=True)
class Config:
    source: str = "(defaults)"
    scenario: str = "duel"
    level: str = "command"
    turns: int = 0
    seed: int = 0
    fire_limit: int = 0                      # the optional firing limit; 0 = none
    rescues: bool = False                    # the optional rule of rescues
    team_communications: bool = False        # the optional team-communications roll
    campaign: bool = False                   # the optional rule of Campaign Advancement
    variant: str = ""                        # a variant laid over the rules; "" = none
    crew: str = ""                           # the crew file of the players' ship
    crew_size: str = ""                      # the crew layout; "" = the scenario's
    head_to_head: bool = False               # two crewed ships, no Instructor
    admiral: bool = False                    # the optional Admiral, for every side
    admirals: tuple[str, ...] = ()           # or for the sides named
    house_rules: tuple[str, ...] = ()        # house rules the table plays, by name
    seats: dict[str, str] | None = None      # None: the first ship's crew at the panels
    default_seat: str = "autopilot"
    pins: str = ""
    factory: str = ""
    panel_lights: str = ""                   # the panels' lights file; "" = the packaged one
    room_lights: str = ""                    # the room's lights file (WLED, DMX, sound)
    dice: DiceConfig = field(default_factory=lambda: DiceConfig((), "virtual"))
    display: bool = True
    fullscreen: bool | None = None
    size: tuple[int, int] = (800, 480)
    rotate: int = 0                          # clockwise degrees the screen is turned
    display_seat: str = ""
    fps: int = 30
    kiosk: bool = False
    idle_minutes: float = 5.0
    attract_scenario: str = "skirmish"
    attract_step_ms: int = 600
    exit_buttons: tuple[str, ...] = ("select", "confirm")
    exit_keys: tuple[str, ...] = ("f1", "f4")
    lines: tuple[tuple[tuple[str, ...], int], ...] = field(default=(), compare=False, repr=False)
    """(key path, line number) of each key in the file, to name a mistake's line."""
    written: frozenset[str] = field(default=frozenset(), compare=False, repr=False)
    """The keys the file gives ("game.level"): what the table named, not a default."""

    def names(self, key: str) -> bool:
        """Whether the file gives `key` ("game.level"), rather than leaving it to its default."""
        return key in self.written

    def where(self, *key: str) -> str:
        """"file:line: key" for a key of this configuration (the line where it is set, or of
        its table; the file alone when it is not in the file)."""
        line = line_for(self._first_lines, key) if self.lines else 0
        return f"{self.source}{f':{line}' if line else ''}: {'.'.join(key)}"

    @cached_property
    def _first_lines(self) -> dict[tuple[str, ...], int]:
        return first_lines(self.lines)
    stations: bool = False
    stations_port: int = 8765
    stations_address: str = "0.0.0.0"
    stations_advertise: bool = True          # the table's name by mDNS (starbridge.local)


GAME_OPTIONS = ("fire_limit", "rescues", "team_communications", "campaign", "admiral", "variant")
"""The `[game]` keys that are optional rules by the same name (a whole number, a flag, or the
variant's name, which the ruleset makes the scenario's own)."""


def game_options(config: Config) -> dict[str, Any]:
    """The optional rules `[game]` turns on, as a scenario's `options` table (engine
    options.py); empty when none is."""
    out: dict[str, Any] = {name: getattr(config, name) for name in GAME_OPTIONS
                           if getattr(config, name)}
    if config.admirals:
        out["admirals"] = list(config.admirals)
    if config.house_rules:   # each name checked by the ruleset when the game is made
        out["house_rules"] = list(config.house_rules)
    return out


def config_path() -> Path:
    explicit = os.environ.get("STARBRIDGE_CONFIG")
    if explicit:
        return Path(explicit)
    return Path(platformdirs.user_config_dir("starbridge")) / FILE_NAME


KNOWN: dict[str, tuple[str, ...]] = {
    "game": ("scenario", "level", "turns", "seed", "fire_limit", "rescues",
             "team_communications", "campaign", "variant", "crew", "crew_size", "head_to_head", "admiral",
             "admirals", "house_rules"),
    "panels": ("pins", "factory", "lights"),
    "room": ("lights",),
    "display": ("enabled", "fullscreen", "size", "rotate", "seat", "fps"),
    "kiosk": ("enabled", "idle_minutes", "attract_scenario", "attract_step_ms", "exit_buttons",
              "exit_keys"),
    "stations": ("enabled", "port", "address", "advertise"),
}


def _address(text: str) -> bool:
    """Whether `text` is an IPv4 or IPv6 address to listen on."""
    import ipaddress

    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def first_lines(lines: Iterable[tuple[tuple[str, ...], int]]) -> dict[tuple[str, ...], int]:
    """Each key path -> the first line it is written on (looked up at once, not a scan a key:
    a file of 20,000 mistakes is told in a second)."""
    index: dict[tuple[str, ...], int] = {}
    for path, number in lines:
        index.setdefault(path, number)
    return index


def line_for(index: Mapping[tuple[str, ...], int], path: tuple[str, ...]) -> int:
    """As hardware.pinmap.line_of: the line of the longest prefix of `path` written (1: none)."""
    for n in range(len(path), 0, -1):
        if path[:n] in index:
            return index[path[:n]]
    return 1


def _kind(value: Any) -> str:
    return {bool: "true/false", int: "a whole number", float: "a number", str: "text",
            list: "a list", dict: "a table"}.get(type(value), type(value).__name__)


def parse_config(data: Mapping[str, Any], source: str, file_text: str = "") -> Config:
    """A Config from the TOML data, or ConfigError listing every mistake by its key (and its
    line, when the file's text is given)."""
    problems: list[str] = []
    lines = tuple(key_lines(file_text)) if file_text else ()
    out: dict[str, Any] = {"source": source, "lines": lines,
                           "written": frozenset(f"{name}.{key}" for name, sec in data.items()
                                                if isinstance(sec, Mapping) for key in sec)}
    index = first_lines(lines)

    def bad(key: str, what: str) -> None:
        line = line_for(index, tuple(key.split("."))) if lines else 0
        problems.append(f"{source}{f':{line}' if line else ''}: {key}: {what}")

    def table(name: str) -> Mapping[str, Any]:
        value = data.get(name, {})
        if not isinstance(value, Mapping):
            bad(name, f"must be a table ([{name}]), not {_kind(value)}")
            return {}
        for key in value:
            if name in KNOWN and key not in KNOWN[name]:
                bad(f"{name}.{key}", f"unknown key (keys: {', '.join(KNOWN[name])})")
        return value

    def text(sec: Mapping[str, Any], name: str, key: str, dest: str,
             choices: Sequence[str] | None = None) -> None:
        if key not in sec:
            return
        v = sec[key]
        if not isinstance(v, str) or len(v) > 4096:
            bad(f"{name}.{key}", f"must be text (in quotes), not {_kind(v)}")
        elif choices is not None and v not in choices:
            bad(f"{name}.{key}", f"must be one of {', '.join(map(repr, choices))}, not {v!r}")
        else:
            out[dest] = v

    def whole(sec: Mapping[str, Any], name: str, key: str, dest: str, lo: int, hi: int) -> None:
        if key not in sec:
            return
        v = sec[key]
        if type(v) is not int or not lo <= v <= hi:
            bad(f"{name}.{key}", f"must be a whole number from {lo} to {hi}, not {v!r}")
        else:
            out[dest] = v

    def flag(sec: Mapping[str, Any], name: str, key: str, dest: str) -> None:
        if key in sec:
            if type(sec[key]) is not bool:
                bad(f"{name}.{key}", f"must be true or false, not {sec[key]!r}")
            else:
                out[dest] = sec[key]

    def names(sec: Mapping[str, Any], name: str, key: str, dest: str) -> None:
        if key in sec:
            v = sec[key]
            if not isinstance(v, list) or not v or len(v) > 8 or \
                    not all(isinstance(x, str) and 0 < len(x) <= 32 for x in v):
                bad(f"{name}.{key}", "must be a list of 1 to 8 names in quotes, "
                                     "e.g. [\"select\", \"confirm\"]")
            else:
                out[dest] = tuple(x.lower() for x in v)

    for key in data:
        if key not in (*KNOWN, "seats", "dice"):
            bad(str(key), "unknown table (tables: game, seats, panels, dice, display, kiosk, "
                              "stations)")
    game = table("game")
    text(game, "game", "scenario", "scenario")
    text(game, "game", "level", "level", LazyChoices(levels))   # its scenario's: config_check
    whole(game, "game", "turns", "turns", 0, 999)
    whole(game, "game", "seed", "seed", 0, 2**63 - 1)
    if "fire_limit" in game:   # an optional rule, its bounds the rulesets' that have it
        if (bounds := setting_bounds("fire_limit")) is None:
            bad("game.fire_limit", "no game system installed has this setting: leave it out")
        else:
            whole(game, "game", "fire_limit", "fire_limit", *bounds)
    flag(game, "game", "rescues", "rescues")
    flag(game, "game", "team_communications", "team_communications")
    flag(game, "game", "campaign", "campaign")
    text(game, "game", "variant", "variant")
    text(game, "game", "crew", "crew")
    text(game, "game", "crew_size", "crew_size")
    flag(game, "game", "head_to_head", "head_to_head")
    flag(game, "game", "admiral", "admiral")
    if "admirals" in game:
        v = game["admirals"]
        if not isinstance(v, list) or not v or len(v) > 8 or \
                not all(isinstance(x, str) and 0 < len(x) <= 40 for x in v):
            bad("game.admirals", "must be a list of 1 to 8 sides' names in quotes, e.g. "
                                 "[\"Federation\"]")
        else:
            out["admirals"] = tuple(dict.fromkeys(v))
    if "house_rules" in game:
        v = game["house_rules"]
        if not isinstance(v, list) or len(v) > 16 or \
                not all(isinstance(x, str) and 0 < len(x) <= 40 for x in v):
            bad("game.house_rules", "must be a list of house rules' names in quotes, e.g. "
                                    "[\"alternating_advantage\"]")
        else:
            out["house_rules"] = tuple(dict.fromkeys(v))

    if "seats" in data:
        seats = table("seats")
        chosen: dict[str, str] = {}
        for key, mode in seats.items():
            if mode not in SEAT_MODES:
                bad(f"seats.{key}", f"must be one of {', '.join(map(repr, SEAT_MODES))}, "
                                    f"not {mode!r}")
                continue
            if key == "default":
                out["default_seat"] = mode
                continue
            ship, _, station = str(key).rpartition("/")
            if "/" in key and (not ship or station not in STATION_NAMES):
                bad(f"seats.{key}", f"write \"ship/station\" (stations: "
                                    f"{', '.join(STATION_NAMES)}), \"ship\" or \"station\"")
                continue
            chosen[str(key)] = mode
        out["seats"] = chosen

    panels = table("panels")
    text(panels, "panels", "pins", "pins")
    text(panels, "panels", "lights", "panel_lights")
    text(table("room"), "room", "lights", "room_lights")
    if panels.get("factory") != "":
        text(panels, "panels", "factory", "factory", FACTORIES)

    if "dice" in data:
        dice = data["dice"]
        try:
            merged = {"fallback": "virtual", **dice} if isinstance(dice, Mapping) else dice
            out["dice"] = config_from_dict(merged, "dice")
        except DiceConfigError as exc:
            problems.append(f"{source}: {exc}")

    display = table("display")
    flag(display, "display", "enabled", "display")
    if "fullscreen" in display:
        v = display["fullscreen"]
        if v == "auto":
            out["fullscreen"] = None
        elif type(v) is bool:
            out["fullscreen"] = v
        else:
            bad("display.fullscreen", f"must be \"auto\", true or false, not {v!r}")
    if "size" in display:
        v = display["size"]
        if not (isinstance(v, list) and len(v) == 2 and all(type(x) is int for x in v)
                and 320 <= v[0] <= 7680 and 240 <= v[1] <= 4320):
            bad("display.size", f"must be [width, height] in pixels, from [320, 240] to "
                                f"[7680, 4320], not {v!r}")
        else:
            out["size"] = (v[0], v[1])
    if "rotate" in display:
        v = display["rotate"]
        if type(v) is not int or v not in ROTATIONS:
            bad("display.rotate", f"must be 0, 90, 180 or 270 (clockwise degrees the screen is "
                                  f"turned), not {v!r}")
        else:
            out["rotate"] = v
    text(display, "display", "seat", "display_seat")
    whole(display, "display", "fps", "fps", 1, 240)

    kiosk = table("kiosk")
    flag(kiosk, "kiosk", "enabled", "kiosk")
    if "idle_minutes" in kiosk:
        v = kiosk["idle_minutes"]
        if type(v) not in (int, float) or not 0.1 <= v <= 1440:
            bad("kiosk.idle_minutes", f"must be a number of minutes from 0.1 to 1440, not {v!r}")
        else:
            out["idle_minutes"] = float(v)
    text(kiosk, "kiosk", "attract_scenario", "attract_scenario")
    whole(kiosk, "kiosk", "attract_step_ms", "attract_step_ms", 0, 60_000)
    names(kiosk, "kiosk", "exit_buttons", "exit_buttons")
    names(kiosk, "kiosk", "exit_keys", "exit_keys")

    stations = table("stations")
    flag(stations, "stations", "enabled", "stations")
    whole(stations, "stations", "port", "stations_port", 1, 65535)
    flag(stations, "stations", "advertise", "stations_advertise")
    if "address" in stations:
        v = stations["address"]
        if not isinstance(v, str) or not _address(v):
            bad("stations.address", f"must be an IP address in quotes (\"0.0.0.0\" every "
                                    f"network, \"127.0.0.1\" this machine only), not {v!r}")
        else:
            out["stations_address"] = v
    if problems:
        raise ConfigError(problems)
    return Config(**out)


def load_config(path: Path | None = None) -> Config:
    """The configuration at `path` (default: config_path()); no file there is the defaults.
    ConfigError lists every mistake."""
    explicit = path is not None or bool(os.environ.get("STARBRIDGE_CONFIG"))
    path = path or config_path()
    if not path.exists():
        if explicit:
            raise ConfigError([f"{path}: no such file (starbridge config --example prints one)"])
        return Config()
    try:
        raw = read_regular(path, MAX_CONFIG)
        text = raw.decode("utf-8")
        data = tomllib.loads(text)
    except FileRefused as exc:
        raise ConfigError([one_line(str(exc))]) from None
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise ConfigError([f"{path}:{line}: not UTF-8 text (save it as UTF-8)"]) from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError([f"{path}: not valid TOML: {exc}"]) from None
    except RecursionError:
        raise ConfigError([f"{path}: not valid TOML: nested too deep"]) from None
    return parse_config(data, str(path), text)


def seat_mode(config: Config, ship: str, station: str, first_ship: str) -> str:
    """How the seat is played: the most specific [seats] entry, else the default."""
    if config.seats is None:
        return "panel" if ship == first_ship else "autopilot"
    for key in (f"{ship}/{station}", ship, station):
        if key in config.seats:
            return config.seats[key]
    return config.default_seat
