"""A roll's result as the seat that rolled sees it, held on screen for a moment. Pure: no pygame.

When a crew's roll is answered, the next decision would at once take the roll dialog's place;
the result (the face, hit or miss, the damage and where it went) is held in the panel's place
instead, until the next tap or `HOLD_SECONDS` (display.holds).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine import Seat
from engine.events import Event
from readouts.roll_log import RollEntry

GOOD_NEWS = frozenset({"HIT", "EVADED", "HELD", "REPAIRED"})
"""Results that went the crew's way (drawn in the good news' colour, never in red)."""
BAD_NEWS = frozenset({"MISS", "FAILED", "EXPLODED", "BROKE APART"})
"""Results that went against the crew (red); any other roll says its face, in neither."""


def mood(result: str) -> str:
    """"good", "bad" or "" (neither) for a roll's `result` as the crew that rolled sees it."""
    return "good" if result in GOOD_NEWS else "bad" if result in BAD_NEWS else ""


HOLD_SECONDS = 5.0
"""How long a roll's result stays in the panel's place when nobody taps (our choice: time to
read three lines aloud)."""


@dataclass(frozen=True, slots=True)
class ShownRoll:
    number: int                 # the Rolls list's entry (its WHY? opens it)
    who: str                    # "Helm · USS Enterprise"
    what: str                   # "Phaser bank 1 at IKS Kronos One", "damage location"
    value: int                  # the face rolled
    result: str                 # "HIT", "MISS", "EVADED", "FAILED", "EXPLODED", "HELD" or ""
    headline: str               # "HIT for 5", "MISS", "rolled 4"
    lines: tuple[str, ...]      # what the roll did: the events it caused, as told to the seat
    explained: bool = True      # the ruleset explains it (a WHY? to open), engine.explain
    face: str = ""              # what the die showed, when it reads as another: "d20 14 reads 4"

    @property
    def rolled(self) -> str:
        """The face in large type: "ROLLED 4", or from a d20 read as a d10 "D20 14 = 4"."""
        if self.face:
            die, shown, _, reads = (self.face.split() + ["", "", "", ""])[:4]
            if shown and reads:
                return f"{die.upper()} {shown} = {reads}"
        return f"ROLLED {self.value}"


def rolled_by(told: Sequence[Event], seat: Seat) -> bool:
    """Whether the roll answered in `told` was one of `seat`'s ship's crew (the Instructor's
    screen, which sees every roll, holds none)."""
    rolled = next((e for e in told if type(e).__name__ == "Rolled"), None)
    request = getattr(rolled, "request", None)
    return seat.ship is not None and getattr(request, "ship", None) == seat.ship


def shown_roll(entry: RollEntry, told: Sequence[Event]) -> ShownRoll:
    """The result of the roll `entry` (the Rolls list's entry for it), from the events of the
    apply that answered it as told to the seat."""
    after: list[str] = []
    seen_roll = False
    damage = 0
    for e in told:
        kind = type(e).__name__
        if kind == "Rolled":
            seen_roll = True
            continue
        if not seen_roll:
            continue
        if e.moves_on:   # a phase begun: the game going on, not what the roll decided
            break
        if kind == "ShotResolved" and getattr(e, "hit", False):
            damage = int(getattr(e, "damage", 0))
        if e.quiet or not e.text:   # a roll asked for next; a tally the lines before told
            continue
        after.append(e.text)
    if entry.result == "HIT":
        headline = f"HIT for {damage}" if damage else "HIT"
    else:
        headline = entry.result or f"rolled {entry.value}"
    return ShownRoll(entry.number, entry.who, entry.what, entry.value, entry.result, headline,
                      tuple(after), bool(entry.lines))
