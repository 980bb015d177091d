"""Where one phase of the game turn hands over to the next (Book Two, Advanced: Sequence Of Play,
steps 4-11, seed 000 lines 246-266; the end of the game, step 12, is `ending.py`'s).

The basic game's own: the turn's first Movement Phase after the Sensor Phase, the end of each
Firing Phase (the next Movement Phase, or the end of the game turn and the next Power Allocation
Phase), each asking first whether the game is over (`ending.check_game_over`). Each higher level's
work at these points is a named hook of its layer (`hooks.Hooks.start_of_movement`,
`movement_phase_begins`, `end_of_phase`, `turn_closed`, `turn_over`, `new_turn`; `layers/`), so
this reads without them.
"""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa import hooks, victory
from engine.rulesets.fasa.ending import check_game_over, finish
from engine.rulesets.fasa.engineering import power
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    DISABLED,
    MOVE,
    OVER,
    POWER,
    FasaState,
    replace,
)

Result = tuple[FasaState, list[Event]]


def start_movement(state: FasaState) -> Result:
    """The Sensor Phase is over: the turn's first Movement Phase (Advanced: Sequence Of Play
    step 4)."""
    state = hooks.of(state).start_of_movement(replace(state, step=MOVE, phase=1))
    state = _movement_phase(state)
    return state, [Note(f"Movement Phase 1 of turn {state.turn}")]


def _movement_phase(state: FasaState) -> FasaState:
    """A Movement Phase begins: its order, fastest first (`movement.movement_order`), and what a
    higher level begins it with (the expert game's arc scan step)."""
    state = replace(state, queue=movement.movement_order(state))
    return hooks.of(state).movement_phase_begins(state)


def end_of_firing_phase(state: FasaState) -> Result:
    """A Firing Phase is over (and what a higher level does at its end): the game may be over;
    else the next Movement Phase, or after the last the end of the game turn."""
    state, events = hooks.of(state).end_of_phase(state)
    state, more = check_game_over(state)
    events += more
    if state.step == OVER:
        return state, events
    if state.phase < state.phases:
        state = _movement_phase(replace(state, step=MOVE, phase=state.phase + 1))
        return state, [*events, Note(f"Movement Phase {state.phase} of turn {state.turn}")]
    return _end_of_turn(state, events)


def _end_of_turn(state: FasaState, events: list[Event]) -> Result:
    """The game turn is over (Advanced: Sequence Of Play step 11): a clause judged at the turn's
    end, the turn limit; else every panel resets and the next turn's Power Allocation Phase."""
    state, more = check_game_over(state, turn_over=True)   # a clause's after_turn (victory.py)
    if state.step == OVER:
        return state, [*events, *more]
    if state.max_turns and state.turn >= state.max_turns:
        state, more = finish(state, victory.at_turn_limit(state.max_turns))
        return state, [*events, *more]
    # Every ship still on the map resets its panel, a disabled one included: it allocates no
    # power, so it must not keep last turn's shields (C&C: Resetting The Panel).
    # The Master Control Panel's column for the turn is kept first (Expert; mcp.py).
    layer = hooks.of(state)
    closed = layer.turn_closed
    ships = tuple(power.end_of_turn(closed(s, state.turn)) if s.status in (ACTIVE, DISABLED)
                  else s for s in state.ships)
    ships, more = layer.turn_over(state, ships)
    events += more
    # This turn's movement becomes last turn's (a cloaked ship that moved last turn is the one
    # an expert scan may find: sensing/arc_scan.py).
    ships = tuple(replace(s, moved_last=s.moved_turn, moved_turn=False)
                  if s.moved_last or s.moved_turn else s for s in ships)
    state = layer.new_turn(replace(state, ships=ships, turn=state.turn + 1, phase=0, step=POWER,
                                   advantage=()))
    return state, [*events, Note(f"Turn {state.turn}: Power Allocation Phase")]
