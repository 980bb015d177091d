"""Words for numbers: "1 movement point", "3 movement points", "1 point gets through"."""

from __future__ import annotations


def plural(n: int, one: str, many: str | None = None) -> str:
    """`n` and the noun (or verb) that agrees with it: plural(1, "shot") is "1 shot",
    plural(2, "shot") "2 shots", plural(2, "gets", "get") "2 get"."""
    return f"{n} {one if n == 1 else (many if many is not None else one + 's')}"
