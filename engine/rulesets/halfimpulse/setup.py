"""Scenarios: the players' own data (ships, counters, mines, speeds), read from TOML, checked,
and turned into the starting state. Packaged ones are in `data/scenarios/`, a table's own in
`<user data>/halfimpulse/scenarios/` (which replace a packaged one of the same name).

A scenario holds no Star Fleet Battles data and needs none: each unit is a name, a side, a
kind, a place, the speeds its player scripts (or enters at the table) and the counters it
carries with the numbers the table plays them with. docs/scenarios.md describes the fields.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.errors import DataError
from engine.files import FileRefused, read_regular
from engine.hexgrid import Hex, offset_to_hex
from engine.rulesets.halfimpulse.sequence import BY_KEY, DEFAULT_STEPS, REQUIRED
from engine.rulesets.halfimpulse.state import (
    HIDDEN_LOADS,
    KINDS,
    LOAD_KINDS,
    MAX_SPEED,
    NAME,
    SEEKING,
    SHIP,
    HalfState,
    Launch,
    Load,
    Mine,
    Player,
    Unit,
)

PACKAGE_DATA = Path(__file__).parent / "data"
USER_FOLDER = NAME
MAX_FILE = 1 << 20
DEFAULT_MAX_TURNS = 3   # ours: a scenario that sets no turn limit ends after 3 turns
SCENARIO_KEYS = frozenset({"ruleset", "id", "name", "source", "notes", "turns", "steps", "map",
                           "ships", "counters", "mines"})
SHIP_KEYS = frozenset({"id", "name", "side", "player", "player_name", "at", "facing",
                       "initiative", "speeds", "max_speed", "race", "loads", "script"})
COUNTER_KEYS = frozenset({"id", "name", "kind", "player", "at", "facing", "speed", "speeds",
                          "max_speed"})
ID = re.compile(r"^[a-z0-9][a-z0-9_-]{0,39}$")
LIMITS = {"ships": 40, "counters": 200, "mines": 100, "loads": 12, "script": 40, "speeds": 200}


def number(where: str, field: str, value: object, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise DataError(f"{where}: {field} must be a whole number from {low} to {high}, "
                        f"not {str(value)[:30]}")
    return value


def text(where: str, field: str, value: object, most: int = 40) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > most \
            or not value.isprintable():
        raise DataError(f"{where}: {field} must be text of 1 to {most} printable characters")
    return value


def ident(where: str, value: object) -> str:
    if not isinstance(value, str) or not ID.match(value):
        raise DataError(f"{where}: id must be 1 to 40 lower-case letters, digits, - or _, "
                        f"starting with a letter or digit")
    return value


def items(where: str, sc: Mapping[str, Any], key: str, required: bool = False) -> list[Any]:
    value = sc.get(key, [] if not required else None)
    if not isinstance(value, list) or len(value) > LIMITS[key] or (required and not value):
        raise DataError(f"{where}: {key} must be a list of {'1' if required else '0'} to "
                        f"{LIMITS[key]} tables")
    for n, d in enumerate(value, 1):
        if not isinstance(d, Mapping):
            raise DataError(f"{where}: {key} {n}: expected a table of fields")
    return value


def _place(where: str, value: object, cols: int, rows: int) -> Hex:
    if not isinstance(value, list) or len(value) != 2:
        raise DataError(f"{where}: at must be [column, row]")
    return offset_to_hex(number(where, "column", value[0], 0, cols - 1),
                         number(where, "row", value[1], 0, rows - 1))


def _fields(where: str, d: Mapping[str, Any], allowed: frozenset[str]) -> None:
    bad = sorted(map(str, set(d) - allowed))
    if bad:
        raise DataError(f"{where}: unknown field {bad[0][:30]!r} (fields: "
                        f"{', '.join(sorted(allowed))})")


def _speeds(where: str, value: object, most: int) -> tuple[int, ...]:
    if not isinstance(value, list) or len(value) > LIMITS["speeds"]:
        raise DataError(f"{where}: speeds must be a list of speeds, one a turn")
    return tuple(number(where, "a speed", v, 0, most) for v in value)


def _loads(where: str, value: object) -> tuple[Load, ...]:
    if not isinstance(value, list) or len(value) > LIMITS["loads"]:
        raise DataError(f"{where}: loads must be a list of up to {LIMITS['loads']} tables")
    out: list[Load] = []
    for n, d in enumerate(value, 1):
        w = f"{where}: load {n}"
        if not isinstance(d, Mapping):
            raise DataError(f"{w}: expected a table of fields")
        _fields(w, d, frozenset({"name", "kind", "count", "speed", "trigger", "blast"}))
        kind = d.get("kind")
        if kind not in LOAD_KINDS:
            raise DataError(f"{w}: kind must be one of {', '.join(LOAD_KINDS)}")
        name = text(w, "name", d.get("name"), 30)
        if any(ld.name == name for ld in out):
            raise DataError(f"{w}: the name {name!r} is used twice")
        mine = kind in HIDDEN_LOADS
        flies = d.get("speed", MAX_SPEED if kind not in SEEKING else None)
        out.append(Load(name, str(kind), number(w, "count", d.get("count"), 0, 99),
                        0 if mine else number(w, "speed", flies, 0, MAX_SPEED),
                        number(w, "trigger", d.get("trigger", 0), 0, 10) if mine else 0,
                        number(w, "blast", d.get("blast", 0), 0, 10) if mine else 0))
        if mine and "speed" in d:
            raise DataError(f"{w}: a {kind} is laid, not flown: no speed")
    return tuple(out)


def _script(where: str, value: object, loads: tuple[Load, ...]) -> tuple[Launch, ...]:
    if not isinstance(value, list) or len(value) > LIMITS["script"]:
        raise DataError(f"{where}: script must be a list of up to {LIMITS['script']} launches")
    out = []
    for n, d in enumerate(value, 1):
        w = f"{where}: script {n}"
        if not isinstance(d, Mapping):
            raise DataError(f"{w}: expected a table of fields")
        _fields(w, d, frozenset({"turn", "phase", "after", "during", "load", "count", "speed"}))
        load = next((ld for ld in loads if ld.name == d.get("load")), None)
        if load is None:
            raise DataError(f"{w}: load must name one of the unit's loads "
                            f"({', '.join(ld.name for ld in loads) or 'none'})")
        during = d.get("during", "")
        if during != "" and (not isinstance(during, str) or not ID.match(during)):
            raise DataError(f"{w}: during must be the id of the unit whose movement it is")
        out.append(Launch(number(w, "turn", d.get("turn"), 1, 200),
                          number(w, "phase", d.get("phase"), 1, 2),
                          number(w, "after", d.get("after", 1), 0, MAX_SPEED), str(during),
                          load.name,
                          number(w, "count", d.get("count", 1), 1, 99),
                          number(w, "speed", d.get("speed", load.speed), 0, load.speed)))
    return tuple(out)


def new_game(sc: Mapping[str, Any]) -> HalfState:
    """The starting state, or a DataError naming the scenario part and field at fault."""
    if not isinstance(sc, Mapping):
        raise DataError("scenario: expected a table of fields")
    w = f"scenario {str(sc.get('id', '?'))[:40]!r}"
    _fields(w, sc, SCENARIO_KEYS)
    mp = sc.get("map", {"cols": 24, "rows": 16})
    if not isinstance(mp, Mapping) or set(mp) - {"cols", "rows"}:
        raise DataError(f"{w}: map must be {{ cols = N, rows = N }}")
    cols = number(f"{w}: map", "cols", mp.get("cols", 24), 5, 100)
    rows = number(f"{w}: map", "rows", mp.get("rows", 16), 5, 100)
    steps = _steps(w, sc.get("steps", list(DEFAULT_STEPS)))
    units: list[Unit] = []
    players: list[Player] = []
    ships = items(w, sc, "ships", required=True)
    for n, d in enumerate(ships, 1):
        where = f"{w}: ship {n}"
        _fields(where, d, SHIP_KEYS)
        uid = ident(where, d.get("id"))
        if any(u.id == uid for u in units):
            raise DataError(f"{where}: id {uid!r} used twice")
        name = text(where, "name", d.get("name", uid))
        side = text(where, "side", d.get("side"), 30)
        player = d.get("player", uid)
        lead = next((p for p in players if p.id == player), None)
        if player != uid and (lead is None or lead.side != side):
            raise DataError(f"{where}: player must be the id of an earlier ship of side "
                            f"{side!r}, the player's first (or left out: a player of its own)")
        most = number(where, "max_speed", d.get("max_speed", MAX_SPEED), 0, MAX_SPEED)
        loads = _loads(where, d.get("loads", []))
        init = number(where, "initiative", d.get("initiative", 0), -99, 99)
        if player == uid:
            players.append(Player(uid, text(where, "player_name", d.get("player_name", name)),
                                  side, init))
        units.append(Unit(uid, name, SHIP, side, str(player),
                          _place(where, d.get("at"), cols, rows),
                          number(where, "facing", d.get("facing", 0), 0, 5),
                          max_speed=most, initiative=init,
                          race=text(where, "race", d["race"], 30) if "race" in d else "",
                          loads=loads, script=_script(where, d.get("script", []), loads),
                          speeds=_speeds(where, d.get("speeds", []), most)))
    if len({p.side for p in players}) < 2:
        raise DataError(f"{w}: the ships must be of at least two sides")
    for n, d in enumerate(items(w, sc, "counters"), 1):
        units.append(_counter(f"{w}: counter {n}", d, units, players, cols, rows))
    mines = tuple(_mine(f"{w}: mine {n}", d, n, players, cols, rows)
                  for n, d in enumerate(items(w, sc, "mines"), 1))
    if ("mine_damage" not in steps and (mines or any(
            ld.kind in HIDDEN_LOADS for u in units for ld in u.loads))):
        raise DataError(f"{w}: steps must hold mine_damage (Resolve damage from mines, line "
                        f"125) when there are mines")
    return HalfState(NAME, str(sc.get("id", "custom"))[:40],
                     str(sc.get("name", "Half-impulse referee"))[:80], cols, rows,
                     number(w, "turns", sc.get("turns", DEFAULT_MAX_TURNS), 1, 200),
                     steps, tuple(players), tuple(units), mines, step=-1)


def _steps(where: str, value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(k, str) for k in value) \
            or len(value) > len(BY_KEY):
        raise DataError(f"{where}: steps must be a list of step names (docs/scenarios.md)")
    unknown = [k for k in value if k not in BY_KEY]
    if unknown:
        raise DataError(f"{where}: steps: no step {unknown[0][:40]!r} in the Sequence of Play "
                        f"(docs/scenarios.md lists them)")
    missing = [k for k in REQUIRED if k not in value]
    if missing:
        raise DataError(f"{where}: steps must hold {', '.join(missing)}: without them nothing "
                        f"moves")
    return tuple(dict.fromkeys(value))


def _counter(where: str, d: Mapping[str, Any], units: list[Unit], players: list[Player],
             cols: int, rows: int) -> Unit:
    _fields(where, d, COUNTER_KEYS)
    uid = ident(where, d.get("id"))
    if any(u.id == uid for u in units):
        raise DataError(f"{where}: id {uid!r} used twice")
    kind = d.get("kind")
    if kind not in KINDS or kind == SHIP:
        raise DataError(f"{where}: kind must be one of {', '.join(k for k in KINDS if k != SHIP)}")
    player = next((p for p in players if p.id == d.get("player")), None)
    if player is None:
        raise DataError(f"{where}: player must be the id of a player's first ship")
    most = number(where, "max_speed", d.get("max_speed", MAX_SPEED), 0, MAX_SPEED)
    seeking = kind in SEEKING
    speed = number(where, "speed", d.get("speed"), 0, most) if seeking else -1
    if not seeking and "speed" in d:
        raise DataError(f"{where}: a {kind}'s speed is announced each turn (speeds, or at the "
                        f"table); speed is for a drone or a plasma")
    return Unit(uid, text(where, "name", d.get("name", uid)), str(kind), player.side,
                player.id, _place(where, d.get("at"), cols, rows),
                number(where, "facing", d.get("facing", 0), 0, 5), speed=speed,
                max_speed=most, initiative=player.initiative,
                speeds=() if seeking else _speeds(where, d.get("speeds", []), most))


def _mine(where: str, d: Mapping[str, Any], n: int, players: list[Player], cols: int,
          rows: int) -> Mine:
    _fields(where, d, frozenset({"name", "player", "at", "trigger", "blast"}))
    player = next((p for p in players if p.id == d.get("player")), None)
    if player is None:
        raise DataError(f"{where}: player must be the id of a player's first ship")
    return Mine(f"mine-0-{n}", text(where, "name", d.get("name", "mine"), 30), player.side,
                player.id, _place(where, d.get("at"), cols, rows),
                number(where, "trigger", d.get("trigger", 0), 0, 10),
                number(where, "blast", d.get("blast", 0), 0, 10))


# -- files ----------------------------------------------------------------------------------------
def scenario_files(user_dir: Path | None) -> dict[str, Path]:
    """name -> file; a table's own file replaces a packaged one of the same name."""
    found = {p.stem: p for p in sorted((PACKAGE_DATA / "scenarios").glob("*.toml"))}
    mine = user_dir / USER_FOLDER / "scenarios" if user_dir is not None else None
    if mine is not None and mine.is_dir():
        found.update({p.stem: p for p in sorted(mine.glob("*.toml"))})
    return found


def scenario_names(user_dir: Path | None = None) -> tuple[str, ...]:
    return tuple(scenario_files(user_dir))


def read_scenario(name: str, user_dir: Path | None = None) -> dict[str, Any]:
    """The named scenario as its file says, checked, with `ruleset` set."""
    files = scenario_files(user_dir)
    if name not in files:
        raise DataError(f"no {NAME} scenario {name!r}; there are: {', '.join(files)}")
    path = files[name]
    try:
        data = tomllib.loads(read_regular(path, MAX_FILE).decode("utf-8"))
    except FileRefused as exc:
        raise DataError(str(exc)) from None
    except UnicodeDecodeError:
        raise DataError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise DataError(f"{path}: not TOML: {exc}") from None
    if data.get("ruleset", NAME) != NAME:
        raise DataError(f"{path}: ruleset must be {NAME!r} in this folder, not "
                        f"{str(data.get('ruleset'))[:30]!r}")
    data = {**data, "ruleset": NAME}
    try:
        new_game(data)
    except DataError as exc:
        raise DataError(f"{path}: {exc}") from None
    return data


def load_scenario(name: str, user_dir: Path | None = None,
                  max_turns: int | None = None) -> dict[str, Any]:
    data = read_scenario(name, user_dir)
    if max_turns:
        data["turns"] = max_turns
    return data
