"""The end of a ship's move and the end of the game (Book Two, Advanced: Ending The Game), which
the turn's steps, its rolls and its decisions all come to."""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa import hooks, victory
from engine.rulesets.fasa.values.events import GameOver
from engine.rulesets.fasa.values.state import ESCAPED, HAZARD, MOVE, OVER, FasaState, replace


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


def check_game_over(state: FasaState, turn_over: bool = False) -> tuple[FasaState, list[Event]]:
    """The game ends when one side has destroyed, captured or driven off all its opponents, or
    when the victory conditions have been met (Advanced: Ending The Game); a disabled ship counts
    as captured. The scenario's conditions judge the result (`victory`)."""
    verdict = victory.judge(state, state.setup.victory, turn_over)
    if verdict is None:
        return state, []
    return finish(state, verdict)


def finish(state: FasaState, verdict: victory.Verdict) -> tuple[FasaState, list[Event]]:
    state = replace(state, step=OVER, outcome=verdict.outcome, winner=verdict.winner, queue=(),
                    roll=None)
    notes = hooks.of(state).victory_notes(state, verdict.winner)  # Campaign Advancement, line 521
    return state, [*notes, GameOver(verdict.outcome, verdict.winner, verdict.kind,
                                    verdict.ending)]
