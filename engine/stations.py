"""Bridge stations: the roles that act in a game, by the names used in logs and on the command line.

Book Two, Command & Control: Captain, Chief Engineer, Helmsman, Science Officer/Navigator and the
Instructor; "Expanding For More Players" splits Helm into Helm and Weapons, and the Science
Officer's job into Science, Navigator and Communications. Which station does what in a crew of a
given size is the ruleset's authority table (FASA: `engine.rulesets.fasa.values.crew`).

The Admiral (Book Two, Advanced: Optional Rules, seed 000 line 437, `cat -n`) commands no ship:
"one of the players does not actually command a ship, but acts as an Admiral, coordinating the
movements of all the ships". Its seat names a side instead: `Seat("admiral", side="Federation")`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from engine.errors import SeatError


class Station(StrEnum):
    """A bridge station. Its value is the name used in logs, configuration and the command line."""

    CAPTAIN = "captain"
    ENGINEER = "engineer"
    HELM = "helm"
    SCIENCE = "science"
    INSTRUCTOR = "instructor"
    WEAPONS = "weapons"
    NAVIGATOR = "navigator"
    COMMS = "comms"
    ADMIRAL = "admiral"


CAPTAIN, ENGINEER, HELM, SCIENCE = Station.CAPTAIN, Station.ENGINEER, Station.HELM, Station.SCIENCE
INSTRUCTOR, WEAPONS, NAVIGATOR, COMMS = (Station.INSTRUCTOR, Station.WEAPONS, Station.NAVIGATOR,
                                         Station.COMMS)
ADMIRAL = Station.ADMIRAL

STATION_NAMES: tuple[str, ...] = tuple(s.value for s in Station)

TITLES: dict[str, str] = {
    CAPTAIN: "Captain",
    ENGINEER: "Engineering",
    HELM: "Helm",
    SCIENCE: "Science",
    INSTRUCTOR: "Instructor",
    WEAPONS: "Weapons",
    NAVIGATOR: "Navigator",
    COMMS: "Communications",
    ADMIRAL: "Admiral",
}


def title(station: str) -> str:
    """The station's name as a player reads it ("engineer" -> "Engineering")."""
    return TITLES.get(station, station)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who is looking or acting: a station on one ship, or the Instructor, who sees everything and
    may act for any ship (`Seat("instructor")`; with a ship, only that ship's prompts are listed),
    or the Admiral of a side, who commands no ship (`Seat("admiral", side="Federation")`: an
    optional rule, seed line 437).

    A seat is made from outside input (a configuration file, a command line), so it checks itself
    and raises `ValueError` with the names it accepts.
    """

    station: str
    ship: str | None = None
    side: str | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.station, str) or self.station not in STATION_NAMES:
            raise SeatError(
                f"unknown station {self.station!r}; stations are: {', '.join(STATION_NAMES)}"
            )
        if self.ship is not None and not isinstance(self.ship, str):
            raise SeatError(f"a seat's ship is a ship id, not {self.ship!r}")
        if self.side is not None and (not isinstance(self.side, str) or not self.side):
            raise SeatError(f"a seat's side is a side's name, not {self.side!r}")
        if self.station == ADMIRAL:
            if self.ship is not None or self.side is None:
                raise SeatError("the Admiral seat names a side and no ship: "
                                "Seat('admiral', side='Federation')")
        elif self.side is not None:
            raise SeatError(f"only the Admiral seat names a side; the {title(self.station)} "
                            f"seat names a ship: Seat({self.station!r}, 'ship-id')")
        if self.station not in (INSTRUCTOR, ADMIRAL) and self.ship is None:
            raise SeatError(f"the {title(self.station)} seat needs a ship: "
                             f"Seat({self.station!r}, 'ship-id')")
        object.__setattr__(self, "station", Station(self.station))

    @property
    def is_instructor(self) -> bool:
        return self.station == INSTRUCTOR

    @property
    def is_admiral(self) -> bool:
        return self.station == ADMIRAL

    def __str__(self) -> str:
        if self.side is not None:
            return f"{title(self.station)} of the {self.side} side"
        return title(self.station) if self.ship is None else f"{title(self.station)} of {self.ship}"
