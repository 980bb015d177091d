"""What the display asks of the engine for one seat: the view, the open decisions, the reasons.

Everything that reaches the screen goes through the engine's per-seat filter (`view`,
`controls`, `events_for`), so a player's screen shows only what that seat may know.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from display.panel_sync import Key
from engine import (
    Action,
    Decision,
    GameState,
    Seat,
    apply,
    awaited,
    controls,
    crew_stations,
    events_for,
    new_game,
    pending,
    problem,
    view,
)
from engine.events import Event
from engine.stations import INSTRUCTOR, STATION_NAMES
from readouts.panel_model import PANEL_STATIONS


@dataclass(frozen=True, slots=True)
class Open:
    """One decision open at this display: which station of which ship must take it."""

    station: str
    ship: str | None
    decision: Decision

    @property
    def key(self) -> Key:
        prompt = getattr(self.decision, "prompt", None)
        return (self.station, self.ship, self.decision.action, str(getattr(prompt, "what", "")))


def seat_view(state: GameState, seat: Seat) -> dict[str, Any]:
    """The seat's `view`, its `pending` list cut to the prompts the game waits for (the
    kernel's `awaited`): an offer the game goes on without (a self-destruct order, a warp
    speed Helm may leave as it is) is no one's turn, so no line names it as one. (A view lists
    every ship's pending seats, another side's in words that tell nothing: an entry the view
    shows as another decision than the one open, which is its side's secret, is dropped only if
    it names an offer.)"""
    seen = view(state, seat)
    if "pending" in seen:
        waits = awaited(state)
        offers = {(p.ship, str(p.station), p.action) for p in pending(state) if p not in waits}
        seen["pending"] = [p for p in seen["pending"] if isinstance(p, Mapping) and (
            p.get("ship"), str(p.get("station")), p.get("action")) not in offers]
    return seen


def stations_of(state: GameState, seat: Seat) -> tuple[str, ...]:
    """The panels this display offers: the crew's stations of the seat's ship (Book Two, C&C:
    Expanding For More Players), the Instructor's panel first for the Instructor; an Admiral's
    own (an optional rule)."""
    if seat.side is not None:
        return (str(seat.station),)
    if seat.ship is None:   # every station some ship's crew has, in the stations' order
        try:
            found = {str(st) for ship in ship_ids(state) for st in crew_stations(state, ship)}
        except (AttributeError, KeyError, ValueError):
            found = set()
        return (INSTRUCTOR, *(sorted(found, key=STATION_NAMES.index)
                              if found and found <= set(STATION_NAMES) else PANEL_STATIONS))
    try:
        return tuple(crew_stations(state, seat.ship))
    except (KeyError, ValueError):
        return PANEL_STATIONS


def ship_ids(state: GameState) -> list[str]:
    """Every ship's id: the state's own list where it keeps one by that name (FASA, Knight
    Hawks), else the Instructor's view's, which every ruleset gives (the map shape)."""
    ships = getattr(state, "ships", None)
    if ships is not None:
        return [str(s.id) for s in ships]
    return [str(s["id"]) for s in view(state, Seat(INSTRUCTOR)).get("ships", ())]


def open_decisions(state: GameState, seat: Seat) -> list[Open]:
    """The decisions this display may take now: every station of the seat's ship (the crew
    shares the screen), or everything for the Instructor."""
    out: list[Open] = []
    if seat.ship is None:  # the Instructor's, or an Admiral's (its side's orders)
        for d in controls(state, seat):   # shown at the station that would take it
            out.append(Open(str(d.prompt.station), d.prompt.ship, d))
        return out
    for station in stations_of(state, seat):
        for d in controls(state, Seat(station, seat.ship)):
            out.append(Open(str(d.station), d.prompt.ship, d))
    return out


def why_not(state: GameState, action: Any) -> str | None:
    return problem(state, action)


def told(state: GameState, events: Sequence[Event], seat: Seat) -> tuple[Event, ...]:
    return tuple(events_for(state, tuple(events), seat))


def seat_side(state: GameState, seat: Seat) -> str | None:
    """The side whose secrets the seat may know: None for the Instructor (every side), "" when
    the seat's ship is not in the game (no side's); an Admiral's side."""
    if seat.side is not None:
        return seat.side
    if seat.ship is None:
        return None
    try:
        return str(state.ship(seat.ship).side)  # type: ignore[attr-defined]
    except (AttributeError, KeyError, ValueError):
        return ""


def replayed(scenario: Mapping[str, Any], actions: Sequence[Action],
             ) -> Iterator[tuple[GameState, GameState, tuple[Event, ...]]]:
    """(state before, state after, events) for each action of a game's log replayed from its
    scenario (DESIGN: Log and replay); raises the engine's error where the log goes wrong."""
    state = new_game(scenario)
    for action in actions:
        after, events = apply(state, action)
        yield state, after, events
        state = after


def weapon_range(seen: Mapping[str, Any], ship_id: str, weapon_id: str) -> int:
    """The farthest range (hexes) a weapon can hit at, as the seat's `view` gives it (each weapon's
    `reach`: the last column of its Firing Chart, Book Two, Advanced: Firing Weapons), or 0 when
    the view does not say (a ship of another side)."""
    for ship in seen.get("ships", ()):
        if isinstance(ship, Mapping) and ship.get("id") == ship_id:
            for w in ship.get("weapons", ()):
                if isinstance(w, Mapping) and w.get("id") == weapon_id:
                    reach = w.get("reach", 0)
                    return reach if type(reach) is int else 0
    return 0


def shot_needs(decision: Decision, field: str, value: object) -> int:
    """The highest d10 roll that hits with the weapon `field` at the target `value`, as the engine
    gives it in the fire decision's choice for this seat (`Choice.need`: worked out from what the
    seat may know), 0 when out of range or not known (a target the seat cannot see)."""
    try:
        choices = decision.field_named(field).choices
    except KeyError:
        return 0
    return next((c.need or 0 for c in choices if c.value == value), 0)


def plots_course(decision: Decision) -> bool:
    """A decision that plots a course (a field of course letters), whatever the ruleset calls
    it: the map shows its path and where the ship may still end."""
    return any(f.kind == "steps" for f in decision.fields)
