"""Mines and decoys on the map, as each seat may know them (Book Two, Advanced: Mines), with a
legend: the Romulan Gambit at the advanced level lays 5 mines and 15 decoys."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from game_helpers import scenario

from display.bridge_display import BridgeDisplay
from engine import Seat, new_game, view
from readouts.counters_model import DECOY, FACE_DOWN, LEGEND, MINE
from readouts.map_model import map_model


@pytest.fixture(scope="module", autouse=True)
def fonts() -> None:
    pygame.font.init()


def kinds(seat: Seat) -> Counter[str]:
    state = new_game(scenario("romulan-gambit", level="advanced"))
    return Counter(c.kind for c in map_model(view(state, seat)).counters)


def test_each_seat_sees_the_counters_as_it_may_know_them() -> None:
    assert kinds(Seat("captain", "bop1")) == {MINE: 5, DECOY: 15}        # they laid them
    assert kinds(Seat("instructor")) == {MINE: 5, DECOY: 15}
    assert kinds(Seat("captain", "constitution")) == {FACE_DOWN: 20}    # no telling which


@pytest.mark.parametrize(("seat", "words", "not_words"), [
    (Seat("helm", "constitution"), [LEGEND[FACE_DOWN]], [LEGEND[MINE], LEGEND[DECOY]]),
    (Seat("helm", "bop1"), [LEGEND[MINE], LEGEND[DECOY]], [LEGEND[FACE_DOWN]]),
])
def test_the_map_draws_the_counters_with_a_legend(seat: Seat, words: list[str],
                                                  not_words: list[str]) -> None:
    state = new_game(scenario("romulan-gambit", level="advanced"))
    surface = pygame.Surface((800, 480))
    display = BridgeDisplay(surface, seat, lambda _: None, follow=False)
    display.show(state)
    display.draw(force=True)
    texts = [t.text for t in display.painter.texts if t.region == "map"]
    for w in words:
        assert w in texts
    for w in not_words:
        assert w not in texts
    # a counter's hex is drawn: its centre is no longer the empty sky
    assert display.map_frame is not None
    c = next(iter(display.map().counters))
    x, y = display.map_frame.center(c.col, c.row)
    assert surface.get_at((round(x), round(y)))[:3] != (6, 8, 16)


def test_the_map_following_the_ships_keeps_the_minefield_in_view() -> None:
    state = new_game(scenario("romulan-gambit", level="advanced"))
    display = BridgeDisplay(pygame.Surface((800, 480)), Seat("helm", "constitution"),
                            lambda _: None)   # follows the ships (the default)
    display.show(state)
    display.draw(force=True)
    assert display.map_frame is not None
    c0, r0, c1, r1 = display.map_frame.window
    counters = display.map().counters
    assert len(counters) == 20
    assert all(c0 <= c.col <= c1 and r0 <= c.row <= r1 for c in counters)
