"""The seed's rules the referee checks beyond the order of movement (seed 003): whom a moving
and a non-moving player may fire at (lines 46-52), transporters and T-bombs (lines 53-62),
HETs and Impulse TACs (lines 65-78), what the Drone and Plasma movement allows (lines 79-95),
counters launched at Speed Zero (lines 452-456), landing, emergency deceleration and the end."""

from __future__ import annotations

import pytest
from halfimpulse_play import at, drive, scenario, ship, start, step_is

import engine
from engine import Seat
from engine.rulesets.halfimpulse.actions import (
    TBOMB_TARGET,
    Announce,
    Land,
    Launch,
    Move,
    Remove,
    Target,
    Transport,
    UnitMove,
)
from engine.rulesets.halfimpulse.state import HalfState

TBOMBS = {"name": "T-bomb", "kind": "tbomb", "count": 2, "trigger": 0, "blast": 1}


def three(steps: list[str], **more: object) -> HalfState:
    """Gold moves first (speed 6), Grey (4) and Green (2) wait; all of three sides."""
    return start(scenario([ship("gold", "Gold", (5, 5), 2, [6], loads=[TBOMBS]),
                           ship("grey", "Grey", (12, 5), 4, [4], loads=[TBOMBS]),
                           ship("green", "Green", (8, 12), 0, [2])],
                          steps=["announce_speeds", "move", "mine_damage", "dp_move", *steps],
                          **more))


def test_the_moving_ship_fires_at_anyone_the_others_only_at_it() -> None:
    """Lines 46-52: "only the ship that is moving may fire at any target of it's choice. All
    non-moving ships may only fire at the moving ship, until it is their turn to move." """
    state, _ = drive(three(["moving_direct_fire", "response_direct_fire"]),
                     step_is("moving_direct_fire"))
    assert state.moving_player == "gold"
    for target in ("grey", "green"):
        assert engine.problem(state, Target("captain", "gold", "gold", target)) is None
    state, events = engine.apply(state, Target("captain", "gold", "gold", "grey"))
    assert [e.text for e in events] == [
        "Gold: All other direct fire weapons may fire at Grey"]
    assert events[0].alerts == "grey"
    assert "already done that at Grey" in str(engine.problem(
        state, Target("captain", "gold", "gold", "grey")))
    state = engine.apply(state, Target("captain", "gold", "", ""))[0]
    assert engine.view(state, Seat("instructor"))["step"] == "response_direct_fire"
    assert engine.problem(state, Target("captain", "grey", "grey", "green")) == (
        "Captain: Grey is not moving: it may only act at the moving unit, until it is its "
        "turn to move (lines 46-56)")
    assert engine.problem(state, Target("captain", "grey", "grey", "gold")) is None
    (d,) = engine.controls(state, Seat("captain", "grey"))
    targets = {c.value: c.problem for c in d.field_named("act").choices}
    assert targets["grey>gold"] is None and "only act at the moving unit" in str(
        targets["grey>green"])
    assert d.make({"act": "grey>gold"}) == Target("captain", "grey", "grey", "gold")


def test_no_fire_at_one_s_own_side() -> None:
    state = start(scenario([ship("gold", "Gold", (5, 5), 2, [6]),
                            ship("gold-2", "Gold", (6, 6), 2, [3], player="gold"),
                            ship("grey", "Grey", (12, 5), 4, [4])],
                           steps=["announce_speeds", "move", "dp_move", "moving_direct_fire"]))
    state, _ = drive(state, step_is("moving_direct_fire"))
    assert "of Gold's own side" in str(engine.problem(
        state, Target("captain", "gold", "gold", "gold-2")))


def test_transporters_of_a_non_moving_ship_only_at_the_moving_ship() -> None:
    """Lines 53-55: "Transporters cannot be used against anyone but the moving person if they
    are originating from a currently non-moving ship." """
    state, _ = drive(three(["transporters"]), step_is("transporters"))
    state = engine.apply(state, Transport("captain", "gold", ""))[0]
    assert state.responding
    assert "only act at the moving unit" in str(engine.problem(
        state, Transport("captain", "grey", "grey", "green")))
    assert engine.problem(state, Transport("captain", "grey", "grey", "gold")) is None


def test_a_non_moving_player_lays_no_t_bomb_but_the_instructor_may_allow_one() -> None:
    """Lines 55-62: "a person cannot lay T-bombs in someone else's way while yet a different
    person is moving"; one that catches the moving ship too "should be carefully judged": the
    Instructor's to allow."""
    state, _ = drive(three(["transporters"]), step_is("transporters"))
    bomb = Transport("captain", "gold", "gold", TBOMB_TARGET, 7, 5)
    assert engine.problem(state, bomb) is None   # the moving player may
    state = engine.apply(state, Transport("captain", "gold", ""))[0]
    refused = Transport("captain", "grey", "grey", TBOMB_TARGET, 7, 5)
    assert "lays no T-bomb in another's way (lines 53-56)" in str(engine.problem(state, refused))
    allowed = Transport("instructor", "grey", "grey", TBOMB_TARGET, 7, 5)
    state, events = engine.apply(state, allowed)
    assert [e.text for e in engine.events_for(state, events, Seat("captain", "grey"))] == [
        "Grey beams over a T-bomb at [7, 5]"]
    assert engine.events_for(state, events, Seat("captain", "gold")) == ()


def test_no_het_in_the_first_impulse_nor_in_the_drone_and_plasma_movement() -> None:
    """Lines 65-75: no HETs or Impulse TACs "until that ship has moved at least one spot", and
    none "at any time during Drone and Plasma movement"."""
    state, _ = drive(three([]), step_is("move"))
    turn = Move("captain", "gold", (UnitMove("gold", "F", 4),))
    assert "until the first unit to move has moved a space (lines 65-74)" in str(
        engine.problem(state, turn))
    (d,) = engine.controls(state, Seat("captain", "gold"))
    assert all(c.problem for c in d.field_named("turn:gold").choices if c.value != -1)
    state = engine.apply(state, Move("captain", "gold", (UnitMove("gold", "F"),)))[0]
    state, _ = drive(state, step_is("move"))
    state, events = engine.apply(state, turn)
    assert events[0].text == "Gold turns in place to face SW (HET or Impulse TAC)"


def drone_state(steps: list[str]) -> HalfState:
    sc = scenario([ship("gold", "Gold", (5, 5), 2, [0], race="Andromedan",
                        loads=[{"name": "PA mine", "kind": "mine", "count": 1, "trigger": 0,
                                "blast": 0}]),
                   ship("grey", "Grey", (8, 8), 4, [0])],
                  steps=["announce_speeds", "move", "mine_damage", "dp_move", *steps],
                  counters=[{"id": "d1", "name": "Drone", "kind": "drone", "player": "grey",
                             "at": [7, 7], "facing": 5, "speed": 4}])
    return drive(start(sc), lambda s: s.stage == "drones" and bool(s.waiting)
                 and engine.view(s, Seat("instructor"))["step"] != "dp_move")[0]


def test_in_the_drone_and_plasma_movement_fire_only_at_drones_or_plasmas() -> None:
    """Lines 79-81 and 88-90: ships "may only fire weapons at the drones or plasmas, not at
    other ships during the Drone and Plasma movement"."""
    state = drone_state(["dp_fire"])
    assert "only drones or plasmas are targets" in str(engine.problem(
        state, Target("captain", "gold", "gold", "grey")))
    assert engine.problem(state, Target("captain", "gold", "gold", "d1")) is None


def test_a_displacement_device_on_the_ship_itself_only() -> None:
    """Lines 90-95: the Displacement Device "may be used, by a ship, on itself"."""
    state = drone_state(["dp_displacement"])
    assert engine.problem(state, Target("captain", "gold", "gold", "gold")) is None
    assert "on itself" in str(engine.problem(state, Target("captain", "gold", "gold", "d1")))


def test_only_the_andromedans_lay_pa_mines_in_the_drone_and_plasma_movement() -> None:
    """Lines 83-87: "An exception to this rule is the Andromedans, who may utilize transporters
    to lay PA mines in the path of plasmas ... No other ships may do this." """
    state = drone_state(["dp_pa_mines"])
    assert state.waiting == ("gold",)   # Grey's ship is no Andromedan
    assert engine.problem(state, Launch("captain", "gold", "gold", "PA mine", 1, 0)) is None


def test_a_shuttle_launched_at_speed_zero_may_be_fired_on_in_response() -> None:
    """Lines 452-456: "at speed zero, the Romulan decides to launch a shuttle ... The Lyran
    holds his fire, even though he could opt to fire at the shuttle in response to its
    launch." """
    sc = scenario([ship("romulan", "Romulan", (5, 5), 3, [2],
                        loads=[{"name": "Shuttle", "kind": "shuttle", "count": 1}]),
                   ship("lyran", "Lyran", (5, 12), 0, [2], initiative=1)],
                  steps=["announce_speeds", "move", "dp_move", "launch_shuttles",
                         "response_direct_fire"])
    state, _ = drive(start(sc), lambda s: s.stage == "zero" and s.moving_player == "romulan"
                     and step_is("launch_shuttles")(s))
    state, events = engine.apply(state, Launch("captain", "romulan", "romulan", "Shuttle", 1, 6))
    assert "launched at Speed Zero, they may not move in this phase" in events[0].text
    state = engine.apply(state, Launch("captain", "romulan", ""))[0]
    assert engine.view(state, Seat("instructor"))["step"] == "response_direct_fire"
    shuttle = next(u.id for u in state.units if u.kind == "shuttle")
    assert engine.problem(state, Target("captain", "lyran", "lyran", shuttle)) is None


def test_a_fighter_lands_on_its_carrier_and_goes_back_to_its_bay() -> None:
    sc = scenario([ship("carrier", "Carrier", (5, 5), 3, [2],
                        loads=[{"name": "Fighter", "kind": "fighter", "count": 1, "speed": 6}]),
                   ship("raider", "Raider", (20, 20), 0, [0])],
                  steps=["announce_speeds", "move", "dp_move", "launch_shuttles",
                         "land_shuttles"], turns=2)
    state, _ = drive(start(sc), step_is("launch_shuttles"))
    state = engine.apply(state, Launch("captain", "carrier", "carrier", "Fighter", 1, 2))[0]
    fighter = next(u.id for u in state.units if u.kind == "fighter")

    def landing(s: HalfState) -> bool:
        return step_is("land_shuttles")(s) and at(s, fighter) == at(s, "carrier")
    state, _ = drive(state, landing)
    state, events = engine.apply(state, Land("captain", "carrier", fighter, "carrier"))
    assert [e.text for e in events] == ["Fighter 1 lands on Carrier"]
    assert state.unit("carrier").load("Fighter").count == 1   # type: ignore[union-attr]


def test_emergency_deceleration_stops_the_ship_for_the_rest_of_the_turn() -> None:
    state, _ = drive(three(["emergency_deceleration"]), step_is("emergency_deceleration"))
    state = engine.apply(state, Announce("captain", "gold", "gold"))[0]
    before = at(state, "gold")
    state, _ = drive(state, lambda s: s.over or s.stage == "end")
    assert at(state, "gold") == before


def test_the_game_ends_when_a_side_has_no_ship_left() -> None:
    state, _ = drive(three(["ship_explosions", "moving_direct_fire"]),
                     step_is("moving_direct_fire"))
    state = engine.apply(state, Target("captain", "gold", "gold", "green"))[0]
    state = engine.apply(state, Target("captain", "gold", "", ""))[0]
    assert state.waiting == ("green",)   # fired on: Green is affected
    (d,) = engine.controls(state, Seat("captain", "green"))
    assert [c.value for c in d.field_named("leaves").choices] == ["", "green>destroyed"]
    state = engine.apply(state, Remove("captain", "green", "green", "destroyed"))[0]
    assert not state.over   # Gold and Grey fight on
    (green,) = [u for u in engine.view(state, Seat("instructor"))["ships"] if u["id"] == "green"]
    assert green["status"] == "gone" and green["col"] is None   # listed, not drawn
    state, _ = drive(state, lambda s: step_is("moving_direct_fire")(s)
                     and s.moving_player == "grey")
    state = engine.apply(state, Target("captain", "grey", "grey", "gold"))[0]
    state = engine.apply(state, Target("captain", "grey", "", ""))[0]
    state, events = engine.apply(state, Remove("captain", "gold", "gold", "destroyed"))
    assert state.over and not engine.pending(state)
    assert events[-1].text == ("Game over: Grey holds the field: no ship of another side is "
                               "left on the map")


def test_a_unit_that_moves_off_the_map_leaves_it() -> None:
    sc = scenario([ship("gold", "Gold", (0, 5), 5, [2]), ship("grey", "Grey", (20, 5), 4, [2]),
                   ship("green", "Green", (10, 20), 0, [0])],
                  steps=["announce_speeds", "move", "dp_move"])
    state, _ = drive(start(sc), step_is("move"))
    state, events = engine.apply(state, Move("captain", "gold", (UnitMove("gold", "F"),)))
    assert events[0].text == "Gold leaves the map"


@pytest.mark.parametrize(("unit", "way", "why"), [
    ("gold", "X", "moves F, P, S, L or R"),
    ("grey", "F", "this space moves Gold"),
])
def test_a_move_must_be_one_space_of_the_moving_units(unit: str, way: str, why: str) -> None:
    state, _ = drive(three([]), step_is("move"))
    assert why in str(engine.problem(state, Move("captain", "gold", (UnitMove(unit, way),))))
