"""The engine calls a panel makes, in one place: the per-seat API (docs/engine.md).

A panel never re-implements a rule: what a seat must do comes from `pending`, the values it can
step through from `controls`, why an action would be refused from `problem`, and what it is told
from `events_for` and `view` (so a light never shows what the seat may not know).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import engine
from engine import Action, Decision, Event, GameState, Prompt, Seat
from engine.stations import INSTRUCTOR


def prompts(state: GameState, seat: Seat) -> tuple[Prompt, ...]:
    """What this seat must do now (never another seat's prompts)."""
    return engine.pending(state, seat)


def decisions(state: GameState, seat: Seat) -> tuple[Decision, ...]:
    """One `Decision` per prompt of this seat: its fields, their bounds and choices."""
    return engine.controls(state, seat)


def problem(state: GameState, action: Action) -> str | None:
    return engine.problem(state, action)


def told(state: GameState, events: tuple[Event, ...], seat: Seat) -> tuple[Event, ...]:
    return engine.events_for(state, events, seat)


def seat_view(state: GameState, seat: Seat) -> dict[str, Any]:
    return engine.view(state, seat)


def crew(state: GameState, ship: str) -> tuple[str, ...]:
    """The stations this ship's crew has (3 to 6 players)."""
    return engine.crew_stations(state, ship)


def is_alert(event: Event, seat: Seat) -> bool:
    """Does this event (one the seat was told) hit or damage the seat's own ship? The engine
    says which ship an event puts on alert (`Event.alerts`), for any ruleset."""
    if event.alerts is None:
        return False
    if seat.station == INSTRUCTOR and seat.ship is None:
        return True
    return event.alerts == seat.ship


class _OwnShips:
    """The seat's own ship from its view, made once per state and ship: every panel of a ship
    sees its own ship the same, and a bridge lights all its panels from one state. A pure memo
    of the last state (compared by identity), so nothing a test must reset."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.ships: dict[str | None, Mapping[str, Any] | None] = {}

    def get(self, state: GameState, seat: Seat) -> Mapping[str, Any] | None:
        if self.state is not state:
            self.state, self.ships = state, {}
        if seat.ship not in self.ships:
            self.ships[seat.ship] = own_ship(seat_view(state, seat), seat.ship)
        return self.ships[seat.ship]


own_ship_of = _OwnShips().get
"""`own_ship(seat_view(state, seat), seat.ship)`, made once per state and ship."""


class _Views:
    """Each seat's view of the last state asked (compared by identity), made once: a panel's
    lights read it only when their inputs changed, and then every light of the panel at once."""

    def __init__(self) -> None:
        self.state: GameState | None = None
        self.views: dict[Seat, dict[str, Any]] = {}

    def get(self, state: GameState, seat: Seat) -> dict[str, Any]:
        if self.state is not state:
            self.state, self.views = state, {}
        if seat not in self.views:
            self.views[seat] = seat_view(state, seat)
        return self.views[seat]


view_of = _Views().get
"""`seat_view(state, seat)`, made once per state and seat."""


def own_ship(view: Mapping[str, Any], ship: str | None) -> Mapping[str, Any] | None:
    """This seat's ship in its view, with the details only its own side sees (or None)."""
    for entry in view.get("ships", ()):
        if entry.get("id") == ship and "shields" in entry:
            return entry  # type: ignore[no-any-return]
    return None
