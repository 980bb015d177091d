"""Starting a game: a scenario (map, obstacles, ships and their classes) at a level and scale.

The scenario mapping is what the game log's header stores, ship classes included, so a log
replays the same even after the data pack changes.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from engine.checks import Check, refuse
from engine.errors import DataError
from engine.hexgrid import Hex, MapBounds, offset_to_hex
from engine.rulesets.fasa import victory
from engine.rulesets.fasa.campaigns import campaign_play, player_crews
from engine.rulesets.fasa.data.datafiles import toml_files
from engine.rulesets.fasa.data.ships import MAX_TEXT, ShipClass, load_ship_data, ship_from_dict
from engine.rulesets.fasa.data.tables import TABLE_NAMES, Tables, table_texts, tables_from_texts
from engine.rulesets.fasa.firing import mines
from engine.rulesets.fasa.levels import advanced_rules, at_level
from engine.rulesets.fasa.moving.placement import PLACEMENTS
from engine.rulesets.fasa.skills.ratings import rating_from
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.bodies import bodies_from
from engine.rulesets.fasa.values.captain_races import Captain, captain_from
from engine.rulesets.fasa.values.crew import CREWS, DEFAULT_CREW, Duty, station_for
from engine.rulesets.fasa.values.officers import command_level, parse_officers
from engine.rulesets.fasa.values.options import options_from
from engine.rulesets.fasa.values.state import (
    DEFAULT_SCALE,
    LEVELS,
    PHASE_CHOICES,
    PHASES,
    PLACE,
    PLAYABLE_LEVELS,
    POWER,
    SCALES,
    Allocation,
    FasaState,
    Setup,
    Ship,
    Weapon,
    replace,
)

DEFAULT_MAP = {"cols": 32, "rows": 24}
# Upper bounds on what a scenario may ask for (docs/rules-decisions.md: Bounds on data).
MAX_MAP = 200            # columns and rows
MAX_SHIPS = 12           # ships in one scenario
DEFAULT_MAX_TURNS = 100  # the turn limit of a scenario that sets none (or 0): every game ends
MAX_TURNS = 999

SCENARIO_KEYS = frozenset({
    "id", "name", "description", "source", "map", "obstacles", "ships",  # a scenario file
    "ruleset", "level", "scale", "max_turns", "phases", "classes", "tables",  # set when prepared
    "crew",  # which stations are staffed (engine/rulesets/fasa/values/crew.py)
    "victory", "enter_at_full_speed",  # victory conditions (victory.py); full-speed entry
    "warp",  # every ship's warp speed, 0 = sub-light (default: each class's safe cruising speed)
    "minefields",  # mine and decoy counters (mines.py; advanced level)
    "options",  # optional rules turned on (options.py)
    "variant",  # the variant laid over the rules (values/variant_tables.py)
    "crewed",  # the ships the players crew at the command level (player_crews.py)
    "crew_files",  # which table's crew file each crewed ship's officers came from (a record)
    "bodies",  # planets, moons and stars with their gravity wells (Battlestations!: values/bodies.py)
})
SHIP_ENTRY_KEYS = frozenset({"id", "name", "class", "side", "col", "row", "heading", "crew",
                             "warp", "cloaked", "place",
                             "skill", "efficiency",  # Expert ratings, 48-75 (ratings.py)
                             "officers",  # a player crew's officers (C&C; officers.py)
                             "advancement",  # Campaign Advancement points (campaign_play.py)
                             "captain"})  # the captain's race (Battlestations!: values/captain_races.py)
MAX_WARP_SPEED = 10  # the Heading Change Stress Chart stops at warp 10


@functools.lru_cache(maxsize=8)
def _tables_from(items: tuple[tuple[str, str], ...], label: str) -> Tables:
    return tables_from_texts(dict(items), label)


def scenario_tables(scenario: Mapping[str, Any], where: str) -> Tables:
    """The tables a scenario carries (`build_scenario` puts them in; a log's header holds them).

    A game never reads tables from the folders of the machine it runs on, so a log replays the
    same anywhere."""
    texts = scenario.get("tables")
    if texts is None:
        raise DataError(f"{where}: the scenario carries no tables (build it with build_scenario)")
    if not isinstance(texts, Mapping) or not all(
            isinstance(k, str) and isinstance(v, str) for k, v in texts.items()):
        raise DataError(f"{where}: tables must map table names to CSV text")
    unknown = sorted(set(texts) - set(TABLE_NAMES))
    if unknown:
        raise DataError(f"{where}: unknown table(s) {', '.join(unknown)}; "
                        f"known: {', '.join(TABLE_NAMES)}")
    return _tables_from(tuple(sorted(texts.items())), where)


def check_scenario_fields(scenario: Mapping[str, Any], where: str, sub_light: bool = True) -> None:
    """Refuse a field a scenario does not have (a misspelling such as `heding` is not ignored),
    and, with `sub_light`, obstacles in a fight at warp (`check_sub_light`). A game started
    from a log's header is not checked for that: a log made before the check still replays."""
    unknown = sorted(str(k) for k in set(scenario) - SCENARIO_KEYS)
    if unknown:
        raise DataError(f"{where}: unknown field(s) {', '.join(unknown)}; "
                        f"known: {', '.join(sorted(SCENARIO_KEYS))}")
    ships = scenario.get("ships", [])
    for n, entry in enumerate(ships if isinstance(ships, list | tuple) else [], 1):
        if isinstance(entry, Mapping):
            unknown = sorted(str(k) for k in set(entry) - SHIP_ENTRY_KEYS)
            if unknown:
                raise DataError(f"{where}, ships[{n}]: unknown field(s) {', '.join(unknown)}; "
                                f"known: {', '.join(sorted(SHIP_ENTRY_KEYS))}")
    if sub_light:
        check_sub_light(scenario, where)


def check_sub_light(scenario: Mapping[str, Any], where: str) -> None:
    """Obstacle counters belong to sub-light fights (Book Two, Advanced: Planets, Suns, And Other
    Obstacles, seed line 369: "These counters are used only at sub-light speed because ships
    traveling at warp speed are moving so fast that these bodies would not be visible long
    enough to be of use"). A scenario with `obstacles` puts every ship at warp 0: the scenario's
    `warp = 0`, or each ship's; without a warp a ship flies at its class's cruising speed."""
    obstacles = scenario.get("obstacles")
    if not isinstance(obstacles, list | tuple) or not obstacles:
        return
    ships = scenario.get("ships", [])
    for n, entry in enumerate(ships if isinstance(ships, list | tuple) else [], 1):
        if not isinstance(entry, Mapping):
            continue
        warp = entry.get("warp", scenario.get("warp"))
        if warp != 0:
            speed = "its class's cruising speed (no warp given)" if warp is None else f"warp {warp!r}"
            raise DataError(f"{where}, obstacles: obstacle counters are used only at sub-light "
                            f"speed (Book Two, Advanced: Planets, Suns, And Other Obstacles), but "
                            f"ships[{n}] ({entry.get('id', '?')}) flies at {speed}; set "
                            "warp = 0 for the scenario, or remove the obstacles")


def ship_dicts(user_dir: Path | None) -> dict[str, dict[str, Any]]:
    """Every ship class in its TOML form, checked, by id (user files replace packaged ones)."""
    return {sid: data for sid, (data, _) in load_ship_data(user_dir).items()}


def scenario_files(user_dir: Path | None) -> dict[str, Path]:
    return toml_files("scenarios", user_dir)


def build_scenario(scenario: Mapping[str, Any], classes: Mapping[str, Mapping[str, Any]],
                   level: str | None = None, scale: str | None = None,
                   max_turns: int | None = None, data_dir: str = "",
                   phases: int | None = None,
                   options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The full, self-contained scenario mapping for `new_game` and the log header. `options`
    (the table's optional rules, options.py) are laid over the scenario's own."""
    check_sub_light(scenario, f"scenario {scenario.get('id', '?')}")
    out = dict(scenario)
    if options:
        own = scenario.get("options")
        out["options"] = {**(own if isinstance(own, Mapping) else {}), **options}
    out["ruleset"] = "fasa"
    if level is not None:
        out["level"] = level
    _with_variant(out, level)
    if scale is not None:
        out["scale"] = scale
    if max_turns is not None:
        out["max_turns"] = max_turns
    if phases is not None:
        out["phases"] = phases
    out["tables"] = table_texts(Path(data_dir) if data_dir else None)
    wanted = {str(s.get("class", "")) for s in scenario.get("ships", []) if isinstance(s, Mapping)}
    missing = sorted(c for c in wanted if c not in classes)
    if missing:
        raise DataError(f"scenario {scenario.get('id', '?')}: unknown ship class(es) "
                        f"{', '.join(missing)}; known: {', '.join(sorted(classes))}")
    out["classes"] = {c: dict(classes[c]) for c in sorted(wanted)}
    return out


def _with_variant(out: dict[str, Any], level: str | None) -> None:
    """A variant the table chose (its `options`' `variant`) becomes the scenario's own. A game
    whose level the variant is not played at takes the variant's level when the level was not
    chosen, or when the variant is the scenario's own (a table choosing the Battlestations!
    scenario at the basic level on the chooser plays it at the variant's level: the variant
    cannot be played below it, docs/rules-decisions.md); a level and a variant both chosen that
    do not go together are refused when the game starts."""
    table = out.get("options")
    chosen = isinstance(table, Mapping) and "variant" in table
    if isinstance(table, Mapping) and chosen:
        rest = dict(table)
        out["variant"] = rest.pop("variant")
        out["options"] = rest
    name = out.get("variant")
    if not isinstance(name, str) or not name:
        return
    variant = variant_tables.named(name, f"scenario {out.get('id', '?')}")
    if out.get("level", "basic") not in variant.levels and (level is None or not chosen):
        out["level"] = variant.default_level


_LEVEL_CHECKS: tuple[Check[str], ...] = (
    Check(lambda level: level not in LEVELS,
          lambda level: f"level must be one of {', '.join(LEVELS)}, not {level!r}"),
    Check(lambda level: level not in PLAYABLE_LEVELS,
          lambda level: f"the {level} rules are not built yet; "
                        f"playable levels: {', '.join(PLAYABLE_LEVELS)}"),
)

_SCALE: Check[str] = Check(lambda text: bool(text) and text not in SCALES,
                           lambda text: f"scale must be one of {', '.join(SCALES)}, not {text!r}")

_MAP_FORM: Check[Any] = Check(
    lambda raw: not isinstance(raw, Mapping) or not all(type(raw.get(k)) is int
                                                        for k in ("cols", "rows")),
    "map must be {cols = N, rows = N} with whole numbers")

_MAP_SIZE: Check[MapBounds] = Check(
    lambda b: not (2 <= b.cols <= MAX_MAP and 2 <= b.rows <= MAX_MAP),
    lambda b: f"the map must be 2 to {MAX_MAP} hexes each way, not {b.cols} by {b.rows}")

_CLASSES_FORM: Check[Any] = Check(lambda raw: not isinstance(raw, Mapping),
                                  "classes must be a table of ship classes by id")

_A_TABLE: Check[Any] = Check(lambda raw: not isinstance(raw, Mapping), "must be a table")

_TURN_CHECKS: tuple[Check[Mapping[str, Any]], ...] = (
    Check(lambda s: (type(s.get("max_turns", 0)) is not int
                     or not 0 <= s.get("max_turns", 0) <= MAX_TURNS),
          f"max_turns must be a whole number 1 to {MAX_TURNS} "
          f"(0 for the default, {DEFAULT_MAX_TURNS})"),
    Check(lambda s: (s.get("phases", PHASES) not in PHASE_CHOICES
                     or type(s.get("phases", PHASES)) is not int),
          lambda s: f"phases must be 3 or 5 Movement/Firing Phases a turn, "
                    f"not {s.get('phases', PHASES)!r}"),
)
"""The length of the game and of its turns."""


def _classes(where: str, raw: Any, scale: Fraction, level: str) -> dict[str, ShipClass]:
    """The scenario's ship classes by id, checked, scaled and at its level."""
    refuse(where, raw, (_CLASSES_FORM,))
    classes: dict[str, ShipClass] = {}
    for cid, data in raw.items():
        refuse(f"{where}, class {cid}", data, (_A_TABLE,))
        classes[cid] = at_level(ship_from_dict(data, f"{where}, class {cid}").scaled(scale),
                                level)
    return classes


def _ships(where: str, scenario: Mapping[str, Any], entries: list[Any], default_crew: str,
           classes: Mapping[str, ShipClass], bounds: MapBounds, obstacles: frozenset[Hex],
           level: str) -> tuple[list[Ship], list[tuple[str, str]]]:
    """The scenario's ships and each one's crew layout."""
    ships: list[Ship] = []
    crews: list[tuple[str, str]] = []
    if len(entries) > MAX_SHIPS:
        raise DataError(f"{where}: {len(entries)} ships; a scenario holds at most {MAX_SHIPS}")
    default_warp = scenario.get("warp")
    for n, entry in enumerate(entries, 1):
        ships.append(_ship(f"{where}, ships[{n}]", entry, classes, bounds, obstacles,
                           default_warp, advanced_rules(level)))
        crews.append((ships[-1].id, _crew(f"{where}, ships[{n}]", entry.get("crew", default_crew))))
        # C&C: a player crew's officers and ratings (officers.py); checked at every level, kept
        # (and complete) only at the command level.
        crewed = parse_officers(f"{where}, ships[{n}] ({ships[-1].id})", entry, crews[-1][1],
                                complete=command_level(level))
        if crewed and command_level(level):
            # C&C, line 1017: the Captain's tactics rating is the ship's Skill Rating.
            tactics = next(o.get("tactics") for o in crewed
                           if o.station == station_for(crews[-1][1], Duty.COMMAND))
            ships[-1] = replace(ships[-1], officers=crewed, skill=tactics)
    if len({s.id for s in ships}) != len(ships):
        raise DataError(f"{where}: ship ids must be unique")
    return ships, crews


def _check_crewed(where: str, scenario: Mapping[str, Any], ships: list[Ship]) -> None:
    """C&C: the ships a scenario names as the players' (`crewed`) carry their officers."""
    player_crews.check_crew_files(scenario, where, {s.id for s in ships})
    for sid in (player_crews.crewed_ships(scenario) if "crewed" in scenario else ()):
        if not next(s for s in ships if s.id == sid).officers:
            raise DataError(f"{where}: ship {sid} is crewed by players (crewed) but has no "
                            "officers: give its [ships.officers.STATION] tables, or play it "
                            "with a crew file (--crew NAME) so that they are filled in")


def new_game(scenario: Mapping[str, Any]) -> FasaState:
    """The starting state; raises DataError naming the scenario and field on a bad scenario."""
    if not isinstance(scenario, Mapping):
        raise DataError(f"scenario: must be a table of fields, not {type(scenario).__name__}")
    sid = str(scenario.get("id", "custom"))[:80]
    where = f"scenario {sid}"
    check_scenario_fields(scenario, where, sub_light=False)
    level = str(scenario.get("level", "basic"))
    refuse(where, level, _LEVEL_CHECKS)
    scale_text = str(scenario.get("scale", ""))
    refuse(where, scale_text, (_SCALE,))
    scale = SCALES[scale_text] if scale_text else DEFAULT_SCALE[level]
    raw_map = scenario.get("map", DEFAULT_MAP)
    refuse(where, raw_map, (_MAP_FORM,))
    bounds = MapBounds(raw_map["cols"], raw_map["rows"])
    refuse(where, bounds, (_MAP_SIZE,))
    obstacles = frozenset(_hex(where, "obstacles", o, bounds)
                          for o in _list(where, "obstacles", scenario.get("obstacles", [])))
    classes = _classes(where, scenario.get("classes", {}), scale, level)
    default_crew = _crew(where, scenario.get("crew", DEFAULT_CREW))
    entries = _list(where, "ships", scenario.get("ships", []))
    ships, crews = _ships(where, scenario, entries, default_crew, classes, bounds, obstacles,
                          level)
    _check_crewed(where, scenario, ships)
    # Battlestations! (seed 001): the captains' races (lines 196-232) and the bodies with their
    # gravity wells (lines 180-194), read at every level; the variant's rules use them.
    captains = _captains(where, ships, entries)
    bodies = bodies_from(scenario.get("bodies"), where, bounds)
    placements = tuple((s.id, _placement(f"{where}, ships[{n}]", e))
                       for n, (s, e) in enumerate(zip(ships, entries, strict=True), 1)
                       if e.get("place") is not None)
    sides = tuple(dict.fromkeys(s.side for s in ships))
    if len(sides) < 2:
        raise DataError(f"{where}: a battle needs ships on at least two sides")
    refuse(where, scenario, _TURN_CHECKS)
    max_turns = scenario.get("max_turns", 0) or DEFAULT_MAX_TURNS
    variant = _variant(scenario, where, level)
    phases = _phases(scenario, where, variant)
    sides_of = {s.id: s.side for s in ships}
    clauses = victory.clauses_from(scenario.get("victory"), where, sides_of)
    full_speed = scenario.get("enter_at_full_speed", [])
    if not isinstance(full_speed, list) or any(not isinstance(s, str) or s not in sides_of
                                               for s in full_speed):
        raise DataError(f"{where}: enter_at_full_speed must list ship ids of the scenario")
    counters, mine_damage = mines.counters_from(
        scenario.get("minefields"), where, sides_of, classes,
        {str(e["id"]): str(e["class"]) for e in entries}, bounds, obstacles, scale)
    if not advanced_rules(level):
        counters, mine_damage = (), ()  # mines are an advanced rule (Advanced: Mines)
    options = options_from(scenario.get("options"), where)
    unknown_sides = [a for a in options.admirals if a not in sides]
    if unknown_sides:  # the optional Admiral (admiral.py) names a side of this battle
        raise DataError(f"{where}: options: admirals names {', '.join(unknown_sides)}, no side "
                        f"of this scenario (sides: {', '.join(sides)})")
    game = Setup(scenario=sid, level=level, scale=scale, bounds=bounds, obstacles=obstacles,
                 sides=sides, max_turns=max_turns, phases=phases, crews=tuple(crews),
                 victory=clauses, full_speed=frozenset(full_speed), mine_damage=mine_damage,
                 placements=placements, options=options, variant=variant.name,
                 bodies=bodies, captains=captains, tables=scenario_tables(scenario, where))
    # Ships the scenario leaves to the table are placed before turn 1 (placement.py).
    state = FasaState(setup=game, ships=tuple(_full_speed(s) if s.id in full_speed else s
                                              for s in ships), counters=counters,
                      step=PLACE if placements else POWER,
                      to_place=tuple(sid for sid, _ in placements))
    # The ratings a scenario gives are those at the start, as the variant changes them
    # (Battlestations!: a Betazoid captain's +10% efficiency, seed 001 line 216; ratings.py
    # does the same for rolled ratings).
    return variant_tables.rated_at_start(state, tuple(s.id for s in state.ships if s.efficiency))


def _variant(scenario: Mapping[str, Any], where: str, level: str) -> variant_tables.Variant:
    """The scenario's variant (values/variant_tables.py), checked: a known name at a level it is
    played at."""
    name = scenario.get("variant", "")
    if not isinstance(name, str):
        raise DataError(f"{where}: variant must be a name in quotes, not {name!r}")
    variant = variant_tables.named(name, where)
    if name and level not in variant.levels:
        *most, last = variant.levels
        raise DataError(f"{where}: {variant.title} is played at the "
                        f"{', '.join(most)} or {last} level, not {level}")
    return variant


def _phases(scenario: Mapping[str, Any], where: str, variant: variant_tables.Variant) -> int:
    """The Movement Phases of a turn: the scenario's, 3 or 5; a variant's own where it has one."""
    phases = scenario.get("phases", variant.phases or PHASES)
    if phases not in PHASE_CHOICES or type(phases) is not int:
        raise DataError(f"{where}: phases must be 3 or 5 Movement/Firing Phases a turn, "
                        f"not {phases!r}")
    if variant.phases and phases != variant.phases:
        raise DataError(f"{where}: {variant.title} has {variant.phases} combat rounds a turn, "
                        f"not {phases}: leave phases out")
    return int(phases)
def _captains(where: str, ships: list[Ship], entries: list[Any]) -> tuple[Captain, ...]:
    """Each ship entry's `captain` (Battlestations!, values/captain_races.py), checked against
    the ship's weapons; the ships without one left out."""
    found = (captain_from(f"{where}, ships[{n}] ({s.id})", e.get("captain"), s.id,
                          [w.id for w in s.cls.weapons])
             for n, (s, e) in enumerate(zip(ships, entries, strict=True), 1))
    return tuple(c for c in found if c is not None)


def _placement(where: str, entry: Mapping[str, Any]) -> str:
    """A ship entry's `place`: "anywhere" or "edge" (placement.py)."""
    value = entry.get("place")
    if value not in PLACEMENTS:
        raise DataError(f"{where}: place must be one of {', '.join(PLACEMENTS)} (where the table "
                        f"places the ship before turn 1), not {value!r}")
    return str(value)


def _full_speed(ship: Ship) -> Ship:
    """Book Two, Advanced Scenarios, The Romulan Gambit: "The Federation cruiser may enter the
    map ... moving at full speed". At the basic level speed is power to movement, so in game
    turn 1 all its power that buys whole movement points goes to movement: no shields, no
    weapons (docs/rules-decisions.md). Its Power Allocation for turn 1 is made here."""
    step = ship.cls.movement_step
    move = ship.total_power // step * step
    return replace(ship, allocation=Allocation(move, 0, 0), armed=True, shields_set=True,
                   movement_points=ship.cls.movement_points(move))


def _crew(where: str, value: Any) -> str:
    """A crew layout (engine.rulesets.fasa.values.crew.CREWS): "3" ("3-engineer", "3-science": who is
    also Captain), "4", "4-split", "5" or "6"; a whole
    number 3 to 6 means the layout of that name."""
    text = str(value) if type(value) is int else value
    if not isinstance(text, str) or text not in CREWS:
        raise DataError(f"{where}: crew must be one of {', '.join(CREWS)} (players at the ship's "
                        f"stations), not {value!r}")
    return text


def _list(where: str, field: str, value: Any) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise DataError(f"{where}: {field} must be a list, not {value!r}")
    return list(value)


def _hex(where: str, field: str, value: Any, bounds: MapBounds) -> Hex:
    if (not isinstance(value, list | tuple) or len(value) != 2
            or not all(type(v) is int for v in value)):
        raise DataError(f"{where}: {field} entries must be [col, row], not {value!r}")
    h = offset_to_hex(value[0], value[1])
    if not bounds.contains(h):
        raise DataError(f"{where}: {field} {value} is off the {bounds.cols}x{bounds.rows} map")
    return h


def _warp(where: str, value: Any, cls: ShipClass) -> int:
    """A ship's warp speed (Book Two, C&C: Current Warp Speed Track — "Write the current warp speed
    in the left hand box"): the scenario's, else the class's Maximum Safe Cruising Speed
    (docs/rules-decisions.md, The advanced game). 0 is sub-light."""
    if value is None:
        return min(cls.max_safe_warp, MAX_WARP_SPEED)
    if type(value) is not int or not 0 <= value <= MAX_WARP_SPEED:
        raise DataError(f"{where}: warp must be a whole number 0 (sub-light) to "
                        f"{MAX_WARP_SPEED}, not {value!r}")
    return value


def _ship(where: str, entry: Any, classes: Mapping[str, ShipClass], bounds: MapBounds,
          obstacles: frozenset[Hex], default_warp: Any = None, cloaks: bool = False) -> Ship:
    if not isinstance(entry, Mapping):
        raise DataError(f"{where}: must be a table")
    for key in ("id", "class", "side", "col", "row", "heading"):
        if key not in entry:
            raise DataError(f"{where}: missing field {key!r}")
    for key in ("id", "class", "side", "name"):
        if key in entry and not isinstance(entry[key], str):
            raise DataError(f"{where}: {key} must be text, not {entry[key]!r}")
        if key in entry and not 0 < len(entry[key]) <= MAX_TEXT:
            raise DataError(f"{where}: {key} must be 1 to {MAX_TEXT} characters")
    cid = entry["class"]
    if cid not in classes:
        raise DataError(f"{where}: unknown ship class {cid!r}")
    heading = entry["heading"]
    if type(heading) is not int or not 0 <= heading <= 5:
        raise DataError(f"{where}: heading must be 0 to 5 (0 = north, clockwise), not {heading!r}")
    pos = _hex(where, "position", [entry["col"], entry["row"]], bounds)
    if pos in obstacles:
        raise DataError(f"{where}: starts on an obstacle")
    cls = classes[cid]
    cloaked = entry.get("cloaked", False)
    if type(cloaked) is not bool:
        raise DataError(f"{where}: cloaked must be true or false, not {cloaked!r}")
    if cloaked and cls.cloak_cost <= 0:
        raise DataError(f"{where}: starts cloaked, but class {cid} has no cloaking device "
                        "(cloak_cost 0)")
    return Ship(
        id=str(entry["id"]), name=str(entry.get("name", cls.name)), cls=cls,
        side=str(entry["side"]), pos=pos, heading=heading,
        engines=tuple(e.power for e in cls.engines), superstructure=cls.superstructure,
        weapons=tuple(Weapon() for _ in cls.weapons),
        warp=_warp(where, entry.get("warp", default_warp), cls),
        # Advanced: The Romulan Gambit — "The Romulan vessels are both cloaked" at the start; the
        # cloaking device is an advanced rule, so at the basic level they start seen.
        cloaked=cloaked and cloaks,
        # Expert: Creating The Ratings (line 685): given here, or rolled before turn 1.
        skill=rating_from(where, entry, "skill"),
        efficiency=rating_from(where, entry, "efficiency"),
        advancement=campaign_play.points_from(where, entry),
    )
