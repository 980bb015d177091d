"""The phones' consoles play Battlestations!' own decisions: the Fire / No Fire counter and the
tactical heading change reach the seat whose decision it is as a card with its choices, and
another side's console never learns which counter was laid (seed 001, line 104)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import engine
from companion.session import load_scenario, prepare
from consoles.payload import SeatLog, payload, seat_key
from engine import Seat
from engine.rulesets.fasa.variants.battlestations.round_actions import FireCounter


def sent(state: Any, seat: Seat) -> dict[str, Any]:
    key = seat_key(seat)
    return payload(state, key, SeatLog(key))


def at(action: str) -> Any:
    state = engine.new_game(prepare(load_scenario("cestus-well", None), None, None, None, 3))
    rng = random.Random(1)
    for _ in range(600):
        p = engine.pending(state)[0]
        if p.action == action:
            return state
        act = (engine.RollResult(p.roll.station, rng.randint(1, p.roll.sides)) if p.roll
               else engine.decide(state, p))
        state = engine.apply(state, act)[0]
    raise AssertionError(f"no {action} reached")


@pytest.mark.slow
def test_the_counter_and_the_heading_change_are_cards_with_their_choices() -> None:
    for action, field, values in (("fire_counter", "counter", {"fire", "no_fire"}),
                                  ("tactical_turn", "turn", {"none", "port", "starboard"})):
        state = at(action)
        p = next(p for p in engine.pending(state) if p.action == action)
        card = next(d for d in sent(state, Seat(p.station, p.ship))["decisions"]
                    if d["action"] == action)
        f = next(f for f in card["fields"] if f["name"] == field)
        assert {c["value"] for c in f["choices"]} == values


def test_another_sides_console_never_learns_a_counter_face_down() -> None:
    state = at("fire_counter")
    first, other = state.ships
    texts = []
    for fire in (True, False):
        laid, _ = engine.apply(state, FireCounter("captain", first.id, fire))
        texts.append(json.dumps(sent(laid, Seat("captain", other.id)), sort_keys=True))
    assert texts[0] == texts[1]
