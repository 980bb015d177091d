"""Captains' racial benefits (*Battlestations!*, 01C-2, seed 001 lines 196-232): the benefits as
numbers the variant's rules add, the drawbacks as conduct.

The captain's race and the benefit chosen at the start are a ship entry's `captain`
(values/captain_races.py). `skill_rating`, `efficiency_rating`, `advantage_bonus`,
`to_hit_bonus` and `spared_from_shaking` are the benefits; `may_disengage` is the Andorian's
rule the autopilot obeys, and `conduct` gives each drawback in words for the table (a player is
told, not stopped). Readings where the seed is unclear are in docs/rules-decisions.md
(Battlestations!, Captains' racial benefits).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from engine.rulesets.fasa.values.captain_races import (
    ANDORIAN_SKILL,
    ANDORIAN_WEAPON,
    BETAZED_EFFICIENCY,
    BETAZED_SKILL_LOSS,
    CAITAN_ADVANTAGE,
    MAX_RATING,
    OUTNUMBERED,
    Captain,
)
from engine.rulesets.fasa.values.state import replace

if TYPE_CHECKING:
    from engine.rulesets.fasa.values.state import FasaState, Ship


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


def rated(state: FasaState, ship: Ship) -> Ship:
    """The ship with its ratings at the start as its captain changes them: a Betazoid's +10 on
    the Crew Efficiency Rating (line 216; ratings.py and setup ask it once, when they are
    known)."""
    return replace(ship, efficiency=efficiency_rating(captain_of(state, ship.id), ship.efficiency))


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


def spared(state: FasaState, ship: Ship, system: str) -> bool:
    """`spared_from_shaking` for the ship's own captain (bridge_hits.py asks it through
    `Variant.spared`)."""
    return spared_from_shaking(captain_of(state, ship.id), system)


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
