"""The game chooser (display.game_offer drawn): a row of the game systems (Star Trek, Knight
Hawks, the half-impulse referee...), then the chosen system's levels, each a button with its
line beside it (the first marked "suggested for a first game" at a new table), and the scenario
in front between < and >, with its place in its system's list, its goal and as much of its
story as fits in whole sentences; KEYS, BACK and START in the action row.

Used for a new table's first game (companion/table/first_game.py, the whole screen) and by the end
screen's ANOTHER SCENARIO (display.endgame). Widget ids:

    offer-system:<ruleset>   that system's first scenario in front
    offer-level:<level>      that level for the system in front
    offer-scenario:-1 / +1   the last / next scenario of the system in front
    offer-start / offer-back / offer-keys   told to the caller (`activate` returns them)
"""

from __future__ import annotations

import re

import pygame

from display import game_offer as go
from display import theme
from display.paint import Painter, Widget

GAP = 8
TOLD = ("start", "back", "keys")


class GameChooser:
    """The chooser's state and drawing; `activate` returns "start", "back" or "keys" for the
    caller to act on, None for a choice it made itself."""

    def __init__(self, offer: go.GameOffer, chosen: go.Chosen, *, first: bool = False,
                 back: bool = False, keys: bool = False, start_label: str = "START") -> None:
        self.offer, self.chosen = offer, chosen
        self.first, self.back, self.keys = first, back, keys
        self.start_label = start_label
        self.widgets: list[Widget] = []

    @property
    def choice(self) -> str:
        return go.choice_of(self.offer, self.chosen)

    def activate(self, wid: str) -> str | None:
        kind, _, rest = wid.removeprefix("offer-").partition(":")
        if kind == "system":
            self.chosen = go.with_system(self.offer, self.chosen, rest)
        elif kind == "level":
            self.chosen = go.with_level(self.offer, self.chosen, rest)
        elif kind == "scenario":
            self.chosen = go.stepped(self.offer, self.chosen, int(rest))
        elif kind in TOLD:
            return kind
        return None

    def tap(self, x: int, y: int) -> str | None:
        """A tap on one of its widgets: what `activate` says (None also for a tap elsewhere)."""
        for w in self.widgets:
            if w.rect.collidepoint(x, y) and w.enabled:
                return self.activate(w.id)
        return None

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, p: Painter, area: pygame.Rect, actions: pygame.Rect, touch: int,
             focus: str | None = None) -> None:
        mark = len(p.widgets)
        region = p.region
        pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=12)
        inner = area.inflate(-2 * GAP - 4, -2 * GAP)
        sc = go.current(self.offer, self.chosen)
        y = inner.y
        if len(self.offer.systems) > 1:
            y = self._systems(p, pygame.Rect(inner.x, y, inner.width, touch), touch, focus,
                              sc.ruleset if sc else "") + GAP
        left_w = max(round(inner.width * 0.56), min(inner.width, 5 * touch))
        if inner.width - left_w < 5 * touch:   # a narrow screen: one column, rules first
            left_w = inner.width
        body = pygame.Rect(inner.x, y, inner.width, inner.bottom - y)
        if sc is not None:
            used = self._levels(p, pygame.Rect(body.x, body.y, left_w, body.height), touch,
                                focus, sc)
            if left_w == inner.width:
                right = pygame.Rect(body.x, body.y + used + GAP, body.width,
                                    body.height - used - GAP)
            else:
                right = pygame.Rect(body.x + left_w + 2 * GAP, body.y,
                                    body.width - left_w - 2 * GAP, body.height)
            self._scenario(p, right, touch, focus, sc)
        p.region = region + "-actions" if region else "actions"
        self._actions(p, actions, touch, focus, sc is not None)
        p.region = region
        self.widgets = p.widgets[mark:]

    def _systems(self, p: Painter, row: pygame.Rect, touch: int, focus: str | None,
                 ruleset: str) -> int:
        n = len(self.offer.systems)
        w = (row.width - GAP * (n - 1)) // n
        for i, sy in enumerate(self.offer.systems):
            r = pygame.Rect(row.x + i * (w + GAP), row.y, w, touch)
            note, px = _fitted(p, sy.tail, w - 12)
            head = sy.head.upper()   # four systems to a row: a long name in smaller type
            size: str | int = next((s for s in ("body", *range(p.sizes["body"] - 1,
                                                               p.sizes["small"] - 1, -1))
                                    if p.font(s).size(head)[0] <= w - 12), "body")
            wid = Widget(f"offer-system:{sy.ruleset}", r, head, bool(self.offer.of(
                sy.ruleset)), "no scenario of it is installed", note)
            p.button(wid, chosen=sy.ruleset == ruleset, focused=focus == wid.id, size=size,
                     note_size=px)
        return row.y + touch

    def _levels(self, p: Painter, col: pygame.Rect, touch: int, focus: str | None,
                sc: go.ScenarioOffer) -> int:
        """The system's levels (or its one set of rules); returns the height used."""
        system = self.offer.system(sc.ruleset)
        y = col.y
        p.text("THE RULES", (col.x, y), "small", theme.ACCENT_2, col.width)
        y += p.line_height("small") + 2
        if not system.levels:
            y += p.wrap(f"{system.title}: one set of rules, nothing to choose.",
                        pygame.Rect(col.x, y, col.width, 3 * p.line_height("small")), "small",
                        theme.TEXT, 3)
            return y - col.y
        bw = min(col.width // 2, max(round(2.5 * touch), max(
            p.font("body").size(lv.title)[0] + 24 for lv in system.levels)))
        chosen = self.chosen.level(sc.ruleset)
        small = p.line_height("small")
        for n, lv in enumerate(system.levels):
            suggested = self.first and n == 0
            text = f"{FIRST_NOTE_WORDS}. {lv.line}" if suggested else lv.line
            lines = p.lines(text, col.width - bw - GAP, "small")
            h = max(touch, len(lines) * small)
            if y + h > col.bottom:
                break
            wid = Widget(f"offer-level:{lv.id}", pygame.Rect(col.x, y, bw, touch), lv.title)
            p.button(wid, chosen=lv.id == chosen, focused=focus == wid.id)
            p.wrap(text, pygame.Rect(col.x + bw + GAP, y, col.width - bw - GAP, h), "small",
                   theme.BUTTON_ACTIVE if suggested else theme.TEXT)
            y += h + GAP // 2
        return y - col.y

    def _scenario(self, p: Painter, col: pygame.Rect, touch: int, focus: str | None,
                  sc: go.ScenarioOffer) -> None:
        mine = self.offer.of(sc.ruleset)
        small = p.line_height("small")
        head = f"THE SCENARIO · {mine.index(sc) + 1} OF {len(mine)}"
        p.text(head, (col.x, col.y), "small", theme.ACCENT_2, col.width)
        y = col.y + small + 2
        name_lines = p.lines(sc.name, col.width - 2 * (touch + GAP) - 16, "body")
        h = max(touch, min(3, len(name_lines)) * p.line_height("body") + 8)
        many = len(mine) > 1
        for step, label, x in ((-1, "<", col.x), (1, ">", col.right - touch)):
            wid = Widget(f"offer-scenario:{step:+d}", pygame.Rect(x, y, touch, h), label, many)
            p.button(wid, focused=focus == wid.id, size="large")
        box = pygame.Rect(col.x + touch + GAP, y, col.width - 2 * (touch + GAP), h)
        pygame.draw.rect(p.surface, theme.BUTTON_ACTIVE, box, border_radius=10)
        p.wrap(sc.name, box.inflate(-16, -8), "body", theme.TEXT_DARK, 3)
        y += h + GAP
        for text, colour in ((sc.goal, theme.BUTTON_ACTIVE), (sc.story, theme.TEXT_DIM)):
            y += _whole_sentences(p, text, pygame.Rect(col.x, y, col.width, col.bottom - y),
                                  colour) + 4

    def _actions(self, p: Painter, row: pygame.Rect, touch: int, focus: str | None,
                 can_start: bool) -> None:
        pygame.draw.rect(p.surface, theme.BACKGROUND, row)
        y = row.y + (row.height - touch) // 2
        x = row.x
        for wid_id, label, shown in (("offer-back", "BACK", self.back),
                                     ("offer-keys", "KEYS", self.keys)):
            if shown:
                w = max(2 * touch, p.font("body").size(label)[0] + 24)
                wid = Widget(wid_id, pygame.Rect(x, y, w, touch), label)
                p.button(wid, focused=focus == wid.id, colour=theme.ACCENT_3)
                x += w + GAP
        w = max(3 * touch, p.font("body").size(self.start_label)[0] + 32)
        start = Widget("offer-start", pygame.Rect(row.right - w, y, w, touch), self.start_label,
                       can_start, "no scenario is installed")
        p.button(start, focused=focus == start.id, colour=theme.ACCENT)


FIRST_NOTE_WORDS = go.FIRST_LEVEL_NOTE[:1].upper() + go.FIRST_LEVEL_NOTE[1:]


def _fitted(p: Painter, text: str, width: int) -> tuple[str, int]:
    """`text` in the largest size from "small" down that keeps it whole, else nothing."""
    small = p.sizes["small"]
    for px in range(small, max(9, small - 6) - 1, -1):
        if text and p.font(px).size(text)[0] <= width:
            return text, px
    return "", small


def _whole_sentences(p: Painter, text: str, rect: pygame.Rect, colour: theme.Colour) -> int:
    """As many of `text`'s sentences as fit `rect` whole (none cut); returns the height used."""
    sentences = [s for s in re.split(r"(?<=[.!?])\s+", " ".join(text.split())) if s]
    step = p.line_height("small")
    shown: list[str] = []
    for s in sentences:
        if len(p.lines(" ".join([*shown, s]), rect.width, "small")) * step > rect.height:
            break
        shown.append(s)
    if not shown:
        return 0
    return p.wrap(" ".join(shown), rect, "small", colour)
