"""The map's preview of a Knight Hawks course (preview.course_reach, from a seat's view) and the
rule that judges it (movement.course_problem) agree under the Tactical Operations Manual's
turning: one hexside in each hex entered, none before the first."""

from __future__ import annotations

from itertools import product

import pytest
from test_knighthawks_rules import duel

import engine
from engine import Seat
from engine.hexgrid import hex_to_offset
from engine.rulesets.knighthawks.moving.movement import course_problem, speed_range, walk
from engine.rulesets.knighthawks.values.state import replace


@pytest.mark.slow
@pytest.mark.parametrize(("speed", "mr"), [(0, 3), (2, 1), (2, 3), (4, 2)])
def test_the_preview_reaches_exactly_where_a_legal_course_ends(speed: int, mr: int) -> None:
    state = duel()
    ship = replace(state.ship("dd"), speed=speed, mr=mr)
    state = state.with_ship(ship)
    low, high = speed_range(ship)
    ends = set()
    for n in range(high + mr + 1):
        for letters in product("FPS", repeat=n):
            course = "".join(letters)
            if low <= course.count("F") <= high and \
                    course_problem(ship, course.count("F"), course) is None:
                ends.add(hex_to_offset(walk(ship, course)[0][-1]))
    seen = engine.view(state, Seat("instructor"))
    assert engine.course_reach(seen, "dd", "", high + mr, "FPS") == frozenset(ends)
