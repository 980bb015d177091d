"""`apply`: who may answer now, the roll-off's dice, and each announcement handed to its rule
(`announce.HANDLERS`, a lookup by action type)."""

from __future__ import annotations

from engine.actions import Action, RollResult
from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.halfimpulse import announce
from engine.rulesets.halfimpulse.actions import NextStep
from engine.rulesets.halfimpulse.events import RollAsked, Rolled
from engine.rulesets.halfimpulse.flow import advance, current_roll, current_step
from engine.rulesets.halfimpulse.sequence import Does
from engine.rulesets.halfimpulse.state import HalfState, Player, replace
from engine.stations import CAPTAIN, INSTRUCTOR, title


def apply(state: HalfState, action: Action) -> tuple[HalfState, tuple[Event, ...]]:
    who = title(action.station)
    if state.over:
        raise IllegalAction(f"{who}: the game is over ({state.outcome})")
    before = current_roll(state)
    if isinstance(action, RollResult):
        state, events = _roll(state, action)
    else:
        if before is not None:
            raise IllegalAction(f"{who}: a roll comes first: {before.purpose}")
        if isinstance(action, NextStep):
            state, events = _skip(state, action)
        else:
            handler = announce.HANDLERS.get(type(action))
            if handler is None:
                raise IllegalAction(f"{who}: {action.type_name} is not an action of this game")
            player = _answering(state, action)
            state, events = handler(state, action, player)
    state, more = advance(state)
    events += more
    roll = current_roll(state)
    if roll is not None and roll != before:
        events.append(RollAsked(roll))
    return state, tuple(events)


def _answering(state: HalfState, action: Action) -> Player:
    """The player the action answers for, if he is one the step waits for and the action
    comes from his seat (his first ship's captain) or the Instructor."""
    who = title(action.station)
    pid = getattr(action, "ship", None)
    player = state.find_player(pid)
    if player is None:
        known = ", ".join(p.id for p in state.players)
        raise IllegalAction(f"{who}: no player {str(pid)[:40]!r} in this game (players by "
                            f"their first ship: {known})")
    if action.station not in (CAPTAIN, INSTRUCTOR):
        raise IllegalAction(f"{who}: a player answers from his Captain's seat (or the "
                            f"Instructor for him), not {who}")
    step = current_step(state)
    if player.id not in state.waiting or step is None:
        waits = ", ".join(state.player(p).name for p in state.waiting) or "nobody"
        raise IllegalAction(f"{who}: {player.name} has nothing to answer now; "
                            f"{step.heading if step else 'the table'} waits for {waits}")
    return player


def _roll(state: HalfState, action: RollResult) -> tuple[HalfState, list[Event]]:
    req = current_roll(state)
    who = title(action.station)
    if req is None or state.rolloff is None:
        raise IllegalAction(f"{who}: no roll is wanted now")
    if action.station not in (req.station, INSTRUCTOR):
        raise IllegalAction(f"{who}: this roll is for {title(req.station)} ({req.purpose})")
    if not 1 <= action.value <= req.sides:
        raise IllegalAction(f"{who}: a {req.kind} shows 1 to {req.sides}, not {action.value}")
    r = state.rolloff
    rolls = r.rolls + ((r.next, action.value),)
    events: list[Event] = [Rolled(req, action.value, action.source)]
    if len(rolls) < len(r.players):
        return replace(state, rolloff=replace(r, rolls=rolls)), events
    ranks = dict(state.ranks)
    for p, v in rolls:
        ranks[p] = (*ranks.get(p, ()), v)
    return replace(state, rolloff=None, ranks=tuple(ranks.items())), events


def _skip(state: HalfState, action: NextStep) -> tuple[HalfState, list[Event]]:
    """The Instructor ends the step under way for everyone still to answer it."""
    who = title(action.station)
    if action.station != INSTRUCTOR:
        raise IllegalAction(f"{who}: only the Instructor moves the table on to the next step")
    step = current_step(state)
    if step is None or not state.waiting:
        raise IllegalAction(f"{who}: no step waits for anyone now")
    if step.does in (Does.SPEEDS, Does.MOVE):
        raise IllegalAction(f"{who}: {step.title} cannot be passed over: the order of "
                            f"movement needs it (lines 107, 121)")
    names = ", ".join(state.player(p).name for p in state.waiting)
    return replace(state, waiting=(), responding=True), [
        announce.Note(f"The Instructor ends {step.heading} (still to answer: {names})")]
