"""Captains' racial benefits (*Battlestations!*, 01C-2, seed 001 lines 196-232): a ship entry's
`captain` names the race of its captain and the benefit chosen at the start.

    [[ships]]
    ...
    captain = { race = "andorian", benefit = "skill" }                        # +5 Skill Rating
    captain = { race = "andorian", benefit = "weapon", weapon = "phaser-1" }  # +2 to one weapon
    captain = { race = "betazed" }                                            # +10% efficiency
    captain = { race = "caitan", immune = "sensors" }                         # a system unshaken

The benefits are numbers the variant's rules add (`skill_rating`, `efficiency_rating`,
`advantage_bonus`, `to_hit_bonus`, `spared_from_shaking`). The drawbacks are a matter of
conduct: `may_disengage` is the Andorian's rule the autopilot obeys, and `conduct` gives each
drawback in words for the table (a player is told, not stopped). Readings where the seed is
unclear are in docs/rules-decisions.md (Battlestations!, Captains' racial benefits).

This module reads no game state at run time, so that the state's `Setup` can hold the captains.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.errors import DataError

if TYPE_CHECKING:
    from engine.rulesets.fasa.values.state import FasaState, Ship

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


def captain_of(state: FasaState, ship_id: str) -> Captain | None:
    return next((c for c in state.setup.captains if c.ship == ship_id), None)


# --- Benefits ----------------------------------------------------------------------------------

def skill_rating(captain: Captain | None, rating: int, casualties: int) -> int:
    """The Captain's Skill Rating as the variant counts it: +5 for an Andorian who chose it
    (line 204); for a Betazoid, 2 less for every full 10% of the crew lost (line 220;
    `casualties` in tenths of a percent). Never below 0."""
    if captain is None:
        return rating
    if captain.race == "andorian" and captain.benefit == "skill":
        rating += ANDORIAN_SKILL
    if captain.race == "betazed":
        rating -= BETAZED_SKILL_LOSS * (casualties // 100)
    return max(0, rating)


def efficiency_rating(captain: Captain | None, rating: int) -> int:
    """The Crew Efficiency Rating at the start: +10 under a Betazoid captain (line 216)."""
    if captain is not None and captain.race == "betazed" and rating:
        return min(MAX_RATING, rating + BETAZED_EFFICIENCY)
    return rating


def advantage_bonus(captain: Captain | None) -> int:
    """What a captain adds to the Tactical Advantage score: +5 for a Caitan (line 228)."""
    return CAITAN_ADVANTAGE if captain is not None and captain.race == "caitan" else 0


def to_hit_bonus(captain: Captain | None, weapon: str) -> int:
    """What a captain adds to `weapon`'s to-hit number: +2 on the Andorian's chosen one
    (line 204)."""
    if captain is not None and captain.benefit == "weapon" and captain.weapon == weapon:
        return ANDORIAN_WEAPON
    return 0


def spared_from_shaking(captain: Captain | None, system: str) -> bool:
    """Whether a Systems Shaken result on `system` passes the ship by: a Caitan's chosen bridge
    system is immune (line 228)."""
    return captain is not None and captain.race == "caitan" and captain.immune == system


# --- Drawbacks: conduct --------------------------------------------------------------------------

def _firepower(ships: Sequence[Ship]) -> int:
    """A side's guns, for "outgunned": its working weapons (docs/rules-decisions.md)."""
    return sum(1 for s in ships for w in s.weapons if not w.damaged)


def odds(state: FasaState, ship: Ship) -> tuple[int, int, int, int]:
    """(enemy ships, own side's ships, enemy weapons, own side's weapons) in play."""
    foes = [s for s in state.ships if s.side != ship.side and s.in_play]
    ours = [s for s in state.ships if s.side == ship.side and s.in_play]
    return len(foes), len(ours), _firepower(foes), _firepower(ours)


def may_disengage(state: FasaState, ship: Ship) -> bool:
    """Whether the ship's captain may disengage: always, but for an Andorian only when
    "outnumbered or outgunned by at least four to one, regardless of any damage to their vessel"
    (line 208)."""
    captain = captain_of(state, ship.id)
    if captain is None or captain.race != "andorian":
        return True
    foes, ours, their_guns, our_guns = odds(state, ship)
    return foes >= OUTNUMBERED * max(ours, 1) or their_guns >= OUTNUMBERED * max(our_guns, 1)


def allies_in_distress(state: FasaState, ship: Ship) -> tuple[Ship, ...]:
    """Allied ships in distress (line 232): disabled, or down to half their superstructure or
    less (docs/rules-decisions.md)."""
    return tuple(s for s in state.ships if s.side == ship.side and s.id != ship.id
                 and s.status in ("active", "disabled")
                 and (s.status == "disabled" or 2 * s.superstructure <= s.cls.superstructure))


def damaged_enemies(state: FasaState, ship: Ship) -> tuple[Ship, ...]:
    """Enemy ships in play that have taken superstructure damage (line 232: the Caitan "must
    allow damaged enemy vessels to withdraw")."""
    return tuple(s for s in state.ships if s.side != ship.side and s.in_play
                 and s.superstructure < s.cls.superstructure)


def conduct(state: FasaState, ship: Ship) -> tuple[str, ...]:
    """The captain's drawback as the table is told it now, one line each ("" none)."""
    captain = captain_of(state, ship.id)
    if captain is None:
        return ()
    if captain.race == "andorian":
        foes, ours, their_guns, our_guns = odds(state, ship)
        free = may_disengage(state, ship)
        return (f"Andorian captain: {ship.name} does not disengage unless outnumbered or "
                f"outgunned four to one, whatever its damage (now {foes} ships to {ours}, "
                f"{their_guns} weapons to {our_guns}: "
                + ("it may disengage)" if free else "it stays and fights)"),)
    if captain.race == "betazed":
        lost = BETAZED_SKILL_LOSS * (ship.casualties // 100)
        return (f"Betazoid captain: {ship.name}'s captain loses 2 Skill Rating for every 10% of "
                f"the crew lost (now -{lost})",)
    lines = [f"Caitan captain: {ship.name} must assist any allied vessel in distress and must "
             f"let damaged enemy vessels withdraw (it may return fire if one comes back)"]
    distress = allies_in_distress(state, ship)
    if distress:
        lines.append("in distress now: " + ", ".join(s.name for s in distress))
    damaged = damaged_enemies(state, ship)
    if damaged:
        lines.append("damaged enemies free to withdraw: " + ", ".join(s.name for s in damaged))
    return tuple(lines)
