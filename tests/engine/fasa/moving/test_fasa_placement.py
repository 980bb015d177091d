"""Placing ships before turn 1 where the scenario leaves it to the table: Book Two (seed
000_4373da4a9495c8f8.txt), Advanced Scenarios, The Romulan Gambit, Game Setup, line 545 — "The
Romulan vessels are both cloaked; the players may place their ships anywhere they desire on the
map, making a note of their location ... The Federation cruiser may enter the map from any
location, moving at full speed."""

from __future__ import annotations

import pytest
from test_fasa_advanced import act, refused
from test_seat_api import packaged

import engine
from engine import Seat
from engine.errors import DataError
from engine.hexgrid import hex_to_offset
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.decisions import legal
from engine.rulesets.fasa.values.actions import AllocatePower, PlaceShip
from engine.rulesets.fasa.values.events import ShipPlaced
from engine.rulesets.fasa.values.state import PLACE, POWER, FasaState

FED = Seat("helm", "constitution")
ROM = Seat("helm", "bop1")


def gambit(level: str = "advanced") -> FasaState:
    state: FasaState = engine.new_game(packaged("romulan-gambit", level))  # type: ignore[assignment]
    return state


def test_the_gambit_starts_with_the_table_placing_its_ships() -> None:
    state = gambit()
    assert state.step == PLACE and state.turn == 1
    prompts = engine.pending(state)
    assert {(p.ship, p.action) for p in prompts} == {
        ("constitution", "place_ship"), ("bop1", "place_ship"), ("bop2", "place_ship")}
    (decision,) = engine.controls(state, Seat("captain", "constitution"))
    assert decision.defaults() == {"col": 0, "row": 12, "heading": 2}
    assert "edge" in decision.title
    (rom,) = engine.controls(state, Seat("captain", "bop1"))
    assert rom.defaults() == {"col": 19, "row": 9, "heading": 4} and "anywhere" in rom.title
    refused(state, AllocatePower("engineer", "bop1", 4, 0, 0, 5), "placing of ships")


def test_the_cruiser_enters_from_an_edge_and_nobody_is_placed_on_an_obstacle() -> None:
    state = gambit()
    refused(state, PlaceShip("captain", "constitution", 10, 10, 1), "from an edge")
    refused(state, PlaceShip("captain", "bop1", 16, 12, 1), "obstacle")
    refused(state, PlaceShip("captain", "bop1", 40, 3, 1), "off the 32x24 map")
    refused(state, PlaceShip("captain", "bop1", 5, 3, 6), "heading must be 0 to 5")
    refused(state, PlaceShip("helm", "constitution", 0, 3, 1), "is for Captain")


def test_a_cloaked_romulans_place_is_its_sides_alone_and_the_game_starts_when_all_are_placed(
        ) -> None:
    state = gambit()
    state, events = act(state, PlaceShip("captain", "bop1", 5, 5, 2))
    (placed,) = [e for e in events if isinstance(e, ShipPlaced)]
    assert hex_to_offset(state.ship("bop1").pos) == (5, 5) and state.ship("bop1").heading == 2
    assert placed in engine.events_for(state, events, ROM)
    assert placed not in engine.events_for(state, events, FED)
    refused(state, PlaceShip("captain", "bop1", 6, 5, 2), "not to be placed now")
    state, events = act(state, PlaceShip("instructor", "constitution", 31, 3, 5))
    (placed,) = [e for e in events if isinstance(e, ShipPlaced)]
    assert placed.edge and placed in engine.events_for(state, events, ROM)
    assert state.step == PLACE
    state, _ = act(state, autopilot.decide(state, engine.pending(state)[0]))
    assert hex_to_offset(state.ship("bop2").pos) == (19, 15)  # the autopilot keeps the default
    assert state.step == POWER and not state.to_place
    # The cruiser "moving at full speed": its turn 1 allocation is made, the Romulans' is not.
    assert {p.ship for p in engine.pending(state) if p.action == "allocate_power"} == {
        "bop1", "bop2"}


def test_at_the_basic_level_the_romulans_are_seen_as_they_are_placed() -> None:
    state = gambit("basic")
    state, events = act(state, PlaceShip("captain", "bop1", 5, 5, 2))
    assert any(isinstance(e, ShipPlaced) for e in engine.events_for(state, events, FED))


def test_the_legal_list_offers_places_the_rules_accept() -> None:
    state = gambit()
    for sid in ("constitution", "bop1"):
        options = legal.legal_actions(state, Seat("captain", sid))
        assert len(options) > 6
        assert all(engine.problem(state, a) is None for a in options)


def test_a_scenario_place_must_be_anywhere_or_edge() -> None:
    scenario = packaged("romulan-gambit", "advanced")
    ships = [dict(s) for s in scenario["ships"]]
    ships[0]["place"] = "centre"
    with pytest.raises(DataError, match=r"ships\[1\]: place must be one of anywhere, edge"):
        engine.new_game({**scenario, "ships": ships})
