"""The Instructor's seat changes: who plays each seat, changed between turns.

Any seat (a station of a ship) is played by a person at its panel, a person at the touchscreen,
or the autopilot: "chosen at the start of a game and changeable by the Instructor between
turns" (the companion app's issue). A change asked for during a turn waits, shown as asked on
the Instructor's Seats view, and is made at the start of the next turn: at the moment the
engine's turn number goes up (after the action that ends a turn is accepted), before anyone acts
in the new turn. Before the game's first action nothing has been played yet, so a change is
made at once. Asking for a seat's current mode takes back a change still waiting.

A seat can be played at a panel only where the pin map has a panel for its station in its ship's
crew, or a panel of that crew that stands in for it (the pin map's `plays`: the Science panel is
Knight Hawks' Weapons station); one set of buttons cannot play two ships (a map may have panels
for a second crew, docs/wiring.md "Two crews on one Pi"), and a seat goes to a panel only if that
moves no other ship's crew to other panels.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.stations import title
from readouts.seats_model import MODES, SeatRow

if TYPE_CHECKING:
    from hardware.pinmap import PinMap

SeatKey = tuple[str, str]   # (ship, station)
NOT_AT_PANEL = ("touch", "autopilot")


def turn_of(state: Any) -> int:
    """The game turn a state is in (0 when the ruleset has no turns)."""
    return int(getattr(state, "turn", 0))


def panel_problem(pins: PinMap | None, seats: Mapping[SeatKey, str], key: SeatKey,
                  names: Mapping[str, str] | None = None) -> str | None:
    """Why the seat `key` cannot be played at a panel with `seats` as they will be (None: it
    can); `key`'s own entry in `seats` is not counted. `pins` is the table's pin map (None: no
    panels at this table). The map's crew 1 plays the first ship at panels in the order of
    `seats` (the scenario's), crew 2 the next, ships whose stations differ sharing one
    (hardware.ship_bridge.crews_of): the seat needs a panel in its ship's crew, and may not move
    another ship's crew to other panels."""
    from hardware.ship_bridge import crews_of

    ship, station = key
    if pins is None:
        return "no station panels at this table"
    if pins.panel_for(station) is None and not any(station in p.plays
                                                   for p in pins.panels.values()):
        return f"the pin map has no {title(station)} panel"
    order = list(dict.fromkeys([s for s, _ in seats] + [ship]))
    before = {s for k, m in seats.items() for s in (k[0],) if k != key and m not in NOT_AT_PANEL}
    crews: dict[str, list[str]] = {}   # each ship's stations, at panels or not
    for s, st in [*seats, key]:
        crews.setdefault(s, []).append(st)
    now, then = crews_of(order, before, crews), crews_of(order, before | {ship}, crews)

    def name(s: str) -> str:
        return (names or {}).get(s, s)

    for other in order:
        if other in now and now[other] != then[other]:
            return (f"{name(other)}'s crew would have to move to the crew {then[other]} "
                    f"panels (crew 1 plays the first ship at panels)")
    crew = then[ship]
    if pins.panel_for(station, crew) is None and \
            pins.stand_in(station, crew, crews[ship]) is None:
        first = next((s for s, n in now.items() if n == 1 and s != ship), None)
        return (f"the {title(station)} panel is {name(first)}'s (the pin map has panels for "
                f"crew {', '.join(map(str, pins.crews))} only)" if first is not None else
                f"the pin map has no {title(station)} panel for crew {crew}")
    return None


class SeatChanges:
    """The changes the Instructor asked for, waiting for the start of the next turn."""

    def __init__(self) -> None:
        self.asked: dict[SeatKey, str] = {}

    def planned(self, seats: Mapping[SeatKey, str]) -> dict[SeatKey, str]:
        """The seats as they will be once the asked changes are made."""
        out = dict(seats)
        out.update(self.asked)
        return out

    def ask(self, seats: Mapping[SeatKey, str], key: SeatKey, mode: str, pins: PinMap | None,
            names: Mapping[str, str] | None = None) -> str | None:
        """Ask that seat `key` be played by `mode`; the reason when it cannot be (nothing
        changes then)."""
        ship, station = key
        if key not in seats:
            return f"there is no {title(station)} seat on {ship} in this game"
        if mode not in MODES:
            return f"{mode!r} is not a way to play a seat (panel, touch or autopilot)"
        if mode == "panel" and seats[key] != "panel":
            problem = panel_problem(pins, self.planned(seats), key, names)
            if problem is not None:
                return problem
        if seats[key] == mode:
            self.asked.pop(key, None)
        else:
            self.asked[key] = mode
        return None

    def take(self) -> dict[SeatKey, str]:
        """The asked changes, to be made now; none wait after this."""
        out, self.asked = self.asked, {}
        return out

    def rows(self, seats: Mapping[SeatKey, str], pins: PinMap | None,
             names: Mapping[str, str] | None = None) -> tuple[SeatRow, ...]:
        """Every seat as the Seats view shows it, in the order of `seats`."""
        planned = self.planned(seats)
        out = []
        for key, mode in seats.items():
            out.append(SeatRow(key[0], key[1], mode if mode in MODES else "autopilot",
                               self.asked.get(key), panel_problem(pins, planned, key, names)))
        return tuple(out)
