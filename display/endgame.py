"""The end of a game: what next, in the station panel's place beside the after-action report.

REMATCH (the same scenario and seats, fresh dice), ANOTHER SCENARIO (a list of the scenarios on
offer) and QUIT (in a kiosk: back to the demonstration), with a line that says the game is saved
and where. A choice goes to `choose` as "rematch", "scenario:<id>" or "quit"; the app starts
the next game or leaves. Shown only while the view has an outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from display import theme
from display.layout import Layout
from display.overlay import cover
from display.paint import Painter, Widget


@dataclass(frozen=True, slots=True)
class Choice:
    id: str          # "rematch", "scenarios", "scenario:<id>", "back", "quit"
    label: str
    enabled: bool = True
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class EndgameModel:
    title: str
    lines: tuple[str, ...]
    choices: tuple[Choice, ...]


def saved_line(saved_as: int | None) -> str:
    if saved_as is None:
        return "This game was not saved (a demonstration)."
    return f"The game is saved as game {saved_as} (starbridge games lists it)."


def endgame_model(view: Mapping[str, Any], saved_as: int | None,
                  scenarios: Sequence[tuple[str, str]], listing: bool = False,
                  kiosk: bool = False, note: str = "") -> EndgameModel:
    """What the end screen offers for `view` (an outcome in it); `listing`: the scenarios."""
    outcome = str(view.get("outcome") or "The game is over")
    if listing:
        choices = tuple(Choice(f"scenario:{sid}", name) for sid, name in scenarios)
        return EndgameModel("ANOTHER SCENARIO", ("Tap the scenario to play next.",),
                            choices + (Choice("back", "BACK"),))
    lines = [outcome, saved_line(saved_as)]
    if note:
        lines.append(note)
    return EndgameModel("GAME OVER", tuple(lines), (
        Choice("rematch", "REMATCH"),
        Choice("scenarios", "ANOTHER SCENARIO", bool(scenarios),
               None if scenarios else "No other scenario is installed"),
        Choice("quit", "LEAVE THE BRIDGE" if kiosk else "QUIT")))


class EndgameScreen:
    """The overlay (display.overlay) that offers the next game at the end of one."""

    def __init__(self, choose: Callable[[str], None], saved_as: int | None,
                 scenarios: Sequence[tuple[str, str]] = (), kiosk: bool = False) -> None:
        self.choose, self.saved_as, self.kiosk = choose, saved_as, kiosk
        self.scenarios = tuple(scenarios)
        self.listing = False
        self.note = ""   # e.g. the kiosk's "the demonstration returns in 20 s"
        self.widgets: list[Widget] = []

    def model(self, view: Mapping[str, Any]) -> EndgameModel | None:
        if not view.get("outcome"):
            return None
        return endgame_model(view, self.saved_as, self.scenarios, self.listing, self.kiosk,
                             self.note)

    def draw(self, p: Painter, lay: Layout, view: Mapping[str, Any]) -> None:
        self.widgets = []
        model = self.model(view)
        if model is None:
            self.listing = False
            return
        tabs, panel, actions = pygame.Rect(lay.tabs), pygame.Rect(lay.panel), \
            pygame.Rect(lay.actions)
        cover(p, tabs.union(actions))   # the tabs, the panel and its action row
        pygame.draw.rect(p.surface, theme.BACKGROUND, tabs.union(actions))
        pygame.draw.rect(p.surface, theme.PANEL, panel, border_radius=12)
        p.region = "tabs"   # the title where the tabs were
        big = p.line_height("large")
        p.text(model.title, (tabs.x + 12, tabs.centery - big // 2), "large", theme.ACCENT,
               tabs.width - 24)
        gap, touch = 8, lay.touch
        inner = panel.inflate(-24, -16)
        *choices, last = model.choices
        room = max(0, (inner.height - p.line_height("small") * 2) // (touch + gap))
        cols = 1 if len(choices) <= room else 2   # a long list of scenarios: two columns,
        choices = choices[:room * cols]           # as many as fit
        rows = -(-len(choices) // cols)
        width = (inner.width - gap * (cols - 1)) // cols
        top = inner.bottom - rows * (touch + gap) + gap
        p.region = "panel"
        y = inner.y
        for line in model.lines:
            y += p.wrap(line, pygame.Rect(inner.x, y, inner.width, max(0, top - gap - y)),
                        "small", theme.TEXT, 4) + 4
        rects = [pygame.Rect(inner.x + (n // rows) * (width + gap), top + (n % rows) * (touch + gap),
                             width, touch) for n in range(len(choices))]
        rects.append(pygame.Rect(actions.x, actions.y + (actions.height - touch) // 2,
                                 actions.width, touch))
        for c, rect in zip([*choices, last], rects, strict=True):
            p.region = "actions" if rect is rects[-1] else "panel"
            wid = Widget(f"end:{c.id}", rect, c.label, c.enabled, c.reason)
            colour = theme.ACCENT if c.id in ("rematch", "quit") else theme.BUTTON
            p.button(wid, colour=colour)
            self.widgets.append(wid)

    def tap(self, x: int, y: int) -> bool:
        for w in self.widgets:
            if w.rect.collidepoint(x, y):
                if w.enabled:
                    self.activate(w.id.removeprefix("end:"))
                return True
        return False

    def key(self, key: int) -> bool:
        return False

    def activate(self, choice: str) -> None:
        if choice == "scenarios":
            self.listing = True
        elif choice == "back":
            self.listing = False
        else:
            self.listing = False
            self.choose(choice)
