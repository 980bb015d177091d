"""Action order and the turn (seed 004 line 208): "The GM determines action order by having each
character roll D10 and add the result to his AP score, with action order awarded in order from
highest to lowest result (break ties by highest unmodified AP score or randomly). Action order
may be determined either once at the beginning of combat or at the beginning of each turn, at
the GM's election ... Optionally, the GM may determine action order for sides ... Each side
rolls D10 and adds the result to the highest AP score of its members; the side with the highest
result acts first ... the actions should be interleaved by side"; "When all characters are out
of AP, or all characters are finished acting in the turn, the turn ends, and a new turn begins.
Each character's AP is restored to its full total, unless the character has been crippled or
incapacitated during the course of the turn."

Ties after the AP score are broken by a roll-off (a D10 each, again while still tied): the
seed's "randomly", at the table."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import zip_longest

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.strpg.actions import SideOrder
from engine.rulesets.strpg.events import Note
from engine.rulesets.strpg.resolve import Resolved, Resolver
from engine.rulesets.strpg.rolls import D10
from engine.rulesets.strpg.state import (
    BY_SIDE,
    EACH_TURN,
    INITIATIVE,
    PLAY,
    QUARTERS,
    Character,
    RPGState,
    Step,
    replace,
)


def members(state: RPGState, side: str) -> tuple[Character, ...]:
    return tuple(c for c in state.characters if c.side == side and c.up)


def leader(state: RPGState, side: str) -> Character | None:
    """Who speaks for a side: its first character still in the fight."""
    found = members(state, side)
    return found[0] if found else None


def ap_score(c: Character) -> int:
    return c.ap_full // QUARTERS


def _entrants(state: RPGState) -> list[tuple[str, Character, int]]:
    """(key, who rolls, the AP score added) for each character, or each side."""
    if state.method == BY_SIDE:
        out = []
        for side in state.sides:
            lead = leader(state, side)
            if lead is not None:
                out.append((side, lead, max(ap_score(c) for c in members(state, side))))
        return out
    return [(c.id, c, ap_score(c)) for c in state.characters if c.up]


def start(state: RPGState) -> tuple[RPGState, list[Event]]:
    """Everybody (every side) rolls for the action order."""
    steps = []
    for key, who, score in _entrants(state):
        what = state.side_name(key) if state.method == BY_SIDE else who.name
        steps.append(Step("initiative", who.id, f"{what}: action order, D10 + {score} AP",
                          other=key, value=score))
    state = replace(state, stage=INITIATIVE, rolls=(), side_orders=(), order=(),
                    queue=state.queue + tuple(steps))
    return state, [Note(f"Turn {state.turn}: rolling for the action order")]


def _roll(state: RPGState, s: Step, face: int) -> Resolved:
    rolls = dict(state.rolls)
    rolls[s.other] = rolls.get(s.other, ()) + (face,)
    state = replace(state, rolls=tuple(rolls.items()))
    return state, [], str(face + s.value) if s.kind == "initiative" else str(face)


def _ranking(state: RPGState) -> list[tuple[tuple[int, ...], str]]:
    score = {key: s for key, _, s in _entrants(state)}
    out = []
    for key, faces in state.rolls:
        out.append(((faces[0] + score.get(key, 0), score.get(key, 0), *faces[1:]), key))
    return sorted(out, key=lambda k: k[0], reverse=True)


def settle(state: RPGState) -> tuple[RPGState, list[Event]]:
    """After the rolls: a roll-off for any tie, then the order (by sides: each side's own order
    of its members first)."""
    ranked = _ranking(state)
    keys = [k for k, _ in ranked]
    tied = [key for k, key in ranked if keys.count(k) > 1]
    if tied:
        who = {key: c for key, c, _ in _entrants(state)}
        steps = tuple(Step("tiebreak", who[key].id, f"{_name(state, key)}: roll-off for a tie "
                           "in the action order (D10, the higher first)", other=key)
                      for key in tied)
        return replace(state, queue=state.queue + steps), []
    order = [key for _, key in ranked]
    if state.method != BY_SIDE:
        return _play(state, tuple(order))
    decided = dict(state.side_orders)
    for side in order:
        if side not in decided:
            team = members(state, side)
            if len(team) == 1:
                decided[side] = (team[0].id,)
                continue
            lead = leader(state, side)
            assert lead is not None
            ask = Step("side_order", lead.id, f"{state.side_name(side)}: order your side's "
                       "members in the action order", other=side)
            return replace(state, side_orders=tuple(decided.items()),
                           queue=state.queue + (ask,)), []
    lists = [decided[side] for side in order]
    interleaved = tuple(cid for group in zip_longest(*lists) for cid in group if cid)
    return _play(replace(state, side_orders=tuple(decided.items())), interleaved)


def _name(state: RPGState, key: str) -> str:
    found = state.find(key)
    return found.name if found is not None else state.side_name(key)


def _play(state: RPGState, order: tuple[str, ...]) -> tuple[RPGState, list[Event]]:
    """The order is told to each side as its own members' places in it (where an enemy stands
    in it is told to nobody who does not see him: the view's `order`)."""
    state = replace(state, stage=PLAY, order=order, slot=0, round=1, acted=False)
    events: list[Event] = []
    for side in state.sides:
        places = [f"{state.character(c).name} {_nth(n)}" for n, c in enumerate(order, 1)
                  if state.character(c).side == side]
        if places:
            events.append(Note(f"Action order of turn {state.turn}: " + ", ".join(places),
                               frozenset(), side))
    return state, events


def _nth(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def side_order(state: RPGState, s: Step, action: SideOrder, who: str
               ) -> tuple[RPGState, list[Event]]:
    team = [c.id for c in members(state, s.other)]
    given = list(action.order)
    if sorted(given) != sorted(team) or len(set(given)) != len(given):
        names = ", ".join(state.character(c).name for c in team)
        raise IllegalAction(f"{who}: list each of {names} once, the first to act first")
    decided = dict(state.side_orders)
    decided[s.other] = tuple(given)
    state = replace(state, side_orders=tuple(decided.items()), queue=state.queue[1:])
    return state, [Note(f"{state.side_name(s.other)} orders its members", None, s.other)]


def end_turn(state: RPGState) -> tuple[RPGState, list[Event]]:
    """A new turn: AP restored (half to a crippled character, ours; none to one out of the
    fight), tiredness counts begun again, the order rolled again if the Instructor chose so."""
    chars = []
    for c in state.characters:
        full = c.ap_full // 2 if c.crippled else c.ap_full
        chars.append(replace(c, ap=full if c.up else 0, running_ap=0, evading_ap=0,
                             swimming_ap=0, terrain_ap=0, terrain_rolled=False))
    state = replace(state, characters=tuple(chars), turn=state.turn + 1, round=1, slot=0,
                    acted=False)
    if state.turn > state.max_turns:
        return state, []
    if state.when == EACH_TURN:
        return start(state)
    return replace(state, stage=PLAY), [Note(f"Turn {state.turn}")]


def up_order(state: RPGState, order: Sequence[str]) -> tuple[str, ...]:
    return tuple(cid for cid in order if (c := state.find(cid)) is not None and c.up)


ORDER_ROLLS: dict[str, tuple[str, Resolver]] = {
    "initiative": (D10, _roll),
    "tiebreak": (D10, _roll),
}
