"""Draws `starbridge lights test`'s walk: one row per output, one column per action of the
scripted game, each cell the output's colour at its level (a blink striped, a sound a note),
the actions numbered below as the printed walk numbers them."""

from __future__ import annotations

from pathlib import Path

import pygame

from display import theme

WalkCell = tuple[tuple[int, int, int], float, str]
ROW_H, LABEL_W, TOP, MAX_W = 18, 150, 34, 1600
DARK = (30, 32, 44)
FOOT_H = 44   # the action numbers and the legend


def tick_every(cell_w: int) -> int:
    """Every how many actions a number is written below the grid (about 60 px apart)."""
    for n in (5, 10, 20, 50, 100, 200, 500):
        if n * cell_w >= 60:
            return n
    return 1000


def draw_walk(rows: list[tuple[str, list[WalkCell]]], title: str) -> pygame.Surface:
    columns = max((len(cells) for _, cells in rows), default=1)
    cell_w = max(1, min(8, (MAX_W - LABEL_W) // max(columns, 1)))
    w = max(LABEL_W + cell_w * columns + 10, 640)
    bottom = TOP + ROW_H * max(len(rows), 1)
    h = bottom + FOOT_H
    surf = pygame.Surface((w, h))
    surf.fill(theme.BACKGROUND)
    font = pygame.font.Font(None, 18)
    surf.blit(font.render(title, True, theme.TEXT), (8, 8))
    for i, (name, cells) in enumerate(rows):
        y = TOP + i * ROW_H
        surf.blit(font.render(name[:22], True, theme.TEXT_DIM), (8, y + 3))
        for j, (colour, level, effect) in enumerate(cells):
            x = LABEL_W + j * cell_w
            lit = tuple(round(d + (c - d) * level) for c, d in zip(colour, DARK, strict=True))
            pygame.draw.rect(surf, lit, (x, y + 2, cell_w, ROW_H - 4))
            if effect == "blink" and level > 0:
                pygame.draw.line(surf, DARK, (x, y + ROW_H // 2), (x + cell_w - 1, y + ROW_H // 2))
    every = tick_every(cell_w)
    surf.blit(font.render("action", True, theme.TEXT_DIM), (8, bottom + 3))
    for n in range(0, columns, every):
        x = LABEL_W + n * cell_w
        pygame.draw.line(surf, theme.TEXT_DIM, (x, bottom), (x, bottom + 4))
        surf.blit(font.render(str(n), True, theme.TEXT_DIM), (x, bottom + 5))
    foot = ("a column per action, numbered as lights test prints them; striped: blinking; "
            "white in a sound's row: it plays")
    surf.blit(font.render(foot, True, theme.TEXT_DIM), (8, h - 18))
    return surf


def save_walk(path: Path, rows: list[tuple[str, list[WalkCell]]], title: str) -> None:
    if not pygame.font.get_init():
        pygame.font.init()
    pygame.image.save(draw_walk(rows, title), str(path))
