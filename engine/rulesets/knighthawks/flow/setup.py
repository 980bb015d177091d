"""Scenarios: read from TOML, made self-contained (ship classes and tables carried along, as a
log needs), checked, and turned into the starting state."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.errors import DataError
from engine.hexgrid import offset_to_hex
from engine.rulesets.knighthawks.data.datafiles import (
    class_dicts,
    data_files,
    parse_tables,
    read_toml,
    ship_class,
    table_texts,
    whole,
)
from engine.rulesets.knighthawks.values.crew import CREWS, DEFAULT_CREW
from engine.rulesets.knighthawks.values.state import Defence, KHState, Mine, Mount, Seeker, Ship

NAME = "knighthawks"
SCENARIO_KEYS = frozenset({"ruleset", "id", "name", "source", "max_turns", "first", "map",
                           "victory", "sides", "ships", "mines", "seekers", "classes", "tables"})
DEFAULT_MAX_TURNS = 12   # ours: a scenario that sets no turn limit ends after 12 turns
SHIP_KEYS = frozenset({"id", "class", "name", "side", "at", "facing", "speed", "crew"})


def number(where: str, field: str, value: object, low: int, high: int) -> int:
    """A whole number from a TOML value (text is refused)."""
    return whole(where, field, value, low, high, cell=False)


def scenario_files(user_dir: Path | None) -> dict[str, Path]:
    return data_files("scenarios", user_dir, ".toml")


def scenario_names(user_dir: Path | None = None) -> tuple[str, ...]:
    return tuple(scenario_files(user_dir))


def read_scenario(name: str, user_dir: Path | None = None) -> dict[str, Any]:
    """The named scenario as its file says, with `ruleset` set (not yet checked: `complete`)."""
    files = scenario_files(user_dir)
    if name not in files:
        raise DataError(f"no Knight Hawks scenario {name!r}; there are: {', '.join(files)}")
    data = read_toml(files[name])
    if data.get("ruleset", NAME) != NAME:
        raise DataError(f"{files[name]}: ruleset must be {NAME!r} in the Knight Hawks folder, "
                        f"not {str(data.get('ruleset'))[:30]!r}")
    return {**data, "ruleset": NAME}


def complete(data: Mapping[str, Any], user_dir: Path | None = None,
             max_turns: int | None = None) -> dict[str, Any]:
    """A scenario with its ship classes and tables, ready for `new_game` and a log; checked."""
    classes = class_dicts(user_dir)
    ships = data.get("ships", [])
    wanted = {str(s.get("class")) for s in (ships if isinstance(ships, list) else [])
              if isinstance(s, Mapping)}
    full = {**data, "ruleset": NAME, "classes": {c: classes[c] for c in sorted(wanted)
                                                 if c in classes},
            "tables": table_texts(user_dir)}
    if max_turns:
        full["max_turns"] = max_turns
    new_game(full)  # check it now, naming the scenario
    return full


def load_scenario(name: str, user_dir: Path | None = None, max_turns: int | None = None,
                  ) -> dict[str, Any]:
    """The named scenario with its ship classes and tables, ready for `new_game` and a log."""
    return complete(read_scenario(name, user_dir), user_dir, max_turns)


def _at(where: str, value: object, width: int, height: int) -> tuple[int, int]:
    if not isinstance(value, list) or len(value) != 2:
        raise DataError(f"{where}: at must be [column, row]")
    return (number(where, "column", value[0], 0, width - 1),
            number(where, "row", value[1], 0, height - 1))


def new_game(sc: Mapping[str, Any]) -> KHState:
    """The starting state, or a DataError naming the scenario part and field at fault."""
    if not isinstance(sc, Mapping):
        raise DataError("scenario: expected a table of fields")
    w = f"scenario {str(sc.get('id', '?'))[:40]!r}"
    extra = sorted(map(str, set(sc) - SCENARIO_KEYS))
    if extra:
        raise DataError(f"{w}: unknown field {extra[0][:30]!r}")
    tables = parse_tables(sc.get("tables", {}))
    classes_in = sc.get("classes")
    if not isinstance(classes_in, Mapping):
        raise DataError(f"{w}: classes must be a table of ship classes")
    classes = {str(k): ship_class(f"{w}: classes.{str(k)[:30]}", v, tables)
               for k, v in classes_in.items()}
    mp = sc.get("map")
    if not isinstance(mp, Mapping):
        raise DataError(f"{w}: map must be {{ width = N, height = N }}")
    width = number(f"{w}: map", "width", mp.get("width"), 5, 100)
    height = number(f"{w}: map", "height", mp.get("height"), 5, 100)
    sides_in = sc.get("sides")
    if not isinstance(sides_in, Mapping) or len(sides_in) != 2:
        raise DataError(f"{w}: sides must name exactly two sides")
    sides = tuple(str(s) for s in sides_in)
    names, skills = [], []
    for s, d in sides_in.items():
        if not isinstance(d, Mapping) or not isinstance(d.get("name", s), str):
            raise DataError(f"{w}: sides.{str(s)[:20]}: expected {{ name = \"...\" }}")
        names.append((str(s), str(d.get("name", s))))
        skills.append((str(s), number(f"{w}: sides.{s}", "gunnery", d.get("gunnery", 0), 0, 6)))
    first = sc.get("first", sides[0])
    if first not in sides:
        raise DataError(f"{w}: first must be one of the sides ({', '.join(sides)})")
    ordered = (first, *(s for s in sides if s != first))
    ships: list[Ship] = []
    ships_in = sc.get("ships")
    if not isinstance(ships_in, list) or not ships_in or len(ships_in) > 40:
        raise DataError(f"{w}: ships must list 1 to 40 ships")
    for n, d in enumerate(ships_in, 1):
        where = f"{w}: ship {n}"
        if not isinstance(d, Mapping):
            raise DataError(f"{where}: expected a table of fields")
        bad = sorted(map(str, set(d) - SHIP_KEYS))
        if bad:
            raise DataError(f"{where}: unknown field {bad[0][:30]!r}")
        sid = d.get("id")
        if not isinstance(sid, str) or not sid or len(sid) > 40 or not sid.isprintable():
            raise DataError(f"{where}: id must be a short name")
        if any(s.id == sid for s in ships):
            raise DataError(f"{where}: id {sid!r} used twice")
        cls = classes.get(str(d.get("class")))
        if cls is None:
            raise DataError(f"{where}: class {str(d.get('class'))[:30]!r} is not among the "
                            f"scenario's classes")
        if d.get("side") not in sides:
            raise DataError(f"{where}: side must be one of {', '.join(sides)}")
        crew = str(d.get("crew", DEFAULT_CREW))
        if crew not in CREWS:
            raise DataError(f"{where}: crew must be one of {', '.join(CREWS)}")
        col, row = _at(where, d.get("at"), width, height)
        name = d.get("name", cls.name)
        if not isinstance(name, str):
            raise DataError(f"{where}: name must be text")
        mounts: list[Mount] = []
        count: dict[str, int] = {}
        for code, ammo in cls.weapons:
            count[code] = count.get(code, 0) + 1
            mounts.append(Mount(code if count[code] == 1 else f"{code}{count[code]}", code, ammo))
        ships.append(Ship(
            sid, cls.id, name, str(d["side"]), crew, cls.hull_size, cls.hull, cls.hull,
            cls.adf, cls.adf, cls.mr, cls.mr, cls.dcr, cls.dcr, offset_to_hex(col, row),
            number(where, "facing", d.get("facing", 0), 0, 5),
            number(where, "speed", d.get("speed", 0), 0, 30), tuple(mounts),
            tuple(Defence(c, n) for c, n in cls.defences)))
    mines, seekers = [], []
    for kind in ("mines", "seekers"):
        items = sc.get(kind, [])
        if not isinstance(items, list) or len(items) > 40:
            raise DataError(f"{w}: {kind} must be a list of {{ side, at }}")
        for n, d in enumerate(items, 1):
            where = f"{w}: {kind[:-1]} {n}"
            if not isinstance(d, Mapping) or d.get("side") not in sides or set(d) - {"side", "at"}:
                raise DataError(f"{where}: expected {{ side = one of {', '.join(sides)}, "
                                f"at = [column, row] }}")
            pos = offset_to_hex(*_at(where, d.get("at"), width, height))
            if kind == "mines":
                mines.append(Mine(str(d["side"]), pos))
            else:
                seekers.append(Seeker(f"seeker-{n}", str(d["side"]), pos))
    return KHState(NAME, str(sc.get("id", "custom")), str(sc.get("name", "Knight Hawks")),
                   tables, ordered, tuple(names), tuple(skills), width, height,
                   number(w, "max_turns", sc.get("max_turns", DEFAULT_MAX_TURNS), 1, 200), tuple(ships),
                   tuple(mines), tuple(seekers))
