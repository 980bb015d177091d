"""A roll in a few words for the Rolls list (the kernel's `Explaining.roll_label`): the to-hit
roll's HIT or MISS, damage control's REPAIRED or FAILED, a severely damaged ship's breaking apart.
Knight Hawks gives no longer explanation of a roll (its purpose says the chance), so `explain` and
`explain_pending` answer nothing and the display offers no WHY?."""

from __future__ import annotations

from collections.abc import Sequence

from engine.events import Event
from engine.rulesets.knighthawks.values.events import Note, Rolled, StatusChanged, Struck
from engine.rulesets.knighthawks.values.state import KHState


def roll_label(before: KHState, events: Sequence[Event]) -> tuple[str, str] | None:
    rolled = next((e for e in events if isinstance(e, Rolled)), None)
    if rolled is None:
        return None
    a = before.attack
    if a is not None and a.stage == "hit":
        hit = any(isinstance(e, Struck) for e in events)
        return f"to hit: {a.label} at {before.ship(a.target).name}", "HIT" if hit else "MISS"
    if a is None and before.checks:
        c = before.checks[0]
        if c.kind == "breakup":
            broke = any(isinstance(e, StatusChanged) for e in events)
            return "breaking apart", "BROKE APART" if broke else "HELD"
        if c.kind == "repair":
            fixed = any(isinstance(e, Note) and "repairs" in e.message for e in events)
            return "damage control", "REPAIRED" if fixed else "FAILED"
    return None
