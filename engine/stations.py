"""Bridge stations: the roles that act in a game, by the names used in logs and on the command line.

Book Two, Command & Control: Captain, Chief Engineer, Helmsman, Science Officer/Navigator and the
Instructor; "Expanding For More Players" splits Helm into Helm and Weapons, and the Science
Officer's job into Science, Navigator and Communications.
"""

from __future__ import annotations

from dataclasses import dataclass

CAPTAIN = "captain"
ENGINEER = "engineer"
HELM = "helm"
SCIENCE = "science"
INSTRUCTOR = "instructor"
WEAPONS = "weapons"
NAVIGATOR = "navigator"
COMMS = "comms"

STATION_NAMES: tuple[str, ...] = (
    CAPTAIN, ENGINEER, HELM, SCIENCE, INSTRUCTOR, WEAPONS, NAVIGATOR, COMMS,
)

TITLES: dict[str, str] = {
    CAPTAIN: "Captain",
    ENGINEER: "Engineering",
    HELM: "Helm",
    SCIENCE: "Science",
    INSTRUCTOR: "Instructor",
    WEAPONS: "Weapons",
    NAVIGATOR: "Navigator",
    COMMS: "Communications",
}


def title(station: str) -> str:
    """The station's name as a player reads it ("engineer" -> "Engineering")."""
    return TITLES.get(station, station)


@dataclass(frozen=True, slots=True)
class Seat:
    """Who is looking or acting: a station on one ship, or the Instructor (ship None) who sees all."""

    station: str
    ship: str | None = None

    def __post_init__(self) -> None:
        if self.station not in STATION_NAMES:
            raise ValueError(
                f"unknown station {self.station!r}; stations are: {', '.join(STATION_NAMES)}"
            )
