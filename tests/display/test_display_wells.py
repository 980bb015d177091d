"""A planet and its gravity well on the map (Battlestations!, 01C-1, seed 001 line 184: a well
"usually one to four hexes deep"): in the view every seat gets, in the pure map model, drawn at
800x480 and sent to the consoles' viewscreen."""

from __future__ import annotations

import functools
import os

import pygame

import engine
from companion.session import load_scenario, prepare
from consoles.payload import SeatLog, payload, seat_key
from display.draw_map import draw_map
from display.paint import Painter
from engine import Seat, view
from readouts.map_model import map_model

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")


@functools.cache
def cestus() -> object:
    return engine.new_game(prepare(load_scenario("cestus-well", None), None, "expert", None, 3))


def test_every_seat_sees_the_planet_and_its_well() -> None:
    state = cestus()
    for seat in (Seat("helm", "enterprise"), Seat("helm", "kronos"), Seat("instructor")):
        (body,) = map_model(view(state, seat)).bodies
        assert (body.name, body.col, body.row, body.well) == ("Cestus III", 16, 12, 3)
        # 1 + 6 + 12 + 18 hexes: the planet's hex and three rings round it
        assert len(body.well_hexes) == 37 and (13, 12) in body.well_hexes
        assert (12, 12) not in body.well_hexes
    assert "mass" not in str(view(state, Seat("helm", "kronos"))["bodies"])  # a reading tells it


def test_the_well_is_drawn_at_800x480() -> None:
    """The well's hexes are tinted (deeper nearer the planet); open space is not."""
    pygame.init()
    try:
        surface = pygame.Surface((800, 480))
        p = Painter(surface, {"small": 16, "body": 19, "large": 24, "title": 28})
        model = map_model(view(cestus(), Seat("helm", "enterprise")))
        frame = draw_map(p, model, pygame.Rect(0, 60, 430, 340), follow=False)

        def blue(col: int, row: int) -> int:
            x, y = frame.center(col, row)
            return int(surface.get_at((round(x), round(y)))[2])

        # east of the planet: 1, 2 and 3 hexes (the rim), then open space
        assert blue(17, 12) > blue(18, 12) > blue(19, 12) > blue(20, 12) + 20
    finally:
        pygame.quit()


def test_the_viewscreen_is_sent_the_planet_and_its_well() -> None:
    state = cestus()
    key = seat_key(Seat("helm", "enterprise"))
    sent = payload(state, key, SeatLog(key))  # type: ignore[arg-type]
    text = str(sent)
    assert "Cestus III" in text and "'wells': [[" in text
