"""The Captain's panel (up, confirm and back, no select, no down) places a ship before turn 1
(Book Two, Advanced Scenarios, The Romulan Gambit, seed 000, line 545: "the players may place
their ships anywhere they desire on the map"): up steps the field under the cursor and goes
round at the map's edge, a long press of up moves on to the next field without stepping it,
confirm places the ship."""

from __future__ import annotations

from typing import Any

import pytest

import engine
from companion.session import load_scenario, prepare
from engine import Seat
from engine.rulesets.fasa.values.actions import PlaceShip
from hardware import functions as fn
from hardware.debounce import LONG, PRESS
from hardware.panel import PanelModel

CAPTAIN_BUTTONS = frozenset({fn.UP, fn.CONFIRM, fn.BACK})   # the packaged pin maps' Captain
SEAT = Seat("captain", "bop1")


def gambit() -> Any:
    return engine.new_game(prepare(load_scenario("romulan-gambit", None), None, "advanced",
                                   None, 3))


@pytest.mark.slow
def test_up_goes_round_the_map_and_a_held_up_moves_to_the_next_field() -> None:
    state = gambit()
    model = PanelModel(SEAT, buttons=CAPTAIN_BUTTONS)
    editor = model.sync(state)
    assert editor is not None and editor.decision.action == "place_ship"
    col = editor.decision.fields[0]
    assert editor.values["col"] == 19 and col.name == "col"
    for _ in range(col.maximum - 19):
        assert model.press(fn.UP, PRESS, state).refused is None
    assert editor.values["col"] == col.maximum
    assert model.press(fn.UP, PRESS, state).refused is None   # past the last column: the first
    assert editor.values["col"] == col.minimum
    assert model.press(fn.UP, PRESS, state).refused is None    # the press steps (1)...
    held = model.press(fn.UP, LONG, state)                      # ...held: on to the row, the
    assert editor.values["col"] == col.minimum                  # press's step taken back
    assert editor.field is not None and editor.field.name == "row"
    assert held.note and "hold up for the next" in held.note
    model.press(fn.UP, PRESS, state)
    assert editor.values["row"] == 10
    model.press(fn.UP, PRESS, state)                            # pressed again and held: the
    model.press(fn.UP, LONG, state)                             # heading, the row still 10
    assert editor.values["row"] == 10
    assert editor.field is not None and editor.field.name == "heading"
    model.press(fn.UP, PRESS, state)
    assert editor.values["heading"] == 5
    out = model.press(fn.CONFIRM, PRESS, state)
    assert out.action == PlaceShip("captain", "bop1", 0, 10, 5), out


def test_a_panel_with_select_keeps_its_held_up_as_it_was() -> None:
    state = gambit()
    model = PanelModel(SEAT, buttons=CAPTAIN_BUTTONS | {fn.SELECT, fn.DOWN})
    editor = model.sync(state)
    assert editor is not None
    model.press(fn.UP, PRESS, state)
    assert model.press(fn.UP, LONG, state).note is None
    assert editor.values["col"] == 20 and editor.field is not None and editor.field.name == "col"


def test_numbers_of_other_decisions_stop_at_their_bounds() -> None:
    state: Any = engine.new_game({**prepare(load_scenario("duel", None), None, "basic", None, 3)})
    model = PanelModel(Seat("engineer", "enterprise"), buttons=CAPTAIN_BUTTONS)
    editor = model.sync(state)
    assert editor is not None and editor.decision.action == "allocate_power"
    f = editor.field
    assert f is not None
    editor.values[f.name] = f.maximum
    assert model.press(fn.UP, PRESS, state).refused is not None
    assert editor.values[f.name] == f.maximum
