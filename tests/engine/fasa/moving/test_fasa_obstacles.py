"""Obstacle counters as Book Two (seed 000_4373da4a9495c8f8.txt) has them: Advanced, Planets,
Suns, And Other Obstacles, line 369 — "These counters are used only at sub-light speed because
ships traveling at warp speed are moving so fast that these bodies would not be visible long
enough to be of use. Ships may not fire through these counters." """

from __future__ import annotations

from pathlib import Path

import pytest
from test_data_hostile import error, packaged, put, start
from test_seat_api import packaged as packaged_scenario

import engine
from companion.session import load_scenario
from engine.errors import DataError


def test_a_scenario_with_obstacles_at_warp_speed_is_refused_naming_the_file(
        tmp_path: Path) -> None:
    text = packaged("scenarios", "skirmish")
    assert "warp = 0" in text
    path = put(tmp_path, "scenarios", "skirmish", text.replace("warp = 0\n", ""))
    message = error(load_scenario, "skirmish", tmp_path)
    assert str(path) in message and "obstacles" in message and "sub-light" in message
    assert "ships[1] (lance)" in message
    put(tmp_path, "scenarios", "skirmish", text.replace("heading = 2\n", "heading = 2\nwarp = 7\n"))
    message = error(load_scenario, "skirmish", tmp_path)
    assert "ships[1] (lance) flies at warp 7" in message
    with pytest.raises(DataError):
        start(tmp_path, "skirmish")


def test_a_scenario_built_for_a_new_game_is_checked_too_but_an_old_log_still_replays() -> None:
    from engine.rulesets.fasa.flow import setup

    scenario = packaged_scenario("skirmish", "advanced")
    old = {**scenario, "warp": 8}
    with pytest.raises(DataError, match="scenario skirmish, obstacles: obstacle counters"):
        setup.build_scenario(old, setup.ship_dicts(None))
    # A log's header made before the check holds such a scenario: it still starts, so it replays.
    state = engine.new_game(old)
    assert all(s.warp == 8 for s in state.ships)  # type: ignore[attr-defined]


def test_the_skirmish_by_the_asteroids_is_fought_at_sub_light() -> None:
    for level in ("basic", "advanced"):
        state = engine.new_game(packaged_scenario("skirmish", level))
        assert state.obstacles and all(s.warp == 0 for s in state.ships)  # type: ignore[attr-defined]


def test_the_romulan_gambit_at_sub_light_charges_the_automatic_stress_point_and_says_so() -> None:
    """Line 339: "Each time an emergency heading change is made, the warp engines take one point
    of stress damage"; the chart adds nothing at sub-light (lines 341-343). The scenario file
    used to say "no heading change stress"."""
    from engine.rulesets.fasa.moving.stress import stress_of

    state = engine.new_game(packaged_scenario("romulan-gambit", "advanced"))
    for ship in state.ships:  # type: ignore[attr-defined]
        assert ship.warp == 0
        cost = stress_of(state.tables, ship)  # type: ignore[attr-defined]
        assert (cost.power, cost.superstructure) == (1, 0)
    text = packaged("scenarios", "romulan-gambit")
    assert "no heading change stress" not in text and "automatic point" in text
