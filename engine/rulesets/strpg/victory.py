"""Ending the fight and judging it by the scenario's [[victory]] clauses (seed 004 line 206:
"Combat proceeds turn-by-turn until it is resolved, usually by defeat or surrender of one or
more sides"; the clauses are the scenario's, docs/scenarios.md):

- `down`: the side wins when every character of every other side is out of the fight;
- `operate`: when it has mastered the console at `at` (Operate Familiar Device, line 222);
- `beam`: when one of its characters with a communicator in hand calls the ship ("Beam us up",
  line 220) while every one of its characters still on his feet is inside `zone`;
- `turns`: when the turn limit is reached (it held out).

Two sides winning at once, or the turn limit with no side's clause, is a draw."""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.strpg.events import Note
from engine.rulesets.strpg.state import RPGState, Victory, replace


def _met(state: RPGState, v: Victory) -> bool:
    if v.when == "down":
        return all(not c.up for c in state.characters if c.side != v.side)
    if v.when == "operate":
        k = state.console_at(v.at) if v.at is not None else None
        return k is not None and k.worked(v.side) >= k.work
    if v.when == "beam":
        return state.called == v.side and all(c.pos in v.zone for c in state.characters
                                              if c.side == v.side and c.up)
    return v.when == "turns" and state.turn > state.max_turns


def failed_call(state: RPGState) -> tuple[RPGState, list[Event]]:
    """A call to the ship that cannot be answered: somebody still standing is outside the area
    the transporter can reach. The call is forgotten (he may call again)."""
    if not state.called:
        return state, []
    side = state.called
    zones = [v for v in state.victories if v.when == "beam" and v.side == side]
    if zones and any(_met(state, v) for v in zones):
        return state, []
    out = [c.name for c in state.characters if c.side == side and c.up
           and not any(c.pos in v.zone for v in zones)]
    why = (f"{', '.join(out)} {'is' if len(out) == 1 else 'are'} outside the beam-out area"
           if zones else "no transporter stands by in this scenario")
    return replace(state, called=""), [Note(f"The ship cannot beam {state.side_name(side)} "
                                            f"up: {why}", frozenset(), side)]


def judge(state: RPGState) -> tuple[str, str] | None:
    """(outcome, winning side or "" for a draw), or None while the fight goes on."""
    winners = []
    for v in state.victories:
        if v.side not in winners and _met(state, v):
            winners.append(v.side)
    if len(winners) == 1:
        side = winners[0]
        why = next(v.text or v.when for v in state.victories if v.side == side and _met(state, v))
        return f"victory to {state.side_name(side)}: {why}", side
    if len(winners) > 1:
        return "a draw: " + " and ".join(state.side_name(s) for s in winners) + \
            " both met their goals", ""
    if all(not c.up for c in state.characters):
        return "a draw: nobody is left standing", ""
    if state.turn > state.max_turns:
        return f"a draw after {state.max_turns} turns", ""
    return None
