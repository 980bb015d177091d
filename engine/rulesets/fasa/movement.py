"""Movement Phases (Book Two, Advanced: Sequence Of Play steps 4-6; Moving The Starship Silhouette
Counters): one hex ahead per movement point, with a heading change of one hexside for each movement
point used; the fastest ship moves first and, on equal movement, the ship with the tactical
advantage moves later. The points used in each phase come from the Movement Points Per Phase
table (Advanced: Movement With Three Movement/Firing Phases; our own five-phase spread)."""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import Hex, hex_to_offset, turn
from engine.rulesets.fasa.events import ShipMoved, StatusChanged
from engine.rulesets.fasa.state import ESCAPED, FasaState, Ship, replace

STEP_TURNS = {"F": 0, "P": -1, "S": 1}


def phase_points(state: FasaState, ship: Ship) -> int:
    """Movement points `ship` may use in the current Movement Phase."""
    if not ship.in_play or ship.superstructure <= 0:
        return 0
    return state.tables.movement_per_phase(ship.movement_points, state.phases)[state.phase - 1]


def movement_order(state: FasaState) -> tuple[str, ...]:
    """Ships that move this phase, fastest first; on a tie the advantage moves later."""
    movers = [s for s in state.ships if phase_points(state, s) > 0]
    movers.sort(key=lambda s: (-s.movement_points, state.rank(s.id)))
    return tuple(s.id for s in movers)


def path(state: FasaState, ship: Ship, steps: str,
         who: str = "Helm") -> tuple[list[tuple[Hex, int]], bool]:
    """The hexes and headings after each step, and whether the ship left the map."""
    pos, heading = ship.pos, ship.heading
    out: list[tuple[Hex, int]] = []
    for n, step in enumerate(steps, 1):
        if step not in STEP_TURNS:
            raise IllegalAction(
                f"{who}: step {n} is {step!r}; use F (ahead), P (port then ahead), S (starboard "
                "then ahead)")
        heading = turn(heading, STEP_TURNS[step])
        pos = pos.neighbor(heading)
        if pos in state.obstacles:
            col, row = hex_to_offset(pos)
            raise IllegalAction(f"{who}: step {n} runs into an obstacle at {col},{row}")
        out.append((pos, heading))
        if not state.bounds.contains(pos):
            if n != len(steps):
                raise IllegalAction(f"{who}: step {n} leaves the map; no steps may follow it")
            return out, True
    return out, False


def move(state: FasaState, ship: Ship, steps: str,
         who: str = "Helm") -> tuple[FasaState, list[Event]]:
    allowed = phase_points(state, ship)
    if len(steps) > allowed:
        raise IllegalAction(
            f"{who}: {ship.name} has {allowed} movement point{'s' if allowed != 1 else ''} "
            f"this phase, not {len(steps)}")
    trail, left = path(state, ship, steps, who)
    if trail:
        pos, heading = trail[-1]
    else:
        pos, heading = ship.pos, ship.heading
    col, row = hex_to_offset(pos)
    events: list[Event] = [ShipMoved(ship.id, ship.name, steps, col, row, heading)]
    new = replace(ship, pos=pos, heading=heading)
    if left:
        new = replace(new, status=ESCAPED)
        events.append(StatusChanged(ship.id, ship.name, ESCAPED, "left the map (driven off)"))
    return state.with_ship(new), events
