"""The away team's secrets: a seat is a character and knows what its character sees (docs/engine.md,
seed 004 line 222, Target Concealment): its own side whole; of another side only the characters
in its line of sight, and of those only what shows (never their scores, AP or wounds).

`perturbed` changes every such secret of the other sides (the kernel's every-ruleset suite uses
it too): where each enemy the seat does not see stands and which way he faces, and every
enemy's AP left, temporary damage and DEX; nothing the seat is told may change."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine import Seat
from engine.rulesets.strpg import autopilot, setup
from engine.rulesets.strpg.ground import way_in
from engine.rulesets.strpg.sight import concealment, sees
from engine.rulesets.strpg.state import Character, RPGState, replace
from engine.squaregrid import adjacent, crossing
from engine.stations import INSTRUCTOR


def _busy(state: RPGState) -> set[str]:
    """Characters a move would change more than their place for: in a grapple, blocking or
    blocked, acting, asked something now, or by a door (which stands open for them)."""
    out = {x for g in state.grapples for x in g} | {x for p in state.passing for x in p}
    out |= {x for b in state.blocks for x in b} | {s.who for s in state.queue}
    out |= {s.attack.attacker for s in state.queue if s.attack} | \
        {s.attack.target for s in state.queue if s.attack}
    acting = state.acting()
    if acting is not None:
        out.add(acting.id)
    doors = [d.pos for d in state.doors]   # a door opens to whoever stands by it
    out |= {c.id for c in state.characters if any(c.pos == d or adjacent(c.pos, d) for d in doors)}
    return out


def _spot(state: RPGState, me: Character, c: Character, rng: random.Random) -> tuple[int, int]:
    """Another square for an unseen enemy that shows nothing to `me`: out of his sight, by no
    door (it would open), next to nobody, on no line between `me` and anybody."""
    lines = set()
    for other in state.characters:
        lines |= set(crossing(me.pos, other.pos).squares) | {other.pos}
    doors = {d.pos for d in state.doors}
    free = [(col, row) for row in range(state.height) for col in range(state.width)
            if way_in(state, (col, row)) == "walk" and (col, row) not in lines
            and not any(adjacent((col, row), d) or (col, row) == d for d in doors)
            and not any(adjacent((col, row), x.pos) or x.pos == (col, row)
                        for x in state.characters if x.id != c.id)
            and concealment(state, me.pos, me.posture, (col, row), c.posture) is None]
    return rng.choice(free) if free else c.pos


def perturbed(state: RPGState, seat: Seat, rng: random.Random) -> RPGState:
    """`state` with every secret of the sides other than the seat's changed."""
    me = state.character(str(seat.ship))
    busy = _busy(state)
    out = state
    for c in state.characters:
        if c.side == me.side:
            continue
        changed = replace(c, ap=c.ap + 4 if c.ap else 0, temporary=c.temporary + 1 if c.up and
                          c.op_end > 22 else c.temporary, dexterity=c.dexterity + 1)
        if not sees(state, me, c) and c.id not in busy and c.up:
            changed = replace(changed, pos=_spot(out, me, c, rng), facing=(c.facing + 3) % 8)
        out = out.with_character(changed)
    return out


def told(state: RPGState, seat: Seat) -> Any:
    decisions = engine.controls(state, seat)
    return (engine.view(state, seat), engine.pending(state, seat),
            [(d.title, [(f.name, f.default, [(c.value, c.label, c.problem) for c in f.choices])
                        for f in d.fields]) for d in decisions],
            engine.legal_actions(state, seat),
            [autopilot.decide(state, p) for p in engine.pending(state, seat) if p.roll is None])


@pytest.mark.parametrize(("name", "seed"), [("ambush", 1), ("boarding", 2), ("corridor", 3)])
def test_no_seat_is_told_what_its_character_cannot_see(name: str, seed: int) -> None:
    state = engine.new_game(setup.load_scenario(name, None, 4))
    assert isinstance(state, RPGState)
    rng = random.Random(seed)
    checked = moved = 0
    for n in range(400):
        prompts = engine.pending(state)
        if not prompts:
            break
        p = prompts[0]
        if n % 3 == 0:
            for c in rng.sample(state.characters, 3):
                seat = Seat(c.station, c.id)
                twin = perturbed(state, seat, rng)
                moved += any(a.pos != b.pos for a, b in zip(state.characters, twin.characters,
                                                          strict=True))
                assert told(twin, seat) == told(state, seat), f"{seat} is told a secret"
                checked += 1
        action = engine.RollResult(p.roll.station, rng.randint(1, p.roll.sides), "script") \
            if p.roll else autopilot.decide(state, p)
        state = engine.apply(state, action)[0]   # type: ignore[assignment]
    assert checked > 20
    assert moved, "no unseen enemy was ever moved: the test could not fail"


def test_an_unseen_enemy_s_doings_are_not_told() -> None:
    """The ambushers start hidden: the landing party is told nothing of them, not even their
    place in the action order; the Instructor is told everything."""
    state = engine.new_game(setup.load_scenario("ambush", None, 4))
    (p,) = engine.pending(state)
    assert p.station == INSTRUCTOR and p.ship is None and p.action == "rpg_order"
    state, events = engine.apply(state, engine.controls(state, Seat(INSTRUCTOR))[0].make())
    faces = iter(range(100))
    while (p := engine.pending(state)[0]).roll is not None:   # no two alike: no roll-off
        state, more = engine.apply(state, engine.RollResult(p.roll.station, next(faces) % 10 + 1,
                                                            "script"))
        events += more
    kirk = Seat("captain", "kirk")
    seen = engine.view(state, kirk)
    assert {s["side"] for s in seen["ships"]} == {"federation"}
    assert all(o["id"] in ("kirk", "spock", "mccoy", "lemli") for o in seen["order"])
    told_kirk = engine.events_for(state, events, kirk)
    assert not any("Vass" in e.text or "Orion" in e.text for e in told_kirk)
    assert any("Vass" in e.text for e in engine.events_for(state, events, Seat(INSTRUCTOR)))
