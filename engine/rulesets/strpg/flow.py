"""The sequence of play (seed 004 line 208) between decisions: the rolls and answers a
resolution waits for (the queue, each step's rule found by its kind: `ROLLS`, `ASKS`), the
action order, each round's action slots one character at a time, the turn's end, and the end of
the fight (victory.py). `advance` runs the game on until somebody must decide or roll;
`prompts` says who."""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import RollRequest
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.strpg.actions import Respond, Riposte, SideOrder
from engine.rulesets.strpg.catalog import GROUPS, KINDS
from engine.rulesets.strpg.checks import CHECK_ROLLS
from engine.rulesets.strpg.events import GameOver, Note
from engine.rulesets.strpg.order import ORDER_ROLLS, end_turn, settle, side_order
from engine.rulesets.strpg.resolve import ROLLS_HERE, Resolver
from engine.rulesets.strpg.respond_rolls import RESPONSE_ROLLS, respond, riposte
from engine.rulesets.strpg.rolls import D100, needs
from engine.rulesets.strpg.sight import witnesses
from engine.rulesets.strpg.state import (
    DEAD,
    INITIATIVE,
    OVER,
    PLAY,
    SETUP,
    Character,
    RPGState,
    Step,
    replace,
)
from engine.rulesets.strpg.victory import failed_call, judge
from engine.stations import INSTRUCTOR

ROLLS: dict[str, tuple[str, Resolver]] = {**ROLLS_HERE, **RESPONSE_ROLLS, **CHECK_ROLLS,
                                          **ORDER_ROLLS}
"""Each roll step's die and the rule that reads it."""
Ask = Callable[[RPGState, Step, object, str], "tuple[RPGState, list[Event]]"]
ASKS: dict[str, tuple[str, type, Ask]] = {
    "respond": ("rpg_respond", Respond, respond),   # type: ignore[dict-item]
    "riposte": ("rpg_riposte", Riposte, riposte),   # type: ignore[dict-item]
    "side_order": ("rpg_side_order", SideOrder, side_order),   # type: ignore[dict-item]
}
"""Each decision step's action and the rule that takes it."""
NEEDS_UP = frozenset({"to_hit", "fatigue", "dive_roll", "hold_on", "spot", "contest", "break",
                      "respond", "riposte", "side_order", "initiative", "tiebreak", "parry",
                      "dodge", "duck"})
"""Steps dropped when the one who would roll or decide is out of the fight by then."""
MAX_AUTOMATIC = 10_000


def request(state: RPGState, s: Step) -> RollRequest:
    die = ROLLS[s.kind][0]
    c = state.character(s.who)
    target_roll = die == D100 and s.kind not in ("contest", "break")
    return RollRequest(die, c.id, c.station, s.purpose,
                       needs=needs(s.target) if target_roll else None,
                       public=True, modifiers=s.modifiers,
                       dice=(len(s.faces) + 1, s.count) if s.count > 1 else (1, 1))


def current_roll(state: RPGState) -> RollRequest | None:
    if state.stage == OVER or not state.queue or state.queue[0].kind not in ROLLS:
        return None
    return request(state, state.queue[0])


def _stale(state: RPGState, s: Step) -> bool:
    who = state.find(s.who)
    if who is None or (s.kind in NEEDS_UP and not who.up):
        return True
    if s.attack is not None and s.kind in ("to_hit", "respond"):
        target = state.find(s.attack.target)
        return target is None or target.status == DEAD
    return False


def _blocks_for(state: RPGState, c: Character) -> tuple[str, str] | None:
    return next((p for p in state.passing if p[0] == c.id), None)


def _tidy_passing(state: RPGState) -> RPGState:
    """Only an enemy still up and still sharing the square may block."""
    keep = tuple(p for p in state.passing
                 if (e := state.find(p[0])) is not None and (m := state.find(p[1])) is not None
                 and e.up and m.up and e.pos == m.pos)
    return state if keep == state.passing else replace(state, passing=keep)


def _can_act(c: Character | None) -> bool:
    return c is not None and c.up and c.ap > 0


def advance(state: RPGState) -> tuple[RPGState, list[Event]]:
    """Run the game on until somebody must decide or roll, or it is over."""
    events: list[Event] = []
    for _ in range(MAX_AUTOMATIC):
        if state.stage == OVER:
            return state, events
        if state.queue:   # a resolution's rolls and answers come first, then the verdict
            if _stale(state, state.queue[0]):
                state = replace(state, queue=state.queue[1:])
                continue
            return state, events
        state, said = failed_call(state)
        events += said
        verdict = judge(state)
        if verdict is not None:
            outcome, winner = verdict
            return replace(state, stage=OVER, outcome=outcome, winner=winner, plan=""), \
                events + [GameOver(outcome)]
        if state.stage == SETUP:
            return state, events
        if state.stage == INITIATIVE:
            state, said = settle(state)
            events += said
            continue
        state = _tidy_passing(state)
        if state.plan:
            return state, events
        c = state.acting()
        if c is None:
            if not state.acted or not any(_can_act(state.find(x)) for x in state.order):
                state, said = end_turn(state)
            else:
                state = replace(state, round=state.round + 1, slot=0, acted=False)
                said = []
            events += said
            continue
        if not _can_act(c):
            state = replace(state, slot=state.slot + 1)
            continue
        if c.skip_next:
            state = replace(state.with_character(replace(c, skip_next=False)),
                            slot=state.slot + 1)
            events.append(Note(f"{c.name}'s action went to his response", witnesses(state, c),
                               c.side))
            continue
        if c.evading:   # "until the his next action comes up in the action order" (line 220)
            state = state.with_character(replace(c, evading=False))
        return state, events
    raise AssertionError("the game ran on without a decision")  # pragma: no cover


def prompts(state: RPGState) -> tuple[Prompt, ...]:
    """Everything the game waits for now: the Instructor's election, one roll, one answer, or
    the acting character's action."""
    if state.stage == OVER:
        return ()
    if state.stage == SETUP:
        return (Prompt(None, INSTRUCTOR, "choose how the action order is determined",
                       action="rpg_order"),)
    if state.queue:
        s = state.queue[0]
        c = state.character(s.who)
        if s.kind in ROLLS:
            req = request(state, s)
            return (Prompt(c.id, c.station, req.purpose, req, "roll"),)
        return (Prompt(c.id, c.station, s.purpose, action=ASKS[s.kind][0]),)
    actor = state.acting()
    if state.stage != PLAY or actor is None:
        return ()
    blocking = _blocks_for(state, actor)
    if blocking is not None:
        mover = state.character(blocking[1])
        return (Prompt(actor.id, actor.station, f"{actor.name}: keep {mover.name} from passing "
                       f"through his square?", action="rpg_block"),)
    if state.plan:
        kind = KINDS[state.plan]
        return (Prompt(actor.id, actor.station, f"{actor.name}: {kind.label.lower()}",
                       action="rpg_do"),)
    part = f": {GROUPS[state.group].lower()}" if state.group else "'s action"
    return (Prompt(actor.id, actor.station, f"{actor.name}{part}", action="rpg_choose"),)
