"""Crew files: a table's bridge officers kept from game to game (Book Two, Command & Control:
Adventures And Campaigns, seed 000 lines 1520-1538).

`crews/NAME.toml` in the user data folder holds one officer per station: name, the player who
plays him (optional), skill ratings, where his share of the Victory Points goes (`advance`), the
Victory Points he has won and the games he has played. Ratings are made as the book says, three
d10 and 45 (line 1001), with a seeded generator or dice given; ratings a crew does not have yet
are rolled when a game needs them, and kept.

    crew = Crew.new("bridge", needs, dice)         # a new crew, its ratings rolled
    crew = load_crew(folder, "bridge")             # CrewError says what is wrong and where
    save_crew(folder, crew)                        # atomic: the old file or the new, never half

What a rating is, which skills each station needs and the Victory Points of a game come from the
ruleset through the kernel (`engine.game`): nothing here knows the rules.
"""

from __future__ import annotations

import json
import os
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from engine.errors import DataError, EngineError, one_line
from engine.files import FileRefused, read_regular
from engine.game import (
    default_level,
    officer_needs,
    rating_range,
    scenario_ruleset,
    skill_names,
)
from engine.stations import STATION_NAMES, title

FOLDER = "crews"
MAX_FILE = 64 * 1024
MAX_TEXT = 60
MAX_COUNT = 10**6
NAME_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{0,39}")
DICE, BASE = 3, 45
"""A rating: three d10 added to 45 (C&C: Skill Ratings, line 1001)."""

D10 = Callable[[], int]
ROLE_NAMES = {"captain": "Captain", "engineer": "Chief Engineer", "helm": "Helmsman",
              "weapons": "Weapons Officer", "science": "Science Officer",
              "navigator": "Navigator", "comms": "Communications Officer"}
"""A new officer's name until the table names him: his role (C&C: the bridge roles)."""


class CrewError(EngineError):
    """A crew file or name is wrong; the message names the file and says what to do."""


@dataclass(frozen=True)
class CrewMember:
    """One member of a crew file: a player character, the bridge officer he plays at one station,
    kept from game to game (his games and Victory Points). Not the engine's officer of a game
    (FASA's `values/officers.Officer`): a crewed ship's officers are made from these."""

    station: str
    name: str
    ratings: dict[str, int]
    player: str = ""
    advance: str = ""          # the skill his share of the Victory Points raises ("": his first)
    victory_points: int = 0
    games: int = 0

    def raised(self) -> str:
        """The skill his Victory Points go to (the Captain's go to tactics whatever this says):
        `advance`, else the first skill of his station he is rated in (not tactics or DEX, which
        a crew of 3 may have given him), else his first rating."""
        own = [k for k in self.ratings if k not in ("tactics", "dex")]
        return self.advance or next(iter(own or self.ratings), "")


@dataclass(frozen=True)
class Crew:
    name: str
    officers: tuple[CrewMember, ...] = ()
    games: int = 0
    notes: tuple[str, ...] = field(default=(), compare=False)

    def at(self, station: str) -> CrewMember | None:
        return next((o for o in self.officers if o.station == station), None)

    def with_officer(self, officer: CrewMember) -> Crew:
        kept = [o for o in self.officers if o.station != officer.station]
        order = list(STATION_NAMES)
        return replace(self, officers=tuple(sorted(
            [*kept, officer], key=lambda o: order.index(o.station))))


def check_name(name: str) -> str:
    """A crew's name as its file's name: letters, digits, - and _, 1 to 40."""
    if not isinstance(name, str) or not NAME_PATTERN.fullmatch(name):
        raise CrewError(f"crew name {one_line(str(name))!r}: use 1 to 40 letters, digits, - or _ "
                        "(it names the file crews/NAME.toml), e.g. enterprise-bridge")
    return name


def crew_path(folder: Path, name: str) -> Path:
    return folder / FOLDER / f"{check_name(name)}.toml"


def roll_rating(d10: D10) -> int:
    """Three d10 and 45 (line 1001): 48 to 75."""
    return BASE + sum(_die(d10) for _ in range(DICE))


def _die(d10: D10) -> int:
    value = d10()
    if type(value) is not int or not 1 <= value <= 10:
        raise CrewError(f"a d10 shows 1 to 10, not {value!r}")
    return value


def given_dice(values: list[int]) -> D10:
    """Dice read in order from a list (the table's own rolls); CrewError when they run out."""
    it: Iterator[int] = iter(values)

    def d10() -> int:
        try:
            return next(it)
        except StopIteration:
            raise CrewError(f"{len(values)} dice given, but more ratings are to be rolled "
                            f"({DICE} dice a rating)") from None
    return d10


def complete(crew: Crew, needs: Mapping[str, tuple[str, ...]], d10: D10) -> tuple[Crew, list[str]]:
    """The crew with an officer at every station of `needs` and every rating he needs, those it
    lacked rolled; and a line for each officer or rating rolled."""
    said: list[str] = []
    for station, skills in needs.items():
        officer = crew.at(station) or CrewMember(str(station),
                                                 ROLE_NAMES.get(station, title(station)), {})
        missing = [s for s in skills if s not in officer.ratings]
        if not missing and crew.at(station) is not None:
            continue
        ratings = dict(officer.ratings)
        for skill in missing:
            ratings[skill] = roll_rating(d10)
        if crew.at(station) is None:
            said.append(f"{title(str(station))}: a new officer, {officer.name}: "
                        + ", ".join(f"{s} {ratings[s]}" for s in missing))
        else:
            said.append(f"{title(str(station))}: {officer.name} rated for the first time in "
                        + ", ".join(f"{s} {ratings[s]}" for s in missing))
        crew = crew.with_officer(replace(officer, ratings=_ordered(ratings)))
    return crew, said


def _ordered(ratings: Mapping[str, int]) -> dict[str, int]:
    order = [k for k, _ in skill_names()]
    return {k: ratings[k] for k in sorted(ratings, key=lambda k: order.index(k))}


def scenario_officers(crew: Crew, needs: Mapping[str, tuple[str, ...]]) -> dict[str, Any]:
    """A scenario ship entry's `officers` table from a complete crew: each station of `needs`,
    the officer's name and every rating he has."""
    out: dict[str, Any] = {}
    for station in needs:
        officer = crew.at(station)
        assert officer is not None, "complete() the crew first"
        out[str(station)] = {"name": officer.name, **officer.ratings}
    return out


# -- campaigns ---------------------------------------------------------------------------------

def award(crew: Crew, stations: tuple[str, ...], captain: str, points: int) -> tuple[Crew, list[str]]:
    """A game played: `points` Victory Points divided equally among the player roles at
    `stations` (line 1530), the Captain's share to his tactics rating, each other officer's to
    the skill he names (`advance`); every officer who played has one game more. Ratings stop at
    the highest a rating may be."""
    _, top = rating_range()
    each = max(0, points) // len(stations) if stations else 0
    said = [f"Victory Points: {points}, {each} to each of {len(stations)} officers"]
    for station in stations:
        officer = crew.at(station)
        if officer is None:
            continue
        skill = "tactics" if station == captain else officer.raised()
        ratings = dict(officer.ratings)
        if each and skill:
            before = ratings.get(skill, 0)
            ratings[skill] = min(top, before + each)
            said.append(f"{title(station)} {officer.name}: {skill} {before} -> {ratings[skill]}")
        crew = crew.with_officer(replace(officer, ratings=_ordered(ratings),
                                         victory_points=officer.victory_points + each,
                                         games=officer.games + 1))
    return replace(crew, games=crew.games + 1), said


def rotate(crew: Crew, captain: str = "") -> tuple[Crew, list[str]]:
    """Rotating The Positions (lines 1536-1538): "players create one character for each major
    role, and they may pass the role of Captain between them". The characters stay at their
    stations; the players move. With `captain` (a player's name), that player takes the
    Captain's character and the one who had it takes his; without, every player moves one
    station along (the Captain's player to the next station, the last one's to the Captain)."""
    officers = list(crew.officers)
    if len(officers) < 2:
        raise CrewError(f"crew {crew.name}: rotating needs two officers or more")
    if any(not o.player for o in officers):
        unnamed = ", ".join(title(o.station) for o in officers if not o.player)
        raise CrewError(f"crew {crew.name}: name who plays each officer first (no player for "
                        f"{unnamed}): starbridge crew player {crew.name} STATION NAME")
    players = [o.player for o in officers]
    if captain:
        if captain not in players:
            raise CrewError(f"crew {crew.name}: no player {captain!r}; players: "
                            f"{', '.join(players)}")
        head = next((i for i, o in enumerate(officers) if o.station == "captain"), 0)
        there = players.index(captain)
        players[head], players[there] = players[there], players[head]
    else:
        players = players[-1:] + players[:-1]
    moved = [replace(o, player=p) for o, p in zip(officers, players, strict=True)]
    said = [f"{title(o.station)} ({o.name}): {o.player}" for o in moved]
    return replace(crew, officers=tuple(moved)), said


# -- the file ----------------------------------------------------------------------------------

def load_crew(folder: Path, name: str) -> Crew:
    """The crew file crews/NAME.toml; CrewError names the file, the key and what is wrong."""
    path = crew_path(folder, name)
    if not os.path.lexists(path):
        raise CrewError(f"{path}: no such crew; starbridge crew new {name} makes one, "
                        f"starbridge crew list lists them")
    try:
        raw = read_regular(path, MAX_FILE)
    except FileRefused as exc:
        raise CrewError(one_line(str(exc))) from None
    except OSError as exc:
        raise CrewError(f"{path}: {exc.strerror}") from None
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise CrewError(f"{path}: not UTF-8 text (save it as UTF-8)") from None
    except tomllib.TOMLDecodeError as exc:
        raise CrewError(f"{path}: not valid TOML: {one_line(str(exc))}") from None
    except RecursionError:
        raise CrewError(f"{path}: not valid TOML: nested too deep") from None
    return crew_from(data, str(path), name)


def crew_from(data: Mapping[str, Any], where: str, name: str) -> Crew:
    """A Crew from a crew file's TOML data, every value checked."""
    known = {"name", "games", "officers"}
    unknown = sorted(str(k) for k in data if k not in known)
    if unknown:
        raise CrewError(f"{where}: unknown key(s) {', '.join(map(one_line, unknown))}; "
                        f"known: {', '.join(sorted(known))}")
    if data.get("name", name) != name:
        raise CrewError(f"{where}: name {one_line(str(data.get('name')))!r} is not the file's "
                        f"name {name!r}; rename one of them")
    games = _count(where, "games", data.get("games", 0))
    raw = data.get("officers", {})
    if not isinstance(raw, Mapping):
        raise CrewError(f"{where}: officers must be tables by station ([officers.captain] ...)")
    officers = []
    for station, entry in raw.items():
        officers.append(_officer(f"{where}: officers.{one_line(str(station))}", station, entry))
    crew = Crew(name, games=games)
    for officer in officers:
        crew = crew.with_officer(officer)
    return crew


def _count(where: str, key: str, value: Any) -> int:
    if type(value) is not int or not 0 <= value <= MAX_COUNT:
        raise CrewError(f"{where}: {key} must be a whole number 0 to {MAX_COUNT}, not "
                        f"{one_line(repr(value))}")
    return int(value)


def _text(where: str, key: str, value: Any, empty: bool = False) -> str:
    if not isinstance(value, str) or not (empty or value) or len(value) > MAX_TEXT or \
            not value.isprintable():
        raise CrewError(f"{where}: {key} must be text of {0 if empty else 1} to {MAX_TEXT} "
                        f"printable characters, not {one_line(repr(value))[:80]}")
    return value


def _officer(where: str, station: Any, entry: Any) -> CrewMember:
    if station not in STATION_NAMES or station == "instructor":
        raise CrewError(f"{where}: no such station; stations: "
                        f"{', '.join(s for s in STATION_NAMES if s != 'instructor')}")
    if not isinstance(entry, Mapping):
        raise CrewError(f"{where}: must be a table (name, ratings, ...)")
    known = {"name", "player", "advance", "victory_points", "games", "ratings"}
    unknown = sorted(str(k) for k in entry if k not in known)
    if unknown:
        raise CrewError(f"{where}: unknown key(s) {', '.join(map(one_line, unknown))}; known: "
                        f"{', '.join(sorted(known))}")
    skills = [k for k, _ in skill_names()]
    low, high = rating_range()
    raw = entry.get("ratings", {})
    if not isinstance(raw, Mapping):
        raise CrewError(f"{where}: ratings must be a table of skill = rating")
    ratings: dict[str, int] = {}
    for skill, value in raw.items():
        if skill not in skills:
            raise CrewError(f"{where}: ratings: unknown skill {one_line(str(skill))!r}; "
                            f"skills: {', '.join(skills)}")
        if type(value) is not int or not low <= value <= high:
            raise CrewError(f"{where}: ratings.{skill} must be a whole number {low} to {high}, "
                            f"not {one_line(repr(value))[:40]}")
        ratings[str(skill)] = value
    advance = _text(where, "advance", entry.get("advance", ""), empty=True)
    if advance and advance not in skills:
        raise CrewError(f"{where}: advance must name a skill ({', '.join(skills)}), not "
                        f"{advance!r}")
    return CrewMember(str(station), _text(where, "name", entry.get("name", ROLE_NAMES[station])),
                      _ordered(ratings), _text(where, "player", entry.get("player", ""), empty=True),
                      advance, _count(where, "victory_points", entry.get("victory_points", 0)),
                      _count(where, "games", entry.get("games", 0)))


def crew_toml(crew: Crew) -> str:
    """The crew file's text (TOML)."""
    lines = ["# starbridge crew file: the officers this table keeps from game to game",
             "# (starbridge crew show NAME; Book Two, C&C: Adventures And Campaigns)",
             f"name = {_quote(crew.name)}", f"games = {crew.games}"]
    for o in crew.officers:
        lines += ["", f"[officers.{o.station}]", f"name = {_quote(o.name)}"]
        if o.player:
            lines.append(f"player = {_quote(o.player)}")
        if o.advance:
            lines.append(f"advance = {_quote(o.advance)}")
        lines += [f"victory_points = {o.victory_points}", f"games = {o.games}",
                  f"[officers.{o.station}.ratings]"]
        lines += [f"{k} = {v}" for k, v in o.ratings.items()]
    return "\n".join(lines) + "\n"


def _quote(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's; DEL escaped too)."""
    return json.dumps(text, ensure_ascii=False).replace("\x7f", "\\u007f")


def save_crew(folder: Path, crew: Crew) -> Path:
    """Write the crew file atomically: a new file beside it, flushed to the disk, renamed over
    the old one, the folder flushed; a pulled plug leaves the old file or the new, never half of
    one."""
    path = crew_path(folder, crew.name)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        with tmp.open("w", encoding="utf-8") as fh:
            fh.write(crew_toml(crew))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise CrewError(f"{path}: cannot be written: {exc.strerror}") from None
    try:
        fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return path   # a system whose folders cannot be opened (Windows)
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
    return path


def crew_names(folder: Path) -> list[str]:
    """The crews in the user data folder, by name."""
    where = folder / FOLDER
    if not where.is_dir():
        return []
    return sorted(p.stem for p in where.glob("*.toml") if NAME_PATTERN.fullmatch(p.stem))


def needs_of(size: str) -> dict[str, tuple[str, ...]]:
    """What each station of a crew of `size` is rated in (from the ruleset, by the kernel)."""
    ruleset = scenario_ruleset({})   # its officers, at the level a table plays by default
    scenario = {"ruleset": ruleset, "id": "crew", "level": default_level(ruleset), "crew": size,
                "ships": [{"id": "ship"}]}
    try:
        return dict(officer_needs(scenario)["ship"])
    except DataError as exc:
        raise CrewError(f"--size: {str(exc).split(': ', 2)[-1]}") from None
