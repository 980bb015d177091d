"""Who does what on a Knight Hawks bridge: the one authority table of duties and stations.

The seed speaks of "the player" who controls a ship (seed 002, lines 162, 192, 200); the table
splits that player's work among a crew the way FASA's Command & Control does. The layouts are
ours (docs/rules-decisions.md, Knight Hawks: stations): a pilot (Helm), a gunner (Weapons), an
engineer for screens and damage control, and a Captain who makes the ship's own rolls.
The Instructor may act for any ship.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType

from engine.stations import CAPTAIN, ENGINEER, HELM, WEAPONS, Station


class Duty(StrEnum):
    COMMAND = "command"                # hazard and fire damage rolls, seeker activation
    PILOT = "pilot"                    # movement, navigation and break-apart rolls
    GUNNERY = "gunnery"                # fire, to-hit and damage rolls, ICMs, mines and seekers
    SCREENS = "screens"                # proton, electron, stasis and masking screens
    DAMAGE_CONTROL = "damage_control"  # repairs


def _layout(**duties: Station) -> Mapping[Duty, Station]:
    return MappingProxyType({Duty(k): v for k, v in duties.items()})


CREWS: Mapping[str, Mapping[Duty, Station]] = MappingProxyType({
    "1": _layout(command=CAPTAIN, pilot=CAPTAIN, gunnery=CAPTAIN, screens=CAPTAIN,
                 damage_control=CAPTAIN),
    "2": _layout(command=HELM, pilot=HELM, gunnery=WEAPONS, screens=HELM,
                 damage_control=HELM),
    "3": _layout(command=HELM, pilot=HELM, gunnery=WEAPONS, screens=ENGINEER,
                 damage_control=ENGINEER),
    "4": _layout(command=CAPTAIN, pilot=HELM, gunnery=WEAPONS, screens=ENGINEER,
                 damage_control=ENGINEER),
})
DEFAULT_CREW = "3"


def station_for(crew: str, duty: Duty) -> Station:
    return CREWS[crew][duty]


def stations_of(crew: str) -> tuple[str, ...]:
    seen: list[str] = []
    for station in CREWS[crew].values():
        if station not in seen:
            seen.append(station)
    return tuple(seen)
