"""Drawing the shield marks (readouts.shield_marks) round a ship on the map: each shield's
points in a small disc beyond the hexside it faces; a damaged shield an "x" in the alert
colour, points being entered in the accent colour."""

from __future__ import annotations

import math

import pygame

from display import theme
from display.geometry import MapFrame, heading_angle
from display.paint import Painter
from readouts.shield_marks import ShieldMark


def draw_shields(p: Painter, frame: MapFrame, marks: tuple[ShieldMark, ...],
                 area: pygame.Rect) -> list[tuple[pygame.Rect, ShieldMark]]:
    """Draw the marks inside `area`; returns the box each took (names keep clear of them)."""
    boxes: list[tuple[pygame.Rect, ShieldMark]] = []
    line = p.line_height("small")
    for m in marks:
        cx, cy = frame.center(m.col, m.row)
        ang = heading_angle(m.side)
        d = max(frame.size * 1.5, 20.0)
        x, y = cx + math.cos(ang) * d, cy + math.sin(ang) * d
        r = max(8, line // 2 + 1)
        box = pygame.Rect(round(x - r), round(y - r), 2 * r, 2 * r)
        if not area.contains(box):
            continue
        ink = theme.ALERT if m.damaged else theme.ACCENT if m.planned else (
            theme.ACCENT_3 if m.points else theme.TEXT_DIM)
        pygame.draw.circle(p.surface, theme.BACKGROUND, box.center, r)
        pygame.draw.circle(p.surface, ink, box.center, r, 1)
        p.text(m.text, (box.centerx, box.centery - line // 2), "small", ink, 2 * r + 6,
               align="center")
        boxes.append((box, m))
    return boxes
