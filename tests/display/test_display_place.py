"""Placing a ship on the map before turn 1 (The Romulan Gambit, Book Two, Advanced Scenarios,
seed 000, line 545: "the players may place their ships anywhere they desire on the map"): the
ship is drawn where it is being entered, a tap on a hex puts it there and a tap on its own hex
turns it (display.placing); the map holds still while a ship is placed or a course planned
(display.draw_map.frame_for), so a second tap lands where the first did."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from companion.session import load_scenario, prepare
from display.bridge_display import BridgeDisplay, Output
from engine import Action, Seat, apply, new_game
from engine.rulesets.fasa.values.actions import PlaceShip

SEAT = Seat("captain", "bop1")


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def placing() -> tuple[Any, BridgeDisplay, list[Output]]:
    state = new_game(prepare(load_scenario("romulan-gambit", None), None, "advanced", None, 3))
    out: list[Output] = []
    d = BridgeDisplay(pygame.Surface((800, 480)), SEAT, out.append)
    d.show(state)
    d.draw(force=True)
    return state, d, out


def tap_hex(d: BridgeDisplay, col: int, row: int) -> None:
    assert d.map_frame is not None
    x, y = d.map_frame.center(col, row)
    d.tap(round(x), round(y))
    d.draw()


def marker(d: BridgeDisplay) -> tuple[int, int, int]:
    (m,) = [m for m in d.map().ships if m.id == SEAT.ship]
    return m.col, m.row, m.heading


@pytest.mark.slow
def test_a_tap_on_the_map_places_the_ship_and_a_second_turns_it() -> None:
    state, d, out = placing()
    assert marker(d) == (19, 9, 4)             # the scenario's place, the default
    window = d.map_frame.window if d.map_frame else None
    tap_hex(d, 10, 7)
    assert marker(d) == (10, 7, 4)             # the map shows it where it is being placed
    assert d.map_frame is not None and d.map_frame.window == window   # the map held still
    tap_hex(d, 10, 7)
    assert marker(d) == (10, 7, 5)             # its own hex again: turned a sixth clockwise
    assert any(t.text == "10" for t in d.painter.texts)   # the panel's Column follows
    d.activate("confirm")
    assert out == [PlaceShip("captain", "bop1", 10, 7, 5)]
    assert isinstance(out[0], Action)
    after: Any = apply(state, out[0])[0]         # the engine takes the place tapped
    assert after.ship("bop1").heading == 5


@pytest.mark.slow
def test_a_tap_off_the_map_changes_nothing() -> None:
    _, d, out = placing()
    d.tap(2, 2)                                  # the phase bar, not the map
    d.draw()
    assert marker(d) == (19, 9, 4) and not out


@pytest.mark.slow
def test_the_map_holds_still_while_a_course_is_planned_step_by_step() -> None:
    from test_display_map_advanced import kl_moving

    _, d = kl_moving()
    assert d.map_frame is not None
    frames = {(d.map_frame.window, d.map_frame.size)}
    for letter in "FPF":
        d.activate(f"letter:steps:{letter}")
        d.draw(force=True)
        assert d.map_frame is not None
        frames.add((d.map_frame.window, d.map_frame.size))
    assert len(d.map().plan) > 1 and len(frames) == 1
