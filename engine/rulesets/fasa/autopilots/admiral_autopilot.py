"""The autopilot at an Admiral's seat (an optional rule, seed 000 line 437; `admiral.py`), and what
a ship's autopilot makes of its orders.

The Admiral plays from what its side knows (`views.redacted` of its seat, `seat`, which the
autopilot applies before it asks: this optional rule's module imports no module that assembles
the game): it names one enemy for
the whole side to close on, the seen enemy nearest its ships all together (fire gathered on one
ship), and orders a ship that has lost two thirds of its superstructure, or a ship the scenario
scores for leaving the map, to withdraw; with no enemy in sight it orders its ships to close with
no target named (each captain finds the enemy its own way).
A ship's autopilot steers for the enemy its order names, holds its place when told to hold, and
makes for the map's edge farthest from the enemy when told to withdraw (`autopilot.py`).
"""

from __future__ import annotations

from engine.hexgrid import distance, hex_to_offset
from engine.ruleset import Prompt
from engine.rulesets.fasa import victory
from engine.rulesets.fasa.command.admiral import CLOSE, WITHDRAW, FleetOrders, Order, targets
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship
from engine.stations import Seat

BATTERED = 3
"""A ship at a third of its superstructure or less is ordered to withdraw."""


def seat(prompt: Prompt) -> Seat:
    """The seat whose knowledge the Admiral's orders come from: its side's (the Instructor's
    when the Instructor gives them)."""
    return (Seat(prompt.station, side=prompt.side or "") if prompt.station != "instructor"
            else Seat("instructor"))


def orders(state: FasaState, prompt: Prompt) -> FleetOrders:
    """The Admiral's orders for its side this turn, from `state` as its `seat` may know it."""
    side = prompt.side or ""
    ships = [s for s in state.ships if s.side == side and s.status == ACTIVE]
    foes = [f for f in targets(state, side) if f.status == ACTIVE]
    escapers = victory.escapers(state.setup.victory)
    focus = min(foes, key=lambda f: (sum(distance(s.pos, f.pos) for s in ships), f.id),
                default=None)
    out = []
    for s in ships:
        if s.id in escapers or s.superstructure * BATTERED <= s.cls.superstructure:
            out.append(Order(s.id, WITHDRAW))
        else:
            out.append(Order(s.id, CLOSE, focus.id if focus is not None else ""))
    return FleetOrders(prompt.station, side, tuple(out))


def withdraw_edge(state: FasaState, ship: Ship, foes: list[Ship]) -> str:
    """The map's edge farthest from the enemies the ship can see (the east edge with none)."""
    if not foes:
        return "east"
    cols = sum(hex_to_offset(f.pos)[0] for f in foes) / len(foes)
    rows = sum(hex_to_offset(f.pos)[1] for f in foes) / len(foes)
    room = {"west": cols, "east": state.bounds.cols - 1 - cols, "north": rows,
            "south": state.bounds.rows - 1 - rows}
    return max(room, key=lambda e: (room[e], e))
