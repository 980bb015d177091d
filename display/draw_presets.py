"""The quick fills of a decision ("as last turn", "spread evenly", "facing the enemy"): a row of
buttons above a panel's steppers (widget id `preset:<key>`). A label too long for its button
takes two lines; a preset the rules refuse now is greyed out with the engine's reason."""

from __future__ import annotations

import pygame

from display import theme
from display.paint import Painter, Widget
from readouts.panel_model import PanelView

GAP = 6


def _two_lines(p: Painter, label: str, width: int) -> tuple[str, str]:
    """`label` whole on one line when it fits `width` (small text), else split at the word
    that makes the two lines most even."""
    if p.font("small").size(label)[0] <= width:
        return label, ""
    words = label.split()
    best = min(range(1, len(words)), default=1,
               key=lambda n: abs(len(" ".join(words[:n])) - len(" ".join(words[n:]))))
    return " ".join(words[:best]), " ".join(words[best:])


def presets_fit(width: int, n: int, touch: int) -> bool:
    """Whether `n` preset buttons (each at least 2.5 touch targets wide) and Confirm (two) fit
    in a row `width` px wide."""
    return width >= n * (round(touch * 2.5) + GAP) + touch * 2


def draw_presets(p: Painter, model: PanelView, row: pygame.Rect, focus: str | None) -> int:
    """One button per preset across `row`; returns the bottom of the row."""
    n = len(model.presets)
    w = (row.width - GAP * (n - 1)) // n
    for i, preset in enumerate(model.presets):
        rect = pygame.Rect(row.x + i * (w + GAP), row.y, w, row.height)
        first, second = _two_lines(p, preset.label.upper(), w - 12)
        wid = Widget(f"preset:{preset.key}", rect, first, preset.problem is None,
                     preset.problem, second)
        p.button(wid, focused=focus == wid.id, colour=theme.ACCENT_3, size="small")
    return row.bottom
