"""The physical panels and the on-screen panel edit the same decision: what passes between them.

A station's physical panel (hardware/panel.py, its `Editor`) and the display's on-screen panel
(`DecisionEditor`) each hold the values being entered for a decision until it is confirmed. So
that the screen shows what an officer is setting at a panel with only a few lights (and the map
the course being typed), the app hands the display a `PanelEdit` after each press at a panel: the
decision it is for, every value and the field under the panel's cursor; the display adopts it
into its editor for that decision, brings that station's panel forward, highlights the field and
pages to it. The other way, a value set by touch goes back to the panel's editor.

Which wins: the last one touched. A press at the panel replaces the screen's values for that
decision with the panel's; a tap on the screen replaces the panel's with the screen's (and moves
the panel's cursor to the field tapped). Neither is ever merged field by field, so the two never
show different values for long: only until the next step of the app's loop.

Values are adopted only when every field is within its bounds (the engine's `Field.accepts`) and
every budget holds, so neither side can be handed an action the other could not have built.
Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from engine.controls import Decision, Value

Key = tuple[str, str | None, str, str]
"""A decision as both sides know it: (station, ship, action, the prompt's words)."""


def decision_key(decision: Decision) -> Key:
    """The key of a decision from the engine's `controls`, the same at a panel and on screen
    (the prompt's station, so the Instructor's screen matches a crew's panel)."""
    prompt = decision.prompt
    return (str(prompt.station), prompt.ship, decision.action, str(prompt.what))


@dataclass(frozen=True, slots=True)
class PanelEdit:
    """A panel's editor after a press: the decision (`key`, None when the panel has nothing to
    edit), its values, the field under the cursor, and what the press said (a refusal's reason
    or a hint: shown on the screen, as the panel can only flash)."""

    station: str
    ship: str | None
    key: Key | None
    values: tuple[tuple[str, Value], ...] = ()
    cursor: str | None = None
    said: str | None = None
    refused: bool = False   # `said` is why the press was refused (else a hint, or nothing)


def edit_of(station: str, ship: str | None, decision: Decision | None,
            values: Mapping[str, Value], cursor: int, said: str | None,
            refused: bool = False) -> PanelEdit:
    """A `PanelEdit` from a panel editor's parts (its decision, values and cursor index)."""
    if decision is None:
        return PanelEdit(station, ship, None, (), None, said, refused)
    fields = decision.fields
    name = fields[cursor].name if 0 <= cursor < len(fields) else None
    return PanelEdit(station, ship, decision_key(decision),
                     tuple((f.name, values.get(f.name, f.default)) for f in fields), name, said,
                     refused)


def fits(decision: Decision, values: Mapping[str, Value]) -> bool:
    """Every field of `values` within its bounds and every budget of the decision holding."""
    for f in decision.fields:
        if f.name in values and not f.accepts(values[f.name]):
            return False
    for b in decision.budgets:
        used = sum(v for n in b.fields if isinstance(v := values.get(n), int))
        if used > b.maximum:
            return False
    return True


def adopted(decision: Decision, current: Mapping[str, Value],
            values: Iterable[tuple[str, Value]]) -> dict[str, Value] | None:
    """`current` with `values` (of the same decision) taken over, or None when they would not
    fit (a field out of bounds or a budget passed): then nothing is taken over."""
    names = {f.name for f in decision.fields}
    trial = dict(current)
    trial.update((n, v) for n, v in values if n in names)
    return trial if fits(decision, trial) else None


def shows_field(widget_ids: Iterable[str], name: str) -> bool:
    """Whether a drawn panel page has the field `name` on it (a stepper, choice or letter)."""
    return any(wid.split(":")[1:2] == [name] and wid.split(":")[0] in
               ("down", "up", "pick", "letter", "back") for wid in widget_ids)
