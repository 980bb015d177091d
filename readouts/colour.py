"""One colour type for everything that shows a colour: the seats' view-models, the bridge display,
the lights file's rules and the room's lights. Pure: a name for a type, nothing drawn."""

from __future__ import annotations

Colour = tuple[int, int, int]
"""Red, green and blue, 0 to 255 each."""
