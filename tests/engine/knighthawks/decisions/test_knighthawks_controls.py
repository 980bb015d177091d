"""Knight Hawks decisions agree with `apply` (as test_seat_api.py checks for FASA): every
decision's defaults make a legal action; a choice marked with a problem, or a number past a
field's bounds, makes an action `apply` refuses; each seat's decisions are exactly its prompts."""

from __future__ import annotations

import pytest

import engine
from companion.dice import VirtualDice
from engine import FieldKind, Seat
from engine.rulesets.knighthawks.autopilots import autopilot
from engine.rulesets.knighthawks.flow.setup import load_scenario
from engine.rulesets.knighthawks.values.state import KHState


@pytest.mark.slow
@pytest.mark.parametrize(("name", "seed"), [("patrol", 1), ("fleet", 2)])
def test_controls_agree_with_what_apply_accepts(name: str, seed: int) -> None:
    state = engine.new_game(load_scenario(name, None, 4))
    dice = VirtualDice(seed)
    checked = 0
    while prompts := engine.pending(state):
        assert isinstance(state, KHState)
        for p in prompts:
            seat = Seat(p.station, p.ship)
            decisions = engine.controls(state, seat)
            assert [d.prompt for d in decisions] == list(engine.pending(state, seat))
            for d in decisions:
                assert engine.problem(state, d.make()) is None, (d.title, d.defaults())
                for f in d.fields:
                    if f.kind == FieldKind.CHOICE:
                        for c in f.choices:
                            if c.problem is not None:
                                assert engine.problem(state, d.make({f.name: c.value})), c
                    elif f.kind == FieldKind.INT:
                        assert engine.problem(state, d.make({f.name: f.maximum + 1}))
                        assert engine.problem(state, d.make({f.name: f.minimum - 1}))
                checked += 1
        p = prompts[0]
        action = dice.roll(p.roll) if p.roll else autopilot.decide(state, p)
        state, _ = engine.apply(state, action)
    assert checked > 50
