"""Drawing a station panel: tabs, readings, steppers and choices (in columns and pages to fit),
Confirm.

A panel's fields go down one column, paged when they do not all fit; where the panel is wide
enough (1920x1080) fields that would need pages are shared evenly among two or three columns side
by side instead, so a whole station panel fits on one page where it can.

Widget ids (what a tap does, see `BridgeDisplay.activate`):
    tab:<station>            bring that station's panel forward
    down:<field> / up:<field>  step an int field
    pick:<field>:<value>     choose (value "-" is None, hold fire)
    letter:<field>:<F|P|S|L|R|B>  add a step to a planned move;  back:<field>  take the last back
    page:-1 / page:+1        page through the fields;  confirm;  undo (Instructor)
    preset:<key>             a quick fill of every field (display.draw_presets)
    roll / die:<n>           roll the table's dice / a roll made by hand (the roll dialog)
    why-now / close-why      what the roll on screen needs (display.holds) / back
"""

from __future__ import annotations

import pygame

from display import theme
from display.draw_presets import draw_presets, presets_fit
from display.paint import Painter, Widget
from engine.stations import title
from readouts.panel_model import FieldView, PanelView, choice_place

TAB_NAMES = {"captain": "CAPT", "engineer": "ENG", "helm": "HELM", "science": "SCI",
             "instructor": "INSTR", "weapons": "WPN", "navigator": "NAV", "comms": "COMM",
             "admiral": "ADM"}
LETTERS = {"P": "PORT", "F": "AHEAD", "S": "STBD", "L": "HARD P", "R": "HARD S", "B": "REV"}
"""A course step's button label: whole at 800x480, four buttons to a row."""
ROWS = ("PFS", "LBR")
"""The course buttons in rows: the basic steps (and BACK, taking the last one back) above, the
advanced level's hard turns and reverse below, each under the step it is most like."""
GAP = 6
COLUMN_TOUCHES = 6
"""The narrowest column of fields, in touch targets: a stepper's label, value and two buttons."""
MAX_COLUMNS = 3


def draw_tabs(p: Painter, stations: tuple[str, ...], current: str | set[str], alerts: set[str],
              area: pygame.Rect, focus: str | None, notes: dict[str, str] | None = None) -> None:
    """A tab per station, those of `current` chosen (several: officers deciding at once, each
    in a part of the panel's place); `notes`: a second line under a tab's name (the
    Instructor's tabs name the ship whose panel they show)."""
    chosen = {current} if isinstance(current, str) else current
    p.region = "tabs"
    pygame.draw.rect(p.surface, theme.BACKGROUND, area)
    n = max(1, len(stations))
    w = (area.width - GAP * (n - 1)) // n
    for i, st in enumerate(stations):
        r = pygame.Rect(area.x + i * (w + GAP), area.y, w, area.height)
        label = TAB_NAMES.get(st, title(st)[:5].upper()) + (" !" if st in alerts else "")
        colour = theme.ALERT if st in alerts else theme.ACCENT_3
        note, note_size = _tab_note(p, (notes or {}).get(st, ""), w - 12)
        p.button(Widget(f"tab:{st}", r, label, note=note), chosen=st in chosen,
                 focused=focus == f"tab:{st}", colour=colour, note_size=note_size)


def _tab_note(p: Painter, note: str, width: int) -> tuple[str, int]:
    """The note in the largest size from "small" down that keeps it whole, else no note."""
    small = p.sizes["small"]
    for px in range(small, max(10, small - 5) - 1, -1):
        if note and p.font(px).size(note)[0] <= width:
            return note, px
    return "", small


def _per_row(f: FieldView, touch: int, width: int) -> int:
    """Choice buttons side by side: the field's own number (a compass: 3), else as many as are
    about 2.3 touch targets wide."""
    if f.columns > 0:
        return max(1, min(len(f.choices), f.columns))
    return max(1, min(len(f.choices), width // round(touch * 2.3)))


CHOICE_LABEL_LINES = 3
"""A choice field's label wraps to at most this many lines (the evade decision's is long)."""


def _label_lines(p: Painter, f: FieldView, width: int) -> int:
    return max(1, min(CHOICE_LABEL_LINES, len(p.lines(f.label, width, "small"))))


LIST_AT = 7
"""A choice field with this many choices or more is drawn one choice at a time (`_listed`)."""


def listed(p: Painter, f: FieldView, touch: int, width: int) -> bool:
    """Whether the choices are drawn one at a time, whole, with < > to the next: when there
    are many (Science's sensor questions), or a label would not fit its button whole."""
    if f.kind != "choice" or not f.choices:
        return False
    if f.one_at_a_time:
        return True
    per_row = _per_row(f, touch, width)
    cw = (width - GAP * (per_row - 1)) // per_row - 12
    return len(f.choices) >= LIST_AT or any(
        p.font("body").size(c.label)[0] > cw or (c.note and p.font("small").size(c.note)[0] > cw)
        for c in f.choices)


def _explained(f: FieldView) -> str:
    """What the chosen choice does (the engine's Choice.explain), under the choices."""
    return next((c.explain for c in f.choices if c.chosen and c.explain), "")


def _letter_rows(f: FieldView) -> list[list[str]]:
    """The course letters offered, row by row (ROWS' order; a letter ROWS lacks ends the last)."""
    rows = [[c for c in row if c in f.alphabet] for row in ROWS]
    rows[-1] += [c for c in f.alphabet if c not in "".join(ROWS)]
    return [r for r in rows if r] or [[]]


def _legend(f: FieldView) -> str:
    """What the course buttons do, under them: the engine's note on the field (the advanced
    course's hard turns and reverse), none for a field without one."""
    return f.note


def _field_height(p: Painter, f: FieldView, touch: int, width: int) -> int:
    label = p.line_height("small")
    if f.kind == "int":
        return touch
    if f.kind == "choice":
        explain = _explained(f)
        extra = len(p.lines(explain, width, "small")) * label + GAP if explain else 0
        if listed(p, f, touch, width):
            return label * _label_lines(p, f, width) + _listed_height(p, f, touch, width) + extra
        rows = -(-len(f.choices) // _per_row(f, touch, width))
        return label * _label_lines(p, f, width) + rows * (touch + GAP) - GAP + extra
    legend = _legend(f)
    extra = len(p.lines(legend, width, "small")) * label + GAP if legend else 0
    return label + len(_letter_rows(f)) * (touch + GAP) - GAP + extra


def gutter(touch: int) -> int:
    """The space between two columns of fields: wide enough to tell them apart."""
    return max(GAP, touch // 3)


def column_width(width: int, columns: int, touch: int) -> int:
    return (width - gutter(touch) * (columns - 1)) // columns


def pages(p: Painter, model: PanelView, area: pygame.Rect, touch: int,
          columns: int = 1) -> list[list[list[int]]]:
    """Field indexes in each column of each page of the panel's field area (`columns` a page).
    When the fields fit on one page they are shared evenly among the columns."""
    width = column_width(area.width, columns, touch)
    heights = [_field_height(p, f, touch, width) + GAP for f in model.fields]
    if columns > 1 and heights:
        even = -(-sum(heights) // columns)
        for cap in sorted({sum(heights[a:b]) for a in range(len(heights))
                           for b in range(a + 1, len(heights) + 1)}):
            if even <= cap <= area.height:
                split = _pack(heights, cap, columns)
                if len(split) == 1:
                    return split
    return _pack(heights, area.height, columns)


def _pack(heights: list[int], cap: int, columns: int) -> list[list[list[int]]]:
    """Fields down each column until the next would pass `cap` px, `columns` to a page."""
    out: list[list[list[int]]] = [[[]]]
    used = 0
    for i, h in enumerate(heights):
        if out[-1][-1] and used + h > cap:
            if len(out[-1]) < columns:
                out[-1].append([])
            else:
                out.append([[]])
            used = 0
        out[-1][-1].append(i)
        used += h
    return out


def layout_fields(p: Painter, model: PanelView, area: pygame.Rect,
                  touch: int) -> tuple[int, list[list[list[int]]]]:
    """(columns, pages): one column when the fields fit on one page; else as few columns as
    give the fewest pages, as many as the area is wide enough for (each at least COLUMN_TOUCHES
    touch targets wide: one on the 7" screens, two at 1920x1080)."""
    most = max(1, min(MAX_COLUMNS, len(model.fields),
                      (area.width + gutter(touch)) // (COLUMN_TOUCHES * touch + gutter(touch))))
    options = [(c, pages(p, model, area, touch, c)) for c in range(1, most + 1)]
    return min(options, key=lambda o: (len(o[1]), o[0]))


def draw_panel(p: Painter, model: PanelView, area: pygame.Rect, actions: pygame.Rect,
               touch: int, page: int, focus: str | None, message: str | None,
               extra_buttons: tuple[Widget, ...] = (), confirm: str = "",
               hint: bool = False) -> int:
    """Draw the panel; returns the number of pages its fields take. `confirm` is CONFIRM's
    label when not "CONFIRM" (e.g. "TAP AGAIN TO FIRE" after a first tap); `hint`: the
    message is a hint, not why something was refused (drawn in a calm colour, not in red)."""
    p.region = "panel"
    surf = p.surface
    pygame.draw.rect(surf, theme.PANEL, area, border_radius=12)
    x, w = area.x + 12, area.width - 24
    y = area.y + 6
    head = model.title.upper() + (f" · {model.ship}" if model.ship else "")
    size = "large" if p.font("large").size(head)[0] <= w else "body"
    r = p.text(head, (x, y), size, theme.ACCENT, w)
    y = max(r.bottom, y + p.line_height("large")) + 4
    note_h = p.line_height("small") * 2 + 4 if message and model.decision is None else 0
    keep = note_h
    if model.decision is not None and message and model.fields:   # a refusal's note under the
        keep = (p.line_height("small") * 2 + 4 + p.line_height("body") + 2 * GAP   # first field
                + _field_height(p, model.fields[0], touch, w))   # never lands on its buttons
    # the facts stop above the note a refused press leaves at the bottom (never under it); the
    # last facts are left out whole where there is no room for them
    y = _facts(p, model, x, y, w, area if not keep else
               pygame.Rect(area.x, area.y, area.width, area.height - keep - 4))
    if model.decision is None:
        y += p.wrap(model.waiting, pygame.Rect(x, y + 4, w, area.bottom - y - 8 - note_h),
                    "body", theme.TEXT_DIM, 3)
        if message:
            p.wrap(message, pygame.Rect(x, area.bottom - note_h - 4, w, note_h), "small",
                   theme.ACCENT_3 if hint else theme.ALERT, 2)
        n_pages = 1
    else:
        if not model.budgets:   # the budgets say what is being decided; else the title does
            text = _short(model.decision, model.title)
            size = "body" if p.font("body").size(text)[0] <= w else "small"
            r = p.text(text, (x, y), size, theme.ACCENT_2, w)
            y = r.bottom + 2
        for b in model.budgets:
            colour = theme.ALERT if b.used > b.maximum else theme.ACCENT_2
            r = p.text(f"{b.label}: {b.used} of {b.maximum} used", (x, y), "body", colour, w)
            y = r.bottom + 2
        note = message or model.problem
        reason_h = p.line_height("small") * 2 + 4 if note else 0
        fields_area = pygame.Rect(x, y + 2, w, area.bottom - y - 8 - reason_h)
        # The quick fills: beside Confirm when the fields fit one page and the row has room,
        # else a row of their own above the fields.
        presets_below = bool(model.presets) and presets_fit(
            actions.width - sum(e.rect.width + GAP for e in extra_buttons), len(model.presets),
            touch) and len(layout_fields(p, model, fields_area, touch)[1]) == 1
        if model.presets and not presets_below:
            draw_presets(p, model, pygame.Rect(x, fields_area.y, w, touch), focus)
            fields_area = pygame.Rect(x, fields_area.y + touch + GAP, w,
                                      fields_area.height - touch - GAP)
        n_columns, split = layout_fields(p, model, fields_area, touch)
        n_pages = len(split)
        col_w = column_width(w, n_columns, touch)
        for c, column in enumerate(split[min(page, n_pages - 1)]):
            fy, cx = fields_area.y, x + c * (col_w + gutter(touch))
            for i in column:
                top = fy
                fy = _field(p, model.fields[i], pygame.Rect(cx, fy, col_w, 0), touch, focus) + GAP
                if model.fields[i].name == model.cursor:   # the physical panel's selection
                    pygame.draw.rect(surf, theme.FOCUS, (cx - 5, top - 3, col_w + 10, fy - top),
                                     width=2, border_radius=8)
        if note:
            p.wrap(note, pygame.Rect(x, area.bottom - reason_h - 4, w, reason_h), "small",
                   theme.ACCENT_3 if hint and message else theme.ALERT, 2)
    _actions(p, model, actions, touch, page, n_pages, focus, extra_buttons,
             model.decision is not None and presets_below, confirm)
    return n_pages


def _short(decision: str, station_title: str) -> str:
    """The decision's title without the station's name in front ("Helm: move X" -> "Move X")."""
    prefix = station_title + ": "
    text = decision[len(prefix):] if decision.startswith(prefix) else decision
    return text[:1].upper() + text[1:]


def _facts(p: Painter, model: PanelView, x: int, y: int, w: int, area: pygame.Rect) -> int:
    line = p.line_height("small")
    font = p.font("small")
    need = max((font.size(f.label + "  ")[0] + font.size(f.value)[0] for f in model.facts),
               default=0)
    # two columns on the 7" screens, up to four on a wide panel, a word's space between them
    most = 1 if model.station == "instructor" else 2 if w < 600 else 4
    gap = max(GAP, font.size("   ")[0])
    cols = max(1, min(most, len(model.facts), (w + gap) // (need + gap)))
    col_w = (w - gap * (cols - 1)) // cols
    widest_label = max((font.size(f.label + "  ")[0] for f in model.facts), default=0)
    row_h = 0
    for n, fact in enumerate(model.facts):
        if n % cols == 0:
            y += row_h
            row_h = line
        cx = x + (n % cols) * (col_w + gap)
        if y + line > area.bottom - 4:
            return y
        value_w = font.size(fact.value)[0]
        label_w = max(min(widest_label, col_w - value_w), col_w // 3)
        lines = min(3, len(p.lines(fact.value, col_w - label_w, "small")))
        if y + lines * line > area.bottom - 4:   # whole or not at all
            return y + (row_h if n % cols else 0) + (2 if n % cols else 0)
        p.text(fact.label, (cx, y), "small", theme.TEXT_DIM, label_w - 4)
        # a long value (a sensor report's answer) wraps under itself, up to three lines
        room = min(3 * line, area.bottom - 4 - y) // line * line
        used = p.wrap(fact.value, pygame.Rect(cx + label_w, y, col_w - label_w, room), "small",
                      theme.ALERT if fact.alert else theme.TEXT, 3)
        row_h = max(row_h, used)
    return y + row_h + 2


def _field(p: Painter, f: FieldView, at: pygame.Rect, touch: int, focus: str | None) -> int:
    """Draw one field at the top of `at`; returns its bottom."""
    x, y, w = at.x, at.y, at.width
    small = p.line_height("small")
    if f.kind == "int":
        minus = Widget(f"down:{f.name}", pygame.Rect(x + w - 2 * touch - GAP, y, touch, touch),
                       "-", f.can_down)
        plus = Widget(f"up:{f.name}", pygame.Rect(x + w - touch, y, touch, touch), "+", f.can_up)
        value_w = p.font("large").size("888")[0]
        label_w = minus.rect.x - x - value_w - GAP
        body = p.line_height("body")
        if p.font("body").size(f.label)[0] <= label_w:
            p.text(f.label, (x, y + (touch - body) // 2), "body", theme.TEXT, label_w)
        else:   # a long label takes two (at most three, as the row's height allows) lines of
            # smaller text, what is in brackets on lines of its own: "Power to movement" over
            # "(4 power per 3 movement points)"
            head, cut, rest = f.label.partition(" (")
            rows = p.lines(head, label_w, "small") + p.lines(cut.strip() + rest, label_w,
                                                             "small")
            if len(rows) > max(2, touch // small):
                rows = p.lines(f.label, label_w, "small")
            n = max(1, min(len(rows), 3, touch // small))
            for i, line in enumerate(rows[:n - 1] + [" ".join(rows[n - 1:])]):
                p.text(line, (x, y + (touch - n * small) // 2 + i * small), "small",
                       theme.TEXT, label_w)
        p.text(f.text, (minus.rect.x - GAP, y + (touch - p.line_height("large")) // 2), "large",
               theme.BUTTON_ACTIVE, value_w, align="right")
        p.button(minus, focused=focus == minus.id, size="large")
        p.button(plus, focused=focus == plus.id, size="large")
        return y + touch
    if f.kind == "choice":
        lines = _label_lines(p, f, w)
        p.wrap(f.label, pygame.Rect(x, y, w, lines * small), "small", theme.TEXT, lines)
        y += lines * small
        explain = _explained(f)
        if listed(p, f, touch, w):
            y = _listed(p, f, pygame.Rect(x, y, w, 0), touch, focus)
        else:
            y = _buttons(p, f, pygame.Rect(x, y, w, 0), touch, focus)
        if explain:
            y += p.wrap(explain, pygame.Rect(x, y + GAP, w, 6 * small), "small",
                        theme.TEXT_DIM) + GAP
        return y
    return _steps(p, f, at, touch, focus)


def _buttons(p: Painter, f: FieldView, at: pygame.Rect, touch: int, focus: str | None) -> int:
    """Every choice a button, side by side; returns the bottom."""
    x, y, w = at.x, at.y, at.width
    per_row = _per_row(f, touch, w)
    cw = (w - GAP * (per_row - 1)) // per_row
    for n, c in enumerate(f.choices):
        r = pygame.Rect(x + (n % per_row) * (cw + GAP), y + (n // per_row) * (touch + GAP),
                        cw, touch)
        wid = Widget(f"pick:{f.name}:{c.key}", r, c.label, c.problem is None, c.problem,
                     c.note)
        p.button(wid, chosen=c.chosen, focused=focus == wid.id)
    rows = -(-len(f.choices) // per_row)
    return y + rows * (touch + GAP) - GAP


LISTED_LINES = 3
"""The chosen choice, drawn whole between < and >, takes up to this many lines."""


def _listed_height(p: Painter, f: FieldView, touch: int, width: int) -> int:
    inner = width - 2 * (touch + GAP) - 16
    chosen = next((c for c in f.choices if c.chosen), f.choices[0])
    text = chosen.label + (f" ({chosen.note})" if chosen.note else "")
    lines = min(LISTED_LINES + 2, len(p.lines(text, inner, "body")))
    return max(touch, lines * p.line_height("body") + 8) + p.line_height("small")


def _listed(p: Painter, f: FieldView, at: pygame.Rect, touch: int, focus: str | None) -> int:
    """Many choices (or long ones): the chosen one whole between < and >, "3 of 18" under it;
    < > step through the choices that may be chosen (as the panel's up and down do)."""
    x, y, w = at.x, at.y, at.width
    h = _listed_height(p, f, touch, w) - p.line_height("small")
    allowed = [c for c in f.choices if c.problem is None]
    chosen = next((c for c in f.choices if c.chosen), f.choices[0])
    prev = Widget(f"prev:{f.name}", pygame.Rect(x, y, touch, h), "<", len(allowed) > 1)
    nxt = Widget(f"next:{f.name}", pygame.Rect(x + w - touch, y, touch, h), ">",
                 len(allowed) > 1)
    p.button(prev, focused=focus == prev.id, size="large")
    p.button(nxt, focused=focus == nxt.id, size="large")
    box = pygame.Rect(x + touch + GAP, y, w - 2 * (touch + GAP), h)
    pygame.draw.rect(p.surface, theme.BUTTON_ACTIVE if chosen.problem is None
                     else theme.BUTTON_DISABLED, box, border_radius=10)
    p.widgets.append(Widget(f"pick:{f.name}:{chosen.key}", box, chosen.label,
                            chosen.problem is None, chosen.problem))
    text = chosen.label + (f" ({chosen.note})" if chosen.note else "")
    p.wrap(text, box.inflate(-16, -8), "body", theme.TEXT_DARK)
    where = choice_place(f.choices, chosen) or chosen.problem or ""   # a greyed one: why
    p.text(where, (box.x, box.bottom), "small", theme.TEXT_DIM, box.width)
    return y + h + p.line_height("small")


def _steps(p: Painter, f: FieldView, at: pygame.Rect, touch: int, focus: str | None) -> int:
    x, y, w = at.x, at.y, at.width
    small = p.line_height("small")
    # "steps": a planned move, letter by letter, that can be taken back until confirmed.
    # Four buttons to a row: the basic steps and BACK, then (advanced) the hard turns and
    # reverse under them, and what those do in a few lines below.
    p.text(f"Course: {f.text}", (x, y), "small", theme.TEXT, w)
    y += small
    letter_rows = _letter_rows(f)
    n = max([len(letter_rows[0]) + 1] + [len(row) for row in letter_rows[1:]])
    bw = (w - GAP * (n - 1)) // n
    for n_row, row in enumerate(letter_rows):
        top = y + n_row * (touch + GAP)
        for i, letter in enumerate(row):
            wid = Widget(f"letter:{f.name}:{letter}",
                         pygame.Rect(x + i * (bw + GAP), top, bw, touch),
                         LETTERS.get(letter, letter), f.can_up)
            p.button(wid, focused=focus == wid.id)
        if n_row == 0:
            back = Widget(f"back:{f.name}",
                          pygame.Rect(x + len(row) * (bw + GAP), top, bw, touch), "BACK",
                          f.can_down)
            p.button(back, focused=focus == back.id, colour=theme.ACCENT_2)
    y += len(letter_rows) * (touch + GAP) - GAP
    legend = _legend(f)
    if legend:
        height = len(p.lines(legend, w, "small")) * small
        y += GAP + p.wrap(legend, pygame.Rect(x, y + GAP, w, height), "small", theme.TEXT_DIM)
    return y


def draw_pager(p: Painter, x: int, y: int, touch: int, page: int, n_pages: int,
               focus: str | None, width: int = 60) -> int:
    """< and > (widgets page:-1 and page:+1) and "page/pages" from `x` on the row at `y`, when
    there is more than one page; returns the x after them (`x` itself when there is one page)."""
    if n_pages <= 1:
        return x
    for step, label in ((-1, "<"), (1, ">")):
        wid = Widget(f"page:{step:+d}", pygame.Rect(x, y, touch, touch), label,
                     0 <= page + step < n_pages)
        p.button(wid, focused=focus == wid.id, size="large")
        x += touch + GAP
    r = p.text(f"{page + 1}/{n_pages}", (x, y + (touch - p.line_height("small")) // 2),
               "small", theme.TEXT_DIM, width)
    return r.right + GAP


def _actions(p: Painter, model: PanelView, area: pygame.Rect, touch: int, page: int,
             n_pages: int, focus: str | None, extra: tuple[Widget, ...],
             presets: bool = False, confirm_label: str = "") -> None:
    p.region = "actions"
    pygame.draw.rect(p.surface, theme.BACKGROUND, area)
    y = area.y + (area.height - touch) // 2
    x = area.x
    x = draw_pager(p, x, y, touch, page, n_pages, focus)
    for wid in extra:
        moved = Widget(wid.id, pygame.Rect(x, y, wid.rect.width, touch), wid.label, wid.enabled)
        p.button(moved, focused=focus == moved.id, colour=theme.ACCENT_2)
        x += wid.rect.width + GAP
    if model.decision is not None:
        cw = max(touch * 2, min(touch * 4, area.right - x))
        if presets:   # the quick fills between the buttons and Confirm
            n = len(model.presets)
            cw = max(touch * 2, min(cw, area.right - x - n * (round(touch * 2.5) + GAP)))
            row = min(area.right - cw - GAP - x, n * (touch * 4 + GAP))
            draw_presets(p, model, pygame.Rect(x, y, row, touch), focus)
        label = confirm_label or "CONFIRM"
        if p.font("body").size(label)[0] > cw - 12:   # a narrow button: the short word
            label = "AGAIN"
        confirm = Widget("confirm", pygame.Rect(area.right - cw, y, cw, touch), label,
                         model.problem is None, model.problem)
        p.button(confirm, focused=focus == "confirm", colour=theme.ACCENT)
