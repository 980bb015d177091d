"""Campaign Advancement (Book Two, Advanced: Optional Rules, seed 000 lines 496-523, and Rescues
During Combat, lines 525-529): Advancement Points for each captain and crew, their two uses in a
game turn, and what a game adds to them. Pure values and functions, no state: the advanced
game's optional rule and the Expert Skill Roll Phase (lines 689, 701-703: the same four bonuses
for a crew that rolls at or under its efficiency) both build on them.

- Initial points (line 517): "the player rolls 1 die and adds ten ... between 11 and 20", divided
  between the captain and the crew.
- The captain's points (line 504): the Tactical Advantage roll becomes percentile dice, and the
  captain's points are added to the number rolled.
- The crew's points (lines 506-511): in the Power Allocation Phase the crew rolls percentile dice;
  at or under its points it has one of four bonuses "FOR THAT TURN ONLY" (`Bonus`).
- Victory Points (lines 521-523): the vanquished ship's Total Power Units Available divided by 10,
  divided by the player between captain and crew.
- Rescues (line 529): a captain who abandons ship keeps his points; his crew loses theirs.

Readings the text leaves open are in docs/rules-decisions.md (Campaign Advancement).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

INITIAL_ADD = 10
"""Initial Advancement Points: one d10 plus ten (line 517)."""
VICTORY_DIVISOR = 10
"""Victory Points: the vanquished ship's Total Power Units Available divided by 10 (line 521)."""
PERCENTILE = range(1, 101)
"""A percentile roll: 1 to 100 (two d10 rolls, "00" read as 100)."""


class Bonus(StrEnum):
    """The four bonuses a crew's good roll gives for the turn (lines 508-511)."""

    TO_HIT = "to_hit"    # 1. Fire 2 weapons at a bonus of 1 point subtracted from the To-Hit roll
    POWER = "power"      # 2. Coax 1 additional power point from the engines, allocated anywhere
    SHIELD = "shield"    # 3. Coax 1 additional shield point on one shield, even above its maximum
    REPAIR = "repair"    # 4. Repair 1 point of stress damage, permanently: power or superstructure


BONUS_TEXT = {
    Bonus.TO_HIT: "2 weapons fire at 1 less on the to-hit roll this turn",
    Bonus.POWER: "1 more power point this turn, allocated anywhere",
    Bonus.SHIELD: "1 more shield point on one shield this turn, even above its maximum",
    Bonus.REPAIR: "1 point of stress damage repaired for good, on the power track or the "
                  "superstructure",
}
TO_HIT_WEAPONS = 2
"""Bonus 1: how many weapons fire with it (line 508)."""
TO_HIT_MODIFIER = -1
"""Bonus 1: "a bonus of 1 point subtracted from the To-Hit die roll" (line 508)."""
EXTRA_POWER = 1
EXTRA_SHIELD = 1
REPAIR_POINTS = 1


@dataclass(frozen=True, slots=True)
class Advancement:
    """A captain's and a crew's Advancement Points (line 502)."""

    captain: int
    crew: int

    @property
    def total(self) -> int:
        return self.captain + self.crew


def initial_points(die: int) -> int:
    """The Advancement Points a new ship and captain divide: the d10 `die` plus ten, 11 to 20
    (line 517). ValueError names a die that is not 1 to 10."""
    if type(die) is not int or not 1 <= die <= 10:
        raise ValueError(f"a d10 roll is 1 to 10, not {die!r}")
    return die + INITIAL_ADD


def divide(points: int, captain: int) -> Advancement:
    """`points` divided: `captain` to the captain, the rest to the crew (lines 517 and 521: "the
    player may divide"). ValueError when the captain's share is not 0 to `points`."""
    if type(captain) is not int or not 0 <= captain <= points:
        raise ValueError(f"the captain's share must be a whole number 0 to {points}, "
                         f"not {captain!r}")
    return Advancement(captain, points - captain)


def advantage_score(percentile: int, captain_points: int) -> int:
    """The captain's Tactical Advantage number with Advancement Points: the percentile roll plus
    the captain's points, highest wins (line 504)."""
    _check_percentile(percentile)
    return percentile + captain_points


def crew_bonus(percentile: int, crew_points: int) -> bool:
    """Whether the crew's percentile roll in the Power Allocation Phase earns a bonus this turn:
    "the same as or lower than the crew's Advancement Points" (line 506). The Expert Skill Roll
    Phase asks the same of the crew's efficiency rating (line 703)."""
    _check_percentile(percentile)
    return percentile <= crew_points


def victory_points(total_power_units: int) -> int:
    """The Victory Points for vanquishing a ship: its Total Power Units Available divided by 10,
    the fraction dropped (line 521; the class's full, unscaled figure: docs/rules-decisions.md).
    """
    if type(total_power_units) is not int or total_power_units < 0:
        raise ValueError(f"Total Power Units Available is a whole number 0 or more, "
                         f"not {total_power_units!r}")
    return total_power_units // VICTORY_DIVISOR


def after_victory(before: Advancement, points: int, to_captain: int) -> Advancement:
    """The totals for the next game after a victory worth `points`, `to_captain` of them to the
    captain and the rest to the crew (line 521)."""
    won = divide(points, to_captain)
    return Advancement(before.captain + won.captain, before.crew + won.crew)


def after_rescue(before: Advancement) -> Advancement:
    """A captain who abandoned ship (Rescues During Combat, line 529): "The captain will retain
    his Advancement Points ... but the crew will lose theirs"."""
    return Advancement(before.captain, 0)


def repair(current: int, maximum: int) -> int:
    """Bonus 4 on a track (Total Power Units Available or superstructure): one point back, never
    past the track's undamaged figure (line 511: "added (permanently) back onto" the track)."""
    return min(maximum, current + REPAIR_POINTS)


def _check_percentile(value: int) -> None:
    if type(value) is not int or value not in PERCENTILE:
        raise ValueError(f"a percentile roll is 1 to 100, not {value!r}")
