"""On a PC the station panels' own displays are drawn along the foot of the map: those of the
seats that must act, each whole, side by side, so two officers deciding at once read their own
decisions without one hiding the other."""

from __future__ import annotations

import pygame

from display.draw_station_screens import StationFrame, chosen, draw_station_screens
from display.layout import layout
from display.paint import Painter


def frame(acting: bool, shade: int = 255) -> StationFrame:
    return StationFrame((128, 64), bytes([shade]) * (128 * 64), acting)


def test_only_the_acting_panels_are_drawn_each_whole_side_by_side() -> None:
    pygame.font.init()
    frames = {"helm": frame(True), "captain": frame(False), "science": frame(True)}
    assert chosen(frames, 400, 400) == ["helm", "science"]
    assert chosen(frames, 200, 200) == ["helm"]            # only what fits whole
    surface = pygame.Surface((800, 480))
    lay = layout(800, 480)
    p = Painter(surface, lay.fonts)
    area = pygame.Rect(lay.map)
    drawn = draw_station_screens(p, frames, area)
    assert drawn == ["helm", "science"]
    lit = [x for x in range(area.x, area.right) if surface.get_at((x, area.bottom - 30))[2] > 200]
    assert len(lit) >= 2 * 128                             # both images, whole
    assert {t.text for t in p.texts} >= {"HELM", "SCI"}   # each labelled with its panel
