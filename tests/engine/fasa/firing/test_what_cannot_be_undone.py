"""Only the choice that cannot be taken back asks a second confirmation: DESTRUCT (and ABANDON),
a shot at a target; holding (the self-destruct order's default, each weapon's hold fire) is sent
at once by a panel, a phone or the bridge display (`Decision.irreversible_with`)."""

from __future__ import annotations

import random

import pytest
from test_fasa_self_destruct import duel

import engine
from companion.session import load_scenario, prepare
from engine import RollResult, Seat, apply, controls, decide, new_game, pending
from engine.controls import Decision


def test_holding_the_self_destruct_order_is_not_irreversible_destruct_is() -> None:
    (d,) = engine.controls(duel(), Seat("captain", "kl"))
    assert not d.irreversible
    assert not d.irreversible_with({}) and not d.irreversible_with({"order": "hold"})
    assert d.irreversible_with({"order": "destruct"})


def _fire_card() -> Decision:
    rng = random.Random(2)
    state = new_game(prepare(load_scenario("duel", None), None, "advanced", None, 2))
    for _ in range(300):
        fire = [d for p in pending(state) if p.ship == "enterprise" and p.roll is None
                for d in controls(state, Seat(p.station, p.ship)) if d.action == "fire"]
        if fire:
            return fire[0]
        assert not state.over
        p = pending(state)[0]
        state, _ = apply(state, decide(state, p) if p.roll is None
                         else RollResult(p.roll.station, rng.randint(1, p.roll.sides), "script"))
    raise AssertionError("no fire card in 300 steps")


@pytest.mark.slow
def test_holding_fire_is_not_irreversible_a_shot_is() -> None:
    d = _fire_card()
    weapons = [f for f in d.fields if f.name != "weaponry"]
    assert weapons and not d.irreversible
    assert not d.irreversible_with({}) and not d.irreversible_with(
        {f.name: None for f in weapons})                     # hold fire on every weapon
    assert d.irreversible_with({weapons[0].name: "kronos"})  # one shot is enough
