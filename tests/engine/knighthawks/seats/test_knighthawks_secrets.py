"""Knight Hawks secrets stay with their side: where a side laid its mines and placed seekers not
yet activated (seed 002, line 41: "the player that placed the mines must record the number of
that hex on a sheet of paper"). At every step of autopilot games, every enemy secret is changed
(mines moved, added or removed; idle seekers moved) and nothing a seat is told may change: its
view, its prompts, its controls, its legal actions, the autopilot's decision, and what it is
told of the step's events."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from companion.dice import VirtualDice
from engine import Seat
from engine.hexgrid import Hex
from engine.rulesets.knighthawks.autopilots import autopilot
from engine.rulesets.knighthawks.flow.setup import load_scenario
from engine.rulesets.knighthawks.values.crew import stations_of
from engine.rulesets.knighthawks.values.events import Note
from engine.rulesets.knighthawks.values.state import KHState, Mine, Seeker, replace


def perturbed(state: KHState, side: str, rng: random.Random) -> KHState:
    """The state with every secret of the sides other than `side` changed."""
    def moved(h: Hex) -> Hex:
        return Hex(h.q + rng.choice([-1, 1]), h.r + rng.choice([0, 1]))
    mines = tuple(Mine(m.side, moved(m.pos)) if m.side != side else m for m in state.mines)
    extra = tuple(Mine(s, Hex(rng.randint(0, 9), rng.randint(0, 9))) for s in state.sides
                  if s != side)
    seekers = tuple(replace(k, pos=moved(k.pos)) if k.side != side and not k.active else k
                    for k in state.seekers)
    seekers += tuple(Seeker(f"hidden-{s}", s, Hex(3, 3)) for s in state.sides if s != side
                     and any(k.side == s and not k.active for k in state.seekers))
    return replace(state, mines=mines + extra, seekers=seekers)


def told(state: KHState, seat: Seat) -> Any:
    decisions = engine.controls(state, seat)
    return (engine.view(state, seat), engine.pending(state, seat),
            [(d.title, [(f.name, f.default, f.minimum, f.maximum,
                         [(c.value, c.problem, c.need) for c in f.choices]) for f in d.fields])
             for d in decisions],
            engine.legal_actions(state, seat),
            [autopilot.decide(state, p) for p in engine.pending(state, seat) if p.roll is None])


def games() -> list[tuple[str, int]]:
    return [("fleet", 1), ("fleet", 2), ("patrol", 3)]


@pytest.mark.slow
@pytest.mark.parametrize(("name", "seed"), games())
def test_no_seat_is_told_the_other_sides_mines_or_idle_seekers(name: str, seed: int) -> None:
    scenario = load_scenario(name, None, 6)
    state = engine.new_game(scenario)
    assert isinstance(state, KHState)
    dice, rng = VirtualDice(seed), random.Random(seed)
    steps = 0
    while prompts := engine.pending(state):
        p = prompts[0]
        action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        # A side that drops a mine now and then, so that there are secrets to keep.
        if p.action == "kh_move" and rng.random() < 0.3:
            ship = state.ship(str(p.ship))
            if any(m.code == "M" and m.ammo for m in ship.weapons):
                action = replace(action, drop="M")
        if steps % 5 == 0:
            if state.mines or state.seekers:  # the Instructor sees the change: it is a secret
                sides = [k.side for k in state.seekers] + [m.side for m in state.mines]
                changed = perturbed(state, next(s for s in state.sides if s not in sides[:1]), rng)
                assert engine.view(changed, Seat("instructor")) != \
                    engine.view(state, Seat("instructor"))
            for ship in state.ships:
                for station in stations_of(ship.crew):
                    seat = Seat(station, ship.id)
                    other = perturbed(state, ship.side, rng)
                    assert told(state, seat) == told(other, seat), (steps, seat)
        new, events = engine.apply(state, action)
        assert isinstance(new, KHState)
        for ship in new.ships:
            for e in engine.events_for(new, events, Seat("helm", ship.id)):
                assert not (isinstance(e, Note) and e.side not in (None, ship.side)), e
        state = new
        steps += 1
    assert state.over


def test_a_mine_drop_is_told_only_to_its_own_side() -> None:
    scenario = load_scenario("fleet", None, 3)
    state = engine.new_game(scenario)
    assert isinstance(state, KHState)
    layer = state.ship("minelayer")
    state = replace(state, mover=1, step="move").with_ship(replace(layer, screened=True))
    state, events = engine.apply(state, engine.controls(
        state, Seat("helm", "minelayer"))[-1].make({"speed": 1, "course": "F", "drop": "M"}))
    assert isinstance(state, KHState)
    mine = [e for e in events if "lays mines" in e.text]
    assert mine and mine[0] in engine.events_for(state, events, Seat("helm", "frigate"))
    assert not [e for e in engine.events_for(state, events, Seat("helm", "cruiser"))
                if "lays mines" in e.text]
    assert engine.view(state, Seat("helm", "cruiser"))["mines"] == []
    assert len(engine.view(state, Seat("helm", "frigate"))["mines"]) == 3
