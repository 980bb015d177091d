"""Colours and sizes of the bridge look: a dark console with LCARS-like rounded bars.

Each side's colour and shape are the seats' own (`readouts.sides`), the same on the phones. Pure:
no pygame.
"""

from __future__ import annotations

from readouts.colour import Colour as Colour  # one colour type: the display, seats, lights

BACKGROUND: Colour = (6, 8, 16)
SPACE_GRID: Colour = (34, 44, 70)
OBSTACLE: Colour = (92, 78, 64)
TEXT: Colour = (236, 236, 240)
TEXT_DIM: Colour = (150, 156, 176)
TEXT_DARK: Colour = (10, 10, 16)

# LCARS-like accents (orange, lilac, pale blue) for bars, tabs and buttons.
ACCENT: Colour = (255, 153, 0)
ACCENT_2: Colour = (204, 153, 204)
ACCENT_3: Colour = (153, 204, 255)
PANEL: Colour = (20, 24, 40)
BUTTON: Colour = (153, 153, 204)
BUTTON_ACTIVE: Colour = (255, 204, 102)
BUTTON_DISABLED: Colour = (60, 62, 76)
FOCUS: Colour = (255, 255, 255)
ALERT: Colour = (230, 80, 60)
GOOD: Colour = (0, 158, 115)

ARC_FILL: Colour = (240, 228, 66)
REACH_FILL: Colour = (0, 158, 115)
PLAN_LINE: Colour = (255, 255, 255)
WELL_FILL: Colour = (120, 92, 210)   # a gravity well, deeper nearer its body
BODY_COLOURS: dict[str, Colour] = {"planet": (70, 130, 180), "moon": (160, 160, 170),
                                   "star": (255, 200, 60), "asteroid": (140, 110, 80)}

MIN_TOUCH = 48
"""Smallest touch target, px (the 7-inch screen at arm's length)."""


def ui_scale(height: int) -> float:
    """How much larger than on the 7" 800x480 text and touch targets are drawn on a screen
    `height` px tall: in proportion up to 600 px (1024x600 is a 7" screen too), more slowly
    above, so a large screen shows more at once rather than the same, bigger (1280x720: 1.31,
    1920x1080: 1.5)."""
    if height <= 600:
        return max(1.0, height / 480)
    return 1.25 + (height - 600) / 1920


def font_sizes(height: int) -> dict[str, int]:
    """Text sizes (px) for a screen `height` px tall: at least 18 px body text on the 7" 800x480."""
    scale = ui_scale(height)
    return {"small": round(16 * scale), "body": round(19 * scale), "large": round(24 * scale),
            "title": round(28 * scale)}
