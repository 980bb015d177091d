"""The bridge display's parts take the small typed things they need, and an app tells the display
things through its methods: screens laid over it (`add_overlay`, `remove_overlay`), a held roll
result put away (`put_held_away`), whether a roll's dialog was seen (`roll_seen`); a tap's work
is found by the widget's kind in a table (display.bridge_taps)."""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pygame
import pytest
from game_helpers import start

from display import bridge_taps
from display.bridge_display import BridgeDisplay, Output, Request
from display.layout import Layout
from display.paint import Painter
from engine import Seat
from readouts.shown_roll import ShownRoll

DISPLAY = Path(__file__).resolve().parents[2] / "display"


class Sheet:
    """An overlay that counts what it is asked, and takes the taps and keys it is told to."""

    def __init__(self, takes: bool) -> None:
        self.takes, self.drawn, self.taps, self.keys = takes, 0, 0, 0

    def draw(self, p: Painter, lay: Layout, view: Mapping[str, Any]) -> None:
        self.drawn += 1

    def tap(self, x: int, y: int) -> bool:
        self.taps += 1
        return self.takes

    def key(self, key: int) -> bool:
        self.keys += 1
        return self.takes


def bridge(screen: pygame.Surface, seat: Seat | None = None) -> tuple[BridgeDisplay,
                                                                        list[Output]]:
    seat = seat if seat is not None else Seat("instructor")
    out: list[Output] = []
    d = BridgeDisplay(screen, seat, out.append)
    d.show(start())
    if seat.ship is None:
        d.activate("tab:instructor")
    d.frame()
    return d, out


def test_no_part_of_the_display_imports_the_scene_itself() -> None:
    """Each helper split out of BridgeDisplay is handed a protocol of what it reads, so none
    imports display.bridge_display, not even for its types."""
    found = []
    for path in sorted(DISPLAY.glob("*.py")):
        if path.name == "bridge_display.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = [node.module or ""] if isinstance(node, ast.ImportFrom) else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            found += [f"{path.name}: {n}" for n in names if n.startswith("display.bridge_display")]
    assert found == []


def test_an_overlay_laid_is_drawn_on_top_and_asked_first_and_taken_off(
        screen: pygame.Surface) -> None:
    d, out = bridge(screen)
    below, above = Sheet(takes=False), Sheet(takes=True)
    d.add_overlay(below)
    d.add_overlay(above)
    assert d.overlays == (below, above)
    assert d.draw()   # laying one draws again, without waiting for another change
    assert (below.drawn, above.drawn) == (1, 1)
    undo = next(w for w in d.widgets if w.id == "undo").rect.center
    d.tap(*undo)
    assert (above.taps, below.taps, out) == (1, 0, [])   # the top one took it: no undo
    d.remove_overlay(above)
    d.remove_overlay(above)   # one not laid (any more) changes nothing
    d.remove_overlay(None)
    assert list(d.overlays) == [below]
    d.draw()
    d.tap(*undo)
    assert below.taps == 1 and out == [Request("undo")]   # not taken: the bridge's UNDO
    with pytest.raises(AttributeError):   # a copy: none is laid behind the display's back
        d.overlays.append(above)  # type: ignore[attr-defined]


def test_a_held_result_is_put_away_once_and_the_screen_drawn_again(
        screen: pygame.Surface) -> None:
    d, _ = bridge(screen, Seat("helm", "enterprise"))
    d.holds.hold(ShownRoll(1, "Helm · USS Enterprise", "to-hit", 7, "MISS", "MISS", ()))
    d.draw()
    assert not d.draw()   # nothing changed
    assert d.put_held_away()
    assert d.draw()
    assert not d.put_held_away()   # nothing held any more


def test_every_kind_in_the_taps_table_is_a_widget_kind_the_display_draws() -> None:
    """No handler is dead: each kind in bridge_taps' tables is named by a widget id somewhere in
    display/ or readouts/ (as "kind" or "kind:...")."""
    sources = [p for p in (*DISPLAY.glob("*.py"), *(DISPLAY.parent / "readouts").glob("*.py"))
               if p.name != "bridge_taps.py"]   # the seats' view-models make ids too
    text = "\n".join(p.read_text(encoding="utf-8") for p in sources)
    missing = [k for k in (*bridge_taps.SCENE, *bridge_taps.DECISION)
               if f'"{k}"' not in text and f'"{k}:' not in text and f'f"{k}:' not in text]
    assert missing == []


def test_a_tap_of_a_kind_nobody_handles_only_clears_the_message(screen: pygame.Surface) -> None:
    d, out = bridge(screen)
    d.show_message("a refusal")
    tab, page = d.tab, d.page
    d.activate("no-such-widget:7")
    assert (d.message, d.tab, d.page, out) == (None, tab, page, [])
