"""A panel plays a station its crew's ruleset has and the pin map has no panel for
(hardware.pinmap `plays`): the packaged maps' Science panel is Knight Hawks' Weapons station
(Knight Hawks has Helm, Weapons and Engineering, no Science), its keys, its status light and
its display; a FASA crew, which has Science, keeps it as Science."""

from __future__ import annotations

from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

import engine
from companion.session import load_scenario, prepare
from display.keys_sheet import PanelKeys, played_label
from hardware.debounce import PRESS
from hardware.keyboard import KeyMap
from hardware.pinmap import PinMapError, load_pinmap, parse_pinmap
from hardware.ship_bridge import Bridge


class Clock:
    def __init__(self) -> None:
        self.t = 10.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def factory() -> Any:
    f = MockFactory(revision="d04170", pin_class=MockPWMPin)
    yield f
    f.close()


def open_bridge(factory: Any, stations: tuple[str, ...], ship: str) -> tuple[Bridge, list[str]]:
    said: list[str] = []
    b = Bridge(load_pinmap(), factory, ship, stations, Clock())
    b.open(said.append, 10.0)
    return b, said


@pytest.mark.slow
def test_the_science_panel_plays_knight_hawks_weapons(factory: Any) -> None:
    state: Any = engine.new_game(prepare(load_scenario("patrol", None), None, None, None, 3))
    stations = engine.crew_stations(state, "scout-2")
    assert "weapons" in stations and "science" not in stations
    b, said = open_bridge(factory, tuple(stations), "scout-2")
    assert b.stations["science"].model.seat.station == "weapons"
    assert "weapons" not in b.missing
    assert "the science panel plays weapons" in said
    # its keys are the Weapons station's: v (Science's confirm) makes a press at Weapons
    edge = KeyMap(b.pins).edge("v", True, 10.05)
    assert edge is not None and edge.panel == "science"
    b.put(edge)
    assert [(p.panel, p.button, p.kind) for p in b.presses(10.1)] == [
        ("science", "confirm", PRESS)]


def test_a_fasa_crew_keeps_its_science_panel(factory: Any) -> None:
    b, said = open_bridge(factory, ("captain", "engineer", "helm", "science"), "enterprise")
    assert b.stations["science"].model.seat.station == "science"
    assert not any("plays" in s for s in said)


def test_a_crew_with_weapons_and_science_leaves_weapons_to_the_screen(factory: Any) -> None:
    b, _ = open_bridge(factory, ("helm", "weapons", "science"), "enterprise")
    assert b.stations["science"].model.seat.station == "science"
    assert "weapons" in b.missing


@pytest.mark.parametrize("plays", ['"weapons"', '["galley"]', '["science"]', '["instructor"]',
                                   '[3]'])
def test_a_wrong_plays_is_refused_with_what_it_should_be(plays: str) -> None:
    text = f"""
[board]
factory = "mock"
[panels.science]
plays = {plays}
[panels.science.buttons]
up = "GPIO5"
[panels.science.leds]
green = "GPIO16"
red = "GPIO20"
"""
    with pytest.raises(PinMapError) as err:
        parse_pinmap(text, "t.toml")
    assert "plays" in str(err.value) and "should be a list of the stations" in str(err.value)


def test_the_keys_sheet_names_the_station_a_panel_plays() -> None:
    assert played_label(PanelKeys("science", "weapons", ())) == "SCI as WPN"
    assert played_label(PanelKeys("captain2", "captain", ())) == "CAPT2"
    assert played_label(PanelKeys("helm", "helm", ())) == "HELM"
