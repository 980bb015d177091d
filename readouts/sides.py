"""Each side's colour and marker shape, the same on the bridge display, the phones and the
viewscreen.

Side colours are the Okabe-Ito palette (Okabe & Ito, "Color Universal Design", 2008), chosen to
stay distinct for the common kinds of colour blindness; each side also gets its own marker shape,
so colour is never the only cue.
"""

from __future__ import annotations

from readouts.colour import Colour

# Okabe-Ito, in the order sides are given them (the first side of a scenario gets sky blue).
SIDE_COLOURS: tuple[Colour, ...] = (
    (86, 180, 233),   # sky blue
    (213, 94, 0),     # vermillion
    (0, 158, 115),    # bluish green
    (240, 228, 66),   # yellow
    (204, 121, 167),  # reddish purple
    (230, 159, 0),    # orange
)
SIDE_SHAPES: tuple[str, ...] = ("chevron", "diamond", "triangle", "square", "chevron", "diamond")

NO_SIDE: Colour = (150, 156, 176)
"""A counter whose side the seat is not told (face down): grey, the bridge display's dim text."""


def side_colours(sides: list[str]) -> dict[str, Colour]:
    """A colour for each side, in the order the sides first appear."""
    out: dict[str, Colour] = {}
    for side in sides:
        if side not in out:
            out[side] = SIDE_COLOURS[len(out) % len(SIDE_COLOURS)]
    return out


def side_shapes(sides: list[str]) -> dict[str, str]:
    """A marker shape for each side, in the order the sides first appear."""
    out: dict[str, str] = {}
    for side in sides:
        if side not in out:
            out[side] = SIDE_SHAPES[len(out) % len(SIDE_SHAPES)]
    return out
