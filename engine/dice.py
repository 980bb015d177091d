"""Roll requests and how physical dice read.

The engine never rolls. When the rules need a roll, the state holds a `RollRequest`; a
`RollResult` action (see `engine.actions`) answers it and records where the number came from.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Die(StrEnum):
    """The dice a roll request can ask for."""

    D10 = "d10"     # the FASA die: a 20-sided die numbered 0-9 twice, read 1..10 ("0" reads 10)
    D6 = "d6"
    D20 = "d20"
    D100 = "d100"


D10 = Die.D10
DIE_SIDES: dict[str, int] = {Die.D10: 10, Die.D6: 6, Die.D20: 20, Die.D100: 100}

SOURCES: tuple[str, ...] = ("virtual", "tray", "manual", "script", "override")
"""Where a roll came from: seeded virtual dice, the serial dice tray, typed in at the table, a test
script, or the Instructor overriding the roll."""


@dataclass(frozen=True, slots=True)
class RollRequest:
    """A roll the rules are waiting for.

    `purpose` says in words what it is for and what it needs, e.g.
    "Helm: to-hit, phaser bank 1 vs. Bird of Prey at range 7, needs 1-6".
    Percentile rolls are requested as two d10 rolls, tens then units (reference README).
    `public` rolls are seen by the whole table (a to-hit roll); others only by the rolling
    ship's side and the Instructor (a damage location roll inside that ship).
    """

    kind: str
    ship: str | None
    station: str
    purpose: str
    needs: tuple[int, int] | None = None
    public: bool = False
    modifiers: tuple[tuple[str, int], ...] = ()
    """What is added to the die as rolled, with why ("+2 for casualties", 2): `needs` is already
    the range of the die as rolled, so a panel shows both what to roll and why."""
    dice: tuple[int, int] = (1, 1)
    """Which die of how many: a roll of several dice is asked one die at a time (Knight Hawks'
    hull damage 2d10+4 is (1, 2), then (2, 2)), so a screen shows how far the roll has come."""

    @property
    def sides(self) -> int:
        return DIE_SIDES[self.kind]


def fasa_die_from_d20(value: int) -> int:
    """Read a d20 face (1..20) as the FASA die (1..10): ((v - 1) % 10) + 1 (DESIGN: Dice)."""
    if not 1 <= value <= 20:
        raise ValueError(f"a d20 shows 1 to 20, not {value}")
    return (value - 1) % 10 + 1


def percentile(tens: int, units: int) -> int:
    """Two FASA dice as percentile dice, tens then units; 0 reads as 10 on each die, 00 reads 100."""
    t, u = tens % 10, units % 10
    return 100 if t == 0 and u == 0 else t * 10 + u
