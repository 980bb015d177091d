"""`apply`: who may do what, now. A character acts in his own action slot (seed 004 line 208:
"When a character's action comes up in a round, the character may perform one action for which
he has enough AP remaining ... the AP required for that action are subtracted from the
character's remaining AP for the turn"); the rolls and answers a resolution waits for come
first; the Instructor may act for anybody."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.actions import Action, RollResult
from engine.dice import RollRequest
from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.strpg.actions import Block, Choose, Do, SetOrder
from engine.rulesets.strpg.catalog import BACK, GROUPS, KINDS, WAIT, in_group
from engine.rulesets.strpg.events import Note, RollAsked, Rolled
from engine.rulesets.strpg.flow import ASKS, ROLLS, advance, current_roll
from engine.rulesets.strpg.kinds import HELD, Kind, details
from engine.rulesets.strpg.moving import held_by
from engine.rulesets.strpg.order import start
from engine.rulesets.strpg.position import on_ladder
from engine.rulesets.strpg.rolls import save
from engine.rulesets.strpg.sight import witnesses
from engine.rulesets.strpg.state import (
    BY_CHARACTER,
    BY_SIDE,
    EACH_TURN,
    ONCE,
    OVER,
    SETUP,
    Character,
    RPGState,
    ap_text,
    replace,
)
from engine.stations import INSTRUCTOR, title

METHODS = (BY_CHARACTER, BY_SIDE)
WHENS = (ONCE, EACH_TURN)
FREE_ON_A_LADDER = ("climb", "move", "wait")
"""What a character holding on with both hands does without a Saving Roll against DEX."""


def apply(state: RPGState, action: Action) -> tuple[RPGState, tuple[Event, ...]]:
    who = title(action.station)
    if state.stage == OVER:
        raise IllegalAction(f"{who}: the fight is over ({state.outcome})")
    before = current_roll(state)
    if isinstance(action, RollResult):
        state, events = _roll(state, action, before)
    else:
        if before is not None:
            raise IllegalAction(f"{who}: a roll comes first: {before.purpose}")
        handler = HANDLERS.get(type(action))
        if handler is not None:
            state, events = handler(state, action, who)
        else:
            state, events = _answer(state, action, who)
    state, more = advance(state)
    events += more
    roll = current_roll(state)
    if roll is not None and roll != before:
        roller = state.character(str(roll.ship))
        events.append(RollAsked(roll, witnesses(state, roller), roller.side))
    return state, tuple(events)


def _roll(state: RPGState, action: RollResult, req: RollRequest | None
          ) -> tuple[RPGState, list[Event]]:
    who = title(action.station)
    if req is None:
        raise IllegalAction(f"{who}: no roll is wanted now")
    if action.station not in (req.station, INSTRUCTOR):
        raise IllegalAction(f"{who}: this roll is for {title(req.station)} ({req.purpose})")
    if not 1 <= action.value <= req.sides:
        raise IllegalAction(f"{who}: a {req.kind} shows 1 to {req.sides}, not {action.value}")
    step = state.queue[0]
    state = replace(state, queue=state.queue[1:])
    state, events, outcome = ROLLS[step.kind][1](state, step, action.value)
    roller = state.character(step.who)
    shown = "00" if req.kind == "d100" and action.value == 100 else f"{action.value:02d}" \
        if req.kind == "d100" else str(action.value)
    message = f"{req.purpose}: rolled {shown}" + (f": {outcome}" if outcome else "")
    return state, [Rolled(req, action.value, action.source, message, outcome,
                          witnesses(state, roller), roller.side), *events]


def _acting(state: RPGState, action: Action, who: str) -> Character:
    c = state.acting()
    ship = getattr(action, "ship", None)
    if state.queue or c is None:
        raise IllegalAction(f"{who}: it is nobody's action slot now")
    if ship != c.id:
        raise IllegalAction(f"{who}: it is {c.name}'s action slot, not "
                            f"{str(ship)[:40]!r}'s")
    if action.station not in (c.station, INSTRUCTOR):
        raise IllegalAction(f"{who}: {c.name} is played at {title(c.station)} (or by the "
                            f"Instructor)")
    return c


def kind_problem(state: RPGState, c: Character, kind: Kind) -> str | None:
    """Why `c` cannot choose `kind` now (with any details), or None."""
    if not c.up:
        return f"{c.name} is out of the fight"
    if not kind.held and held_by(state, c):
        return HELD
    why = kind.able(state, c)
    if why:
        return why
    first = None
    for sample in kind.samples(state, c):
        found = detail_problem(state, c, kind, sample)
        if found is None:
            return None
        first = first or found
    if first:
        return first
    return "he sees no enemy to attack" if kind.attack else \
        f"there is nothing for a {kind.label.lower()} now"


def detail_problem(state: RPGState, c: Character, kind: Kind,
                   d: dict[str, str]) -> str | None:
    if not kind.held and held_by(state, c):
        return HELD
    why = kind.check(state, c, d)
    if why:
        return why
    need = kind.cost(state, c, d)
    if need > c.ap:
        return f"{kind.label} costs {ap_text(need)} AP; {c.name} has {ap_text(c.ap)}"
    return None


def group_problem(state: RPGState, c: Character, group: str) -> str | None:
    """Why none of a part of the table's actions may be chosen now: its actions' reasons, the
    first two that differ."""
    whys = [kind_problem(state, c, k) for k in in_group(group)]
    if any(w is None for w in whys):
        return None
    return "; ".join(list(dict.fromkeys(w for w in whys if w))[:2]) or None


def _choose(state: RPGState, action: Choose, who: str) -> tuple[RPGState, list[Event]]:
    """A part of the table (`GROUPS`), "back" out of it, or an action (`KINDS`)."""
    c = _acting(state, action, who)
    if any(p[0] == c.id for p in state.passing):
        raise IllegalAction(f"{who}: first say whether {c.name} blocks the enemy in his square")
    if state.plan:
        raise IllegalAction(f"{who}: {c.name} has chosen to {KINDS[state.plan].label.lower()}: "
                            f"give what it needs, or choose again")
    if action.kind == BACK:
        if not state.group:
            raise IllegalAction(f"{who}: there is nothing to go back from")
        return replace(state, group=""), []
    if action.kind in GROUPS:
        why = group_problem(state, c, action.kind)
        if why:
            raise IllegalAction(f"{who}: {why}")
        return replace(state, group=action.kind), []
    kind = KINDS.get(action.kind)
    if kind is None:
        raise IllegalAction(f"{who}: no action {action.kind[:30]!r}; they are: "
                            f"{', '.join(KINDS)}")
    why = kind_problem(state, c, kind)
    if why:
        raise IllegalAction(f"{who}: {why}")
    if kind.key == WAIT:
        return replace(state, slot=state.slot + 1, group=""), [
            Note(f"{c.name} waits", witnesses(state, c), c.side)]
    if kind.fields:
        return replace(state, plan=kind.key), []
    return perform(state, c, kind, Do(action.station, c.id))


def _do(state: RPGState, action: Do, who: str) -> tuple[RPGState, list[Event]]:
    c = _acting(state, action, who)
    if not state.plan:
        raise IllegalAction(f"{who}: first choose {c.name}'s action")
    if action.back:
        return replace(state, plan=""), []
    kind = KINDS[state.plan]
    given = details(action)
    unused = [f for f in given if given[f] and f not in kind.fields]
    if unused:
        raise IllegalAction(f"{who}: {kind.label} takes no {unused[0]}")
    why = detail_problem(state, c, kind, given)
    if why:
        raise IllegalAction(f"{who}: {why}")
    return perform(state, c, kind, action)


def perform(state: RPGState, c: Character, kind: Kind, do: Do) -> tuple[RPGState, list[Event]]:
    """Spend its AP and do it; his slot is used. What it counts as for the movement modifiers
    and for an aim (his `last` action) is set after it: the action itself reads his last."""
    spent = kind.cost(state, c, details(do))
    c = replace(c, ap=c.ap - spent, hidden=c.hidden and not kind.attack)
    state = replace(state.with_character(c), plan="", group="", slot=state.slot + 1,
                    acted=True)
    if on_ladder(state, c) and kind.key not in FREE_ON_A_LADDER:
        hold = save("hold_on", c, c.dexterity, "DEX", f"{kind.label.lower()} while holding "
                    "on", other=kind.key, do=do)
        events: list[Event] = []
        state = replace(state, queue=(hold,) + state.queue)
    else:
        state, events = kind.perform(state, c, do)
    after = state.character(c.id)
    state = state.with_character(replace(after, last=kind.moves, last_kind=kind.key,
                                         evading=kind.evasive))
    return state, events


def _block(state: RPGState, action: Block, who: str) -> tuple[RPGState, list[Event]]:
    """"The enemy need not use any AP to stop the character ... the enemy must declare his
    intention during his first available action after the character moves into his square"
    (line 210)."""
    c = _acting(state, action, who)
    entry = next((p for p in state.passing if p[0] == c.id), None)
    if entry is None:
        raise IllegalAction(f"{who}: nobody came into {c.name}'s square to pass him")
    if action.mover != entry[1]:
        mover = state.character(entry[1])
        raise IllegalAction(f"{who}: it is {mover.name} whom {c.name} may block")
    state = replace(state, passing=tuple(p for p in state.passing if p != entry))
    mover = state.character(entry[1])
    if not action.block:
        return state, [Note(f"{c.name} lets {mover.name} pass", witnesses(state, c, mover),
                            c.side)]
    return replace(state, blocks=state.blocks + (entry,)), [
        Note(f"{c.name} blocks {mover.name}'s way", witnesses(state, c, mover), c.side)]


def _set_order(state: RPGState, action: SetOrder, who: str) -> tuple[RPGState, list[Event]]:
    if action.station != INSTRUCTOR:
        raise IllegalAction(f"{who}: the Instructor chooses how the action order is determined")
    if state.stage != SETUP:
        raise IllegalAction(f"{who}: the action order's method is chosen once, before combat")
    if action.method not in METHODS or action.when not in WHENS:
        raise IllegalAction(f"{who}: the action order is rolled by {' or '.join(METHODS)}, "
                            f"{' or '.join(WHENS)}")
    state = replace(state, method=action.method, when=action.when)
    state, events = start(state)
    how = "each character" if action.method == BY_CHARACTER else "sides"
    when = "once, for the whole fight" if action.when == ONCE else "at the start of each turn"
    return state, [Note(f"The Instructor: action order by {how}, rolled {when}"), *events]


def _answer(state: RPGState, action: Action, who: str) -> tuple[RPGState, list[Event]]:
    """An answer to the decision at the head of the queue (a response, a counter-strike, a
    side's order)."""
    head = state.queue[0] if state.queue else None
    asked = ASKS.get(head.kind) if head is not None else None
    if head is None or asked is None or not isinstance(action, asked[1]):
        raise IllegalAction(f"{who}: {action.type_name.replace('_', ' ')} is not asked for now")
    c = state.character(head.who)
    if getattr(action, "ship", None) != c.id:
        raise IllegalAction(f"{who}: it is {c.name} who answers ({head.purpose})")
    if action.station not in (c.station, INSTRUCTOR):
        raise IllegalAction(f"{who}: {c.name} is played at {title(c.station)} (or by the "
                            f"Instructor)")
    return asked[2](state, head, action, who)


Handler = Callable[[RPGState, Any, str], "tuple[RPGState, list[Event]]"]
HANDLERS: dict[type[Action], Handler] = {Choose: _choose, Do: _do, Block: _block,
                                         SetOrder: _set_order}
