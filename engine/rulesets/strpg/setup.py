"""Scenarios: read from TOML, made self-contained (the character templates and tables carried
along, as a log needs), checked, and turned into the starting state. docs/scenarios.md ("The
away team") describes a scenario file.

A file lists its `[[characters]]`; read here, they become the scenario's `ships` (the kernel's
word for what stands on the map, which the table's seats are made from), followed by one entry
per crew whose officers a crew file may give (`officer_of` on a character)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from engine.errors import DataError
from engine.rulesets.strpg.datafiles import (
    ATTRIBUTES,
    SKILLS,
    Template,
    class_dicts,
    data_files,
    kinds_list,
    number,
    read_toml,
    scores,
    table_texts,
    template,
    text,
)
from engine.rulesets.strpg.officers import ap_for, officer_scores
from engine.rulesets.strpg.state import (
    BY_CHARACTER,
    BY_SIDE,
    EACH_TURN,
    ONCE,
    POSTURES,
    QUARTERS,
    Character,
    Console,
    Door,
    Item,
    RPGState,
    Victory,
)
from engine.rulesets.strpg.tables import NAME, Tables, parse_tables
from engine.squaregrid import FACING_NAMES, Square
from engine.stations import ADMIRAL, INSTRUCTOR, STATION_NAMES

RULESET = "strpg"
DEFAULT_MAX_TURNS = 10
SCENARIO_KEYS = frozenset({"ruleset", "id", "name", "source", "story", "max_turns", "order",
                           "map", "doors", "consoles", "sides", "ships", "victory", "classes",
                           "tables", "crew_files"})
CHARACTER_KEYS = frozenset({"id", "class", "name", "side", "station", "at", "facing",
                            "posture", "ready", "off", "setting", "items", "ap", "attributes",
                            "skills", "officer_of", "hidden"})
CREW_KEYS = frozenset({"id", "side", "officers_for", "officers"})
STATIONS = tuple(s for s in STATION_NAMES if s not in (INSTRUCTOR, ADMIRAL))
WHENS = {"down", "operate", "beam", "turns"}
DOOR_KINDS = ("automatic", "security", "manual")


def scenario_files(user_dir: Path | None) -> dict[str, Path]:
    return data_files("scenarios", user_dir, ".toml")


def scenario_names(user_dir: Path | None = None) -> tuple[str, ...]:
    return tuple(scenario_files(user_dir))


def read_scenario(name: str, user_dir: Path | None = None) -> dict[str, Any]:
    """The named scenario as its file says, its characters under `ships` (not yet checked:
    `complete` checks it)."""
    files = scenario_files(user_dir)
    if name not in files:
        raise DataError(f"no away-team scenario {name!r}; there are: {', '.join(files)}")
    data = read_toml(files[name])
    if data.get("ruleset", RULESET) != RULESET:
        raise DataError(f"{files[name]}: ruleset must be {RULESET!r} in the away team's folder")
    return as_ships({**data, "ruleset": RULESET}, str(files[name]))


def as_ships(data: Mapping[str, Any], where: str) -> dict[str, Any]:
    """A file's `[[characters]]` as `ships`, and a crew entry for each `officer_of`."""
    out = {k: v for k, v in data.items() if k != "characters"}
    chars = data.get("characters", [])
    if "ships" in data and "characters" not in data:
        return out
    if not isinstance(chars, list):
        raise DataError(f"{where}: characters must be a list of [[characters]] tables")
    crews: dict[str, dict[str, Any]] = {}
    for c in chars:
        if isinstance(c, Mapping) and isinstance(c.get("officer_of"), str):
            crew = crews.setdefault(c["officer_of"], {"id": c["officer_of"],
                                                      "side": c.get("side"),
                                                      "officers_for": []})
            crew["officers_for"].append(c.get("station"))
    out["ships"] = [dict(c) if isinstance(c, Mapping) else c for c in chars] + list(crews.values())
    return out


def complete(data: Mapping[str, Any], user_dir: Path | None = None,
             max_turns: int | None = None) -> dict[str, Any]:
    """A scenario with its templates and tables, ready for `new_game` and a log; checked."""
    full = as_ships(data, f"scenario {str(data.get('id', '?'))[:40]!r}")
    classes = class_dicts(user_dir)
    wanted = {str(s.get("class")) for s in full.get("ships", []) if isinstance(s, Mapping)}
    full.update(ruleset=RULESET, classes={c: classes[c] for c in sorted(wanted) if c in classes},
                tables=table_texts(user_dir))
    if max_turns:
        full["max_turns"] = max_turns
    new_game(full)
    return full


def load_scenario(name: str, user_dir: Path | None = None,
                  max_turns: int | None = None) -> dict[str, Any]:
    return complete(read_scenario(name, user_dir), user_dir, max_turns)


def _square(where: str, value: object, width: int, height: int) -> Square:
    if not isinstance(value, list) or len(value) != 2:
        raise DataError(f"{where}: at must be [column, row]")
    return (number(where, "column", value[0], 0, width - 1),
            number(where, "row", value[1], 0, height - 1))


def _map(where: str, value: object, tables: Tables) -> tuple[str, ...]:
    if not isinstance(value, list) or not 3 <= len(value) <= 60 or \
            not all(isinstance(r, str) for r in value):
        raise DataError(f"{where}: map must be a list of 3 to 60 rows of map symbols")
    width = len(value[0])
    for n, row in enumerate(value):
        if len(row) != width or not 3 <= width <= 60:
            raise DataError(f"{where}: map row {n + 1} is {len(row)} squares wide; every row "
                            f"must be as wide as the first, 3 to 60")
        bad = next((ch for ch in row if ch not in tables.terrain), None)
        if bad is not None:
            raise DataError(f"{where}: map row {n + 1}: {bad!r} is not a symbol of the terrain "
                            f"table ({''.join(tables.terrain)})")
    return tuple(value)


def _facing(where: str, value: object) -> int:
    if isinstance(value, str) and value in FACING_NAMES:
        return FACING_NAMES.index(value)
    return number(where, "facing", value, 0, 7)


def _flag(where: str, field: str, value: object) -> bool:
    if type(value) is not bool:
        raise DataError(f"{where}: {field} must be true or false")
    return value


def _items(cid: str, kinds: tuple[str, ...], tables: Tables) -> list[Item]:
    seen: dict[str, int] = {}
    out = []
    for kind in kinds:
        seen[kind] = seen.get(kind, 0) + 1
        iid = f"{cid}:{kind}" + (f"-{seen[kind]}" if seen[kind] > 1 else "")
        w = tables.weapons.get(kind)
        setting = tables.settings_of(kind)[0].key if w is not None else ""
        out.append(Item(iid, kind, setting, w.load if w is not None else 0))
    return out


def _character(where: str, d: Mapping[str, Any], t: Template, tables: Tables, sides: list[str],
               width: int, height: int, officer: Mapping[str, Any] | None) -> Character:
    extra = sorted(map(str, set(d) - CHARACTER_KEYS))
    if extra:
        raise DataError(f"{where}: unknown field {extra[0][:30]!r}")
    cid = d.get("id")
    if not isinstance(cid, str) or not NAME.match(cid):
        raise DataError(f"{where}: id must be a short lower-case name (letters, digits, -)")
    if d.get("side") not in sides:
        raise DataError(f"{where}: side must be one of {', '.join(sides)}")
    station = d.get("station", "captain")
    if station not in STATIONS:
        raise DataError(f"{where}: station must be one of {', '.join(STATIONS)}")
    attrs = {**t.attributes, **scores(where, "attributes", d.get("attributes", {}), ATTRIBUTES,
                                      True)}
    skills = {k: 0 for k in SKILLS} | dict(t.skills) | scores(
        where, "skills", d.get("skills", {}), SKILLS, True)
    name = text(where, "name", d.get("name", t.name))
    from_crew = officer is not None
    if officer is not None:
        name, rated = officer_scores(f"{where}: officer", officer)
        attrs["dex"] = rated.pop("dex")
        skills.update(rated)
    ap = d.get("ap")
    ap_score = number(where, "ap", ap, 1, 40) if ap is not None else \
        t.ap if t.ap is not None and not from_crew else ap_for(attrs["dex"])
    kinds = kinds_list(where, d["items"], tables) if "items" in d else t.items
    items = _items(cid, kinds, tables)
    ready = str(d.get("ready", t.ready))
    off = str(d.get("off", t.off if "ready" not in d else ""))
    main_item = next((i for i in items if i.kind == ready), None) if ready else None
    off_item = next((i for i in items if i.kind == off and i is not main_item), None) \
        if off else None
    if (ready and main_item is None) or (off and off_item is None):
        raise DataError(f"{where}: ready and off must name items he carries")
    setting = str(d.get("setting", t.setting if ready == t.ready else ""))
    if main_item is not None and setting:
        if (main_item.kind, setting) not in tables.settings:
            raise DataError(f"{where}: setting {setting[:20]!r} is not one of the "
                            f"{tables.item_name(main_item.kind)}'s")
        main_item = Item(main_item.id, main_item.kind, setting, main_item.loaded)
    carried = tuple(i for i in items if i.id not in {x.id for x in (main_item, off_item) if x})
    posture = d.get("posture", "standing")
    if posture not in POSTURES:
        raise DataError(f"{where}: posture must be one of {', '.join(POSTURES)}")
    return Character(
        cid, name, str(d["side"]), str(station), t.id, t.species, t.size, t.humanoid, t.pinch,
        t.aware, t.ambidextrous, t.primitive, t.armor, attrs["str"], attrs["end"], attrs["int"],
        attrs["dex"], attrs["cha"], attrs["luc"], skills["unarmed"], skills["armed"],
        skills["modern"], skills["archaic"], ap_score * QUARTERS, ap_score * QUARTERS,
        _square(where, d.get("at"), width, height), _facing(where, d.get("facing", 0)),
        str(posture), carried=carried, main=main_item, off=off_item,
        hidden=_flag(where, "hidden", d.get("hidden", False)))


def _doors_and_consoles(w: str, sc: Mapping[str, Any], rows: tuple[str, ...], tables: Tables,
                        sides: list[str]) -> tuple[tuple[Door, ...], tuple[Console, ...]]:
    width, height = len(rows[0]), len(rows)
    features = {(c, r): tables.terrain[ch].feature for r, row in enumerate(rows)
                for c, ch in enumerate(row)}
    doors = {sq: Door(sq, "automatic") for sq, f in features.items() if f == "door"}
    consoles = {sq: Console(sq, "console") for sq, f in features.items() if f == "console"}
    for kind, found in (("doors", doors), ("consoles", consoles)):
        entries = sc.get(kind, [])
        if not isinstance(entries, list) or len(entries) > 40:
            raise DataError(f"{w}: {kind} must be a list of [[{kind}]] tables")
        for n, d in enumerate(entries, 1):
            where = f"{w}: {kind[:-1]} {n}"
            if not isinstance(d, Mapping):
                raise DataError(f"{where}: expected a table of fields")
            sq = _square(where, d.get("at"), width, height)
            if sq not in found:
                raise DataError(f"{where}: no {kind[:-1]} symbol on the map at {list(sq)}")
            side = d.get("side", "")
            if side and side not in sides:
                raise DataError(f"{where}: side must be one of {', '.join(sides)}")
            work = number(where, "work", d.get("work", 3), 1, 20)
            if kind == "doors":
                dk = d.get("kind", "automatic")
                if dk not in DOOR_KINDS:
                    raise DataError(f"{where}: kind must be one of {', '.join(DOOR_KINDS)}")
                held = d.get("held", "")
                if held not in ("", "open", "closed"):
                    raise DataError(f"{where}: held must be open, closed or left out")
                found[sq] = Door(sq, str(dk), str(side), work, str(held))  # type: ignore[assignment]
            else:
                found[sq] = Console(sq, text(where, "name", d.get("name", "console")),  # type: ignore[assignment]
                                    str(side), work)
    return tuple(doors.values()), tuple(consoles.values())


def _victories(w: str, sc: Mapping[str, Any], sides: list[str], width: int,
               height: int) -> tuple[Victory, ...]:
    items = sc.get("victory", [])
    if not isinstance(items, list) or not items or len(items) > 12:
        raise DataError(f"{w}: victory must list 1 to 12 [[victory]] clauses")
    out = []
    for n, v in enumerate(items, 1):
        where = f"{w}: victory {n}"
        if not isinstance(v, Mapping) or v.get("side") not in sides or v.get("when") not in WHENS:
            raise DataError(f"{where}: expected side = one of {', '.join(sides)} and when = one "
                            f"of {', '.join(sorted(WHENS))}")
        at = _square(where, v["at"], width, height) if v.get("when") == "operate" else None
        zone: tuple[Square, ...] = ()
        if v.get("when") == "beam":
            z = v.get("zone")
            if not isinstance(z, list) or len(z) != 4:
                raise DataError(f"{where}: zone must be [first column, first row, last column, "
                                f"last row]")
            c0, r0 = _square(where, z[:2], width, height)
            c1, r1 = _square(where, z[2:], width, height)
            zone = tuple((c, r) for c in range(c0, c1 + 1) for r in range(r0, r1 + 1))
        words = v.get("text", "")
        if not isinstance(words, str) or len(words) > 200:
            raise DataError(f"{where}: text must be a short sentence")
        out.append(Victory(str(v["side"]), str(v["when"]), at, zone, words))
    return tuple(out)


def new_game(sc: Mapping[str, Any]) -> RPGState:
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
        raise DataError(f"{w}: classes must be a table of character templates")
    classes = {str(k): template(f"{w}: classes.{str(k)[:30]}", v, tables)
               for k, v in classes_in.items()}
    rows = _map(w, sc.get("map"), tables)
    width, height = len(rows[0]), len(rows)
    sides_in = sc.get("sides")
    if not isinstance(sides_in, Mapping) or not 2 <= len(sides_in) <= 4:
        raise DataError(f"{w}: sides must name 2 to 4 sides")
    sides = [str(s) for s in sides_in]
    names = []
    for s, d in sides_in.items():
        if not isinstance(d, Mapping):
            raise DataError(f"{w}: sides.{str(s)[:20]}: expected {{ name = \"...\" }}")
        names.append((str(s), text(f"{w}: sides.{s}", "name", d.get("name", s))))
    ships = sc.get("ships")
    if not isinstance(ships, list) or not 2 <= len(ships) <= 32:
        raise DataError(f"{w}: characters must list 2 to 32 characters")
    crews = {}
    for n, d in enumerate(ships, 1):
        if isinstance(d, Mapping) and "officers_for" in d:
            bad = sorted(map(str, set(d) - CREW_KEYS))
            if bad:
                raise DataError(f"{w}: crew {n}: unknown field {bad[0][:30]!r}")
            crews[str(d.get("id"))] = d
    characters: list[Character] = []
    for n, d in enumerate(ships, 1):
        where = f"{w}: character {n}"
        if not isinstance(d, Mapping):
            raise DataError(f"{where}: expected a table of fields")
        if "officers_for" in d:
            continue
        t = classes.get(str(d.get("class")))
        if t is None:
            raise DataError(f"{where}: class {str(d.get('class'))[:30]!r} is not among the "
                            f"scenario's character templates")
        officer = None
        crew = crews.get(str(d.get("officer_of"))) if "officer_of" in d else None
        if "officer_of" in d and crew is None:
            raise DataError(f"{where}: officer_of names no crew of the scenario")
        files = sc.get("crew_files")
        bound = isinstance(files, Mapping) and str(d.get("officer_of")) in files
        if crew is not None and bound and isinstance(crew.get("officers"), Mapping):
            # a table's crew file fills him; officers rolled for a game alone do not
            officer = crew["officers"].get(d.get("station"))
        c = _character(where, d, t, tables, sides, width, height, officer)
        if any(x.id == c.id for x in characters):
            raise DataError(f"{where}: id {c.id!r} used twice")
        if tables.terrain[rows[c.pos[1]][c.pos[0]]].move == "none" and \
                tables.terrain[rows[c.pos[1]][c.pos[0]]].feature != "door":
            raise DataError(f"{where}: at {list(c.pos)} is a wall or an obstacle")
        characters.append(c)
    if len({c.side for c in characters}) < 2:
        raise DataError(f"{w}: the characters must be of two sides at least")
    doors, consoles = _doors_and_consoles(w, sc, rows, tables, sides)
    order = sc.get("order", {})
    if not isinstance(order, Mapping) or order.get("method", BY_CHARACTER) not in (
            BY_CHARACTER, BY_SIDE) or order.get("when", EACH_TURN) not in (ONCE, EACH_TURN):
        raise DataError(f"{w}: order must be {{ method = \"characters\" or \"sides\", when = "
                        f"\"once\" or \"turn\" }}")
    return RPGState(
        RULESET, str(sc.get("id", "custom"))[:40], str(sc.get("name", "Away team"))[:80],
        tables, width, height, rows, tuple(sides), tuple(names),
        number(w, "max_turns", sc.get("max_turns", DEFAULT_MAX_TURNS), 1, 100),
        tuple(characters), doors, consoles, _victories(w, sc, sides, width, height),
        (str(order.get("method", BY_CHARACTER)), str(order.get("when", EACH_TURN))))
