"""Scenarios of the half-impulse referee are the players' own data: anything in them may be
wrong. Every part of the packaged scenarios swapped for garbage is refused with a DataError
naming the scenario and the field, or accepted and played; a table's own file that is not TOML,
not a file, too large or of another ruleset is refused naming the file."""

from __future__ import annotations

import copy
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.errors import DataError
from engine.rulesets.halfimpulse import setup

scalar = st.one_of(st.integers(-5, 300), st.integers(), st.floats(allow_nan=True),
                   st.booleans(), st.none(), st.text(max_size=8),
                   st.sampled_from(["tiger", "ship", "drone", "mine", "move", "F", ""]))
garbage = st.recursive(scalar, lambda inner: st.lists(inner, max_size=3)
                       | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=8)


def paths(data: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix] if prefix else []
    if isinstance(data, dict):
        for k, v in data.items():
            out += paths(v, (*prefix, k))
    elif isinstance(data, list):
        for n, v in enumerate(data):
            out += paths(v, (*prefix, n))
    return out


def swapped(data: Any, path: tuple[Any, ...], value: Any) -> Any:
    data = copy.deepcopy(data)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


@pytest.mark.slow
@pytest.mark.parametrize("name", setup.scenario_names())
@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_part_of_a_scenario_swapped_for_garbage_is_refused_by_name_or_plays(
        name: str, data: st.DataObject) -> None:
    scenario = setup.read_scenario(name)
    path = data.draw(st.sampled_from(paths(scenario)))
    changed = swapped(scenario, path, data.draw(garbage))
    try:
        state = engine.new_game(changed)
    except DataError as exc:
        assert str(exc).startswith(("scenario", "unknown ruleset")) or "scenario" in str(exc)
        return
    for _ in range(60):   # a scenario it takes plays
        prompts = engine.pending(state)
        if not prompts:
            break
        p = prompts[0]
        action = (engine.RollResult(p.roll.station, 1, "script") if p.roll is not None
                  else engine.decide(state, p))
        state = engine.apply(state, action)[0]


@pytest.mark.parametrize(("change", "words"), [
    ({"steps": ["move", "dp_move"]}, "steps must hold announce_speeds"),
    ({"steps": ["announce_speeds", "move", "dp_move", "warp"]}, "no step 'warp'"),
    ({"ships": []}, "ships must be a list of 1 to 40"),
    ({"map": {"cols": 2, "rows": 10}}, "map: cols must be a whole number from 5 to 100"),
    ({"turns": 0}, "turns must be a whole number from 1 to 200"),
    ({"mines": [{"player": "tiger", "at": [1, 1]}],
      "steps": ["announce_speeds", "move", "dp_move"]}, "steps must hold mine_damage"),
    ({"counters": [{"id": "x", "kind": "ship", "player": "tiger", "at": [1, 1]}]},
     "counter 1: kind must be one of"),
    ({"counters": [{"id": "x", "kind": "fighter", "player": "tiger", "at": [1, 1],
                    "speed": 5}]}, "a fighter's speed is announced each turn"),
])
def test_a_faulty_scenario_says_what_is_wrong(change: dict[str, Any], words: str) -> None:
    scenario = {**setup.read_scenario("replay"), **change}
    with pytest.raises(DataError, match=words.replace("(", r"\(")):
        engine.new_game(scenario)


def test_one_side_alone_is_no_game() -> None:
    scenario = setup.read_scenario("replay")
    scenario["ships"][1]["side"] = "Lyran"
    with pytest.raises(DataError, match="at least two sides"):
        engine.new_game(scenario)


def test_a_speed_above_a_ship_s_own_maximum_is_refused() -> None:
    scenario = setup.read_scenario("replay")
    scenario["ships"][0]["max_speed"] = 6
    with pytest.raises(DataError, match="ship 1: a speed must be a whole number from 0 to 6"):
        engine.new_game(scenario)


def user_scenario(tmp_path: Path, text: str | bytes, name: str = "mine") -> Path:
    folder = tmp_path / "halfimpulse" / "scenarios"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.toml"
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_a_table_s_own_scenario_is_offered_and_checked(tmp_path: Path) -> None:
    text = (setup.PACKAGE_DATA / "scenarios" / "carrier.toml").read_text(encoding="utf-8")
    user_scenario(tmp_path, text.replace('id = "carrier"', 'id = "mine"'))
    assert "mine" in setup.scenario_names(tmp_path)
    assert setup.read_scenario("mine", tmp_path)["id"] == "mine"
    user_scenario(tmp_path, 'ruleset = "fasa"\n', "other")
    with pytest.raises(DataError, match=r"other\.toml: ruleset must be 'halfimpulse'"):
        setup.read_scenario("other", tmp_path)


@pytest.mark.parametrize(("content", "words"), [
    ("ships = [", "not TOML"),
    (b"\xff\xfe", "not UTF-8"),
    ("x" * (setup.MAX_FILE + 5), "too large"),
    ('turns = 3\nships = [{ id = "a" }]\n', "mine.toml: scenario"),
])
def test_a_broken_file_is_refused_naming_it(tmp_path: Path, content: str | bytes,
                                            words: str) -> None:
    path = user_scenario(tmp_path, content)
    with pytest.raises(DataError, match=words) as exc:
        setup.read_scenario("mine", tmp_path)
    assert str(path) in str(exc.value) or words in str(exc.value)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_in_place_of_a_scenario_is_refused_without_waiting(tmp_path: Path) -> None:
    folder = tmp_path / "halfimpulse" / "scenarios"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "pipe.toml")
    with pytest.raises(DataError, match="FIFO"):
        setup.read_scenario("pipe", tmp_path)
