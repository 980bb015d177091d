"""Why a greyed-out button cannot be pressed, in the numbers of the decision being edited: a +
with the budget spent says "Total power: all 15 used", not "+ is not available now". Pure: no
pygame. (A greyed-out choice or CONFIRM carries the engine's own reason, from `controls` and
`problem`; this says it for the steppers and pages, which the engine's fields bound.)
"""

from __future__ import annotations

from engine.steps import step_problem
from readouts.panel_model import DecisionEditor


def step_reason(editor: DecisionEditor, name: str, direction: int) -> str | None:
    """Why the field `name` cannot step up (direction > 0) or down; None when it can (the
    engine's `step_problem`, which a physical panel's refused press says too)."""
    if editor.field(name) is None or editor.can_step(name, direction):
        return None
    return step_problem(editor.decision, editor.values, name, direction)


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
