"""Rescues During Combat, an optional rule of the advanced game (Book Two, Advanced, seed 000
lines 525-529): "A captain who finds his ship in trouble can abandon ship by beaming aboard a
friendly ship or base provided it is no more than 4 hexes away. This is an automatic victory for
the opposing side, but the captain is still alive ..."

With the scenario's `options.rescues` on, the Captain's order of the turn (the `self_destruct`
decision, offered in each Power Allocation Phase) has a third value, `abandon`, when a friendly
ship is on the map within 4 hexes: the captain and crew beam aboard the nearest (ties by id), and
the ship is left a derelict, out of the fight as a disabled ship is, with no one aboard to give
an order. What the campaign keeps (the captain's Advancement Points, not the crew's) is
`campaign.after_rescue`. Readings: docs/rules-decisions.md, "The advanced game's optional rules".
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import distance
from engine.rulesets.fasa.values.events import StatusChanged
from engine.rulesets.fasa.values.state import ACTIVE, DISABLED, FasaState, Ship, replace

ABANDON = "abandon"
RESCUE_RANGE = 4
"""Hexes to the friendly ship the crew beams aboard: "no more than 4 hexes away" (line 527)."""


def in_play(state: FasaState) -> bool:
    return state.setup.options.rescues


def host(state: FasaState, ship: Ship) -> Ship | None:
    """The friendly ship the crew would beam aboard: the nearest of its side on the map (in play
    or disabled, not abandoned itself) no more than 4 hexes away; None when there is none."""
    near = [s for s in state.ships if s.side == ship.side and s.id != ship.id
            and s.status in (ACTIVE, DISABLED) and not s.abandoned
            and distance(s.pos, ship.pos) <= RESCUE_RANGE]
    return min(near, key=lambda s: (distance(s.pos, ship.pos), s.id)) if near else None


def abandon_problem(state: FasaState, ship: Ship) -> str:
    """Why `ship` may not be abandoned now, or ""."""
    if not in_play(state):
        return "abandoning ship is an optional rule this game does not play (rescues)"
    if host(state, ship) is None:
        return f"no friendly ship within {RESCUE_RANGE} hexes to beam aboard"
    return ""


def abandon(state: FasaState, ship: Ship, who: str) -> tuple[FasaState, list[Event]]:
    """The crew beams aboard the host; the ship is a derelict for the rest of the game."""
    if why := abandon_problem(state, ship):
        raise IllegalAction(f"{who}: {ship.name} cannot be abandoned: {why}")
    rescuer = host(state, ship)
    assert rescuer is not None
    derelict = replace(ship, status=DISABLED, abandoned=True, ordered=True, cloaked=False,
                       lock="")
    state = state.with_ship(derelict)
    return state, [StatusChanged(ship.id, ship.name, DISABLED,
                                 f"abandoned: its captain and crew beam aboard {rescuer.name} "
                                 "(a victory for the other side)")]
