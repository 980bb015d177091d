"""The race of a ship's captain and the benefit chosen at the start (*Battlestations!*, 01C-2
Captain Racial Benefits, seed 001 lines 196-232): a ship entry's `captain`.

    [[ships]]
    ...
    captain = { race = "andorian", benefit = "skill" }                        # +5 Skill Rating
    captain = { race = "andorian", benefit = "weapon", weapon = "phaser-1" }  # +2 to one weapon
    captain = { race = "betazed" }                                            # +10% efficiency
    captain = { race = "caitan", immune = "sensors" }                         # a system unshaken

What the benefits and drawbacks do is the variant's (variants/battlestations/racial_benefits.py);
the numbers are here, beside the data they go with.

This module reads no game state at run time, so that the state's `Setup` can hold the captains.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from engine.errors import DataError

RACES = ("andorian", "betazed", "caitan")
"""The races whose benefits the seed gives (lines 198, 210, 222); its contents name "the other
races" with no text (notice.py)."""
RACE_NAMES = {"andorian": "Andorian", "betazed": "Betazoid", "caitan": "Caitan"}
ANDORIAN_BENEFITS = ("skill", "weapon")
"""Line 204: "either a +5 to their Captain Skill Rating, or a +2 to any energy weapon bank or
missile tube"."""
ANDORIAN_SKILL = 5
ANDORIAN_WEAPON = 2
"""Line 204's "+2 to any energy weapon bank or missile tube": read as +2 on that weapon's to-hit
number (the seed says "expert combatants"; docs/rules-decisions.md)."""
OUTNUMBERED = 4
"""Line 208: "will not disengage from an enemy unless they are outnumbered or outgunned by at
least four to one"."""
BETAZED_EFFICIENCY = 10
"""Line 216: "+10% to their Crew Efficiency Rating at the beginning of the scenario": ten points
on the rating, a percentage (docs/rules-decisions.md)."""
BETAZED_SKILL_LOSS = 2
"""Line 220: "For every 10% of casualties inflicted, the Captain loses 2 points of Captain's Skill
Rating"."""
CAITAN_ADVANTAGE = 5
"""Line 228: "Caitan captains add +5 to their Tactical Advantage Score"."""
BRIDGE_SYSTEMS = ("comms", "sensors", "shields", "helm", "weapons")
"""Line 228: "one Bridge system that is immune from a 'Systems Shaken' result": the systems Book
Two's SYSTEM SHAKEN table names (values/shaken.py SYSTEMS)."""
MAX_RATING = 99
CAPTAIN_KEYS = frozenset({"race", "benefit", "weapon", "immune"})


@dataclass(frozen=True, slots=True)
class Captain:
    """The race of `ship`'s captain and the benefit chosen: for an Andorian `benefit` "skill" or
    "weapon" (then `weapon` names it), for a Caitan `immune` names the bridge system."""

    ship: str
    race: str
    benefit: str = ""
    weapon: str = ""
    immune: str = ""

    def to_dict(self) -> dict[str, str]:
        out = {"race": self.race}
        for key in ("benefit", "weapon", "immune"):
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


def captain_from(where: str, raw: Any, ship: str, weapons: Sequence[str]) -> Captain | None:
    """A ship entry's `captain`, checked against the ship's weapons (`weapons`: their ids)."""
    if raw is None:
        return None
    if not isinstance(raw, Mapping):
        raise DataError(f"{where}: captain must be a table such as {{ race = \"andorian\", "
                        f"benefit = \"skill\" }}, not {raw!r:.60}")
    unknown = sorted(str(k) for k in raw if k not in CAPTAIN_KEYS)
    if unknown:
        raise DataError(f"{where}: captain: unknown field(s) {', '.join(unknown)}; "
                        f"known: {', '.join(sorted(CAPTAIN_KEYS))}")
    race = raw.get("race")
    if race not in RACES:
        raise DataError(f"{where}: captain: race must be one of {', '.join(RACES)} (the races "
                        f"Battlestations! gives benefits), not {race!r:.30}")
    benefit, weapon, immune = (raw.get(k, "") for k in ("benefit", "weapon", "immune"))
    if race == "andorian":
        if benefit not in ANDORIAN_BENEFITS:
            raise DataError(f"{where}: captain: an Andorian chooses benefit = \"skill\" (+5 "
                            f"Captain Skill Rating) or \"weapon\" (+2 to one weapon), "
                            f"not {benefit!r:.30}")
        if benefit == "weapon" and weapon not in weapons:
            raise DataError(f"{where}: captain: the +2 goes to one of the ship's weapons "
                            f"(weapon = one of {', '.join(weapons) or 'none: it has none'}), "
                            f"not {weapon!r:.30}")
        if benefit == "skill" and weapon:
            raise DataError(f"{where}: captain: weapon is named only with benefit = \"weapon\"")
    elif benefit or weapon:
        raise DataError(f"{where}: captain: only an Andorian chooses a benefit or weapon")
    if race == "caitan":
        if immune not in BRIDGE_SYSTEMS:
            raise DataError(f"{where}: captain: a Caitan names the bridge system immune from "
                            f"Systems Shaken (immune = one of {', '.join(BRIDGE_SYSTEMS)}), "
                            f"not {immune!r:.30}")
    elif immune:
        raise DataError(f"{where}: captain: only a Caitan names an immune bridge system")
    return Captain(ship=ship, race=str(race), benefit=str(benefit), weapon=str(weapon),
                   immune=str(immune))
