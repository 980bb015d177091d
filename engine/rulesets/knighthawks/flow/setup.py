"""Scenarios: read from TOML, made self-contained (ship classes and tables carried along, as a
log needs), checked, and turned into the starting state."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from engine.checks import Check, refuse
from engine.errors import DataError
from engine.hexgrid import offset_to_hex
from engine.rulesets.knighthawks.data.datafiles import (
    ShipClass,
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


class _Entry(NamedTuple):
    """A ship's table as the scenario writes it, beside what it is checked against."""

    fields: Any                       # the table as written
    taken: frozenset[str]             # the ids of the ships before it
    classes: Mapping[str, ShipClass]  # the scenario's classes by id
    sides: tuple[str, ...]


def _short_name(value: object) -> bool:
    return isinstance(value, str) and 0 < len(value) <= 40 and value.isprintable()


_KNOWN_FIELDS: Check[Mapping[str, Any]] = Check(
    lambda sc: set(sc) - SCENARIO_KEYS,
    lambda sc: f"unknown field {sorted(map(str, set(sc) - SCENARIO_KEYS))[0][:30]!r}")

_CLASSES_FORM: Check[Any] = Check(lambda raw: not isinstance(raw, Mapping),
                                  "classes must be a table of ship classes")

_MAP_FORM: Check[Any] = Check(lambda raw: not isinstance(raw, Mapping),
                              "map must be { width = N, height = N }")

_SIDES_FORM: Check[Any] = Check(lambda raw: not isinstance(raw, Mapping) or len(raw) != 2,
                                "sides must name exactly two sides")

_SHIPS_FORM: Check[Any] = Check(
    lambda raw: not isinstance(raw, list) or not raw or len(raw) > 40,
    "ships must list 1 to 40 ships")

_SHIP_CHECKS: tuple[Check[_Entry], ...] = (
    Check(lambda e: not isinstance(e.fields, Mapping), "expected a table of fields"),
    Check(lambda e: set(e.fields) - SHIP_KEYS,
          lambda e: f"unknown field {sorted(map(str, set(e.fields) - SHIP_KEYS))[0][:30]!r}"),
    Check(lambda e: not _short_name(e.fields.get("id")), "id must be a short name"),
    Check(lambda e: e.fields["id"] in e.taken, lambda e: f"id {e.fields['id']!r} used twice"),
    Check(lambda e: str(e.fields.get("class")) not in e.classes,
          lambda e: f"class {str(e.fields.get('class'))[:30]!r} is not among the "
                    f"scenario's classes"),
    Check(lambda e: e.fields.get("side") not in e.sides,
          lambda e: f"side must be one of {', '.join(e.sides)}"),
    Check(lambda e: str(e.fields.get("crew", DEFAULT_CREW)) not in CREWS,
          f"crew must be one of {', '.join(CREWS)}"),
)
"""A ship's table, in the order its faults are said."""


def _sides(w: str, sides_in: Mapping[Any, Any]
           ) -> tuple[list[tuple[str, str]], list[tuple[str, int]]]:
    """Each side's name and gunnery skill."""
    names, skills = [], []
    for s, d in sides_in.items():
        if not isinstance(d, Mapping) or not isinstance(d.get("name", s), str):
            raise DataError(f"{w}: sides.{str(s)[:20]}: expected {{ name = \"...\" }}")
        names.append((str(s), str(d.get("name", s))))
        skills.append((str(s), number(f"{w}: sides.{s}", "gunnery", d.get("gunnery", 0), 0, 6)))
    return names, skills


def _ship(where: str, entry: _Entry, width: int, height: int) -> Ship:
    """A ship of the scenario, checked (`_SHIP_CHECKS`) and at its place."""
    refuse(where, entry, _SHIP_CHECKS)
    d = entry.fields
    cls = entry.classes[str(d.get("class"))]
    crew = str(d.get("crew", DEFAULT_CREW))
    col, row = _at(where, d.get("at"), width, height)
    name = d.get("name", cls.name)
    if not isinstance(name, str):
        raise DataError(f"{where}: name must be text")
    mounts: list[Mount] = []
    count: dict[str, int] = {}
    for code, ammo in cls.weapons:
        count[code] = count.get(code, 0) + 1
        mounts.append(Mount(code if count[code] == 1 else f"{code}{count[code]}", code, ammo))
    return Ship(
        d["id"], cls.id, name, str(d["side"]), crew, cls.hull_size, cls.hull, cls.hull,
        cls.adf, cls.adf, cls.mr, cls.mr, cls.dcr, cls.dcr, offset_to_hex(col, row),
        number(where, "facing", d.get("facing", 0), 0, 5),
        number(where, "speed", d.get("speed", 0), 0, 30), tuple(mounts),
        tuple(Defence(c, n) for c, n in cls.defences))


def _laid(w: str, sc: Mapping[str, Any], sides: tuple[str, ...], width: int, height: int
          ) -> tuple[list[Mine], list[Seeker]]:
    """The mines and seekers the scenario places before the game."""
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
    return mines, seekers


def new_game(sc: Mapping[str, Any]) -> KHState:
    """The starting state, or a DataError naming the scenario part and field at fault."""
    if not isinstance(sc, Mapping):
        raise DataError("scenario: expected a table of fields")
    w = f"scenario {str(sc.get('id', '?'))[:40]!r}"
    refuse(w, sc, (_KNOWN_FIELDS,))
    tables = parse_tables(sc.get("tables", {}))
    classes_in: Any = sc.get("classes")
    refuse(w, classes_in, (_CLASSES_FORM,))
    classes = {str(k): ship_class(f"{w}: classes.{str(k)[:30]}", v, tables)
               for k, v in classes_in.items()}
    mp: Any = sc.get("map")
    refuse(w, mp, (_MAP_FORM,))
    width = number(f"{w}: map", "width", mp.get("width"), 5, 100)
    height = number(f"{w}: map", "height", mp.get("height"), 5, 100)
    sides_in: Any = sc.get("sides")
    refuse(w, sides_in, (_SIDES_FORM,))
    sides = tuple(str(s) for s in sides_in)
    names, skills = _sides(w, sides_in)
    first = sc.get("first", sides[0])
    if first not in sides:
        raise DataError(f"{w}: first must be one of the sides ({', '.join(sides)})")
    ordered = (first, *(s for s in sides if s != first))
    ships_in: Any = sc.get("ships")
    refuse(w, ships_in, (_SHIPS_FORM,))
    ships: list[Ship] = []
    for n, d in enumerate(ships_in, 1):
        ships.append(_ship(f"{w}: ship {n}", _Entry(d, frozenset(s.id for s in ships), classes,
                                                    sides), width, height))
    mines, seekers = _laid(w, sc, sides, width, height)
    return KHState(NAME, str(sc.get("id", "custom")), str(sc.get("name", "Knight Hawks")),
                   tables, ordered, tuple(names), tuple(skills), width, height,
                   number(w, "max_turns", sc.get("max_turns", DEFAULT_MAX_TURNS), 1, 200), tuple(ships),
                   tuple(mines), tuple(seekers))
