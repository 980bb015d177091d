"""*Battlestations!* 01A-3, -4, -6 and -7 (seed 001, lines 88-121): the three combat rounds of a
turn, each a Sensors Phase, a Movement Phase, a Firing Phase (counters.py) and a Repair/Repower
Phase; the tactical heading change after the moves is tactical.py's."""

from __future__ import annotations

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.command import helm_rolls
from engine.rulesets.fasa.ending import moved
from engine.rulesets.fasa.engineering import power_spent
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.flow import prompts, turn
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.sensing import arc_scan, sensors
from engine.rulesets.fasa.values.actions import Move, Sense
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    MOVE,
    SENSE,
    TACTICAL,
    FasaState,
    Ship,
    replace,
)
from engine.rulesets.fasa.variants.battlestations import lock, well_moves
from engine.words import plural

Result = tuple[FasaState, list[Event]]
Flow = tuple[FasaState, list[Event], bool]


def by_advantage(state: FasaState) -> tuple[Ship, ...]:
    """The ships of the tactical advantage's order, the loser first (lines 90, 97, 104)."""
    return tuple(state.ship(s) for s in state.advantage if state.has_ship(s))


# -- 3) SENSORS PHASE ----------------------------------------------------------------------------

def next_sensing(state: FasaState) -> Ship | None:
    """The ship whose sensors act now: "Starting with the captain that lost the tactical
    advantage phase ... with the captain who won the tactical advantage going last" (lines 90,
    93)."""
    return next((s for s in by_advantage(state) if sensors.may_sense(state, s)), None)


def sensing(state: FasaState) -> Flow:
    """The Sensors Phase of a combat round: each ship in turn; then the Movement Phase."""
    if next_sensing(state) is not None:
        return state, [], True
    state, events = _start_movement(state)
    return state, events, False


def sensing_prompts(state: FasaState) -> tuple[Prompt, ...]:
    """FASA's Sensor Phase prompt (flow/prompts.py), for the ship whose turn it is alone, in
    the revised sensors' words (`lock.prompt_words`)."""
    ship = next_sensing(state)
    every = prompts.STEP_PROMPTS[SENSE](state)
    return tuple(replace(p, what=lock.prompt_words(state, ship)) for p in every
                 if ship is not None and p.ship == ship.id)


def sense(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    """The revised sensors' use (lock.py: a lock of 1-6, less in a gravity well, and one
    question: lines 90-92, 133, 193), in turn."""
    assert isinstance(action, Sense)
    now = next_sensing(state)
    if now is not None and now.id != ship.id:
        raise IllegalAction(f"{station}: it is {now.name}'s turn to use its sensors (the loser "
                            "of the tactical advantage first)")
    if ship.status != ACTIVE:
        raise IllegalAction(f"{station}: {ship.name} is {ship.status}")
    return lock.sense(state, ship, action.target, action.question, action.detail, station)


def sense_options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [Sense(station, ship.id, t, q, d) for t, q, d in lock.sense_options(state, ship)]


# -- 4) MOVEMENT PHASE ---------------------------------------------------------------------------

def _start_movement(state: FasaState) -> Result:
    """"The captain who lost the tactical advantage phase moves ... first" (lines 97-98), each
    ship with movement points in this round's phase."""
    if state.phase == 1:
        state = power_spent.start_turn(state)  # C&C: the power spent is counted from here
    queue = tuple(s.id for s in by_advantage(state) if movement.phase_points(state, s) > 0)
    state = arc_scan.start_phase(replace(state, step=MOVE, queue=queue))
    return state, [Note(f"Combat round {state.phase} of turn {state.turn}: Movement Phase")]


def moving_prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The ship first in the order moves; its sensor question was the Sensors Phase's (line
    92), so none is asked before it moves (the expert level's, line 777, is not the variant's)."""
    ship = state.ship(state.queue[0])
    n = movement.phase_points(state, ship)
    return (Prompt(ship.id, state.station_for(ship.id, Duty.MOVEMENT),
                   f"move {ship.name}: up to {plural(n, 'movement point')}", None, "move"),)


def move(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    """FASA's move, in the order above, through the gravity wells (wells.py, lines 190-192): a
    course that enters a well stops in its first hex, one already in a well is charged for the
    hexes above one; the superstructure lost as the well says."""
    assert isinstance(action, Move)
    if not state.queue or state.queue[0] != ship.id:
        now = state.ship(state.queue[0]).name if state.queue else "nobody"
        raise IllegalAction(f"{station}: it is {now}'s turn to move, not {ship.name}'s")
    # The wells' cut and charge are well_moves.py's (lines 190-192); FASA's own move decision
    # is not called: the expert level's question before a move is not the variant's.
    steps, damage, why = well_moves.cut_course(state, ship, action.steps, station)
    state, events = helm_rolls.move(state, ship, steps, station)
    if damage:
        state, more = combat.damage_superstructure(state, state.ship(ship.id), damage,
                                                   "gravity well")
        events += more
    if why:
        events.append(Note(f"{ship.name}: {why}"))
    return moved(state, ship.id, events)


def moving(state: FasaState) -> Flow:
    """After all ships have moved: the tactical heading changes (line 99), the loser first."""
    if state.queue:
        return state, [], True
    state = movement.end_of_movement_phase(state)
    queue = tuple(s.id for s in by_advantage(state) if s.status == ACTIVE)
    return replace(state, step=TACTICAL, queue=queue), [], False


# -- 6) REPAIR/REPOWER PHASE, 7) CONTINUING THE GAME ----------------------------------------------

def reenergise(ship: Ship) -> Ship:
    """"All functioning shields are reenergized" (line 115): each shield whose generator works
    holds again the points set in this turn's Power Allocation Phase."""
    if ship.last_shields is None or not ship.shields_set:
        return ship
    shields = tuple(0 if n in ship.shields_damaged else max(now, set_to)
                    for n, (now, set_to) in enumerate(zip(ship.shields, ship.last_shields,
                                                          strict=True), 1))
    return replace(ship, shields=shields) if shields != ship.shields else ship


def repowering(state: FasaState) -> Flow:
    """The Repair/Repower Phase after a Firing Phase: the repairs the level's rules make (the
    seed's "Making Repairs" is not in it: docs/rules-decisions.md), the shields re-energised
    after the first two rounds, not the third (lines 112-120); then the next combat round, or
    the end of the turn (line 121) and of the game (line 125, the scenario's conditions)."""
    last = state.phase >= state.phases
    events: list[Event] = [Note(f"Combat round {state.phase}: Repair/Repower Phase"
                                + ("" if last else ": functioning shields re-energised"))]
    if not last:
        state = replace(state, ships=tuple(reenergise(s) if s.status == ACTIVE else s
                                           for s in state.ships))
    state, more = turn.end_of_firing_phase(state)
    if state.step != MOVE:  # the game's end, or a new turn's Power Allocation Phase
        return state, events + more, False
    # FASA's next Movement Phase is the next combat round here, its Sensors Phase first.
    more = [e for e in more if not (isinstance(e, Note) and e.text.startswith("Movement Phase"))]
    state = sensors.start(replace(state, step=SENSE, queue=(), ships=tuple(
        replace(s, sensed=False, scanned=False) for s in state.ships)))
    return state, [*events, *more, Note(f"Combat round {state.phase} of turn {state.turn}: "
                                        "Sensors Phase")], False
