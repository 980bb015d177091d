"""Rolls outside an attack: tiring (seed 004 lines 212 and 220), the dive roll (line 220),
holding on to a ladder or rope while doing something else (line 212), spotting a hidden
character (line 220), and the Competitive STR rolls of a grapple (lines 212-214, 222)."""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.strpg.catalog import KINDS
from engine.rulesets.strpg.damage import take
from engine.rulesets.strpg.evasion import dive_roll_lands
from engine.rulesets.strpg.events import Note
from engine.rulesets.strpg.position import move_group
from engine.rulesets.strpg.resolve import Resolved, Resolver
from engine.rulesets.strpg.rolls import D100, succeeds
from engine.rulesets.strpg.sight import witnesses
from engine.rulesets.strpg.state import RPGState, Step, replace

TIRED = {"running": 1, "evading": 1, "swimming": 1, "terrain": 5}
"""Temporary damage of a failed Saving Roll against MAX OP END: 1 point for running, evading
or swimming, 5 for half a turn's AP on difficult terrain (line 212, line 220)."""


def _fatigue(state: RPGState, s: Step, face: int) -> Resolved:
    c = state.character(s.who)
    if succeeds(face, s.target):
        return state, [], "SAVED"
    state, events = take(state, c, TIRED.get(s.other, 1), True, f"tiring ({s.other})",
                           "temporary")
    return state, events, "TIRED"


def _dive_roll(state: RPGState, s: Step, face: int) -> Resolved:
    assert s.do is not None
    ok = succeeds(face, s.target)
    state, events = dive_roll_lands(state, state.character(s.who), s.do, ok)
    return state, events, "SAVED" if ok else "FAILED"


def _hold_on(state: RPGState, s: Step, face: int) -> Resolved:
    """"a Saving Roll against DEX must be made if a character attempts any other action in the
    midst of climbing a ladder, rope, wall, cliff" (line 212). Ours: on a failure he keeps his
    hold and the action is lost (its AP spent)."""
    assert s.do is not None
    c = state.character(s.who)
    if not succeeds(face, s.target):
        return state, [Note(f"{c.name} has to cling on: his action is lost",
                            witnesses(state, c), c.side)], "FAILED"
    kind = KINDS[s.other]
    state, events = kind.perform(state, c, s.do)
    return state, events, "SAVED"


def _spot(state: RPGState, s: Step, face: int) -> Resolved:
    viewer, hider = state.character(s.who), state.character(s.other)
    if not succeeds(face, s.target):
        return state, [], "LOST"
    state = state.with_character(replace(hider, spotted_by=hider.spotted_by + (viewer.id,)))
    return state, [Note(f"{viewer.name} keeps {hider.name} in sight", frozenset({viewer.id}),
                        viewer.side)], "SPOTTED"


def _contest(state: RPGState, s: Step, face: int) -> Resolved:
    """One of the two rolls of a Competitive Target Roll: the first is kept (in the second's
    step), the second decides: the higher total wins, a tie keeps things as they are (ours)."""
    total = face + s.target
    if s.value == 0:
        nxt = state.queue[0]
        return replace(state, queue=(replace(nxt, value=total),) + state.queue[1:]), [], \
            str(total)
    mover, against = state.character(s.other), state.character(s.who)
    won = s.value > total
    seen = witnesses(state, mover, against)
    events: list[Event] = [Note(f"{mover.name} {s.value} against {against.name} {total}: "
                                f"{mover.name} {'wins' if won else 'fails'}", seen, mover.side)]
    assert s.do is not None
    if s.kind == "break":
        if won:
            state = replace(state, grapples=tuple(g for g in state.grapples
                                                  if g != (against.id, mover.id)))
            events.append(Note(f"{mover.name} breaks free of {against.name}", seen, mover.side))
        return state, events, str(total)
    if not won:   # the move fails: the rest of its rolls are not made
        return replace(state, queue=tuple(q for q in state.queue
                                          if not (q.kind == "contest" and q.do == s.do))), \
            events, str(total)
    if any(q.kind == "contest" and q.do == s.do for q in state.queue):
        return state, events, str(total)
    state, more = move_group(state, mover, s.do)
    return state, events + more, str(total)


CHECK_ROLLS: dict[str, tuple[str, Resolver]] = {
    "fatigue": (D100, _fatigue),
    "dive_roll": (D100, _dive_roll),
    "hold_on": (D100, _hold_on),
    "spot": (D100, _spot),
    "contest": (D100, _contest),
    "break": (D100, _contest),
}
