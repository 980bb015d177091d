"""Words for numbers in the messages the engine gives ("1 hex away", "2 hexes away")."""

from __future__ import annotations


def count(n: int, one: str, many: str = "") -> str:
    """`n` and the noun in the number it takes: count(1, "hex", "hexes") is "1 hex",
    count(3, "point") is "3 points" (a plural not given adds "s")."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
