"""Movement Phases (Book Two, Advanced: Sequence Of Play steps 4-6; Moving The Starship Silhouette
Counters): one hex ahead per movement point, with a heading change of one hexside for each movement
point used; the fastest ship moves first and, on equal movement, the ship with the tactical
advantage moves later. The points used in each phase come from the Movement Points Per Phase
table (Advanced: Movement With Three Movement/Firing Phases; our own five-phase spread).

The advanced game adds (docs/rules-decisions.md, The advanced game):

- Emergency Heading Changes: "the heading also may be changed two hex-sides" for one movement
  point, with stress damage (`stress.py`): steps L (two hexsides to port, then ahead) and R (two to
  starboard, then ahead).
- Reverse Movement: after "5 full Movement Phases" stationary the engines are set for reverse;
  then "one hex straight back, with no heading change" a phase (step B), heading changes "in a
  separate Movement Phase" (steps P and S turn in place while in reverse); going forward again
  takes 5 stationary phases once more.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import Hex, hex_to_offset, turn
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.levels import advanced_rules
from engine.rulesets.fasa.values.events import EnginesSet, ShipMoved, StatusChanged
from engine.rulesets.fasa.values.shaken import count_moved, phase_cap, straight_line
from engine.rulesets.fasa.values.state import ACTIVE, ESCAPED, FasaState, Ship, replace

STEP_TURNS = {"F": 0, "P": -1, "S": 1, "L": -2, "R": 2}
EMERGENCY_STEPS = frozenset("LR")
FORWARD_STEPS = frozenset("FLR")
BASIC_ALPHABET = "FPS"
ADVANCED_ALPHABET = "FPSLRB"
CHANGEOVER_PHASES = 5
"""Stationary Movement Phases before reverse (or forward again): Advanced, Reverse Movement."""


def alphabet(state: FasaState) -> str:
    """The step letters of a course at this game's level."""
    return ADVANCED_ALPHABET if advanced_rules(state.level) else BASIC_ALPHABET


def phase_points(state: FasaState, ship: Ship) -> int:
    """Movement points `ship` may use in the current Movement Phase."""
    if not ship.in_play or ship.superstructure <= 0:
        return 0
    points = state.tables.movement_per_phase(ship.movement_points, state.phases)[state.phase - 1]
    # C&C: no movement while the power is off the grid, none past the power left (power_spent).
    return phase_cap(ship, points)


def movement_order(state: FasaState) -> tuple[str, ...]:
    """Ships that move this phase, fastest first; on a tie the advantage moves later."""
    movers = [s for s in state.ships if phase_points(state, s) > 0]
    movers.sort(key=lambda s: (-s.movement_points, state.rank(s.id)))
    return tuple(s.id for s in movers)


def reversing(ship: Ship, steps: str) -> bool:
    """Whether `steps` is a course in reverse: a step back, or (engines already in reverse) turns
    in place; a course with a step ahead is forward."""
    if "B" in steps:
        return True
    return ship.reverse and bool(steps) and not FORWARD_STEPS & set(steps)


def _check_course(state: FasaState, ship: Ship, steps: str, who: str) -> None:
    """Refuse what the letters or the engines' setting do not allow (Advanced: Reverse
    Movement; Emergency Heading Changes)."""
    letters = alphabet(state)
    for n, step in enumerate(steps, 1):
        if step not in letters:
            extra = ("" if letters == BASIC_ALPHABET else ", L (hard to port: two hexsides, then "
                     "ahead), R (hard to starboard), B (one hex back, in reverse)")
            raise IllegalAction(
                f"{who}: step {n} is {step!r}; use F (ahead), P (port then ahead), S (starboard "
                f"then ahead){extra}")
    if not steps:
        return
    wait = CHANGEOVER_PHASES - ship.still
    if "B" in steps and FORWARD_STEPS & set(steps):
        raise IllegalAction(f"{who}: a course cannot go both ahead and back")
    if reversing(ship, steps):
        if "B" in steps and steps != "B":
            raise IllegalAction(
                f"{who}: in reverse {ship.name} moves one hex straight back a phase (B alone); "
                "heading changes take a Movement Phase of their own")
        if not ship.reverse and wait > 0:
            raise IllegalAction(
                f"{who}: {ship.name} must stay stationary {CHANGEOVER_PHASES} full Movement "
                f"Phases before moving in reverse ({ship.still} so far)")
        return
    if ship.reverse and wait > 0:
        raise IllegalAction(
            f"{who}: {ship.name}'s engines are set for reverse; it must stay stationary "
            f"{CHANGEOVER_PHASES} full Movement Phases before going ahead ({ship.still} so far). "
            "In reverse: B one hex back, or P/S to turn in place")


def path(state: FasaState, ship: Ship, steps: str,
         who: str = "Helm") -> tuple[list[tuple[Hex, int]], bool]:
    """The hexes and headings after each step, and whether the ship left the map."""
    _check_course(state, ship, steps, who)
    back = reversing(ship, steps)
    pos, heading = ship.pos, ship.heading
    out: list[tuple[Hex, int]] = []
    for n, step in enumerate(steps, 1):
        if step == "B":
            pos = pos.neighbor(turn(heading, 3))
        elif back:  # a turn in place while the engines are set for reverse
            heading = turn(heading, STEP_TURNS[step])
        else:
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
    if straight_line(state, ship) and set(steps) - {"F", "B"}:
        # C&C: a shaken Helmsman or helm: "the ship must move in a straight line" (lines 1355,
        # 1375; shaken.py).
        raise IllegalAction(f"{who}: {ship.name}'s helm is shaken: the ship moves in a straight "
                            "line (F ahead only, or B back in reverse)")
    allowed = phase_points(state, ship)
    if len(steps) > allowed:
        raise IllegalAction(
            f"{who}: {ship.name} has {allowed} movement point{'s' if allowed != 1 else ''} "
            f"this phase, not {len(steps)}")
    trail, left = path(state, ship, steps, who)
    events: list[Event] = []
    back = reversing(ship, steps)
    if steps and back != ship.reverse:
        # The change-over is the engineers' (seed 000 lines 349-355): its side's to know.
        events.append(EnginesSet(ship.id, ship.name, back))
    pos, heading = ship.pos, ship.heading
    done = ""
    for step, (pos, heading) in zip(steps, trail, strict=True):
        done += step
        if step in EMERGENCY_STEPS:
            state = state.with_ship(replace(state.ship(ship.id), pos=pos, heading=heading,
                                            hard_turned=True))
            state, more = hooks.of(state).heading_stress(state, state.ship(ship.id))  # stress.py
            events += more
            if state.ship(ship.id).status != ACTIVE:
                left = False
                break  # the stress disabled it: it moves no further
    col, row = hex_to_offset(pos)
    events.insert(0, ShipMoved(ship.id, ship.name, done, col, row, heading))
    left_hex = any(p != ship.pos for p, _ in trail[:len(done)])  # a loop back still moved
    new = replace(state.ship(ship.id), pos=pos, heading=heading, reverse=back if steps
                  else ship.reverse, moved=ship.moved or left_hex,
                  moved_turn=ship.moved_turn or left_hex)
    if left:
        new = replace(new, status=ESCAPED)
        events.append(StatusChanged(ship.id, ship.name, ESCAPED, "left the map (driven off)"))
    state = count_moved(state.with_ship(new), ship.id, len(done))  # C&C: power spent (power_spent.py)
    if state.counters and new.status == ACTIVE:
        entered = [p for p, _ in trail[:len(done)] if p != ship.pos]
        state, more = hooks.of(state).entered(state, new, entered)  # mines.py
        events += more
    return state, events


def end_of_movement_phase(state: FasaState) -> FasaState:
    """Count the Movement Phases each ship has stayed in its hex (Advanced: Reverse Movement:
    "remained stationary for 5 full Movement Phases"); a turn in place keeps it stationary."""
    ships = tuple(replace(s, still=0 if s.moved else s.still + 1, moved=False)
                  for s in state.ships)
    return replace(state, ships=ships)
