"""Drawing the phase bar, the event ticker, the roll dialog and the after-action report."""

from __future__ import annotations

import pygame

from display import theme
from display.paint import Painter, Widget
from readouts.status_model import PhaseBar, Report, RollDialog, short_form

GAP = 6


def draw_bar(p: Painter, bar: PhaseBar, area: pygame.Rect) -> None:
    """LCARS-like: an orange end cap with the turn, the step, who acts, dice and advantage."""
    p.region = "bar"
    surf = p.surface
    pygame.draw.rect(surf, theme.BACKGROUND, area)
    large, small = p.line_height("large"), p.line_height("small")
    cap = pygame.Rect(area.x, area.y + 4, max(190, area.width // 5), area.height - 8)
    ending = {"good": theme.GOOD, "bad": theme.ALERT}.get(bar.mood, theme.ACCENT_2)
    p.pill(cap, theme.ACCENT if not bar.over else ending, radius=cap.height // 2)
    p.text(bar.turn.upper(), (cap.x + cap.height // 2, cap.y + 2), "large", theme.TEXT_DARK,
           cap.width - cap.height)
    p.text(bar.step, (cap.x + cap.height // 2, cap.y + 2 + large), "small", theme.TEXT_DARK,
           cap.width - cap.height // 2 - 6)
    right_w = max(210, area.width // 5)
    right = pygame.Rect(area.right - right_w, cap.y, right_w, cap.height)
    pygame.draw.rect(surf, theme.ACCENT_2, right, border_top_right_radius=right.height // 2,
                     border_bottom_right_radius=right.height // 2)
    p.text(bar.dice, (right.x + 8, right.y + 2), "small", theme.TEXT_DARK, right.width - 24)
    p.text(bar.advantage, (right.x + 8, right.y + 4 + small), "small", theme.TEXT_DARK,
           right.width - 24)
    middle = pygame.Rect(cap.right + 10, cap.y, right.x - cap.right - 20, cap.height)
    pygame.draw.line(surf, theme.ACCENT_3, (middle.x, middle.bottom - 2),
                     (middle.right, middle.bottom - 2), 3)
    room = pygame.Rect(middle.x, middle.y, middle.width, middle.height - 6)
    text, size = bar.acting or "Waiting", "small"
    # whole in two lines, in smaller type, or shorter (at worst every seat by name alone)
    for form in (text, *short_form(text), *([bar.brief] if bar.brief else [])):
        fits = [s for s in ("body", "small")
                if len(p.lines(form, room.width, s)) * p.line_height(s) <= room.height]
        if fits:
            text, size = form, fits[0]
            break
    p.wrap(text, room, size, theme.TEXT if not bar.over or not bar.mood else ending)


def draw_ticker(p: Painter, lines: tuple[str, ...], area: pygame.Rect,
                button: Widget | None = None, focus: str | None = None) -> None:
    """The newest event lines, oldest first, each whole (wrapped; an older line that no longer
    fits whole is left to the log); `button` (the Rolls list's) at the right end. The lines are
    one touch target, "log": a tap opens the ship's log whole, to scroll back."""
    p.region = "ticker"
    surf = p.surface
    pygame.draw.rect(surf, theme.PANEL, area, border_radius=10)
    pygame.draw.rect(surf, theme.ACCENT_3, (area.x, area.y, 8, area.height),
                     border_top_left_radius=10, border_bottom_left_radius=10)
    text_w = area.width - 24
    if button is not None:
        r = button.rect
        at = pygame.Rect(area.right - 6 - r.width, area.y + (area.height - r.height) // 2,
                         r.width, r.height)
        placed = Widget(button.id, at, button.label, button.enabled, button.reason)
        p.button(placed, focused=focus == placed.id, colour=theme.ACCENT_3)
        text_w = at.x - GAP - area.x - 16
    step = p.line_height("small")
    room = max(1, (area.height - 8) // step)
    rows: list[tuple[str, bool]] = []   # (row, of the newest line), newest last
    for n, line in enumerate(reversed(lines or ("Bridge ready. Ship's log: standing by.",))):
        wrapped = p.lines(line, text_w, "small")
        if n and len(rows) + len(wrapped) > room:
            break
        if not n and len(wrapped) > room:   # the newest alone is too long: its start
            wrapped = wrapped[:room - 1] + [" ".join(wrapped[room - 1:])]
        rows[:0] = [(w, not n) for w in wrapped]
    rows = rows[-room:]
    if lines:
        log = Widget("log", pygame.Rect(area.x + 10, area.y + 2, text_w + 10, area.height - 4),
                     "SHIP'S LOG")
        p.widgets.append(log)
        if focus == log.id:
            pygame.draw.rect(surf, theme.FOCUS, log.rect, width=3, border_radius=8)
    y = area.bottom - 4 - step * len(rows)
    for row, newest in rows:
        p.text(row, (area.x + 16, y), "small", theme.TEXT if newest else theme.TEXT_DIM, text_w)
        y += step


PERCENTILE_FROM = 21
"""A die with more faces than this (the d100) is typed in as its two d10: tens, then units."""


def draw_roll(p: Painter, dialog: RollDialog, last: str, area: pygame.Rect, touch: int,
              focus: str | None, why: bool = False, tens: int | None = None) -> None:
    """Who rolls, for what, the number needed; a button for the table's dice and one per face
    for a roll made by hand (for percentile dice, a row of tens and a row of units, as the two
    d10 read: 00 and 0 is 100; `tens` is the tens already tapped)."""
    p.region = "panel"
    surf = p.surface
    pygame.draw.rect(surf, theme.PANEL, area, border_radius=12)
    x, w = area.x + 12, area.width - 24
    percentile = len(dialog.values) >= PERCENTILE_FROM
    # percentile dice by hand: the tens die's row, then (once tapped) the units die's, so that
    # who rolls and what for still fit above them on a small screen
    faces: tuple[int, ...] = ((tuple(range(10)) if tens is None else tuple(range(10, 20)))
                              if percentile else dialog.values)
    gap = 6
    # one row of ten faces where each is still a whole touch target wide, else rows of five
    per_row = 10 if w - 9 * gap >= 10 * touch or (len(faces) > 10 and not percentile) else 5
    rows = -(-len(faces) // per_row)
    small = p.line_height("small")
    grid_top = area.bottom - 8 - rows * (touch + gap) + gap
    hint_y = grid_top - small - 2
    roll_rect = pygame.Rect(x, hint_y - 4 - touch, w, touch)
    # Above the buttons, as much of who / what / needs / last roll as fits, in that order.
    limit = roll_rect.top - 4
    y = area.y + 8
    head = "ROLL: " + dialog.who.upper()   # whole: in smaller type where large would cut it
    lines: list[tuple[str, str, theme.Colour, int]] = [
        (head, "large" if p.font("large").size(head)[0] <= w else "body", theme.ACCENT, 2),
        (dialog.purpose, "body", theme.TEXT, 3)]
    if dialog.progress:   # a roll of several dice, one at a time
        lines.insert(1, (dialog.progress.upper(), "title", theme.ACCENT_2, 1))
    if dialog.needs:
        lines.append((dialog.needs.upper(), "title", theme.BUTTON_ACTIVE, 1))
    if last:
        lines.append((last, "small", theme.TEXT_DIM, 2))
    for text, size, colour, most in lines:
        step = p.line_height(size)
        room = min(most, (limit - y) // step)
        if room <= 0 or (text == last and len(p.lines(text, w, size)) > room):
            break   # the last roll whole or not at all (its result was shown, and is listed)
        y += p.wrap(text, pygame.Rect(x, y, w, room * step), size, colour, room) + 4
    again = percentile and tens is not None   # a TENS button beside: both a little narrower
    side = round(1.5 * touch) if again and why else 2 * touch
    if why:   # this roll's rule and what it needs (not the last roll's: that may be another's)
        why_rect = pygame.Rect(roll_rect.right - side, roll_rect.y, side, touch)
        roll_rect.width -= why_rect.width + gap
        p.button(Widget("why-now", why_rect, "WHY?"), focused=focus == "why-now",
                 colour=theme.ACCENT_2)
    if again:   # the tens die tapped by mistake: choose it again
        again_rect = pygame.Rect(roll_rect.right - side, roll_rect.y, side, touch)
        roll_rect.width -= again_rect.width + gap
        p.button(Widget("tens:-", again_rect, "TENS"), focused=focus == "tens:-")
    roll = Widget("roll", roll_rect, "ROLL THE DICE")
    p.button(roll, focused=focus == roll.id, colour=theme.ACCENT)
    hint = ("or tap the number rolled:" if not percentile
            else "or tap the tens, then the units (00 and 0: 100):" if tens is None
            else f"tens {tens}0: now tap the units (00 and 0: 100):")
    p.text(hint, (x, hint_y), "small", theme.TEXT_DIM, w)
    cell_w = (w - gap * (per_row - 1)) // per_row
    for n, face in enumerate(faces):
        cx = x + (n % per_row) * (cell_w + gap)
        cy = grid_top + (n // per_row) * (touch + gap)
        if percentile:   # the first row the tens die (00-90), the second the units die (0-9)
            digit = face % 10
            wid = Widget(f"tens:{digit}" if face < 10 else f"units:{digit}",
                         pygame.Rect(cx, cy, cell_w, touch),
                         f"{digit}0" if face < 10 else str(digit))
            p.button(wid, focused=focus == wid.id or (face < 10 and tens == digit),
                     size="large", colour=theme.ACCENT if face < 10 and tens == digit else None)
            continue
        wid = Widget(f"die:{face}", pygame.Rect(cx, cy, cell_w, touch), str(face))
        p.button(wid, focused=focus == wid.id, size="large")


def draw_report(p: Painter, report: Report, area: pygame.Rect) -> None:
    """The after-action report, in the map's place at the end of the game."""
    p.region = "map"
    surf = p.surface
    pygame.draw.rect(surf, theme.BACKGROUND, area)
    x, y, w = area.x + 12, area.y + 8, area.width - 24
    r = p.text("AFTER-ACTION REPORT", (x, y), "large", theme.ACCENT, w)
    y = r.bottom + 4
    r = p.text(report.headline, (x, y), "title", theme.TEXT, w)
    y = r.bottom + 2
    size = "body" if len(p.lines(report.why, w, "body")) <= 3 else "small"   # whole
    y += p.wrap(report.why, pygame.Rect(x, y, w, p.line_height(size) * 6), size,
                theme.TEXT_DIM, 6) + 6
    small = p.line_height("small")
    for s in report.ships:
        if y + small * 2 > area.bottom:
            return
        r = p.text(f"{s.name} ({s.fate})", (x, y), "body", theme.ACCENT_3, w)
        y = r.bottom
        r = p.text(s.tally,
                   (x + 12, y), "small", theme.TEXT, w - 12)
        y = r.bottom + 4
    if report.turning_points and y + small * 2 <= area.bottom:
        r = p.text("Turning points", (x, y), "body", theme.ACCENT_2, w)
        y = r.bottom
        for t in report.turning_points:
            if y + small > area.bottom:
                return
            tall = len(p.lines(t, w - 12, "small")) * small
            if y + tall > area.bottom:   # a turning point is shown whole or not at all
                return
            y += p.wrap(t, pygame.Rect(x + 12, y, w - 12, tall), "small", theme.TEXT) + 2

