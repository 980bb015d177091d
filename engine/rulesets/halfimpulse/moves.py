"""A space of movement (seed line 121): every unit of the moving slot moves one space at once
(one player's counters at one speed together, lines 20-37), or, at Speed Zero, turns in place
or not at all.

The ways a unit moves are the table's: F one hex ahead; P or S one hex ahead, then a hexside to
port or starboard; L or R a sideslip, one hex ahead to port or starboard with the facing kept
(the replay's "side slipping to his right", line 410). How often a unit may turn is SFB's and
the table's to keep; the referee checks only that each unit of the slot moves one space.

A turn in place first (an HET or an Impulse TAC) is refused in the first space of the First
Phase, until the first unit to move has moved a space (lines 65-74), and in the Drone and
Plasma movement (lines 74-78).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import HEADING_NAMES, Hex, MapBounds
from engine.rulesets.halfimpulse import order
from engine.rulesets.halfimpulse.actions import Move, UnitMove
from engine.rulesets.halfimpulse.events import Moved, StatusChanged
from engine.rulesets.halfimpulse.mines import place
from engine.rulesets.halfimpulse.state import DRONES, ZERO, HalfState, Player, Unit, replace
from engine.stations import title

WAYS = {"F": "ahead", "P": "ahead and to port", "S": "ahead and to starboard",
        "L": "sideslip to port", "R": "sideslip to starboard"}
WAY_LABELS = {"F": "ahead", "P": "turn port", "S": "turn stbd", "L": "slip port",
              "R": "slip stbd"}
"""The ways as a button reads them (a few letters, whole at 800x480)."""


def step(pos: Hex, facing: int, way: str) -> tuple[Hex, int]:
    """Where a space of movement `way` takes a unit at `pos` facing `facing`."""
    if way == "L":
        return pos.neighbor(facing - 1), facing
    if way == "R":
        return pos.neighbor(facing + 1), facing
    turn = {"P": -1, "S": 1}.get(way, 0)
    return pos.neighbor(facing), (facing + turn) % 6


def going(state: HalfState) -> tuple[Unit, ...]:
    """The units that move a space now: the slot's, each while it has spaces left."""
    slot = state.slot
    if slot is None or state.stage == ZERO:
        return ()
    return tuple(u for uid in slot.units if (u := state.find(uid)) is not None and u.on_map
                 and not u.stopped and u.moved < order.spaces(u, state.phase))


def turn_problem(state: HalfState, unit: Unit) -> str | None:
    """Why `unit` may not turn in place (an HET or Impulse TAC) now, or None."""
    if state.stage == DRONES:
        return "no HET or Impulse TAC in the Drone and Plasma movement (lines 74-75)"
    if not state.first_space:
        return ("no HET or Impulse TAC until the first unit to move has moved a space "
                "(lines 65-74)")
    if unit.seeking:
        return f"a {unit.kind} does not turn in place"
    return None


def moved(state: HalfState, action: Move, player: Player) -> tuple[HalfState, list[Event]]:
    who = title(action.station)
    if player.id != state.moving_player:
        raise IllegalAction(f"{who}: it is not {player.name}'s movement")
    movers = going(state)
    named = [m.unit for m in action.moves]
    if len(set(named)) != len(named):
        raise IllegalAction(f"{who}: each unit moves once a space")
    if state.stage == ZERO:
        mine = {u.id for u in state.of_player(player.id)}
        if any(n not in mine for n in named):
            raise IllegalAction(f"{who}: at Speed Zero only {player.name}'s units turn in place")
    elif sorted(named) != sorted(u.id for u in movers):
        raise IllegalAction(f"{who}: this space moves {', '.join(u.name for u in movers)}, "
                            f"each one space (lines 20-37, 121)")
    bounds = MapBounds(state.cols, state.rows)
    events: list[Event] = []
    changed: dict[str, Unit] = {}
    for m in action.moves:
        unit, told = _one(state, m, who, bounds)
        changed[unit.id] = unit
        events += told
    state = state.with_units(changed)
    if state.phase == 1 and state.stage != ZERO and state.stage != DRONES:
        state = replace(state, first_space=True)
    return replace(state, waiting=()), events


def _one(state: HalfState, m: UnitMove, who: str, bounds: MapBounds
         ) -> tuple[Unit, list[Event]]:
    unit = state.find(m.unit)
    assert unit is not None
    events: list[Event] = []
    if m.facing != -1:
        why = turn_problem(state, unit)
        if why is not None:
            raise IllegalAction(f"{who}: {unit.name}: {why}")
        if not 0 <= m.facing <= 5:
            raise IllegalAction(f"{who}: a facing is 0 to 5 (N, NE, SE, S, SW, NW), not "
                                f"{m.facing}")
        unit = replace(unit, facing=m.facing)
        events.append(Moved(unit.id, f"{unit.name} turns in place to face "
                                     f"{HEADING_NAMES[m.facing]} (HET or Impulse TAC)"))
    if state.stage == ZERO:
        if m.way != "":
            raise IllegalAction(f"{who}: at Speed Zero nothing moves a space (line 207)")
        return unit, events
    if m.way not in WAYS:
        raise IllegalAction(f"{who}: {unit.name} moves F, P, S, L or R "
                            f"({', '.join(f'{k} {v}' for k, v in WAYS.items())}), "
                            f"not {m.way[:5]!r}")
    pos, facing = step(unit.pos, unit.facing, m.way)
    count = order.spaces(unit, state.phase)
    unit = replace(unit, pos=pos, facing=facing, moved=unit.moved + 1)
    if not bounds.contains(pos):
        return replace(unit, on_map=False), events + [
            StatusChanged(unit.id, f"{unit.name} leaves the map", unit.player)]
    return unit, events + [Moved(unit.id, f"{unit.name} moves {WAYS[m.way]} to {place(pos)}, "
                                          f"space {unit.moved} of {count}")]
