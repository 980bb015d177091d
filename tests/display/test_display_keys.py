"""The KEYS sheet: the lights strip is one touch target that opens it, and it says which key is
which panel's button (the pin map's), what each light of the strip says, and the screen's own
keys (display.screen_keys), every line whole at every size, paged where they do not fit."""

from __future__ import annotations

import pygame
import pytest
from test_display_lights import mocked_levels

from display.bridge_display import BridgeDisplay
from display.keys_sheet import PanelKeys, key_name, keys_sheet
from display.layout import SIZES
from display.lights_model import legend, lights_strip
from display.screen_keys import SCREEN_KEYS
from engine import Seat
from hardware.pinmap import load_pinmap


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def default_keys() -> tuple[PanelKeys, ...]:
    pins = load_pinmap()
    return tuple(PanelKeys(n, p.station, tuple(p.keys.items())) for n, p in pins.panels.items())


def test_each_light_kind_is_told_once_and_only_where_the_panel_has_it() -> None:
    eng, sci = lights_strip({"engineer": {"green": 1, "red": 0, "movement": 1, "shields": 0,
                                          "weapons": 1, "shaken": 0, "system_out": 0,
                                          "grid_out": 0},
                             "science": {"green": 0, "red": 0, **{f"shield{i}": 1
                                                                  for i in range(1, 7)}}})
    assert [m for m, _ in legend(eng)] == ["M S W", "O S G"]
    assert legend(sci) == (("1-6", "the shields: brighter for more points"),)
    assert [light.mark for light in sci.indicators] == ["1", "2", "3", "4", "5", "6"]
    sheet = keys_sheet(default_keys(), (eng, sci))
    lights = next(b for b in sheet if b.title.startswith("The lights"))
    assert ("SCI 1-6", "the shields: brighter for more points") in lights.lines
    assert not any("shields: brighter" in w for k, w in lights.lines if k.startswith("ENG"))


def test_key_names_read_as_a_player_reads_them() -> None:
    assert [key_name(k) for k in ("t", "[5]", "enter", "f1", "return")] == \
        ["T", "keypad 5", "keypad Enter", "F1", "Return"]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_strip_opens_the_sheet_whole_and_close_puts_it_away(size: tuple[int, int]) -> None:
    state, levels = mocked_levels()
    d = BridgeDisplay(pygame.Surface(size), Seat("helm", "enterprise"), lambda _: None)
    d.show(state)  # type: ignore[arg-type]
    d.show_lights(levels)
    d.show_keys(default_keys())
    d.draw(force=True)
    strip = next(w for w in d.widgets if w.id == "keys")
    d.tap(*strip.rect.center)
    words: list[str] = []
    for _ in range(6):   # every page
        d.draw(force=True)
        texts = d.painter.texts
        assert not [t.text for t in texts if t.cut]        # every line whole
        for n, t in enumerate(texts):
            assert pygame.Rect((0, 0), size).contains(t.rect), t.text
            assert all(not t.rect.colliderect(o.rect) for o in texts[n + 1:]), t.text
        assert all(min(w.rect.size) >= 48 for w in d.widgets)
        words += [t.text for t in texts]
        if "page:+1" not in {w.id for w in d.widgets if w.enabled}:
            break
        d.activate("page:+1")
    text = " ".join(words)
    assert "T up · G confirm · Y back" in " ".join(text.split())
    for k in SCREEN_KEYS:
        assert k.keys in words
    assert "green: your move" in text and "the weapons armed" in text
    d.activate("close-keys")
    d.draw(force=True)
    assert "keys" in {w.id for w in d.widgets} and "close-keys" not in {w.id for w in d.widgets}
