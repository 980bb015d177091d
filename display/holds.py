"""What the panel's place shows in front of the station panel for a while: the result of the
crew's roll, held until the next tap or a few seconds; and a text opened whole (the ship's log
scrolled back, or a line that did not fit where it was drawn).

Time comes from the clock the display is given (`time.monotonic` by default), so a test moves
it on instead of sleeping; the app's loop asks `wake_in()` how long it may wait for input.

Widget ids (see `BridgeDisplay.activate`):
    result-ok                put the held result away (so does any tap, and any key)
    rolled:<n>               WHY? on a held result: that roll's explanation
    log                      the ticker: open the ship's log whole, newest first
    close-why / page:-1 / page:+1  back from, and through, a text opened whole
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from display import theme
from display.draw_rolls import draw_why
from display.paint import Painter, Widget
from readouts.shown_roll import HOLD_SECONDS, ShownRoll, mood

GAP = 6
GRACE_SECONDS = 2.0
"""After a held result goes away by itself, Enter is taken for its OK this long (our choice: a
player reaching for OK as it goes must not confirm the decision behind it)."""


class Holds:
    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.result: ShownRoll | None = None
        self.until = 0.0
        self.ran_out = float("-inf")   # when a held result last went away by itself
        self.reading: tuple[str, tuple[str, ...]] | None = None   # title, lines
        self.page = 0

    # -- the held roll result ------------------------------------------------------------
    def hold(self, result: ShownRoll) -> None:
        self.result = result
        self.until = self.clock() + HOLD_SECONDS

    @property
    def holding(self) -> bool:
        return self.result is not None and self.clock() < self.until

    def dismiss(self) -> bool:
        """Put the held result away; whether there was one on screen."""
        shown = self.holding
        self.result = None
        return shown

    def due(self) -> bool:
        """Whether the held result's time ran out since the last call (the screen must be
        drawn again, showing what is behind it)."""
        if self.result is not None and self.clock() >= self.until:
            self.result = None
            self.ran_out = self.clock()
            return True
        return False

    def just_ran_out(self) -> bool:
        """Whether a held result went away by itself a moment ago: a key pressed then was meant
        for its OK, not for the decision that came back behind it."""
        return self.clock() - self.ran_out < GRACE_SECONDS

    def wake_in(self) -> float | None:
        """Seconds until the display must draw again by itself (None: only on input)."""
        if self.result is None:
            return None
        return max(0.0, self.until - self.clock())

    # -- a text opened whole -------------------------------------------------------------
    def read(self, title: str, lines: Sequence[str]) -> None:
        self.reading, self.page = (title, tuple(lines)), 0

    def activate(self, kind: str, rest: str) -> bool:
        """Handle a tap on an overlay's own widget; whether it was one."""
        if kind == "result-ok":
            self.result = None
            return True
        if self.reading is not None and kind == "close-why":
            self.reading = None
            return True
        if self.reading is not None and kind == "page":
            self.page = max(0, self.page + int(rest))
            return True
        self.result = None   # any other tap goes on from the result...
        self.reading = None  # ...and from the text opened (a tab, ROLLS, a roll's WHY?)
        return False

    # -- drawing --------------------------------------------------------------------------
    def draw(self, p: Painter, panel: pygame.Rect, actions: pygame.Rect, touch: int,
             focus: str | None) -> bool:
        """Draw what is in front of the panel; whether anything was."""
        if self.reading is not None:
            pages = draw_why(p, self.reading[0], self.reading[1], self.page, panel, actions,
                             touch, focus)
            self.page = min(self.page, pages - 1)
            return True
        if self.result is not None and self.holding:
            draw_result(p, self.result, panel, actions, touch, focus)
            return True
        return False


def draw_result(p: Painter, r: ShownRoll, area: pygame.Rect, actions: pygame.Rect, touch: int,
                focus: str | None) -> None:
    """The face in large type, hit or miss, who rolled for what, and what the roll did."""
    p.region = "panel"
    pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=12)
    x, w, y = area.x + 12, area.width - 24, area.y + 8
    face = p.text(r.rolled, (x, y), "title", theme.ACCENT, w)
    colour = {"good": theme.GOOD, "bad": theme.ALERT}.get(mood(r.result), theme.ACCENT_3)
    if r.result:   # HIT for 5, MISS, EVADED...; a roll with no such outcome says its face once
        p.text(r.headline, (face.right + 16, y), "title", colour, area.right - 12 - face.right - 16)
    y = face.bottom + 4
    small = p.line_height("small")
    bottom = area.bottom - 8
    paragraphs = [(f"{r.who}: {r.what}", "body", theme.TEXT_DIM)]
    if r.face:   # a d20 read as the FASA die: 11-20 read as 1-10 (DESIGN: Dice)
        paragraphs += [(f"The tray's {r.face.split()[0]} showed {r.face.split()[1]}, which reads "
                        f"as {r.value}.", "small", theme.TEXT)]
    paragraphs += [(line, "small", theme.TEXT) for line in r.lines]
    for text, size, ink in paragraphs:
        lines = p.lines(text, w, size)
        step = p.line_height(size)
        if y + step * len(lines) > bottom:   # what does not fit whole is in the Rolls list
            break
        for ln in lines:
            p.text(ln, (x, y), size, ink, w)
            y += step
        y += 3
    if y + small <= bottom:
        p.text("Tap to go on", (x, bottom - small), "small", theme.TEXT_DIM, w)
    p.region = "actions"
    pygame.draw.rect(p.surface, theme.BACKGROUND, actions)
    by = actions.y + (actions.height - touch) // 2
    if r.explained:   # the ruleset says why (engine.explain): WHY? opens it
        why = Widget(f"rolled:{r.number}", pygame.Rect(actions.x, by, 2 * touch, touch), "WHY?")
        p.button(why, focused=focus == why.id, colour=theme.ACCENT_2)
    ok = Widget("result-ok", pygame.Rect(actions.right - 3 * touch, by, 3 * touch, touch), "OK")
    p.button(ok, focused=focus == ok.id, colour=theme.ACCENT)
