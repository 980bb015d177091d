"""Broken away-team data is refused with a `DataError` that names the part and the field, never a
traceback: every field of a scenario, a character, a template and each table swapped for
garbage, and random cuts of the tables' texts."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import engine
from engine.errors import DataError
from engine.rulesets.strpg import setup

GARBAGE: tuple[Any, ...] = (None, -1, 10**9, "", "x" * 500, "\x00\n", [], {}, [1, 2, 3],
                            {"a": 1}, 1.5, True, ["N"], [[0, 0]])


def scenario() -> dict[str, Any]:
    return setup.load_scenario("boarding", None)


def refused_or_played(sc: dict[str, Any]) -> None:
    try:
        state = engine.new_game(sc)
    except DataError as exc:
        assert str(exc)
        return
    assert engine.pending(state)   # taken: a game that asks something


@pytest.mark.parametrize("garbage", GARBAGE)
def test_every_top_field_swapped_for_garbage(garbage: Any) -> None:
    base = scenario()
    for key in base:
        if key == "ruleset":
            continue
        sc = copy.deepcopy(base)
        sc[key] = garbage
        refused_or_played(sc)


@pytest.mark.parametrize("garbage", GARBAGE)
def test_every_character_field_swapped_for_garbage(garbage: Any) -> None:
    base = scenario()
    for n in (0, 4, len(base["ships"]) - 1):
        for key in list(base["ships"][n]):
            sc = copy.deepcopy(base)
            sc["ships"][n][key] = garbage
            refused_or_played(sc)


@pytest.mark.parametrize("garbage", GARBAGE)
def test_every_template_field_swapped_for_garbage(garbage: Any) -> None:
    base = scenario()
    for key in list(base["classes"]["klingon-warrior"]):
        sc = copy.deepcopy(base)
        sc["classes"]["klingon-warrior"][key] = garbage
        refused_or_played(sc)


@settings(max_examples=60, deadline=None)
@given(table=st.sampled_from(["terrain", "weapons", "settings", "unarmed", "devices"]),
       cut=st.integers(0, 4000), junk=st.text(max_size=12))
def test_a_table_cut_or_spliced_is_refused_in_words(table: str, cut: int, junk: str) -> None:
    sc = scenario()
    text = sc["tables"][table]
    sc["tables"][table] = text[:cut] + junk + text[cut + len(junk):]
    refused_or_played(sc)


def test_the_messages_say_what_is_wrong() -> None:
    sc = scenario()
    sc["map"] = sc["map"][:3] + ["#"]
    with pytest.raises(DataError, match="map row 4 is 1 squares wide"):
        engine.new_game(sc)
    sc = scenario()
    sc["ships"][0]["at"] = [0, 0]
    with pytest.raises(DataError, match=r"character 1: at \[0, 0\] is a wall"):
        engine.new_game(sc)
    sc = scenario()
    sc["victory"][0]["when"] = "checkmate"
    with pytest.raises(DataError, match="victory 1: expected side"):
        engine.new_game(sc)
    sc = scenario()
    sc["tables"]["weapons"] = sc["tables"]["weapons"].replace("phaser-1,Phaser I,energy",
                                                              "phaser-1,Phaser I,laser")
    with pytest.raises(DataError, match=r"weapons\.csv, line .*: kind must be one of"):
        engine.new_game(sc)
