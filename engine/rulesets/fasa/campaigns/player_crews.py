"""Player crews from game to game (Book Two, Command & Control: Adventures And Campaigns, seed 000
lines 1520-1538, with Expert's Campaign Advancement, lines 496-529): which ships of a
command-level scenario the players crew, what each of their officers must be rated in, and the
Victory Points a finished game gives a side. Pure functions; the application keeps the officers
in its crew files and fills a scenario's `officers` from them before `new_game`.

- Which ships are crewed: the scenario's `crewed` list of ship ids; without it, the first ship
  (the players' ship: the scenario lists it first, as the table's panels take the first ship).
  Two ships of three players each, head to head with no Instructor ("With 5 players ... it is
  possible to run two ships head-to-head, with three players manning each. In this game there
  would be no gamemaster", line 1516) is `crewed` naming a ship of each side with `crew = "3"`.
- What each officer needs: the skills of the duties his station carries in the ship's crew
  layout, and DEX (officers.needs).
- Victory Points (line 521): "A ship gains Victory Points when it scores a victory by destroying,
  capturing, or driving off another ship. These Victory Points are determined by dividing the
  vanquished ship's Total Power Units Available by 10." At the end of a game, each ship of
  another side that is out of the fight (destroyed, disabled, or gone from the map) and whose side
  did not win counts as vanquished (a ship that left the map to win was not driven off); its
  class's full Total Power Units Available, divided by 10 (campaign.victory_points).
- Sharing them (line 1530): "Divide the victory points equally among all player character roles,
  so that the Captain gets a share along with the other officers. The Captain's victory points
  are added to his rating in STARSHIP COMBAT STRATEGY/TACTICS, but the victory points of the
  other officers may be added to whichever Skill Rating each desires" (`shares`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from engine.errors import DataError
from engine.rulesets.fasa.campaigns.campaign import victory_points as points_for
from engine.rulesets.fasa.values.crew import CREWS, DEFAULT_CREW, Duty, station_for
from engine.rulesets.fasa.values.officers import COMMAND_LEVEL, HIGHEST, LOWEST, SKILLS, needs
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.rulesets.fasa.victory import fighting

TACTICS = "tactics"
"""The Captain's skill: his share of the Victory Points goes to it (line 1530)."""


def crewed_ships(scenario: Mapping[str, Any]) -> tuple[str, ...]:
    """The ships of a scenario the players crew: those its `crewed` list names, else the first;
    none below the command level. DataError names a `crewed` that is not a list of its ships."""
    if scenario.get("level") != COMMAND_LEVEL:
        return ()
    ships = [str(s.get("id")) for s in scenario.get("ships", []) if isinstance(s, Mapping)]
    listed = scenario.get("crewed")
    if listed is None:
        return tuple(ships[:1])
    if not isinstance(listed, list) or not listed or any(
            not isinstance(s, str) or s not in ships for s in listed) or \
            len(set(listed)) != len(listed):
        raise DataError(f"scenario {scenario.get('id', '?')}: crewed must list the ids of the "
                        f"ships the players crew, each once (ships: {', '.join(ships)}), not "
                        f"{listed!r}")
    return tuple(listed)


MAX_CREW_NAME = 40


def check_crew_files(scenario: Mapping[str, Any], where: str, ships: set[str]) -> None:
    """A scenario's `crew_files`: ship id -> the name of the table's crew file its officers were
    taken from (the application writes it; the rules do not read it, a log keeps it)."""
    files = scenario.get("crew_files", {})
    if not isinstance(files, Mapping) or any(
            k not in ships or not isinstance(v, str) or not 0 < len(v) <= MAX_CREW_NAME
            for k, v in files.items()):
        raise DataError(f"{where}: crew_files must map ship ids of the scenario to crew names "
                        f"(1 to {MAX_CREW_NAME} characters)")


def crew_of(scenario: Mapping[str, Any], ship: str) -> str:
    """The crew layout of `ship` in `scenario`: its entry's `crew`, the scenario's, else "4"."""
    for entry in scenario.get("ships", []):
        if isinstance(entry, Mapping) and entry.get("id") == ship:
            value = entry.get("crew", scenario.get("crew", DEFAULT_CREW))
            text = str(value) if type(value) is int else value
            if not isinstance(text, str) or text not in CREWS:
                raise DataError(f"scenario {scenario.get('id', '?')}, ship {ship}: crew must be "
                                f"one of {', '.join(CREWS)}, not {value!r}")
            return text
    raise DataError(f"scenario {scenario.get('id', '?')}: no ship {ship!r}")


def officer_needs(scenario: Mapping[str, Any]) -> dict[str, dict[str, tuple[str, ...]]]:
    """Ship -> station -> the skills its officer needs, for each ship the players crew."""
    return {ship: needs(crew_of(scenario, ship)) for ship in crewed_ships(scenario)}


def captain_station(scenario: Mapping[str, Any], ship: str) -> str:
    """The station of `ship` that is its Captain (carries the command duty)."""
    return station_for(crew_of(scenario, ship), Duty.COMMAND)


def skill_names() -> tuple[tuple[str, str], ...]:
    """(key, book name) of every skill, in the book's order."""
    return tuple((s.key, s.name) for s in SKILLS.values())


def rating_range() -> tuple[int, int]:
    return LOWEST, HIGHEST


def full_power(ship: Ship, scale: Fraction) -> int:
    """The class's full Total Power Units Available (the game's figure at its scale, undone)."""
    return round(Fraction(ship.cls.total_power) / scale) if scale else ship.cls.total_power


def victory_points(state: FasaState, side: str) -> tuple[tuple[str, int], ...]:
    """(ship name, Victory Points) for each ship `side` vanquished in a finished game (line 521;
    empty for a game not over)."""
    if not state.over:
        return ()
    out = []
    for ship in state.ships:
        if ship.side == side or ship.side == state.winner:
            continue
        if not fighting(ship):
            out.append((ship.name, points_for(full_power(ship, state.setup.scale))))
    return tuple(out)


def shares(points: int, stations: Sequence[str]) -> dict[str, int]:
    """`points` divided equally among the player roles (line 1530), whole points each; what does
    not divide equally is not given (docs/rules-decisions.md)."""
    if not stations:
        return {}
    each = max(0, points) // len(stations)
    return {station: each for station in stations}
