"""The Target Roll Mechanism (seed 004 line 206): "Require a D100 roll against the adjusted
target ... A roll equal to or less than the adjusted target indicates success, while a roll
above the adjusted target indicates failure"; for an attack, "01 always hits ... 00 always
misses" (line 214), and we read every Target Roll so. The Competitive Target Roll: "require
each competing character to make a D100 roll, and have each character add his Target score to
the result ... The winner of the contest is the character with the higher total."

Rolls are asked as steps of the state's queue (state.Step) and answered by the table's dice;
this module makes the steps and reads the dice."""

from __future__ import annotations

from engine.rulesets.strpg.actions import Do
from engine.rulesets.strpg.state import Attack, Character, Step

D100, D10, D6 = "d100", "d10", "d6"


def succeeds(face: int, target: int) -> bool:
    """A d100 face (1-100, 00 read as 100) against an adjusted Target."""
    return face == 1 or (face != 100 and face <= target)


def needs(target: int) -> tuple[int, int]:
    """The faces that succeed, as a roll request shows them: 01 always does, 00 never."""
    return 1, max(1, min(99, target))


def adjusted(base: int, modifiers: tuple[tuple[str, int], ...]) -> int:
    return base + sum(v for _, v in modifiers)


def signed(modifiers: tuple[tuple[str, int], ...]) -> str:
    """"+25 aimed, -15 medium range"."""
    return ", ".join(f"{v:+d} {why}" for why, v in modifiers if v)


def save(kind: str, c: Character, score: int, score_name: str, why: str,
         modifiers: tuple[tuple[str, int], ...] = (), *, other: str = "",
         attack: Attack | None = None, do: Do | None = None) -> Step:
    """A Saving Roll of `c` against one of his scores (line 206: "a Saving Roll if the target is
    an attribute")."""
    target = adjusted(score, modifiers)
    mods = f" ({signed(modifiers)})" if any(v for _, v in modifiers) else ""
    purpose = (f"{c.name}: {why}: Saving Roll against {score_name} {score}{mods}, "
               f"{needs_words(target)}")
    return Step(kind, c.id, purpose, target, modifiers, attack=attack, other=other, do=do)


def needs_words(target: int) -> str:
    low, high = needs(target)
    return f"needs {low:02d}-{high:02d}" if high > 1 else "needs 01"


def contest(kind: str, c: Character, score: int, score_name: str, against: Character,
            why: str, do: Do | None = None) -> Step:
    """One side of a Competitive Target Roll: `c` rolls and adds his score."""
    purpose = (f"{c.name}: {why}: Competitive {score_name} roll against {against.name}: "
               f"D100 + {score}, the higher total wins")
    return Step(kind, c.id, purpose, score, other=against.id, do=do)
