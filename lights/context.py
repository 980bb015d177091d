"""What a rule reads: one seat's context, made from the kernel's per-seat API alone.

    seat_context(state, Seat("helm", "enterprise"))   # that seat's view, ship, what it is asked
    seat_context(state, None)                          # the room's: what every side may know
    event_context(event, seat)                         # an event as a rule's `where` reads it

The same names for every game system (lights/names.py): `view` is the seat's `view` (the room's
is `engine.public.public_view`), `ship` the seat's own ship in it, `asked` what `pending` asks
of it, `seat` who it is, `over` whether the game is over. Nothing else of the state is read,
so an output shows only what its seat may know.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

from engine import Decision, GameState, Prompt, Seat, controls, pending, view
from engine.events import Event
from engine.public import public_view

AskedEntry = tuple[str, bool, str, bool]
"""What a seat is asked: (action, is a roll, what, is an offer the game does not wait for)."""


def _asked(entries: Sequence[AskedEntry]) -> dict[str, Any]:
    """The `asked` names: `decide`, a decision the game waits for; `offer`, one it does not
    (a self-destruct order, a warp speed left as it is); `roll`; the `actions` and `what`."""
    return {"decide": any(not roll and not offer for _, roll, _, offer in entries),
            "offer": any(offer for _, _, _, offer in entries),
            "roll": any(roll for _, roll, _, _ in entries),
            "actions": [a for a, _, _, _ in entries],
            "what": [w for _, _, w, _ in entries]}


def asked_entries(prompts: Sequence[Prompt], decisions: Sequence[Decision]) -> list[AskedEntry]:
    """A seat's entries from its prompts (`pending`) and, when one of them is not a roll, its
    decisions (`controls`), each of which says whether the game waits for it."""
    out: list[AskedEntry] = [(p.action, True, p.what, False) for p in prompts if p.roll is not None]
    if any(p.roll is None for p in prompts):
        out += [(d.action, False, d.prompt.what, bool(d.optional)) for d in decisions
                if d.action != "roll"]
    return out


def seat_context(state: GameState, seat: Seat | None) -> dict[str, Any]:
    """The context of `seat`'s rules (None: the room's, public)."""
    over = bool(getattr(state, "over", False))
    if seat is None:
        seen = public_view(state)
        entries: list[AskedEntry] = [(str(p.get("action") or ""), p.get("action") == "roll",
                                 str(p.get("what") or ""), False)
                                for p in seen.get("pending", ()) if isinstance(p, Mapping)]
        return make_context(seen, None, entries, None, over)
    seen = view(state, seat)
    prompts = pending(state, seat)
    decisions = controls(state, seat) if any(p.roll is None for p in prompts) else ()
    return make_context(seen, own_ship(seen, seat.ship), asked_entries(prompts, decisions),
                        seat, over)


def make_context(seen: Mapping[str, Any], ship: Mapping[str, Any] | None,
                 entries: Sequence[AskedEntry], seat: Seat | None,
                 over: bool) -> dict[str, Any]:
    """A context from a seat's view, its own ship in it, (action, is a roll, what) of each of
    its prompts, and whether the game is over (a caller that has them already: a panel)."""
    who: dict[str, Any] = {"station": None, "ship": None, "side": None}
    if seat is not None:
        who = {"station": str(seat.station), "ship": seat.ship,
               "side": seat.side or (ship.get("side") if ship else None)}
    return {"view": seen, "ship": ship, "asked": _asked(entries), "seat": who,
            "over": over or bool(seen.get("outcome"))}


def own_ship(seen: Mapping[str, Any], ship: str | None) -> Mapping[str, Any] | None:
    """The seat's own ship in its view (None without one, or when the view does not have it)."""
    if ship is None:
        return None
    for entry in seen.get("ships", ()):
        if isinstance(entry, Mapping) and entry.get("id") == ship:
            return entry
    return None


def _plain(value: object) -> object:
    """An event's field as plain data (dataclasses as tables, tuples as lists)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    return value


def event_context(event: Event, seat: Seat | None) -> dict[str, Any]:
    """`event` as a rule reads it: its type, its words, its fields, and whether it puts the
    seat's own ship on alert (`on_me`)."""
    out: dict[str, Any] = {"type": type(event).__name__, "text": event.text,
                           "alerts": event.alerts}
    if dataclasses.is_dataclass(event):
        for f in dataclasses.fields(event):
            out.setdefault(f.name, _plain(getattr(event, f.name)))
    out["on_me"] = event.alerts is not None and seat is not None and seat.ship is not None \
        and event.alerts == seat.ship
    return out


def panel_context(state: GameState, seat: Seat, *, editing: str | None = None,
                  values: Mapping[str, object] | None = None, maximum: int = 1, budget: int = 1,
                  alert: bool = False, flash: bool = False, sent: bool = False,
                  has_amber: bool = False) -> dict[str, Any]:
    """The context of a panel's own lights: its seat's, with what is being entered at the panel
    (`panel`). `maximum`: the largest field's maximum, `budget`: the first budget's (each at
    least 1, so that a value over it is never a division by nothing)."""
    ctx = seat_context(state, seat)
    ctx["panel"] = panel_part(editing, values or {}, maximum, budget, alert, flash, sent,
                              has_amber)
    return ctx


def panel_part(editing: str | None, values: Mapping[str, object], maximum: int, budget: int,
               alert: bool, flash: bool, sent: bool, has_amber: bool) -> dict[str, Any]:
    """The `panel` names of a panel's context."""
    return {"editing": editing, "values": dict(values), "maximum": max(1, maximum),
            "budget": max(1, budget), "alert": alert, "flash": flash, "sent": sent,
            "has_amber": has_amber}
