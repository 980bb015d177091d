"""The end of a ship's move (Book Two, Advanced: Mines), which the turn's decisions and rolls come
to; the end of the game (Advanced: Ending The Game) is `phases/phase_end.py`'s, named here too for
the modules of the turn that end it."""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa.phases.phase_end import check_game_over as check_game_over
from engine.rulesets.fasa.phases.phase_end import finish as finish
from engine.rulesets.fasa.values.state import ESCAPED, HAZARD, MOVE, FasaState, replace


def moved(state: FasaState, ship_id: str, events: list[Event]) -> tuple[FasaState, list[Event]]:
    """A ship's move done: the next ship moves, after the mines it set off (Advanced: Mines); a
    ship that left the map may end the game."""
    if state.ship(ship_id).helm_steps:  # C&C: the course waits for the helm operation roll
        return state, events
    state = replace(state, queue=state.queue[1:])
    if state.shots:  # mines set off (Advanced: Mines), before the next ship moves
        state = replace(state, step=HAZARD, after=MOVE.value)
    if state.ship(ship_id).status == ESCAPED:
        state, more = check_game_over(state)
        events += more
    return state, events
