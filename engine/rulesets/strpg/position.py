"""Position and movement (seed 004 lines 208-214): turning, sitting, kneeling, going prone,
moving a square, crawling, running, climbing, swimming, and moving while grappling.

Costs are in quarter AP (state.QUARTERS): "Turn in place 1; Stand to sit or sit to stand 1; Kneel
to prone or prone to kneel 1; Stand to kneel or kneel to stand 1; Move one square 1 straight,
1.5 diagonal; Crawl one square 2 straight, 3 diagonal; Run 1/2 x move; Climb 2-3 x move; Swim
2 x move; Move while grappling 3 x move" (line 208)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.events import Event
from engine.rulesets.strpg.actions import Do
from engine.rulesets.strpg.events import Note
from engine.rulesets.strpg.ground import terrain
from engine.rulesets.strpg.kinds import Check, Cost, Details, Kind, Perform, flat
from engine.rulesets.strpg.moving import (
    DIAGONAL,
    STRAIGHT,
    arrive,
    cost,
    facing_named,
    grapple_group,
    step_problem,
)
from engine.rulesets.strpg.rolls import contest
from engine.rulesets.strpg.sight import witnesses
from engine.rulesets.strpg.state import (
    KNEELING,
    MOVING,
    PRONE,
    RUNNING,
    SITTING,
    STANDING,
    Character,
    RPGState,
    Step,
    replace,
)
from engine.squaregrid import FACING_NAMES, step

ONE_AP = 4


def directions(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"direction": name} for name in FACING_NAMES)


def told(state: RPGState, c: Character, text: str) -> list[Event]:
    return [Note(text, witnesses(state, c), c.side)]


# -- turning and position ------------------------------------------------------------------------

def _turn_check(state: RPGState, c: Character, d: Details) -> str | None:
    f = facing_named(d.get("direction", ""))
    if f is None:
        return "choose the way to face"
    if f == c.facing:
        return f"he faces {FACING_NAMES[f]} already"
    return None


def _turn(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    f = facing_named(do.direction)
    assert f is not None
    state = state.with_character(replace(c, facing=f))
    return state, told(state, c, f"{c.name} turns to face {FACING_NAMES[f]}")


def _posture(key: str, label: str, pairs: dict[str, str], why: str) -> Kind:
    """A change of position between the two of a pair, either way."""

    def able(state: RPGState, c: Character) -> str | None:
        if c.posture not in pairs:
            return why
        return None

    def perform(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
        new = pairs[c.posture]
        state = state.with_character(replace(c, posture=new, hidden=c.hidden and new != STANDING))
        return state, told(state, c, f"{c.name} is {new} now")

    return Kind(key, label, "position", 212, flat(ONE_AP), perform, able=able)


def _walking(way: str, per_step: tuple[int, int], postures: tuple[str, ...], why: str,
             running: bool = False) -> tuple[Check, Cost, Perform]:
    """check, cost and perform of a one-square move by `way`."""

    def check(state: RPGState, c: Character, d: Details) -> str | None:
        if c.posture not in postures:
            return why
        return step_problem(state, c, facing_named(d.get("direction", "")), way)

    def price(state: RPGState, c: Character, d: Details) -> int:
        return cost(state, c, facing_named(d.get("direction", "")), per_step)

    def perform(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
        f = facing_named(do.direction)
        assert f is not None
        face = facing_named(do.facing)
        spent = price(state, c, {"direction": do.direction})
        # A holder who walks off lets go (ours: he moves on his own, line 214).
        state = replace(state, grapples=tuple(g for g in state.grapples if g[0] != c.id))
        return arrive(state, state.character(c.id), step(c.pos, f), f if face is None else face,
                      spent=spent, running=running, swimming=way == "swim")

    return check, price, perform


def _walk_kind(key: str, label: str, way: str, per_step: tuple[int, int],
               postures: tuple[str, ...], why: str, moves: str, running: bool = False,
               line: int = 212) -> Kind:
    check, price, perform = _walking(way, per_step, postures, why, running)
    return Kind(key, label, "movement", line, price, perform, ("direction", "facing"), check,
                directions, moves=moves)


# -- moving while grappling ------------------------------------------------------------------------

def _grapple_able(state: RPGState, c: Character) -> str | None:
    if len(grapple_group(state, c)) < 2:
        return "he is in no grapple"
    return None


def _grapple_check(state: RPGState, c: Character, d: Details) -> str | None:
    group = grapple_group(state, c)
    if d.get("ending") == "down":
        if any(x.posture == PRONE for x in group):
            return "somebody in the grapple is down already"
        return None
    f = facing_named(d.get("direction", ""))
    problem = step_problem(state, c, f, "walk", group=len(group) - 1)
    if problem:
        return problem
    if any(x.posture not in (STANDING, KNEELING) for x in group):
        return "the grapple is on the floor: wrestle, or break it"
    return None


def _grapple_cost(state: RPGState, c: Character, d: Details) -> int:
    if d.get("ending") == "down":
        return 3 * ONE_AP
    return 3 * cost(state, c, facing_named(d.get("direction", "")), (STRAIGHT, DIAGONAL))


def _grapple_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    yield {"ending": "down"}
    for name in FACING_NAMES:
        yield {"direction": name}


def _grapple_move(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """"This action requires a Competitive Saving Roll based on STR against each opponent who
    is trying to resist the movement. Success means that all characters ... perform the
    desired movement. This action can be used in conjunction with position changes ... to
    simulate attempts to wrestle opponents to the floor and pin them" (lines 212-214). Every
    opponent in the grapple resists (ours)."""
    opponents = [x for x in grapple_group(state, c) if x.side != c.side and x.up]
    steps: list[Step] = []
    for x in opponents:
        steps.append(contest("contest", c, c.strength, "STR", x, "move while grappling", do))
        steps.append(contest("contest", x, x.strength, "STR", c, "resisting", do))
    if not steps:
        return move_group(state, c, do)
    return replace(state, queue=tuple(steps) + state.queue), told(
        state, c, f"{c.name} tries to {'wrestle the grapple down' if do.ending else 'drag the grapple'}")


def move_group(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """Everybody in his grapple moves with him (or goes one position lower)."""
    group = grapple_group(state, c)
    if do.ending == "down":
        lower = {STANDING: KNEELING, KNEELING: PRONE, SITTING: PRONE, PRONE: PRONE}
        for x in group:
            state = state.with_character(replace(x, posture=lower[x.posture]))
        return state, told(state, c, f"{c.name} wrestles the grapple down: "
                                     + ", ".join(f"{x.name} {lower[x.posture]}" for x in group))
    f = facing_named(do.direction)
    assert f is not None
    dest = step(c.pos, f)
    events: list[Event] = []
    for x in group:
        state, more = arrive(state, state.character(x.id), dest,
                             f if x.id == c.id else x.facing)
        events += more
    return state, events


def kinds() -> tuple[Kind, ...]:
    stand_only = "no movement while sitting, kneeling or prone: stand up first (line 208)"
    return (
        Kind("turn", "Turn in place", "position", 212, flat(ONE_AP), _turn, ("direction",),
             _turn_check, directions),
        _posture("sit", "Sit down or stand up", {STANDING: SITTING, SITTING: STANDING},
                 "he sits from standing, stands from sitting"),
        _posture("kneel", "Kneel or stand up", {STANDING: KNEELING, KNEELING: STANDING},
                 "he kneels from standing, stands from kneeling"),
        _posture("prone", "Go prone or kneel up", {KNEELING: PRONE, PRONE: KNEELING},
                 "he goes prone from kneeling, kneels from prone (standing to prone takes two "
                 "actions, line 212)"),
        _walk_kind("move", "Move one square", "walk", (STRAIGHT, DIAGONAL), (STANDING,),
                   stand_only, MOVING),
        _walk_kind("crawl", "Crawl one square", "walk", (2 * STRAIGHT, 2 * DIAGONAL), (PRONE,),
                   "he crawls when prone (line 212)", MOVING),
        _walk_kind("run", "Run one square", "walk", (STRAIGHT // 2, DIAGONAL // 2), (STANDING,),
                   stand_only, RUNNING, running=True),
        _walk_kind("climb", "Climb one square", "climb", (STRAIGHT, DIAGONAL), (STANDING,),
                   stand_only, MOVING),
        _walk_kind("swim", "Swim one square", "swim", (STRAIGHT, DIAGONAL),
                   (STANDING, KNEELING, PRONE, SITTING), "", MOVING),
        Kind("grapple_move", "Move while grappling", "movement", 212, _grapple_cost,
             _grapple_move, ("direction", "ending"), _grapple_check, _grapple_samples,
             _grapple_able, MOVING, held=True),
    )


def on_ladder(state: RPGState, c: Character) -> bool:
    """Whether he holds on with both hands (a ladder, a rope: line 212)."""
    return terrain(state, c.pos).hands
