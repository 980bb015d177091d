"""A game with the table's crews: a command-level scenario's crewed ships get their officers
from crew files before `new_game` (ratings they lack rolled and kept), and after the game each
crew's Victory Points are shared out and written back (Book Two, Command & Control: Adventures
And Campaigns, seed 000 lines 1520-1538).

    scenario, bound = with_crews(scenario, {None: "bridge"}, folder, seed, say)
    ...play...
    after_game(state, scenario, bound, folder, say)

A crewed ship with no crew file named gets officers rolled for this game alone, so the logged
scenario is always self-contained. The kernel (`engine.game`) says which ships are crewed, what
each station needs and what a side won; nothing here knows the rules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from companion.crews import (
    Crew,
    CrewError,
    award,
    check_name,
    complete,
    crew_path,
    load_crew,
    save_crew,
    scenario_officers,
)
from engine import GameState
from engine.game import captain_station, officer_needs, victory_points

Say = Callable[[str], None]


def parse_crews(values: list[str], where: str = "--crew") -> dict[str | None, str]:
    """`--crew NAME` (the first crewed ship) or `--crew SHIP=NAME`, repeated."""
    out: dict[str | None, str] = {}
    for value in values:
        ship, eq, name = value.rpartition("=")
        key = ship if eq else None
        if eq and not ship:
            raise CrewError(f"{where} {value}: write NAME or SHIP=NAME")
        if key in out:
            raise CrewError(f"{where}: {'the first crewed ship' if key is None else key} is "
                            "given two crews")
        out[key] = check_name(name)
    return out


def with_crews(scenario: Mapping[str, Any], crews: Mapping[str | None, str],
               folder: Path | None, seed: int, say: Say,
               save: bool = True) -> tuple[dict[str, Any], dict[str, str]]:
    """The scenario with each crewed ship's `officers` filled in, and which crew file each ship
    took (ship -> crew name). A crew file that does not exist yet is made; ratings rolled for
    it are saved in it (unless `save` is false)."""
    needs = officer_needs(scenario)
    out = dict(scenario)
    if not needs:
        if crews:
            say(f"starbridge: the crews ({', '.join(crews.values())}) sit out: only the command "
                "level has officers (--level command)")
        return out, {}
    ships = list(needs)
    unknown = [s for s in crews if s is not None and s not in needs]
    if unknown:
        raise CrewError(f"--crew: {', '.join(map(str, unknown))} is not a ship the players crew "
                        f"in this scenario (crewed: {', '.join(ships)})")
    rng = random.Random(f"crew ratings {seed}")
    d10 = lambda: rng.randint(1, 10)  # noqa: E731
    bound: dict[str, str] = {}
    entries = [dict(e) for e in scenario.get("ships", [])]
    for ship in ships:
        name = crews.get(ship) or (crews.get(None) if ship == ships[0] else None)
        crew = Crew(name or f"{ship}-crew")
        new = False
        if name is not None:
            if folder is None:
                raise CrewError("crew files live in the user data folder, and there is none")
            if crew_path(folder, name).exists():
                crew = load_crew(folder, name)
            else:
                new = True
        crew, rolled = complete(crew, needs[ship], d10)
        if name is not None:
            bound[ship] = name
            if new:
                say(f"starbridge: crew {name} is new; its officers are rolled (three dice and "
                    f"45): {crew_path(folder, name) if folder else name}")
            for line in rolled:
                say(f"starbridge: crew {name}: {line}")
            if rolled and save and folder is not None:
                save_crew(folder, crew)
        for entry in entries:
            if entry.get("id") == ship:
                entry["officers"] = scenario_officers(crew, needs[ship])
    out["ships"] = entries
    if bound:
        out["crew_files"] = bound
    else:
        out.pop("crew_files", None)
    return out, bound


def crews_of(scenario: Mapping[str, Any]) -> dict[str | None, str]:
    """The crew files a scenario's officers were taken from (its `crew_files`), to take them
    again for a rematch."""
    files = scenario.get("crew_files", {})
    return {str(k): str(v) for k, v in files.items()} if isinstance(files, Mapping) else {}


def after_game(state: GameState, scenario: Mapping[str, Any], folder: Path | None,
               say: Say) -> None:
    """Campaigns: for each crew file a ship took (the scenario's `crew_files`), the Victory
    Points its side won shared among its officers and written back to the file."""
    files = scenario.get("crew_files", {})
    bound = {str(k): str(v) for k, v in files.items()} if isinstance(files, Mapping) else {}
    if not bound or folder is None or not getattr(state, "over", False):
        return
    needs = officer_needs(scenario)
    sides = {str(e.get("id")): str(e.get("side")) for e in scenario.get("ships", [])}
    for ship, name in bound.items():
        won = victory_points(state, sides[ship])
        points = sum(p for _, p in won)
        crew = load_crew(folder, name)
        crew, said = award(crew, tuple(needs[ship]), captain_station(scenario, ship), points)
        save_crew(folder, crew)
        why = "; ".join(f"{n} {p}" for n, p in won) or "no enemy ship vanquished"
        say(f"starbridge: crew {name}: {why}")
        for line in said:
            say(f"starbridge: crew {name}: {line}")


def crew_layout(scenario: Mapping[str, Any], size: str | None,
                head_to_head: bool = False) -> dict[str, Any]:
    """The scenario with the table's crew size (`--crew-size`, `[game] crew_size`: every ship
    without its own `crew`), and, `head_to_head`, every ship crewed by players with no
    Instructor: "With 5 players ... it is possible to run two ships head-to-head, with three
    players manning each. In this game there would be no gamemaster" (line 1516), a crew of 3
    each unless a size is given."""
    out = dict(scenario)
    if head_to_head:
        ships = [e for e in scenario.get("ships", []) if isinstance(e, Mapping)]
        if len(ships) != 2 or len({e.get("side") for e in ships}) != 2:
            raise CrewError(f"--head-to-head: two ships of two sides, but scenario "
                            f"{scenario.get('id', '?')} has {len(ships)} ships")
        out["crewed"] = [str(e.get("id")) for e in ships]
        size = size or "3"
    if size:
        out["crew"] = size
    return out
