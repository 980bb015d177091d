"""Evasion (seed 004 line 220): "Once a character takes an evasive action, attacks against him
incur a -15 penalty until his next action comes up in the action order ... If the character's
next action is an attack, it is at a -30 penalty." Evade one square (2 AP straight, 3
diagonal; a Saving Roll against MAX OP END at -20 for every 2 AP), roll sideways (2), drop
suddenly (1), dive to prone (2), dive roll (4 straight, 4.5 diagonal; a Saving Roll against
DEX)."""

from __future__ import annotations

from collections.abc import Iterable

from engine.events import Event
from engine.rulesets.strpg.actions import Do
from engine.rulesets.strpg.ground import way_in
from engine.rulesets.strpg.kinds import Cost, Details, Kind, Perform, flat
from engine.rulesets.strpg.moving import (
    DIAGONAL,
    STRAIGHT,
    arrive,
    cost,
    facing_named,
    step_problem,
)
from engine.rulesets.strpg.position import directions, told
from engine.rulesets.strpg.rolls import save
from engine.rulesets.strpg.state import (
    EVADING,
    KNEELING,
    PRONE,
    STANDING,
    Character,
    RPGState,
    replace,
)
from engine.squaregrid import FACING_NAMES, diagonal, step

ONE_AP = 4


def _evade_check(state: RPGState, c: Character, d: Details) -> str | None:
    if c.posture != STANDING:
        return "he evades standing (line 220: he moves as in Position and Movement)"
    return step_problem(state, c, facing_named(d.get("direction", "")), "walk")


def _evade_cost(half: bool) -> Cost:
    def price(state: RPGState, c: Character, d: Details) -> int:
        full = cost(state, c, facing_named(d.get("direction", "")), (2 * STRAIGHT, 2 * DIAGONAL))
        return full // 2 if half else full
    return price


def _evade(running: bool) -> Perform:
    def perform(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
        f = facing_named(do.direction)
        assert f is not None
        spent = cost(state, c, f, (2 * STRAIGHT, 2 * DIAGONAL)) // (2 if running else 1)
        return arrive(state, c, step(c.pos, f), f, spent=spent, evading=True, running=running)
    return perform


def _sideways(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({"direction": FACING_NAMES[(c.facing + d) % 8]} for d in (-2, 2))


def _roll_check(state: RPGState, c: Character, d: Details) -> str | None:
    if c.posture != PRONE:
        return "he rolls sideways from prone (a standing character first goes prone)"
    f = facing_named(d.get("direction", ""))
    if f is not None and (f - c.facing) % 8 not in (2, 6):
        return "a roll goes to either side, not forward or backward"
    return step_problem(state, c, f, "walk")


def _roll(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    f = facing_named(do.direction)
    assert f is not None
    return arrive(state, c, step(c.pos, f), c.facing, spent=2 * ONE_AP, evading=True)


def _drop_able(state: RPGState, c: Character) -> str | None:
    return "he drops from standing" if c.posture != STANDING else None


def _drop(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    state = state.with_character(replace(c, posture=PRONE))
    return state, told(state, c, f"{c.name} drops flat")


def _dive_able(state: RPGState, c: Character) -> str | None:
    if c.posture not in (STANDING, KNEELING):
        return "he dives from standing or kneeling"
    return _dive_way(state, c)


def _dive_way(state: RPGState, c: Character) -> str | None:
    ahead = step(c.pos, c.facing)
    if way_in(state, ahead) == "swim":
        return None
    return step_problem(state, c, c.facing, "walk")


def _dive(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """"moves forward one square and assumes a prone position. If the dive is made into
    sufficiently deep water, the character moves forward two squares" (line 220)."""
    ahead = step(c.pos, c.facing)
    dest = ahead
    if way_in(state, ahead) == "swim" and way_in(state, step(ahead, c.facing)) == "swim":
        dest = step(ahead, c.facing)
    state, events = arrive(state, c, dest, c.facing, spent=2 * ONE_AP, evading=True)
    mover = state.character(c.id)
    return state.with_character(replace(mover, posture=PRONE)), events


def _dive_roll_check(state: RPGState, c: Character, d: Details) -> str | None:
    if c.posture not in (STANDING, KNEELING):
        return "he dive-rolls from standing or kneeling"
    if d.get("ending") not in (KNEELING, PRONE):
        return "say whether he comes out of the roll kneeling or prone"
    f = facing_named(d.get("direction", ""))
    why = step_problem(state, c, f, "walk")
    if why or f is None:
        return why
    beyond = replace(c, pos=step(c.pos, f))
    why = step_problem(state, beyond, f, "walk")
    return f"two squares {FACING_NAMES[f]}: {why}" if why else None


def _dive_roll_cost(state: RPGState, c: Character, d: Details) -> int:
    f = facing_named(d.get("direction", ""))
    return 18 if f is not None and diagonal(f) else 16


def _dive_roll_samples(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    for name in FACING_NAMES:
        for ending in (KNEELING, PRONE):
            yield {"direction": name, "ending": ending}


def _dive_roll(state: RPGState, c: Character, do: Do) -> tuple[RPGState, list[Event]]:
    """"The character must make a Saving Roll against DEX. If the roll succeeds, the counter is
    moved two squares ... If the roll fails, the counter is moved only one square, and the
    character is prone" (line 220): the move waits for the roll."""
    step_ = save("dive_roll", c, c.dexterity, "DEX", "dive roll", do=do)
    return replace(state, queue=(step_,) + state.queue), told(
        state, c, f"{c.name} dives into a roll {do.direction}")


def dive_roll_lands(state: RPGState, c: Character, do: Do,
                    success: bool) -> tuple[RPGState, list[Event]]:
    f = facing_named(do.direction)
    assert f is not None
    one = step(c.pos, f)
    state, events = arrive(state, c, one, f, spent=0, evading=True)
    if success:
        state, more = arrive(state, state.character(c.id), step(one, f), f, evading=True)
        events += more
    ending = do.ending if success else PRONE
    return state.with_character(replace(state.character(c.id), posture=ending)), events


def kinds() -> tuple[Kind, ...]:
    return (
        Kind("evade", "Evade one square", "evasion", 220, _evade_cost(False),
             _evade(False), ("direction",), _evade_check, directions,
             moves=EVADING, evasive=True),
        Kind("run_evade", "Run, evading", "evasion", 212, _evade_cost(True),
             _evade(True), ("direction",), _evade_check, directions,
             moves=EVADING, evasive=True),
        Kind("roll_side", "Roll sideways", "evasion", 220, flat(2 * ONE_AP), _roll,
             ("direction",), _roll_check, _sideways, moves=EVADING, evasive=True),
        Kind("drop", "Drop suddenly", "evasion", 220, flat(ONE_AP), _drop, able=_drop_able,
             moves=EVADING, evasive=True),
        Kind("dive", "Dive to prone", "evasion", 220, flat(2 * ONE_AP), _dive, able=_dive_able,
             moves=EVADING, evasive=True),
        Kind("dive_roll", "Dive roll", "evasion", 220, _dive_roll_cost, _dive_roll,
             ("direction", "ending"), _dive_roll_check, _dive_roll_samples, moves=EVADING,
             evasive=True),
    )
