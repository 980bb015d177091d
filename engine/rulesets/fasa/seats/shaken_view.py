"""What a ship's own side sees of its shaken bridge, its systems out, its power off the grid and its
power spent as it goes (Book Two, Command & Control: Bridge Hits And DEX Rolls, Engineering Out,
Recording Power Expended; docs/engine.md, "Command & Control: shaken bridge and power"), in fields
a panel lights an LED from: plain booleans and counts, the same keys for every ship of the side
(an uncrewed ship's are all off)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from engine.rulesets.fasa.engineering import power_spent
from engine.rulesets.fasa.firing.bridge_hits import RETRY_PENALTY
from engine.rulesets.fasa.values.crew import Duty, station_for, stations_of
from engine.rulesets.fasa.values.officers import SKILLS
from engine.rulesets.fasa.values.shaken import (
    SYSTEM_SKILL,
    SYSTEMS,
    duty_out,
    fire_blocked,
    grid_out,
    sensors_dark,
    shields_down,
    station_out,
    straight_line,
    system_out,
)
from engine.rulesets.fasa.values.state import FasaState, Ship


@cache
def _station_names(crew: str) -> tuple[str, ...]:
    return tuple(str(st) for st in stations_of(crew))


@cache
def _system_stations(crew: str) -> Mapping[str, str]:
    return MappingProxyType({name: str(station_for(crew, duty)) for name in SYSTEMS
                             if (duty := SKILLS[SYSTEM_SKILL[name]].duty) is not None})


def shaken_json(state: FasaState, ship: Ship) -> dict[str, Any]:
    """The ship's shaken bridge and power, for its side's panels. (A view is made for every
    seat after every action: what depends on the crew alone is worked out once a crew, and a
    ship with no officer or system shaken has them all off without asking each.)"""
    sh = ship.shaken
    crew = state.crew(ship.id)
    tracked = power_spent.tracked(state, ship)
    return {
        # Each station of the crew: is its officer shaken (an LED on his panel).
        "shaken_stations": {st: station_out(ship, st) for st in _station_names(crew)}
        if sh.officers else dict.fromkeys(_station_names(crew), False),
        "shaken_officers": [{"station": o.station, "failed_rolls": o.tries} for o in sh.officers],
        # Each combat system: out (an LED), how many repair rolls failed, the next roll's penalty.
        "systems_out": {name: system_out(ship, name) for name in SYSTEMS}
        if sh.systems else dict.fromkeys(SYSTEMS, False),
        # The station of "the officer in charge of the system" (line 1371): whose panel lights
        # the system's LED while it is out.
        "system_stations": dict(_system_stations(crew)),
        "system_repairs": [{"system": s.system, "failed_rolls": s.tries,
                            "next_penalty": RETRY_PENALTY * s.tries,
                            "next_roll": "end of the next Firing Phase"}
                           for s in sh.systems],
        # Power off the grid (an LED on every panel of the ship).
        "grid_out": grid_out(ship),
        "grid_phases": sh.grid,
        "grid_roll_due": sh.grid_roll in ("later", "now"),
        "grid_next_penalty": RETRY_PENALTY * sh.grid_tries,
        # What the shaken bridge means this phase.
        "fire_blocked": fire_blocked(state, ship),
        "straight_line": straight_line(state, ship),
        "shields_down": shields_down(ship),
        "sensors_dark": sensors_dark(state, ship),
        "panels_frozen": {"engineering": grid_out(ship) or duty_out(state, ship, Duty.POWER),
                          "weapons": duty_out(state, ship, Duty.WEAPONS),
                          "shields": duty_out(state, ship, Duty.SHIELDS)},
        # Recording Power Expended (line 1081): the running totals, and a power-down under way.
        "power_spent": power_spent.spent(ship) if tracked else None,
        "power_left": power_spent.left(ship) if tracked else None,
        "movement_points_left": power_spent.mp_left(ship) if tracked else None,
        "powering_down": {"engineer": sh.cut, "weapons": sh.cut_weapons,
                          "shields": sh.cut_shields},
    }
