"""Why a field of a decision cannot be stepped up or down, in the decision's own numbers: what a
panel's refused + or - and a screen's greyed-out stepper both say ("Total power: all 15 used;
take some from another field first", "Power to shields is already at its least, 0"), so the
physical panel and the screen never disagree. Pure, from a `Decision` and the values entered."""

from __future__ import annotations

from collections.abc import Mapping

from engine.controls import Decision, FieldKind, Value
from engine.words import plural


def _noun(label: str) -> str:
    """A budget's label as the thing spent: "Total power available" -> "Total power"."""
    noun = label.removesuffix(" available").strip()
    return noun[:1].upper() + noun[1:]


def step_problem(decision: Decision, values: Mapping[str, Value], name: str,
                 direction: int) -> str | None:
    """Why the int field `name` cannot step up (direction > 0) or down with `values` entered;
    None when it can (or when `name` is no int field: nothing to say in numbers)."""
    f = next((f for f in decision.fields if f.name == name), None)
    if f is None or f.kind != FieldKind.INT:
        return None
    value = values.get(name, f.default)
    current = value if isinstance(value, int) else f.minimum
    step = max(1, f.step)
    if direction < 0:
        return None if current - step >= f.minimum else \
            f"{f.label} is already at its least, {f.minimum}"
    if current + step > f.maximum:
        return f"{f.label} is already at its most, {f.maximum}"
    for b in decision.budgets:
        if name not in b.fields:
            continue
        used = sum(v for n in b.fields if isinstance(v := values.get(n), int))
        left = b.maximum - used
        if left < step:
            if b.maximum <= 0:
                return f"{_noun(b.label)}: none to spend this time"
            if left <= 0:
                return f"{_noun(b.label)}: all {b.maximum} used; take some from another field first"
            return (f"{_noun(b.label)}: {left} of {b.maximum} left, and a step takes "
                    f"{plural(step, 'point')}")
    return None
