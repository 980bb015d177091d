"""Casualties and the die-roll modifier they give (Book Two, Expert: Casualties, seed lines
847-853).

"For every 10% of the crew that become casualties, all die rolls are modified by a +1. Emergency
heading change stress rolls and to-hit rolls for weapons are both modified." A ship's casualties
are kept in tenths of a percent (`Ship.casualties`, 1000 = the whole crew); each full 10% (100
tenths) adds 1 to the ship's own crew's rolls: to-hit rolls (a hit needs one less) and the Skill
Roll (`skill_roll.py`), and the Science Officer's d10 rolls: the sensor lock (`sensors.py`) and the
scan of an arc for cloaked ships (`arc_scan.py`): "all die rolls" (line 853). The stress of an
emergency heading change takes no roll in this game, so there is nothing to modify; which other
rolls count is our reading (docs/rules-decisions.md).
"""

from __future__ import annotations

from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.values.state import Ship

TENTHS_PER_STEP = 100
"""Casualties (in tenths of a percent) per +1 on the die: a full 10% of the crew."""


def casualty_modifier(level: str, ship: Ship) -> int:
    """What the ship's casualties add to its crew's die rolls: +1 per full 10% at the expert
    levels (37% gives +3), 0 at the basic and advanced levels."""
    if not expert(level):
        return 0
    return max(0, ship.casualties) // TENTHS_PER_STEP


def percent(ship: Ship) -> str:
    """The ship's casualties as the Master Control Panel writes them: "12.5%", "0%"."""
    whole, tenth = divmod(ship.casualties, 10)
    return f"{whole}%" if tenth == 0 else f"{whole}.{tenth}%"


def casualty_terms(level: str, ship: Ship) -> tuple[tuple[str, int], ...]:
    """The casualty modifier as a roll request's `modifiers` term: (("+2 for casualties", 2),),
    or none."""
    mod = casualty_modifier(level, ship)
    return ((f"+{mod} for casualties", mod),) if mod else ()


def modified_need(level: str, ship: Ship, need: int) -> int:
    """The highest die, as rolled, that succeeds where `need` would without casualties: the
    casualty modifier added to the die is taken off the need (never below 0)."""
    return max(0, need - casualty_modifier(level, ship))


def casualty_words(level: str, ship: Ship) -> str:
    """The casualty modifier in a roll's words: " (+2 on the die for casualties)", or ""."""
    mod = casualty_modifier(level, ship)
    return f" (+{mod} on the die for {ship.name}'s casualties)" if mod else ""
