"""Knight Hawks previews a decision on the map from a seat's view (`engine.ruleset.Previewing`):
a course hex by hex as the engine moves it, the hexes it may still end in within the ship's ADF
and MR, and a forward-firing weapon's line against another weapon's range all round."""

from __future__ import annotations

from dataclasses import replace

import engine
from engine import Seat, new_game, view
from engine.hexgrid import hex_to_offset, offset_to_hex
from engine.rulesets import get
from engine.rulesets.knighthawks.moving import movement
from engine.rulesets.knighthawks.values.state import KHState

SEAT = Seat("helm", "scout-1")


def patrol() -> KHState:
    state = new_game(get("knighthawks").load_scenario("patrol"))  # type: ignore[attr-defined]
    assert isinstance(state, KHState)
    return state


def test_knight_hawks_previews() -> None:
    assert isinstance(get("knighthawks"), engine.ruleset.Previewing)


def test_a_course_preview_is_the_engines_walk() -> None:
    state = patrol()
    seen = view(state, SEAT)
    ship = state.ship("scout-1")
    for course in ("", "F", "FPF", "SSFF", "PFFS"):
        path, facing = movement.walk(ship, course)
        trail = engine.course_path(seen, "scout-1", course)
        assert len(trail) == len(course)
        if course:
            assert trail[-1] == (hex_to_offset(path[-1]), facing)


def test_the_reach_keeps_to_adf_and_mr() -> None:
    state = patrol()
    ship = replace(state.ship("scout-1"), speed=2, adf=1, mr=1)
    state = state.with_ship(ship)
    seen = view(state, SEAT)
    reach = engine.course_reach(seen, "scout-1", "", 10, "FPS")
    start = ship.pos
    # speed 1 to 3 (ADF 1 from 2), one turn at most: never the start, never 4 hexes off
    assert hex_to_offset(start) not in reach
    assert all(start.distance(offset_to_hex(*h)) in (1, 2, 3) for h in reach)
    straight = movement.walk(ship, "FFF")[0][-1]
    assert hex_to_offset(straight) in reach
    two_turns = movement.walk(ship, "PFPF")[0][-1]
    assert hex_to_offset(two_turns) not in reach or start.distance(two_turns) <= 2
    # every end the engine accepts is in the reach
    for course in ("F", "FF", "FFF", "PF", "FSF", "FFPF", "SFFF"):
        speed = course.count("F")
        if movement.course_problem(ship, speed, course) is None:
            end = movement.walk(ship, course)[0][-1]
            assert hex_to_offset(end) in reach, course


def test_a_forward_firing_weapon_reaches_straight_ahead_only() -> None:
    state = patrol()
    seen = view(state, SEAT)
    ship = state.ship("scout-1")
    rocket = engine.arc_hexes(seen, "scout-1", "AR", 10)   # FF, range 4
    battery = engine.arc_hexes(seen, "scout-1", "LB", 10)  # all round, range 9
    ahead = [ship.pos]
    for _ in range(4):
        ahead.append(ahead[-1].neighbor(ship.facing))
    assert rocket == frozenset(hex_to_offset(h) for h in ahead[1:])
    on_map = {(c, r) for c in range(20) for r in range(24)}
    assert battery == {o for o in on_map if 0 < ship.pos.distance(offset_to_hex(*o)) <= 9}
    assert engine.arc_hexes(seen, "scout-1", "nothing", 10) == frozenset()
