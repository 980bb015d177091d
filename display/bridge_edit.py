"""The bridge display's editing of a decision: what a tap on a field's widget, a quick fill or
CONFIRM does to the decision open at a station (the ids of display.draw_panel, and those of a
part of the shared place, display.draw_split). It takes of the scene only what editing needs
(`Editing`: the decision's editor and cursor, the selected weapon, the message, CONFIRM's first
tap, where the action goes), which `BridgeDisplay` is."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol

from display.game_link import Open, why_not
from display.panel_sync import Key
from display.targets import armed_message, second_tap
from engine import Action, GameState
from readouts.panel_model import DecisionEditor
from readouts.status_model import ship_names


class Editing(Protocol):
    """What editing a decision asks of the scene."""

    message: str | None          # said over the panel: a refusal, CONFIRM's warning
    hint: str | None             # the message when it is a hint or a caution (not drawn in red)
    weapon: str | None           # the weapon whose arc the map shows, and its target
    target: str | None
    armed: Key | None            # the decision whose CONFIRM was tapped once

    @property
    def state(self) -> GameState | None: ...
    @property
    def view(self) -> Mapping[str, Any]: ...
    @property
    def fills(self) -> dict[Key, int]: ...   # FILL's last quick fill, by decision
    @property
    def on_output(self) -> Callable[[Action], None]: ...

    def editor_of(self, o: Open) -> DecisionEditor: ...
    def cursor_of(self, o: Open | None) -> str | None: ...
    def note_touch(self, o: Open, field: str | None) -> None: ...
    def show_arc(self, o: Open, field: str, target: str | None) -> None: ...
    def apply_preset(self, o: Open, key: str) -> None: ...


def edit(d: Editing, o: Open, kind: str, rest: str, armed: Key | None) -> None:
    """Do what the widget `kind`:`rest` does to `o`'s decision; `armed`: the decision whose
    CONFIRM was tapped once just before (a second tap fires)."""
    ed = d.editor_of(o)
    if kind in ("down", "up"):
        if ed.step(rest, -1 if kind == "down" else 1):
            d.note_touch(o, rest)
        d.show_arc(o, rest, None)
    elif kind in ("prev", "next"):   # a long list of choices, one at a time
        if ed.cycle(rest, 1 if kind == "next" else -1):
            d.note_touch(o, rest)
        d.show_arc(o, rest, None)
    elif kind == "pick":
        name, _, key = rest.partition(":")
        if ed.choose(name, key):
            value = ed.values.get(name)
            d.show_arc(o, name, value if isinstance(value, str) else None)
            d.note_touch(o, name)
    elif kind == "letter":
        name, _, letter = rest.partition(":")
        if ed.add_letter(name, letter):
            d.note_touch(o, name)
    elif kind == "back":
        if ed.take_back(rest):
            d.note_touch(o, rest)
    elif kind == "preset":   # a quick fill of every field (the engine's Decision.presets)
        d.apply_preset(o, rest)
    elif kind == "field":   # a part of the shared place: the next (last) field
        step_field(d, o, int(rest))
    elif kind == "fill":    # a part of the shared place: the quick fills in turn
        fill(d, o)
    elif kind == "confirm":
        confirm(d, o, ed, armed == o.key)


def step_field(d: Editing, o: Open, step: int) -> None:
    """The cursor `step` fields on (round), as the panel's select moves it."""
    names = [f.name for f in o.decision.fields]
    if not names:
        return
    now = d.cursor_of(o)
    name = names[((names.index(now) if now in names else 0) + step) % len(names)]
    d.note_touch(o, name)   # the panel's cursor follows (panel_follow)
    value = d.editor_of(o).values.get(name)
    d.show_arc(o, name, value if isinstance(value, str) else None)


def fill(d: Editing, o: Open) -> None:
    """The next quick fill the rules allow now, as a held select at the panel does."""
    presets = o.decision.presets
    last = d.fills.get(o.key, -1)
    for n in range(1, len(presets) + 1):
        i = (last + n) % len(presets)
        if presets[i].problem is None:
            d.fills[o.key] = i   # FILL's note says what the next tap gives
            d.apply_preset(o, presets[i].key)
            return


def confirm(d: Editing, o: Open, ed: DecisionEditor, armed: bool = False) -> None:
    """CONFIRM: the decision made, or why not; a decision that cannot be taken back asks for a
    second tap first."""
    assert d.state is not None
    try:
        action = ed.action()
    except ValueError as exc:
        d.message = str(exc)
        return
    reason = why_not(d.state, action)
    if reason is not None:
        d.message = reason
        return
    if second_tap(o.decision, ed.values) and not armed:   # as deliberate as a panel's long press
        d.armed = o.key
        d.message = d.hint = armed_message(o.decision, ed.values, ship_names(d.view))
        return   # a caution, not a refusal: drawn in the hint's colour, as a panel's note is
    d.weapon = d.target = None
    d.on_output(action)
