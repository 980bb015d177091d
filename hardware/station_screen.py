"""What a station panel's own small display says: a pure model, from the seat's own prompts and
controls alone (the panel's `PanelModel`, which asks `pending(state, seat)` and
`controls(state, seat)`), so it tells nothing the seat may not know.

    screen = station_screen(model, state, t)   # -> StationScreen: the status, then the lines
    hardware.station_display draws it on an I2C OLED (or luma's dummy device on a PC)

At a glance, in order of what matters: "YOUR MOVE" / "ROLL NOW" / "SENT" / "WAITING"; the
field under the cursor with its value and bounds (a choice with its place in the list and what
it does); the budget left; what a roll is for and what it needs; the last "not now" and why.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import Field, GameState
from engine.stations import title
from hardware.panel import Editor, PanelModel
from readouts.panel_model import choice_place

YOUR_MOVE, ROLL_NOW, SENT, WAITING = "YOUR MOVE", "ROLL NOW", "SENT", "WAITING"


@dataclass(frozen=True, slots=True)
class StationScreen:
    """A station display's content: who (the station), its status, then lines in order of
    importance (the renderer wraps them and leaves the last ones out when they do not fit)."""

    station: str
    status: str
    lines: tuple[str, ...]
    alert: bool = False     # the status drawn inverted: act now, or a press was refused


def field_line(editor: Editor, f: Field) -> tuple[str, ...]:
    """The field under the cursor: its label, then its value with the bounds ("8 (7-9)") or
    its choice with its place ("open fire (2 of 3)") and what that choice does."""
    value = editor.values.get(f.name)
    if f.kind == "int":
        shown = f"{value}  ({f.minimum}-{f.maximum})"
        return (f.label, shown)
    if f.kind == "choice":
        chosen = next((c for c in f.choices if c.value == value), None)
        place = choice_place(f.choices, chosen)
        where = f" ({place})" if place else ""
        label = chosen.label if chosen is not None else str(value)
        needs = (f", needs 1-{chosen.need}" if chosen is not None and chosen.need is not None
                 else "")
        extra = (getattr(chosen, "explain", "") or "") if chosen is not None else ""
        return (f.label, f"> {label}{where}{needs}", *((extra,) if extra else ()))
    steps = str(value or "")
    return (f.label, f"{steps or '(none yet)'}  ({len(steps)} of {f.maximum})")


def editing_lines(editor: Editor) -> tuple[str, ...]:
    decision = editor.decision
    f = editor.field
    out: list[str] = []
    if f is not None:
        count = len(decision.fields)
        place = f"[{editor.cursor + 1}/{count}] " if count > 1 else ""
        label, *rest = field_line(editor, f)
        out += [place + label, *rest]
    for budget in decision.budgets:
        used = decision.used(budget, editor.values)
        out.append(f"{budget.label}: {budget.maximum - used} of {budget.maximum} left")
    out.append(decision.title)
    return tuple(out)


def station_screen(model: PanelModel, state: GameState, t: float = 0.0) -> StationScreen:
    """What the display of `model`'s panel shows now (from its seat's own prompts only)."""
    station = title(model.seat.station).upper()
    roll = model.roll_prompt(state)
    flash = model.last.refused if t < model.flash_until else None
    if roll is not None and roll.roll is not None:
        r = roll.roll
        needs = f"needs {r.needs[0]}-{r.needs[1]} on the {r.kind}" if r.needs else r.kind
        die = f"die {r.dice[0]} of {r.dice[1]}" if r.dice[1] > 1 else ""
        lines = [needs, *([die] if die else []), r.purpose, "press CONFIRM to roll"]
        return StationScreen(station, ROLL_NOW, tuple([*([flash] if flash else []), *lines]),
                             True)
    sent = model.sent(state)
    if sent is not None:
        return StationScreen(station, SENT, (sent.decision.title,))
    editor = model.sync(state)
    if editor is None:
        return StationScreen(station, WAITING, tuple(x for x in (
            flash, "nothing for this station now") if x))
    lines = list(editing_lines(editor))
    if flash:
        lines.insert(0, flash)
    elif (note := model.note_for(editor.decision)) is not None:
        lines.insert(0, note)
    optional = editor.decision.optional
    return StationScreen(station, "OFFER" if optional else YOUR_MOVE, tuple(lines),
                         not optional or bool(flash))
