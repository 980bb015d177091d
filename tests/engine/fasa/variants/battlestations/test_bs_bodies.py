"""A scenario's `[[bodies]]` (Battlestations!, 01C-1, seed 001 line 184: a well "usually one to
four hexes deep"): read, kept in the game's setup, and bad data refused with a clear message."""

from __future__ import annotations

import random
from typing import Any

import pytest

import engine
from engine.errors import DataError
from engine.hexgrid import MapBounds, offset_to_hex
from engine.rulesets.fasa.values.bodies import MAX_BODIES, Body, bodies_from
from tests.engine.fasa.variants.battlestations.helpers import game, scenario

BOUNDS = MapBounds(32, 24)
PLANET = {"name": "Cestus III", "col": 16, "row": 12, "well": 3}


def test_a_body_is_read_with_its_well_and_the_gamemasters_words() -> None:
    (body,) = bodies_from([{**PLANET, "kind": "moon", "composition": "rock"}], "s", BOUNDS)
    assert body == Body("Cestus III", offset_to_hex(16, 12), 3, "moon", composition="rock")
    assert body.holds(offset_to_hex(16, 15)) and not body.holds(offset_to_hex(16, 16))


def test_the_game_keeps_the_bodies_of_its_scenario() -> None:
    state = game(bodies=[PLANET])
    assert [b.name for b in state.setup.bodies] == ["Cestus III"]
    assert game().setup.bodies == ()


@pytest.mark.parametrize(("bad", "words"), [
    ({**PLANET, "well": 5}, "well must be the gravity well's depth"),
    ({**PLANET, "well": 0}, "1 to 4"),
    ({**PLANET, "well": True}, "well must be"),
    ({**PLANET, "col": 40}, "off the 32x24 map"),
    ({**PLANET, "row": "12"}, "col and row must be whole numbers"),
    ({**PLANET, "name": ""}, "name must be text"),
    ({**PLANET, "kind": "nebula"}, "kind must be one of planet, moon, star, asteroid"),
    ({**PLANET, "life": 7}, "life must be text"),
    ({**PLANET, "depth": 3}, "unknown field(s) depth"),
    ({"name": "X", "col": 1, "row": 1}, "missing field 'well'"),
    ("Cestus", "must be a table"),
])
def test_a_bad_body_is_refused_with_what_is_wrong(bad: Any, words: str) -> None:
    with pytest.raises(DataError, match="bodies\\[1\\]") as err:
        bodies_from([bad], "scenario x", BOUNDS)
    assert words in str(err.value)


def test_bodies_as_a_whole_are_checked() -> None:
    with pytest.raises(DataError, match="must be a list"):
        bodies_from({"name": "x"}, "s", BOUNDS)
    with pytest.raises(DataError, match="given twice"):
        bodies_from([PLANET, {**PLANET, "col": 3}], "s", BOUNDS)
    with pytest.raises(DataError, match="same hex"):
        bodies_from([PLANET, {**PLANET, "name": "Other"}], "s", BOUNDS)
    with pytest.raises(DataError, match=f"at most {MAX_BODIES}"):
        bodies_from([{**PLANET, "name": str(n), "col": n} for n in range(MAX_BODIES + 1)], "s",
                    BOUNDS)


def test_a_scenario_with_a_bad_body_does_not_start() -> None:
    with pytest.raises(DataError, match="well must be"):
        engine.new_game(scenario(bodies=[{**PLANET, "well": 9}]))


def _mutate(value: Any, rng: random.Random) -> Any:
    return rng.choice([None, -1, 0, 5, 10**9, "", "x" * 200, [], {}, 3.5, True, [1, 2],
                       {"a": 1}, value])


def test_mutated_bodies_give_a_data_error_or_a_game_never_a_traceback() -> None:
    rng = random.Random(28)
    for _ in range(300):
        entry: dict[str, Any] = dict(PLANET, kind="star", mass="big")
        for key in rng.sample(sorted(entry), rng.randint(1, 3)):
            entry[key] = _mutate(entry[key], rng)
        if rng.random() < 0.2:
            entry[rng.choice(["x", "Well", "name "])] = 1
        try:
            bodies = bodies_from([entry], "s", BOUNDS)
        except DataError as err:
            assert "s, bodies[1]" in str(err)
        else:
            assert 1 <= bodies[0].well <= 4 and BOUNDS.contains(bodies[0].pos)
