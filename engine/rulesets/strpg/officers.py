"""A table's bridge officers as the away team (the crew files of companion/crews.py, kept from
game to game for FASA's Command & Control): which characters a crew file fills, what each needs
of it, and how its ratings become a character's scores (docs/rules-decisions.md, The away team:
crew officers). A crew file rates an officer's skills at the bridge (1-99), not his body: what
it does not hold comes from the character's template.

    DEX                       <- dex
    Marksmanship, Modern      <- weaponry
    Personal Combat, Unarmed  <- tactics
    Personal Combat, Armed    <- the average of tactics and dex
    AP                        <- 4 + DEX / 10 (ours: the seed's rule is in a book it lacks)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import DataError

NEEDS = ("dex", "weaponry", "tactics")
"""The crew file's ratings an officer of the away team needs."""
RATING_RANGE = (1, 99)


def ap_for(dexterity: int) -> int:
    """A player character's AP (ours: "the rule for this assignment is given at page 25 of the
    Star Fleet Officers' Manual", seed 004 line 206, which the seed does not hold)."""
    return 4 + dexterity // 10


def officer_scores(where: str, officer: object) -> tuple[str, dict[str, int]]:
    """(name, the character's scores) from a crew file's officer entry."""
    if not isinstance(officer, Mapping):
        raise DataError(f"{where}: an officer is a table of name and ratings")
    name = officer.get("name")
    if not isinstance(name, str) or not name or len(name) > 60 or not name.isprintable():
        raise DataError(f"{where}: the officer's name must be short printable text")
    low, high = RATING_RANGE
    ratings: dict[str, int] = {}
    for key in NEEDS:
        value = officer.get(key)
        if type(value) is not int or not low <= value <= high:
            raise DataError(f"{where}: the officer's {key} must be a rating {low} to {high}")
        ratings[key] = value
    return name, {"dex": ratings["dex"], "modern": ratings["weaponry"],
                  "unarmed": ratings["tactics"],
                  "armed": (ratings["tactics"] + ratings["dex"]) // 2}


def needs(scenario: Mapping[str, Any]) -> dict[str, dict[str, tuple[str, ...]]]:
    """Each crew entry of a prepared scenario -> each station it fills -> the ratings needed."""
    out: dict[str, dict[str, tuple[str, ...]]] = {}
    for entry in scenario.get("ships", ()):
        if isinstance(entry, Mapping) and "officers_for" in entry:
            stations = entry.get("officers_for")
            if isinstance(stations, list):
                out[str(entry.get("id"))] = {str(s): NEEDS for s in stations}
    return out
