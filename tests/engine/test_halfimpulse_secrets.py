"""The half-impulse referee's secrets stay with their side: the speeds and initiative a player
has entered before every player has entered his (seed line 107: announced together), where a
side's mines and T-bombs lie until they are detected or go off, how many it has left to lay,
and its autopilot's script. At every step of games with mines, every secret of the other sides
is changed and nothing a seat is told may change."""

from __future__ import annotations

import random
from typing import Any

import pytest
from halfimpulse_play import drive, scenario, ship, start, step_is

import engine
from companion.dice import VirtualDice
from engine import Seat
from engine.hexgrid import Hex
from engine.rulesets.halfimpulse.actions import Launch
from engine.rulesets.halfimpulse.state import (
    HIDDEN_LOADS,
    Entry,
    HalfState,
    Mine,
    replace,
)
from engine.rulesets.halfimpulse.state import Launch as Scripted


def perturbed(state: HalfState, side: str, rng: random.Random) -> HalfState:
    """The state with every secret of the sides other than `side` changed."""
    def hidden(m: Mine) -> bool:
        return m.side != side and side not in m.known_to

    mines = tuple(replace(m, pos=Hex(m.pos.q + rng.choice([-1, 1]), m.pos.r + 1),
                          trigger=rng.randint(0, 3), blast=rng.randint(0, 3)) if hidden(m)
                  else m for m in state.mines)
    others = [p for p in state.players if p.side != side]
    mines += tuple(Mine(f"secret-{p.id}", "secret", p.side, p.id, Hex(2, 2), 1, 1)
                   for p in others)
    entries = tuple(replace(e, initiative=e.initiative + 7, speeds=tuple(
        (u, (v + 3) % 10) for u, v in e.speeds)) if state.player(e.player).side != side else e
                    for e in state.entries)
    units = tuple(u if u.side == side else replace(
        u, script=u.script + (Scripted(9, 2, 3, "", "x", 1, 1),), speeds=(*u.speeds, 9),
        loads=tuple(replace(ld, count=ld.count + 2) if ld.kind in HIDDEN_LOADS else ld
                    for ld in u.loads)) for u in state.units)
    return replace(state, mines=mines, entries=entries, units=units)


def told(state: HalfState, seat: Seat) -> Any:
    return (engine.view(state, seat), engine.pending(state, seat),
            [(d.title, [(f.name, f.default, f.minimum, f.maximum,
                         [(c.value, c.problem) for c in f.choices]) for f in d.fields])
             for d in engine.controls(state, seat)],
            engine.legal_actions(state, seat),
            [engine.decide(state, p) for p in engine.pending(state, seat) if p.roll is None])


def minefield() -> dict[str, Any]:
    """Two players with mines and T-bombs to lay, drones and a mine already down."""
    mines = {"name": "Mine", "kind": "mine", "count": 3, "trigger": 1, "blast": 1}
    tbombs = {"name": "T-bomb", "kind": "tbomb", "count": 2, "trigger": 0, "blast": 1}
    return scenario(
        [ship("blue", "Blue", (5, 20), 0, [6, 4], loads=[mines, tbombs],
              script=[{"turn": 1, "phase": 1, "after": 1, "load": "Mine", "count": 1}]),
         ship("red", "Red", (6, 4), 3, [5, 7], loads=[mines, tbombs,
              {"name": "Drone", "kind": "drone", "count": 4, "speed": 8}],
              script=[{"turn": 1, "phase": 1, "after": 2, "load": "Mine", "count": 1},
                      {"turn": 1, "phase": 2, "after": 1, "load": "Drone", "count": 2}])],
        steps=["announce_speeds", "allocate_energy", "move", "mine_damage", "detect_mines",
               "launch_drones", "transporters", "lay_mines", "moving_direct_fire",
               "response_direct_fire", "dp_move", "dp_mines", "dp_fire", "dp_impacts"],
        turns=2, mines=[{"name": "Old mine", "player": "red", "at": [5, 14], "trigger": 1,
                         "blast": 2}])


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_seat_is_told_the_other_side_s_speeds_mines_or_script(seed: int) -> None:
    state = start(minefield())
    dice, rng = VirtualDice(seed), random.Random(seed)
    checked = steps = 0
    while (prompts := engine.pending(state)) and steps < 1500:
        steps += 1
        for p in state.players:
            seat = Seat("captain", p.id)
            twin = perturbed(state, p.side, rng)
            assert told(twin, seat) == told(state, seat), f"step {steps}: {seat} told a secret"
            checked += 1
        prompt = prompts[0]
        if prompt.roll is not None:
            action: engine.Action = dice.roll(prompt.roll)
        elif rng.random() < 0.6:
            action = engine.decide(state, prompt)
        else:
            action = rng.choice(engine.legal_actions(state, Seat(prompt.station, prompt.ship)))
        new, events = engine.apply(state, action)
        for p in state.players:
            seat = Seat("captain", p.id)
            hidden = [e for e in events if e not in engine.events_for(new, events, seat)]
            assert all(getattr(e, "side", p.side) != p.side for e in hidden)
        assert isinstance(new, HalfState)
        state = new
    assert checked > 100


def test_a_mine_laid_is_told_to_its_side_alone_and_shown_once_it_goes_off() -> None:
    state = start(minefield())
    while not (state.waiting and engine.view(state, Seat("instructor"))["step"] == "lay_mines"
               and state.moving_player == "blue"):
        (p, *_) = engine.pending(state)
        state = engine.apply(state, engine.decide(state, p) if p.roll is None else
                             engine.RollResult(p.roll.station, 3 if p.ship == "blue" else 2,
                                               "script"))[0]
    new, events = engine.apply(state, Launch("captain", "blue", "blue", "Mine", 1, 0))
    assert isinstance(new, HalfState)
    laid = [e.text for e in engine.events_for(new, events, Seat("captain", "blue"))]
    assert laid == ["Blue lays a Mine at [5, 19]"]
    assert engine.events_for(new, events, Seat("captain", "red")) == ()
    red_view = engine.view(new, Seat("captain", "red"))
    assert not any(c.get("mine") and c["side"] == "Blue" for c in red_view["counters"])
    assert [ld["count"] for u in red_view["units"] if u["id"] == "blue"
            for ld in u["loads"]] == [None, None]
    blue_view = engine.view(new, Seat("captain", "blue"))
    assert [ld["count"] for u in blue_view["units"] if u["id"] == "blue"
            for ld in u["loads"]] == [2, 2]


def test_speeds_entered_are_secret_until_everyone_has_entered() -> None:
    state, _ = drive(start(minefield()), step_is("announce_speeds"))
    (first, _) = engine.pending(state)
    (d,) = engine.controls(state, Seat("captain", first.ship))
    state = engine.apply(state, d.make({"initiative": 3}))[0]
    assert isinstance(state, HalfState) and state.entries == (Entry("blue", 3, (("blue", 6),)),)
    red = engine.view(state, Seat("captain", "red"))
    assert red["entered"] == [] and red["players"][0]["entered"] is True
    assert next(u for u in red["units"] if u["id"] == "blue")["speed"] is None
    (d,) = engine.controls(state, Seat("captain", "red"))
    state = engine.apply(state, d.make())[0]
    red = engine.view(state, Seat("captain", "red"))
    assert next(u for u in red["units"] if u["id"] == "blue")["speed"] == 6
    assert red["players"][0]["initiative"] == 3
