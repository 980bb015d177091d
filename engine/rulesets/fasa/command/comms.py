"""Team Communications, an optional rule of the advanced game (Book Two, Advanced, seed 000 line
447): "have the teams roll one die each. On a 1, 2, or 3, the players must talk loudly enough for
the opposing team to hear; on any other number, they may pass notes or talk quietly enough that
their plans are kept secret."

With the scenario's `options.team_communications` on, each game turn opens with one d10 a side
(each side with a ship in play, in the scenario's order), before any power is allocated: the
Captain of the side's first ship in play rolls it, for the whole table to see. The sides that
rolled 1-3 must talk aloud for the turn (`FasaState.aloud`, in every seat's view). When in the
game the roll is made, and that it holds for one game turn, are our readings
(docs/rules-decisions.md, "The advanced game's optional rules"). The engine cannot hear a table:
the rule is told, not enforced.
"""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa.firing.combat import request
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, replace

ALOUD = 3
"""A roll of 1 to 3: the team talks aloud (line 447)."""


def due(state: FasaState) -> bool:
    """Whether this game turn's team rolls are still to be started."""
    return state.setup.options.team_communications and state.comms_turn != state.turn


def start(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Open the turn's team rolls: every side with a ship in play rolls once."""
    sides = tuple(dict.fromkeys(s.side for s in state.ships if s.status == ACTIVE))
    state = replace(state, comms_turn=state.turn, comms=sides, aloud=())
    return _ask(state)


def _ask(state: FasaState) -> tuple[FasaState, list[Event]]:
    if not state.comms:
        return state, []
    side = state.comms[0]
    ship = next(s for s in state.ships if s.side == side and s.status == ACTIVE)
    state, asked = request(state, ship.id, Duty.COMMAND,
                           f"team communications roll for the {side} side: 1-{ALOUD} the team "
                           "talks aloud this turn", (1, ALOUD), public=True)
    return state, [asked]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    """A side's roll: 1-3 it talks aloud this turn, else it may keep its plans secret."""
    side = state.comms[0]
    aloud = value <= ALOUD
    said = Note(f"The {side} team must talk aloud this turn, loud enough for the other side to "
                f"hear" if aloud else
                f"The {side} team may pass notes or talk quietly this turn")
    state = replace(state, roll=None, comms=state.comms[1:],
                    aloud=state.aloud + ((side,) if aloud else ()))
    state, more = _ask(state)
    return state, [said, *more]
