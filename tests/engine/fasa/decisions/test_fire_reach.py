"""Declaring fire shows each target's range and the firer's arc it lies in beside its odds
(Advanced: Firing Arcs), for a target the firing side sees."""

from __future__ import annotations

import random

from companion.session import load_scenario, prepare
from engine import RollResult, Seat, apply, controls, decide, new_game, pending
from engine.hexgrid import distance
from engine.rulesets.fasa.arcs import arc_words


def test_each_target_says_its_range_and_arc_before_it_is_chosen() -> None:
    rng = random.Random(2)
    state = new_game(prepare(load_scenario("duel", None), None, "advanced", None, 2))
    for _ in range(300):
        fire = [d for p in pending(state) if p.ship == "enterprise" and p.roll is None
                for d in controls(state, Seat(p.station, p.ship)) if d.action == "fire"]
        if fire or state.over:
            break
        p = pending(state)[0]
        state, _ = apply(state, decide(state, p) if p.roll is None
                         else RollResult(p.roll.station, rng.randint(1, p.roll.sides), "script"))
    (d,) = fire
    ent, kronos = state.ship("enterprise"), state.ship("kronos")
    words = f"range {distance(ent.pos, kronos.pos)}, {arc_words(ent.pos, ent.heading, kronos.pos)}"
    for field in d.fields:
        if field.name == "weaponry":
            continue
        (target,) = [c for c in field.choices if c.value == "kronos"]
        assert target.note == words, field.name
        assert [c.note for c in field.choices if c.value is None] == [""]   # hold fire

