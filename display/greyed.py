"""Why a greyed-out button cannot be pressed, in the numbers of the decision being edited: a +
with the budget spent says "Total power: all 15 used", not "+ is not available now". Pure: no
pygame. (A greyed-out choice or CONFIRM carries the engine's own reason, from `controls` and
`problem`; this says it for the steppers and pages, which the engine's fields bound.)
"""

from __future__ import annotations

from display.panel_model import DecisionEditor
from engine.words import plural


def _noun(label: str) -> str:
    """A budget's label as the thing spent: "Total power available" -> "total power"."""
    return label.removesuffix(" available").strip()


def step_reason(editor: DecisionEditor, name: str, direction: int) -> str | None:
    """Why the field `name` cannot step up (direction > 0) or down; None when it can."""
    f = editor.field(name)
    if f is None or editor.can_step(name, direction):
        return None
    value = editor.values.get(name)
    current = value if isinstance(value, int) else f.minimum
    step = max(1, f.step)
    if direction < 0:
        return f"{f.label} is already at its least, {f.minimum}"
    if current + step > f.maximum:
        return f"{f.label} is already at its most, {f.maximum}"
    for b in editor.decision.budgets:
        if name not in b.fields:
            continue
        used = sum(v for n in b.fields if isinstance(v := editor.values.get(n), int))
        left = b.maximum - used
        if left < step:
            noun = _noun(b.label)
            if left <= 0:
                return (f"{noun[:1].upper() + noun[1:]}: all {b.maximum} used; take some from "
                        "another field first")
            return (f"{noun[:1].upper() + noun[1:]}: {left} of {b.maximum} left, and a step "
                    f"takes {plural(step, 'point')}")
    return None


def greyed_reason(editor: DecisionEditor | None, wid: str, label: str) -> str:
    """What to say when the greyed-out widget `wid` (labelled `label`) is tapped."""
    kind, _, rest = wid.partition(":")
    if editor is not None and kind in ("up", "down"):
        said = step_reason(editor, rest, 1 if kind == "up" else -1)
        if said:
            return said
    if wid == "page:-1":
        return "This is the first page"
    if wid == "page:+1":
        return "This is the last page"
    return f"{label} cannot be used now"
