"""What every side may know: the view and the events of no seat, for whatever the whole room
sees (the consoles' viewscreen, the room's lights and sounds).

    public_view(state)             # each fact as the side that may know least is told it
    public_events(state, events)   # the events every side is told

Made only of what the sides' own views and events say (`view`, `events_for`), so it can hold
no secret that the ruleset's one filter keeps from any side. `seen` lets a caller that already
asks the views (the consoles, once per state and seat) hand them over.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from engine.events import Event
from engine.game import events_for, view
from engine.ruleset import GameState
from engine.stations import CAPTAIN, INSTRUCTOR, Seat

Seen = Callable[[GameState, Seat], dict[str, Any]]

PUBLIC_SHIP = ("id", "name", "class", "race", "side", "col", "row", "heading", "movement_points",
               "status", "warp", "emergency_turned", "evading", "cloaked")
"""What the public view shows of a ship: the keys every seat is given of any ship."""


def side_seats(state: GameState, seen: Seen = view) -> dict[str, Seat]:
    """One seat per side (the Captain of its first ship), in the order of the ships."""
    out: dict[str, Seat] = {}
    for s in seen(state, Seat(INSTRUCTOR)).get("ships", ()):
        out.setdefault(str(s["side"]), Seat(CAPTAIN, str(s["id"])))
    return out


def _seen_by_all(views: Sequence[Mapping[str, Any]], key: str) -> list[Any]:
    """The entries of list `key` that every view holds (mines every side knows, ...)."""
    first = list(views[0].get(key, ())) if views else []
    return [x for x in first if all(x in v.get(key, ()) for v in views[1:])]


def _per_ship(key: str, first: Mapping[str, Any], views: Mapping[str, Mapping[str, Any]],
              side_of: Mapping[str, str]) -> dict[str, Any]:
    """A table keyed by ship (a variant's Fire / No Fire counters, ...): each ship's entry as a
    side other than its own is told it, as the ships themselves are."""
    out: dict[str, Any] = {}
    for ship_id, value in first.items():
        others = [v for s, v in views.items() if s != side_of[ship_id]]
        told = next((v[key] for v in others if isinstance(v.get(key), Mapping)), None)
        out[ship_id] = told.get(ship_id, value) if told is not None else value
    return out


def public_view(state: GameState, seen: Seen = view) -> dict[str, Any]:
    """The view of no seat: made only of what the sides' own views say, each fact as the side
    that may know least is told it."""
    seats = side_seats(state, seen)
    views = {side: seen(state, seat) for side, seat in seats.items()}
    if not views:
        return {"ships": [], "map": {"cols": 1, "rows": 1}, "pending": [], "seat": None}
    order = list(views)
    base = dict(views[order[0]])   # its own top level; what it shares is only read
    ships = []
    for ship in base.get("ships", ()):
        side = str(ship["side"])
        others = [v for s, v in views.items() if s != side] or [views[side]]
        entries = [next((x for x in v.get("ships", ()) if x.get("id") == ship["id"]), None)
                   for v in others]
        if any(e is None for e in entries):
            continue
        hidden = next((e for e in entries if e is not None and e.get("col") is None), None)
        chosen = hidden or entries[0]
        assert chosen is not None
        ships.append({k: chosen.get(k) for k in PUBLIC_SHIP})
    # whose move it is: each prompt as a side other than its ship's is told of it
    side_of = {str(s["id"]): str(s["side"]) for s in base.get("ships", ())}
    told: list[dict[str, Any]] = []
    for side, v in views.items():
        for entry in v.get("pending", ()):
            ship_side = side_of.get(str(entry.get("ship")), "")
            if ship_side != side or len(views) == 1:
                item = {"ship": entry.get("ship"), "station": entry.get("station"),
                        "action": entry.get("action"), "what": entry.get("what")}
                if item not in told:
                    told.append(item)
    every_side = {str(s["id"]): str(s["side"])
                  for s in seen(state, Seat(INSTRUCTOR)).get("ships", ())}
    for key, value in list(base.items()):
        if isinstance(value, Mapping) and value and set(value) <= set(every_side):
            base[key] = _per_ship(key, value, views, every_side)
    base.update({"ships": ships, "pending": told, "seat": None, "sensor_reports": [],
                 "counters": _seen_by_all(list(views.values()), "counters"),
                 "detected": _seen_by_all(list(views.values()), "detected")})
    return base


def public_events(state: GameState, events: Sequence[Event],
                  seen: Seen = view) -> tuple[Event, ...]:
    """The events every side is told (by their text), from one `apply` (`state` after it)."""
    seats = list(side_seats(state, seen).values())
    if not seats:
        return ()
    told = [events_for(state, events, s) for s in seats]
    texts = [{e.text for e in t} for t in told[1:]]
    return tuple(e for e in told[0] if all(e.text in t for t in texts))
