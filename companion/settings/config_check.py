"""The configuration checked against what exists: the scenarios and levels, the ships that could
sit at the table, the pin map, the dice trays' ports, the keys and buttons that leave a kiosk.

    problems = check_config(config, data_dir)    # "file:line: key: what" each; [] when good

`companion.settings.config.parse_config` checks each value's kind and range; this checks that what it
names is there, so `starbridge config --check` does not call a file good that `play` would run
wrongly (a tray URL no link can open makes a dead tray; exit keys no keyboard has make a kiosk
nobody can leave).
"""

from __future__ import annotations

import importlib.util
import os
import re
import warnings
from pathlib import Path

from companion.settings.config import Config
from engine import game_title, levels, scenario_ruleset
from engine.errors import EngineError, one_line
from engine.stations import INSTRUCTOR, STATION_NAMES
from hardware.functions import buttons_for
from hardware.pinmap import PinMapError, load_pinmap

_URL = re.compile(r"^([A-Za-z][A-Za-z0-9+.-]*)://")
_WINDOWS_PORT = re.compile(r"^(?:\\\\\.\\)?COM\d{1,3}$", re.IGNORECASE)


def check_config(config: Config, data_dir: Path | None) -> list[str]:
    """Every mistake of `config` against what exists, as "file:line: key: what" lines."""
    problems: list[str] = []

    def bad(key: tuple[str, ...], what: str) -> None:
        problems.append(f"{config.where(*key)}: {what}")

    scenarios, ships = _scenarios(data_dir)
    listing = ", ".join(sorted(scenarios))
    for path, name in ((("game", "scenario"), config.scenario),
                       (("kiosk", "attract_scenario"), config.attract_scenario)):
        if name not in scenarios:
            bad(path, f"no scenario {name!r} (scenarios: {listing}; starbridge scenarios lists "
                     f"them)")
    if problem := _level_problem(config, data_dir, scenarios):
        bad(("game", "level"), problem)
    if config.variant and config.scenario in scenarios and (
            problem := _variant_problem(config, data_dir)):
        bad(("game", "variant"), problem)
    problems += _crew_problems(config, data_dir)
    ship_list = ", ".join(sorted(ships))
    for key in config.seats or {}:
        ship, slash, _ = key.rpartition("/")
        name = ship if slash else key
        if (slash or name not in STATION_NAMES) and name not in ships:
            bad(("seats", key), f"no ship or station {name!r} (stations: "
                                f"{', '.join(STATION_NAMES)}; ships: {ship_list})")
    seat = config.display_seat
    if seat and seat != INSTRUCTOR and seat not in ships:
        bad(("display", "seat"), f"no ship {seat!r}: write a ship id ({ship_list}), "
                                 f"\"instructor\" or \"\"")
    if config.pins:
        try:
            load_pinmap(config.pins)
        except PinMapError as exc:
            bad(("panels", "pins"), f"the pin map {config.pins!r} is wrong: {exc.problems[0]}"
                + (f" (and {len(exc.problems) - 1} more: starbridge panels check "
                   f"{config.pins})" if len(exc.problems) > 1 else ""))
    ports: dict[str, str] = {}
    urls = [n for key, n in config.lines if key == ("dice", "trays", "url")]
    for n, tray in enumerate(config.dice.trays):
        line = f":{urls[n]}" if n < len(urls) else ""
        where = f"{config.source}{line}: dice.trays.url: tray {tray.id}'s {tray.url!r}"
        why = _port_problem(tray.url)
        if why:
            problems.append(f"{where}: {why}")
        port = os.path.realpath(tray.url) if tray.url.startswith("/") else tray.url
        if port in ports:
            problems.append(f"{where}: tray {ports[port]} is on that port already (one tray "
                            f"to a port)")
        ports.setdefault(port, tray.id)
    buttons = buttons_for(INSTRUCTOR)
    for name in config.exit_buttons:
        if name not in buttons:
            bad(("kiosk", "exit_buttons"), f"the Instructor's panel has no button {name!r} "
                                           f"(buttons: {', '.join(buttons)}): nobody could leave "
                                           f"the kiosk")
    for name in config.exit_keys:
        if not _is_key(name):
            bad(("kiosk", "exit_keys"), f"no key is named {name!r} (write keys as pygame names "
                                        f"them: \"f1\", \"escape\", \"left ctrl\", \"q\"): nobody "
                                        f"could leave the kiosk")
    for lights_key, file in ((("panels", "lights"), config.panel_lights),
                             (("room", "lights"), config.room_lights)):
        if file:
            from lights.load import check_file

            problems.extend(f"{config.where(*lights_key)}: {one_line(p)}" for p in
                            check_file(Path(file).expanduser())[:10])
    return problems


def _level_problem(config: Config, data_dir: Path | None, scenarios: set[str]) -> str:
    """What is wrong with `[game] level` for the game system of `[game] scenario` ("" nothing:
    a game system without levels leaves it out)."""
    from companion.session import load_scenario

    try:
        ruleset = scenario_ruleset(load_scenario(config.scenario, data_dir)) \
            if config.scenario in scenarios else scenario_ruleset({})
        offered, playable = levels(ruleset), levels(ruleset, playable=True)
    except (EngineError, KeyError):   # a broken scenario says so when it is played
        return ""
    if not offered or config.level in playable:
        return ""
    game = f"{game_title(ruleset)} (scenario {config.scenario})"
    if config.level in offered:
        return (f"the {config.level} rules of {game} are not built yet; playable levels: "
                f"{', '.join(playable)}")
    return f"{game} has no level {config.level!r}; its levels: {', '.join(playable)}"


def _variant_problem(config: Config, data_dir: Path | None) -> str:
    """What is wrong with `[game] variant` for `[game] scenario` at `[game] level` (a name no
    game system has, a level the variant is not played at), in the ruleset's words; "" none."""
    from companion.session import load_scenario, prepare
    from engine import new_game

    try:
        new_game(prepare(load_scenario(config.scenario, data_dir), data_dir, config.level, None,
                         1, None, {"variant": config.variant}))
    except EngineError as exc:
        return one_line(str(exc))
    return ""


def _scenarios(data_dir: Path | None) -> tuple[set[str], set[str]]:
    """The scenarios there are, and the ships of all of them (a seat or the display may name a
    ship of any scenario that `play --scenario` could choose; a scenario file that is wrong says
    so when it is played)."""
    from companion.session import load_scenario, scenario_names

    names = set(scenario_names(data_dir))
    ships: set[str] = set()
    for name in sorted(names):
        try:
            ships.update(str(s.get("id")) for s in load_scenario(name, data_dir)["ships"])
        except (EngineError, KeyError, TypeError, AttributeError):
            continue
    return names, ships


def _port_problem(url: str) -> str:
    """Why a tray's url names no port pyserial could open, or ""."""
    scheme = _URL.match(url)
    if scheme:
        handler = f"serial.urlhandler.protocol_{scheme.group(1).lower()}"
        try:
            found = importlib.util.find_spec(handler) is not None
        except (ImportError, ValueError):
            found = False
        return "" if found else (f"{scheme.group(1)}:// is no kind of link pyserial knows "
                                 f"(e.g. socket://HOST:PORT, rfc2217://HOST:PORT, loop://)")
    if url.startswith("/") or _WINDOWS_PORT.match(url):
        return ""   # a device that may be plugged in later: the link reconnects by itself
    return "write a device path (/dev/serial/by-id/..., /dev/ttyACM0, COM3) or a pyserial URL"


def _is_key(name: str) -> bool:
    """Whether pygame has a key by that name (as the app reads held keys)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")   # key_code works before pygame.init, and says so
        try:
            pygame.key.key_code(name)
        except ValueError:
            return False
    return True


def _crew_problems(config: Config, data_dir: Path | None) -> list[str]:
    """[game] crew names a crew file that reads (or none yet: it is made), crew_size a crew."""
    from companion.crews import CrewError, crew_path, load_crew, needs_of
    from companion.settings.paths import user_data_dir

    out = []
    folder = data_dir if data_dir is not None else user_data_dir()
    if config.crew:
        try:
            if crew_path(folder, config.crew).exists():
                load_crew(folder, config.crew)
        except CrewError as exc:
            out.append(f"{config.where('game', 'crew')}: {exc}")
    if config.crew_size:
        try:
            needs_of(config.crew_size)
        except CrewError as exc:
            out.append(f"{config.where('game', 'crew_size')}: {str(exc).removeprefix('--size: ')}")
    return out
