"""The bridge officers of a crewed ship and their skill ratings (Book Two, Command & Control:
Skills And Skill Rolls, seed lines 951-1001).

"Each character also needs a rating in DEXTERITY" (line 955); "A score on the percentile dice
roll equal to or less than the appropriate skill rating indicates success" (line 959). The
Captain needs STARSHIP COMBAT STRATEGY/TACTICS (line 967), the Chief Engineer WARP DRIVE
TECHNOLOGY and STARSHIP ENGINEERING (line 971), the Helmsman STARSHIP HELM OPERATION and SHIP'S
WEAPONRY TECHNOLOGY (line 981), the Science Officer/Navigator DEFLECTOR SHIELD TECHNOLOGY, DAMAGE
CONTROL PROCEDURES, STARSHIP SENSORS and STARSHIP COMMUNICATIONS PROCEDURES (line 989).

A *crewed ship* is a ship whose scenario entry has `officers` (the players' crew); a ship
without them (the Instructor's) plays by the Expert Master Control Panel (lines 909, 949).

Each skill follows its duty (crew.py): the rating used is that of the officer at the station
that carries the skill's duty in the ship's crew layout ("Expanding For More Players", lines
1510-1518), so in crew "3" the Helm officer holds `tactics`, in crew "5" the Navigator holds
`shields`. Ratings are whole numbers 1-99: three dice and 45 make 48-75 (line 1001), and
campaign victory points raise them past 75 (lines 1520-1538). The engine does not roll an
officer's ratings: a command-level scenario's crewed ship carries every rating its crew layout
needs (the application fills them from a crew file or rolls them before the game starts), so a
game's log holds them (docs/rules-decisions.md, Command & Control).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.errors import DataError
from engine.rulesets.fasa.values.crew import CREWS, Duty, stations_of
from engine.stations import title

if TYPE_CHECKING:
    from engine.rulesets.fasa.values.state import FasaState, Ship

COMMAND_LEVEL = "command"
"""The level that plays Command & Control (the officers' rules are for crewed ships there)."""

LOWEST, HIGHEST = 1, 99
MAX_NAME = 60


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill an officer is rated in: its book name and the duty whose station rolls it (None:
    each officer's own, DEX)."""

    key: str
    name: str
    duty: Duty | None


SKILLS: Mapping[str, Skill] = MappingProxyType({s.key: s for s in (
    Skill("tactics", "Starship Combat Strategy/Tactics", Duty.COMMAND),        # line 967
    Skill("warp_drive", "Warp Drive Technology", Duty.POWER),                   # line 973
    Skill("engineering", "Starship Engineering", Duty.POWER),                   # line 977
    Skill("helm", "Starship Helm Operation", Duty.MOVEMENT),                    # line 983
    Skill("weaponry", "Ship's Weaponry Technology", Duty.WEAPONS),              # line 985
    Skill("shields", "Deflector Shield Technology", Duty.SHIELDS),              # line 991
    Skill("damage_control", "Damage Control Procedures", Duty.DAMAGE_CONTROL),  # line 993
    Skill("sensors", "Starship Sensors", Duty.SENSORS),                         # line 995
    Skill("communications", "Starship Communications Procedures",               # line 997
          Duty.COMMUNICATIONS),
    Skill("dex", "DEX", None),                                                  # line 955
)})
"""Skill key -> the skill (Book Two, C&C: Skill Ratings, lines 961-997). Sensors' station also
determines hit location (Duty.HIT_LOCATION) in every crew layout."""

DEX = "dex"


@dataclass(frozen=True, slots=True)
class Officer:
    """The officer at one station of a crewed ship: name and skill ratings (key, rating)."""

    station: str
    name: str
    ratings: tuple[tuple[str, int], ...]

    def get(self, skill: str) -> int:
        """The officer's rating in `skill`, 0 when he has none."""
        for key, value in self.ratings:
            if key == skill:
                return value
        return 0


def command_level(level: str) -> bool:
    """Whether `level` plays Command & Control's officers' rules."""
    return level == COMMAND_LEVEL


def crewed(ship: Ship) -> bool:
    """Whether `ship` has a player crew (its scenario entry named `officers`). A game below the
    command level keeps no officers, so there no ship is crewed."""
    return bool(ship.officers)


def needs(crew: str) -> dict[str, tuple[str, ...]]:
    """Station -> the skill keys its officer needs in crew layout `crew`: those of the duties
    it carries, and DEX for every officer."""
    out: dict[str, list[str]] = {s: [] for s in stations_of(crew)}
    for skill in SKILLS.values():
        if skill.duty is None:
            for keys in out.values():
                keys.append(skill.key)
        else:
            out[CREWS[crew][skill.duty]].append(skill.key)
    return {s: tuple(keys) for s, keys in out.items()}


def parse_officers(where: str, entry: Any, crew: str,
                   complete: bool = True) -> tuple[Officer, ...]:
    """The officers of a scenario's ship entry (its `officers` table, keyed by station), in the
    order of the crew's stations; () when the entry names none. `complete`: every station of
    the crew layout must have an officer with every rating it needs (the command level).
    DataError names the ship, station and skill on anything wrong, and says how to fix it."""
    raw = entry.get("officers") if isinstance(entry, Mapping) else None
    if raw is None:
        return ()
    if not isinstance(raw, Mapping):
        raise DataError(f"{where}: officers must be a table of officers by station "
                        f"([ships.officers.captain] ...), not {raw!r}")
    stations = stations_of(crew)
    officers: dict[str, Officer] = {}
    for station, data in raw.items():
        if station not in stations:
            raise DataError(f"{where}: officers.{station}: no such station in crew {crew!r}; "
                            f"its stations: {', '.join(stations)}")
        officers[str(station)] = _officer(f"{where}: officers.{station}", str(station), data)
    if complete:
        for station, keys in needs(crew).items():
            have = officers.get(station)
            missing = [k for k in keys if have is None or not have.get(k)]
            if missing:
                raise DataError(
                    f"{where}: officers.{station} needs the rating(s) {', '.join(missing)} "
                    f"(the {title(station)} officer's skills in crew {crew!r}, Command & "
                    f"Control: Skill Ratings); give each a whole number {LOWEST} to {HIGHEST} "
                    f"(three dice and 45 make 48-75), or leave out `officers` for a ship the "
                    f"Instructor runs")
    return tuple(officers[s] for s in stations if s in officers)


def _officer(where: str, station: str, data: Any) -> Officer:
    if not isinstance(data, Mapping):
        raise DataError(f"{where}: must be a table of name and ratings, not {data!r}")
    name = data.get("name", title(station))
    if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
        raise DataError(f"{where}: name must be text of 1 to {MAX_NAME} characters, not {name!r}")
    ratings: list[tuple[str, int]] = []
    for key, value in data.items():
        if key == "name":
            continue
        if key not in SKILLS:
            raise DataError(f"{where}: unknown skill {key!r}; known: name, "
                            f"{', '.join(SKILLS)}")
        if type(value) is not int or not LOWEST <= value <= HIGHEST:
            raise DataError(f"{where}: {key} must be a whole number {LOWEST} to {HIGHEST}, "
                            f"not {value!r}")
        ratings.append((str(key), value))
    return Officer(station, name, tuple(sorted(ratings, key=lambda r: list(SKILLS).index(r[0]))))


def officer_at(ship: Ship, station: str) -> Officer | None:
    """The officer at `station` of `ship`, or None."""
    for officer in ship.officers:
        if officer.station == station:
            return officer
    return None


def officer_for(state: FasaState, ship: Ship, skill: str) -> Officer:
    """The officer who rolls `skill` on `ship`: the one at the station of the skill's duty in the
    ship's crew layout. KeyError for DEX (each officer's own: `dex`) or an uncrewed station."""
    duty = SKILLS[skill].duty
    if duty is None:
        raise KeyError(f"{skill} is each officer's own: ask dex(ship, station)")
    station = state.station_for(ship.id, duty)
    officer = officer_at(ship, station)
    if officer is None:
        raise KeyError(f"{ship.id} has no officer at {station}")
    return officer


def rating(state: FasaState, ship: Ship, skill: str) -> int:
    """The rating `ship` rolls `skill` against (that of the officer whose station carries its
    duty); 0 when the ship has no such officer (an uncrewed ship)."""
    try:
        return officer_for(state, ship, skill).get(skill)
    except KeyError:
        return 0


def dex(ship: Ship, station: str) -> int:
    """The DEX of the officer at `station` of `ship` (line 955); 0 when there is none."""
    officer = officer_at(ship, station)
    return officer.get(DEX) if officer is not None else 0


def officers_json(ship: Ship) -> list[dict[str, Any]]:
    """The officers as a screen shows them (their ship's side only)."""
    return [{"station": o.station, "name": o.name, "ratings": dict(o.ratings)}
            for o in ship.officers]
