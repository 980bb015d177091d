"""The panels mirrored on the bridge display of a PC: a panel that stands in for a station (the
pin map's `plays`) is labelled by the station it plays, as the KEYS sheet names it."""

from __future__ import annotations

import pygame
import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin

from companion.session import load_scenario, prepare, ruleset_scenario
from companion.table.panel_mirror import mirror_panels
from display.bridge_display import BridgeDisplay
from engine import Seat, crew_stations, new_game
from hardware.pinmap import load_pinmap
from hardware.ship_bridge import Bridge


@pytest.mark.slow
def test_the_science_panel_playing_knight_hawks_weapons_is_labelled_wpn(
        screen: pygame.Surface) -> None:
    scenario = prepare(load_scenario(ruleset_scenario("knighthawks", None, "duel", None), None),
                       None, None, None, 1, None)
    state = new_game(scenario)
    ship = str(scenario["ships"][0]["id"])
    bridge = Bridge(load_pinmap(), MockFactory(revision="d04170", pin_class=MockPWMPin), ship,
                    crew_stations(state, ship), lambda: 100.0)
    bridge.open(lambda text: None)
    try:
        assert "science" in bridge.stations   # the Science panel is open, playing Weapons
        display = BridgeDisplay(screen, Seat("captain", ship), lambda out: None)
        mirror_panels(display, [bridge])
        assert display.lights is not None
        labels = [panel.label for panel in display.lights]
        assert "WPN" in labels and "SCI" not in labels
    finally:
        bridge.close()


@pytest.mark.slow
def test_the_mirrored_displays_hide_no_label_of_the_map(screen: pygame.Surface) -> None:
    """The Well of Cestus III at its Power Allocation Phase: the Engineering panel's display is
    drawn in a strip under the map, and the map above it: no ship's label and not the gravity
    well's is under it."""
    from engine import RollResult, apply, pending

    scenario = prepare(load_scenario("cestus-well", None), None, "expert", None, 2)
    state = new_game(scenario)
    while (p := pending(state)[0]).roll is not None:   # the ratings rolled: the power next
        state = apply(state, RollResult(p.roll.station, 5, "script"))[0]
    ship = str(scenario["ships"][0]["id"])
    bridge = Bridge(load_pinmap(), MockFactory(revision="d04170", pin_class=MockPWMPin), ship,
                    crew_stations(state, ship), lambda: 100.0)
    bridge.open(lambda text: None)
    try:
        display = BridgeDisplay(screen, Seat("captain", ship), lambda out: None)
        display.show(state)
        bridge.show(state, (), 1000.0)
        mirror_panels(display, [bridge])
        display.frame()
        texts = display.painter.texts
        screens = [t.rect for t in texts if t.region == "station-screens"]
        labels = [t for t in texts if t.region == "map"]
        assert screens and {"USS Enterprise", "Cestus III (well 3)"} <= {t.text for t in labels}
        top = min(r.top for r in screens) - 3   # the box round each display and its label
        assert all(t.rect.bottom <= top for t in labels), [(t.text, tuple(t.rect)) for t in labels]
    finally:
        bridge.close()
