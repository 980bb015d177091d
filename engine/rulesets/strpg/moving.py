"""Moving from square to square, for every action that moves a character (seed 004 lines
210-214, Position and Movement; line 220, Evasion): where he may go, what a step costs, and
what happens when he arrives (enemies he meets, tiredness).

"Barring obstacles such as walls and furniture, characters may move freely through any square,
even if it is occupied by friendly people. However, there may be no more than four characters
in the same square. A character may move freely through a square occupied by an enemy if the
enemy allows. He must, however, end his movement immediately if the enemy wants to keep him
from passing through the square ... the enemy must declare his intention during his first
available action after the character moves into his square or the character may pass through
unhindered" (line 210).
"""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.strpg.events import Note
from engine.rulesets.strpg.ground import difficult, factor, way_in
from engine.rulesets.strpg.rolls import save
from engine.rulesets.strpg.sight import witnesses
from engine.rulesets.strpg.state import QUARTERS, Character, RPGState, Step, replace
from engine.squaregrid import FACING_NAMES, Square, diagonal, step

MAX_IN_SQUARE = 4
STRAIGHT, DIAGONAL = 4, 6
"""Move one square: 1 AP straight, 1.5 diagonal (line 208), in quarters."""
FATIGUE_EVERY = 2 * QUARTERS
"""A Saving Roll against MAX OP END for every two AP spent running, evading or swimming."""


def facing_named(name: str) -> int | None:
    return FACING_NAMES.index(name) if name in FACING_NAMES else None


def base_cost(facing: int) -> int:
    return DIAGONAL if diagonal(facing) else STRAIGHT


def blocker(state: RPGState, c: Character) -> Character | None:
    """An enemy in his square who keeps him from passing through (line 212: "If all enemies who
    wish to block movement are incapacitated or removed from the square, the character may
    resume his movement")."""
    for b, mover in state.blocks:
        if mover == c.id:
            found = state.find(b)
            if found is not None and found.up and found.pos == c.pos:
                return found
    return None


def held_by(state: RPGState, c: Character) -> tuple[Character, ...]:
    """Who holds him in a grapple."""
    return tuple(x for h, held in state.grapples if held == c.id
                 if (x := state.find(h)) is not None)


def grapple_group(state: RPGState, c: Character) -> tuple[Character, ...]:
    """Everybody in the grapple he is in (himself first), or himself alone."""
    ids = [c.id]
    for cid in ids:
        for h, held in state.grapples:
            for other in (h, held):
                if cid in (h, held) and other not in ids:
                    ids.append(other)
    return tuple(state.character(i) for i in ids)


def step_problem(state: RPGState, c: Character, facing: int | None, way: str,
                 group: int = 1) -> str | None:
    """Why he cannot step toward `facing` by `way` (walk, climb, swim), or None."""
    if facing is None:
        return "choose a direction"
    b = blocker(state, c)
    if b is not None:
        return f"{b.name} keeps him from passing (line 210)"
    dest = step(c.pos, facing)
    found = way_in(state, dest)
    if found == "none":
        return f"the way {FACING_NAMES[facing]} is blocked"
    if found != way:
        return {"climb": f"climbing there ({FACING_NAMES[facing]}): use Climb",
                "swim": f"deep water {FACING_NAMES[facing]}: use Swim",
                "walk": f"no {way} to the {FACING_NAMES[facing]}"}[found]
    if diagonal(facing):
        side_a, side_b = step(c.pos, facing - 1), step(c.pos, facing + 1)
        if way_in(state, side_a) == "none" and way_in(state, side_b) == "none":
            return f"no way through the corner to the {FACING_NAMES[facing]}"
    if len(state.at(dest)) + group > MAX_IN_SQUARE:
        return f"the square {FACING_NAMES[facing]} holds four already (line 210)"
    return None


def cost(state: RPGState, c: Character, facing: int | None, per_step: tuple[int, int]) -> int:
    """The AP (quarters) of one step toward `facing`: `per_step` (straight, diagonal) times the
    terrain's multiple (line 212)."""
    if facing is None:
        return per_step[0]
    return (per_step[1] if diagonal(facing) else per_step[0]) * factor(state, step(c.pos, facing))


def arrive(state: RPGState, c: Character, dest: Square, facing: int, *,
           spent: int = 0, running: bool = False, evading: bool = False,
           swimming: bool = False) -> tuple[RPGState, list[Event]]:
    """Put `c` in `dest` facing `facing`, after `spent` AP (quarters) of the kind given:
    enemies there may block him, and tiredness is rolled for (line 212: for every two AP
    running or swimming, and half a turn's AP on difficult terrain; line 220: every two AP
    evading, at -20)."""
    before = c
    moved = replace(c, pos=dest, facing=facing,
                    running_ap=c.running_ap + (spent if running else 0),
                    evading_ap=c.evading_ap + (spent if evading else 0),
                    swimming_ap=c.swimming_ap + (spent if swimming else 0),
                    terrain_ap=c.terrain_ap + (spent if difficult(state, dest) else 0),
                    hidden=c.hidden and dest == c.pos)
    state = state.with_character(moved)
    enemies = tuple(e.id for e in state.at(dest) if e.side != c.side and e.up)
    state = replace(state, passing=tuple(p for p in state.passing if p[1] != c.id)
                    + tuple((e, c.id) for e in enemies),
                    blocks=tuple(b for b in state.blocks if b[1] != c.id))
    steps: list[Step] = []
    for spent_kind, was, now, penalty, why in (
            ("running", before.running_ap, moved.running_ap, 0, "running"),
            ("evading", before.evading_ap, moved.evading_ap, -20, "evading"),
            ("swimming", before.swimming_ap, moved.swimming_ap, 0, "swimming")):
        for _ in range(now // FATIGUE_EVERY - was // FATIGUE_EVERY):
            mods = ((f"{why}", penalty),) if penalty else ()
            steps.append(save("fatigue", moved, moved.max_op_end, "MAX OP END",
                              f"tiring from {why}", mods, other=spent_kind))
    if not moved.terrain_rolled and moved.terrain_ap * 2 >= moved.ap_full > 0:
        state = state.with_character(replace(moved, terrain_rolled=True))
        steps.append(save("fatigue", moved, moved.max_op_end, "MAX OP END",
                          "half his AP spent on difficult terrain", other="terrain"))
    state = replace(state, queue=state.queue + tuple(steps))
    col, row = dest
    seen = witnesses(state, state.character(c.id)) | witnesses(state.with_character(before),
                                                                before)
    return state, [Note(f"{c.name} moves {FACING_NAMES[facing]} to [{col}, {row}]", seen,
                        c.side)]
