"""Officers who decide at once, each in a part of the panel's place (display.together): the
panel's place and its action row shared top to bottom, one part an officer, so two officers at
one screen never take turns on it and neither hides the other.

Each part is what that officer's panel (and its station display) shows: a line with the
station and the decision, with the budget used on the right; the field under the cursor (the
physical panel's, or the one stepped to here) drawn as on the whole panel, and on a larger
screen the fields after it that fit (the cursor's outlined); then < and > to the other fields
("2/6"), FILL (the quick fills in turn, as a held select at the panel), and CONFIRM. The
station's tab opens its whole panel (its readings, every field at once); the tab again, or a
press at any of their panels, shares the place again.

Every widget id drawn is the whole panel's, under "@<station>|" (`split_id`), so a tap goes to
that officer's decision: e.g. "@helm|up:phaser-1", "@science|confirm", "@helm|field:+1",
"@science|fill".
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

import pygame

from display import theme
from display.draw_panel import TAB_NAMES, _field, _field_height
from display.paint import Painter, Widget
from engine import Preset
from readouts.panel_model import FieldView, PanelView

GAP = 6


def split_id(station: str, wid: str) -> str:
    return f"@{station}|{wid}"


def parse_split(wid: str) -> tuple[str, str] | None:
    """(station, the whole panel's widget id) of a part's widget id, None for another id."""
    if not wid.startswith("@") or "|" not in wid:
        return None
    station, _, rest = wid[1:].partition("|")
    return station, rest


@dataclass(frozen=True, slots=True)
class OfficerPart:
    """One officer's part: the station, its panel's model, the field shown, and CONFIRM's
    label when it is not "CONFIRM" (a second tap to fire), the message for it."""

    station: str
    model: PanelView
    field: str
    confirm: str = ""
    message: str | None = None
    fill: str = ""      # the quick fill FILL gives next ("as last turn")
    hint: bool = False  # `message` is a hint, no refusal: not in red


def next_fill(presets: Sequence[Preset], last: int) -> str:
    """The quick fill FILL gives after preset `last` (-1: none yet), in lower case; "" when the
    rules allow none now."""
    for n in range(1, len(presets) + 1):
        p = presets[(last + n) % len(presets)]
        if p.problem is None:
            return p.label.lower()
    return ""


def shown_field(model: PanelView, field: str | None) -> FieldView | None:
    return next((f for f in model.fields if f.name == field), model.fields[0]
                if model.fields else None)


def plain(part: OfficerPart) -> OfficerPart:
    """`part` without the words under its fields (what each choice does, what the letters
    mean) and its choices one at a time between < and >, so that it takes no more than its
    label, one row of buttons and its action row: the station's tab opens the whole panel,
    which has them all."""
    fields = tuple(replace(f, note="", one_at_a_time=True,
                           choices=tuple(replace(c, explain="", note="") for c in f.choices))
                   for f in part.model.fields)
    return replace(part, model=replace(part.model, fields=fields))


TOP, BOTTOM = 2, 4   # a part's margins inside its frame, above its header and below its row


def need(p: Painter, part: OfficerPart, width: int, touch: int) -> int:
    """The height `part` takes: its header, the field under the cursor, its row of buttons."""
    line = p.line_height("small")
    f = shown_field(part.model, part.field)
    head = min(2, len(p.lines(_head(part), width - 24 - 6 * line, "small"))) * line
    return TOP + head + 2 + (_field_height(p, f, touch, width - 24) if f else 0) + GAP + touch \
        + BOTTOM


def fits(p: Painter, parts: Sequence[OfficerPart], area: pygame.Rect, touch: int) -> int:
    """How many parts fit `area` one above another (each at least a header, its field and the
    row of buttons): those first in `parts` are drawn."""
    n = 0
    used = -GAP
    for part in parts:
        used += GAP + need(p, part, area.width, touch)
        if used > area.height:
            break
        n += 1
    return n


def draw_split(p: Painter, parts: Sequence[OfficerPart], area: pygame.Rect, touch: int,
               focus: str | None) -> list[str]:
    """Draw `parts` one above another in `area` (the panel's place and its action row); returns
    the stations drawn (those that fit, in order)."""
    n = fits(p, parts, area, touch)
    if n < len(parts):   # every officer keeps a part: what a choice does is on the whole panel
        parts = [plain(part) for part in parts]
        n = fits(p, parts, area, touch)
    shown = list(parts[:max(1, n)])
    n = len(shown)
    needs = [need(p, part, area.width, touch) for part in shown]
    slack = max(0, area.height - GAP * (n - 1) - sum(needs)) // n   # shared out evenly
    y = area.y
    for part, h in zip(shown, needs, strict=True):
        rect = pygame.Rect(area.x, y, area.width, h + slack)
        y = rect.bottom + GAP
        inner = focus.partition("|")[2] if focus and focus.startswith(f"@{part.station}|") \
            else None
        mark = len(p.widgets)
        _part(p, part, rect, touch, inner)
        p.widgets[mark:] = [replace(w, id=split_id(part.station, w.id)) for w in p.widgets[mark:]]
    return [part.station for part in shown]


def _part(p: Painter, part: OfficerPart, area: pygame.Rect, touch: int, focus: str | None) -> None:
    p.region = "split"   # the panel's place and its action row (layout.Layout.shared)
    pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=12)
    pygame.draw.rect(p.surface, theme.ACCENT, area, 2, border_radius=12)
    model = part.model
    x, w = area.x + 12, area.width - 24
    y = area.y + TOP
    budget = " · ".join(f"{b.used}/{b.maximum}" for b in model.budgets)
    bw = p.font("small").size(budget)[0] if budget else 0
    if budget:
        p.text(budget, (x + w, y), "small",
               theme.ALERT if any(b.used > b.maximum for b in model.budgets) else theme.ACCENT_2,
               bw, align="right")
    y += p.wrap(_head(part), pygame.Rect(x, y, w - bw - GAP, 2 * p.line_height("small")),
                "small", theme.ACCENT, 2) + 2
    field = shown_field(model, part.field)
    row = pygame.Rect(x, area.bottom - touch - BOTTOM, w, touch)
    note = part.message or model.problem
    note_h = 2 * p.line_height("small") if note else 0
    if field is not None:   # the field under the cursor, then those after it that fit
        names = [f.name for f in model.fields]
        at = names.index(field.name)
        bottom = y
        for n, f in enumerate(model.fields[at:] + model.fields[:at]):
            h = _field_height(p, f, touch, w)
            if n and bottom + GAP + h > row.y - GAP - note_h:
                break
            top = bottom + (GAP if n else 0)
            bottom = _field(p, f, pygame.Rect(x, top, w, 0), touch, focus)
            if n == 0 and len(names) > 1 and bottom + GAP + _field_height(
                    p, model.fields[(at + 1) % len(names)], touch, w) <= row.y - GAP - note_h:
                pygame.draw.rect(p.surface, theme.FOCUS, (x - 5, top - 3, w + 10, bottom - top + 6),
                                 width=2, border_radius=8)   # several shown: the cursor's
        room = row.y - GAP - bottom
        if note and room >= p.line_height("small"):
            p.wrap(note, pygame.Rect(x, bottom + 2, w, room), "small",
                   theme.ACCENT_3 if part.hint and part.message else theme.ALERT, 2)
    _row(p, part, row, touch, focus)


def _head(part: OfficerPart) -> str:
    """"SCI · Science Skill Roll": the station and its decision (the ship's name left to the
    tab and the title: the parts are one seat's, of one ship)."""
    short = _short(part.model)
    if part.model.ship:
        short = short.replace(f"{part.model.ship}'s ", "")
        short = short[:1].upper() + short[1:]
    return f"{TAB_NAMES.get(part.station, part.station.upper())} · {short}"


def _short(model: PanelView) -> str:
    """The decision without the station's name in front, as the whole panel's line says it."""
    text = model.decision or ""
    prefix = model.title + ": "
    text = text[len(prefix):] if text.startswith(prefix) else text
    return text[:1].upper() + text[1:]


def _row(p: Painter, part: OfficerPart, row: pygame.Rect, touch: int, focus: str | None) -> None:
    """< n/m > to the other fields, FILL (the quick fills in turn), CONFIRM."""
    model = part.model
    x = row.x
    names = [f.name for f in model.fields]
    if len(names) > 1:
        at = names.index(part.field) if part.field in names else 0
        for step, label in ((-1, "<"), (1, ">")):
            wid = Widget(f"field:{step:+d}", pygame.Rect(x, row.y, touch, touch), label)
            p.button(wid, focused=focus == wid.id, size="large")
            x += touch + GAP
            if step < 0:
                text = f"{at + 1}/{len(names)}"
                tw = p.font("small").size(text)[0]
                p.text(text, (x, row.y + (touch - p.line_height("small")) // 2), "small",
                       theme.TEXT_DIM, tw)
                x += tw + GAP
    label = part.confirm or "CONFIRM"
    cw = max(2 * touch, p.font("body").size(label)[0] + 24)
    confirm = Widget("confirm", pygame.Rect(row.right - cw, row.y, cw, touch), label,
                     model.problem is None, model.problem)
    if model.presets:
        fw = row.right - cw - GAP - x
        usable = [pr for pr in model.presets if pr.problem is None]
        if fw >= 2 * touch:
            width = min(fw, 3 * touch)
            note = part.fill or (usable[0].label.lower() if usable else "")
            px = next((n for n in range(p.sizes["small"], p.sizes["small"] - 6, -1)
                       if p.font(n).size(note)[0] <= width - 12), 0)
            fill = Widget("fill", pygame.Rect(x, row.y, width, touch), "FILL", bool(usable),
                          "; ".join(f"{pr.label.lower()}: {pr.problem}"
                                    for pr in model.presets) or None, note if px else "")
            p.button(fill, focused=focus == fill.id, colour=theme.ACCENT_3, size="small",
                     note_size=px or "small")
    p.button(confirm, focused=focus == "confirm", colour=theme.ACCENT)
