"""The mocked station panels' lights on the bridge display: the view-model from plain levels,
the strip's place at every size, and a real bridge of mocked panels drawn into it."""

from __future__ import annotations

import pygame
import pytest
from game_helpers import start
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hypothesis import given
from hypothesis import strategies as st

from companion.headless.screens import SCREENS, advance
from display.bridge_display import BridgeDisplay
from display.layout import SIZES, inside, layout, overlaps
from display.lights_model import lights_strip, panel_label, status_lights
from engine import Seat, crew_stations
from hardware.pinmap import load_pinmap
from hardware.ship_bridge import Bridge


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def test_a_red_green_led_shows_as_the_eye_sees_it() -> None:
    assert [lt.colour for lt in status_lights({"green": 1.0, "red": 0.0})] == ["green"]
    assert [lt.colour for lt in status_lights({"green": 1.0, "red": 1.0})] == ["amber"]
    assert [lt.colour for lt in status_lights({"green": 0.0, "red": 1.0})] == ["red"]
    assert [lt.colour for lt in status_lights({"green": 0.0, "red": 0.0})] == ["off"]
    three = status_lights({"green": 1.0, "amber": 0.0, "red": 1.0})  # its own amber LED
    assert [(lt.role, lt.colour) for lt in three] == [("green", "green"), ("amber", "off"),
                                                       ("red", "red")]


def test_panels_keep_their_order_and_indicators_their_level() -> None:
    strip = lights_strip({"science": {"green": 0, "red": 0, "shield1": 0.5, "shield2": 0.0},
                          "instructor": {"green": 1.0, "red": 0.0}})
    assert [p.label for p in strip] == ["SCI", "INST"]
    assert [(lt.role, lt.level) for lt in strip[0].indicators] == [("shield1", 0.5),
                                                                   ("shield2", 0.0)]


@pytest.mark.slow
@given(st.dictionaries(st.text(max_size=8), st.one_of(
    st.dictionaries(st.text(max_size=8), st.one_of(st.floats(), st.integers(), st.none(),
                                                   st.text(max_size=3)), max_size=10),
    st.none(), st.integers()), max_size=8))
def test_any_levels_make_a_strip_with_levels_in_range(levels: dict[str, object]) -> None:
    for panel in lights_strip(levels):  # type: ignore[arg-type]
        assert all(0.0 <= lt.level <= 1.0 for lt in (*panel.status, *panel.indicators))


def test_the_strip_overlaps_no_region_at_any_size() -> None:
    for w, h in SIZES:
        lay = layout(w, h, lights=True)
        assert lay.lights is not None
        regions = list(lay.regions().items())
        for n, (name, rect) in enumerate(regions):
            assert inside(rect, (0, 0, w, h)), (w, h, name)
            for other, orect in regions[n + 1:]:
                assert not overlaps(rect, orect), (w, h, name, other)
        assert lay.map[3] > h / 3                       # the map keeps most of its room


def mocked_levels() -> tuple[object, dict[str, dict[str, float]]]:
    """A real crew's and the Instructor's mocked panels, at Helm's move, lit for the game."""
    state, events = advance(start(turns=3), Seat("helm", "enterprise"), 0, SCREENS["helm"][1], 1)
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    pins = load_pinmap()
    t = [100.0]
    crew = Bridge(pins, factory, "enterprise", crew_stations(state, "enterprise"), lambda: t[0])
    inst = Bridge(pins, factory, None, ("instructor",), lambda: t[0])
    for b in (crew, inst):
        b.open(lambda _: None, t[0])
    t[0] += 1.0
    for b in (crew, inst):
        b.show(state, tuple(events), t[0])
    return state, {**crew.lit(), **inst.lit()}


@pytest.mark.slow
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_mocked_panels_lights_are_drawn_in_the_strip_and_overlap_nothing(
        size: tuple[int, int]) -> None:
    state, levels = mocked_levels()
    assert levels["helm"]["green"] == 1.0               # Helm must move: its green is on
    surface = pygame.Surface(size)
    d = BridgeDisplay(surface, Seat("helm", "enterprise"), lambda _: None)
    d.show(state)  # type: ignore[arg-type]
    d.show_lights(levels)
    assert d.draw(force=True)
    lay = d.layout
    assert lay.lights is not None
    strip = pygame.Rect(lay.lights)
    count = sum(len(r) - (1 if "amber" not in r else 0) for r in levels.values())
    assert len(d.light_rects) == count                  # every light, none left off
    for n, r in enumerate(d.light_rects):
        assert strip.contains(r), r
        assert all(not r.colliderect(o) for o in d.light_rects[n + 1:])
    labels = [t for t in d.painter.texts if t.region == "lights"]
    assert [t.text for t in labels] == ["KEYS", "CAPT", "ENG", "HELM", "SCI", "INST"]
    regions = lay.regions()
    texts = d.painter.texts
    for n, t in enumerate(texts):
        assert pygame.Rect(regions[t.region]).contains(t.rect), (t.text, t.region)
        for other in texts[n + 1:]:
            assert not t.rect.colliderect(other.rect), (t.text, other.text)
    for t in labels:
        assert all(not t.rect.colliderect(r) for r in d.light_rects)
    for w in d.widgets:   # the strip itself is the one target there: KEYS
        assert w.id == "keys" or not w.rect.colliderect(strip), w.id
    assert [w.rect for w in d.widgets if w.id == "keys"] == [strip]
    # Helm's green dot is drawn lit (the bluish green), the captain's unlit.
    # after CAPT's one and three C&C lights, ENG's one and six (power, then C&C)
    helm_green = d.light_rects[1 + 3 + 1 + 6]
    assert surface.get_at(helm_green.center)[:3] == (0, 158, 115)


@pytest.mark.slow
def test_lights_redraw_only_on_change_and_can_be_taken_away() -> None:
    state, levels = mocked_levels()
    d = BridgeDisplay(pygame.Surface((800, 480)), Seat("helm", "enterprise"), lambda _: None)
    d.show(state)  # type: ignore[arg-type]
    plain_map = d.layout.map
    d.show_lights(levels)
    assert d.draw() and not d.draw()
    d.show_lights({k: dict(v) for k, v in levels.items()})   # the same levels: no redraw
    assert not d.draw()
    levels["helm"]["green"] = 0.0
    d.show_lights(levels)
    assert d.draw()
    assert d.layout.map[3] < plain_map[3]
    d.show_lights(None)
    assert d.layout.lights is None and d.layout.map == plain_map and d.draw()


@pytest.mark.slow
def test_the_display_needs_no_gpiozero_and_the_lights_model_no_pygame() -> None:
    import subprocess
    import sys
    code = ("import sys, display.lights_model; bad = 'pygame' in sys.modules; "
            "import display.bridge_display; sys.exit(bad or 'gpiozero' in sys.modules)")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_a_second_crews_panels_are_told_apart() -> None:
    assert [panel_label(p) for p in ("helm", "helm2", "captain2", "bridge", "instructor")] == \
        ["HELM", "HELM2", "CAPT2", "BRID", "INST"]


def test_command_and_control_lights_are_warnings_apart_from_the_indicators() -> None:
    """A shaken officer, a system out and the power off the grid (docs/wiring.md) are drawn as
    warnings, not as the panel's shield, weapon or power indicators."""
    (helm,) = lights_strip({"helm": {"green": 1, "red": 0, "weapon1": 1, "shaken": 1,
                                     "system_out": 0, "grid_out": 1}})
    colours = {light.role: (light.colour, light.level) for light in helm.indicators}
    assert colours == {"weapon1": ("indicator", 1.0), "shaken": ("warning", 1.0),
                       "system_out": ("warning", 0.0), "grid_out": ("warning", 1.0)}
