"""The Instructor's Seats view: who plays each seat, and the change asked for the next turn.

Each seat (a station of a ship) is played by a person at its panel, a person at the touchscreen,
or the autopilot. The app says how each seat is played now, which change the Instructor asked
for (made at the start of the next turn), and why a seat cannot be played at a panel (no panel
for that station in the pin map, or the panel is another ship's); the view offers the three
modes with "panel" greyed out with that reason, as the station panels grey out a choice.
Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from engine.stations import ADMIRAL, title

MODES: tuple[str, ...] = ("panel", "touch", "autopilot")
LABELS: dict[str, str] = {"panel": "PANEL", "touch": "TOUCH", "autopilot": "AUTO"}
ASKED_NOTE = "next turn"


@dataclass(frozen=True, slots=True)
class SeatRow:
    """One seat as the app reports it."""

    ship: str
    station: str
    mode: str                          # how it is played now ("panel", "touch", "autopilot")
    asked: str | None = None           # the change waiting for the start of the next turn
    panel_problem: str | None = None   # why it cannot be played at a panel (None: it can)


@dataclass(frozen=True, slots=True)
class ModeChoice:
    """One of a seat's three modes, as a touch target."""

    id: str                  # the widget id: "seatmode:<ship>/<station>:<mode>"
    mode: str
    label: str
    problem: str | None      # greyed out with this reason
    current: bool            # the seat is played so now
    asked: bool              # the Instructor asked for this from the next turn


@dataclass(frozen=True, slots=True)
class SeatLine:
    """A line of the Seats view: a ship's name (`choices` empty), or one of its seats."""

    label: str
    choices: tuple[ModeChoice, ...] = ()
    station: str = ""


def mode_id(ship: str, station: str, mode: str) -> str:
    return f"seatmode:{ship}/{station}:{mode}"


def parse_mode_id(rest: str) -> tuple[str, str, str] | None:
    """(ship, station, mode) from the part of a widget id after "seatmode:", or None."""
    seat, colon, mode = rest.rpartition(":")
    ship, slash, station = seat.rpartition("/")
    if not (colon and slash and ship and station and mode in MODES):
        return None
    return ship, station, mode


def choices(row: SeatRow) -> tuple[ModeChoice, ...]:
    """The seat's three modes. "panel" is greyed out with the reason when the seat cannot be
    played at a panel (unless it is played there now)."""
    out = []
    for mode in MODES:
        problem = row.panel_problem if mode == "panel" and row.mode != "panel" else None
        out.append(ModeChoice(mode_id(row.ship, row.station, mode), mode, LABELS[mode], problem,
                              row.mode == mode, row.asked == mode and row.mode != mode))
    return tuple(out)


def seat_lines(rows: Sequence[SeatRow], names: Mapping[str, str]) -> tuple[SeatLine, ...]:
    """The view's lines: each ship's name (as the game calls it), then its seats in the order
    given."""
    out: list[SeatLine] = []
    ship: str | None = None
    for row in rows:
        if row.ship != ship:
            ship = row.ship
            # an Admiral's seat (an optional rule) is a side's: "Blue side"
            out.append(SeatLine(names.get(ship, f"{ship} side" if row.station == ADMIRAL
                                          else ship)))
        out.append(SeatLine(title(row.station), choices(row), row.station))
    return tuple(out)


def asked_count(rows: Sequence[SeatRow]) -> int:
    return sum(1 for r in rows if r.asked is not None and r.asked != r.mode)
