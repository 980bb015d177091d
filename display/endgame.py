"""The end of a game: what next, in the station panel's place beside the after-action report.

REMATCH (the same scenario and seats, fresh dice), NEXT LEVEL (the same scenario at the next
level up: ADVANCED after a basic game), ANOTHER SCENARIO (the game chooser,
display.draw_game_offer: the game systems, which scenarios are whose, a level, START) and QUIT
(in a kiosk: back to the demonstration), with a line that says the game is saved and where. A
choice goes to `choose` as "rematch", "scenario:<id>[@<level>]" or "quit"; the app starts the
next game or leaves. Shown only while the view has an outcome.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import pygame

from display import game_offer as go
from display import theme
from display.draw_game_offer import GameChooser
from display.layout import Layout
from display.overlay import cover
from display.paint import Painter, Widget


@dataclass(frozen=True, slots=True)
class EndgameChoice:
    id: str          # "rematch", "scenarios", "scenario:<id>", "back", "quit"
    label: str
    enabled: bool = True
    reason: str | None = None


@dataclass(frozen=True, slots=True)
class EndgameModel:
    title: str
    lines: tuple[str, ...]
    choices: tuple[EndgameChoice, ...]


def saved_line(saved_as: int | None) -> str:
    if saved_as is None:
        return "This game was not saved (a demonstration)."
    return f"The game is saved as game {saved_as} (starbridge games lists it)."


def endgame_model(view: Mapping[str, Any], saved_as: int | None, offer: go.GameOffer | None,
                  current: tuple[str, str] = ("", ""), kiosk: bool = False,
                  note: str = "") -> EndgameModel:
    """What the end screen offers for `view` (an outcome in it); `current`: the scenario just
    played (as the offer names it) and its level, for NEXT LEVEL."""
    outcome = str(view.get("outcome") or "The game is over")
    lines = [outcome, saved_line(saved_as)]
    if note:
        lines.append(note)
    scenarios = offer.scenarios if offer is not None else ()
    found = next((s for s in scenarios if s.id == current[0]), None)
    up = go.next_level(offer, found.ruleset, current[1]) if offer and found else ""
    nxt = (EndgameChoice(f"scenario:{current[0]}@{up}", f"NEXT LEVEL: {up.upper()}"),) if up else ()
    return EndgameModel("GAME OVER", tuple(lines), (
        EndgameChoice("rematch", "REMATCH"), *nxt,
        EndgameChoice("scenarios", "ANOTHER SCENARIO", bool(scenarios),
               None if scenarios else "No other scenario is installed"),
        EndgameChoice("quit", "LEAVE THE BRIDGE" if kiosk else "QUIT")))


class EndgameScreen:
    """The overlay (display.overlay) that offers the next game at the end of one."""

    def __init__(self, choose: Callable[[str], None], saved_as: int | None,
                 offered: Callable[[], go.GameOffer | None] = lambda: None,
                 game: tuple[str, str, str] = ("", "", ""), kiosk: bool = False) -> None:
        """`offered` gives what may be played next (asked once, when the game ends: reading
        every scenario is not done at start); `game`: the game's ruleset, scenario and level."""
        self.choose, self.saved_as, self.kiosk = choose, saved_as, kiosk
        self.offered, self.game = offered, game
        self._offer: tuple[go.GameOffer | None] | None = None
        self.chooser: GameChooser | None = None   # ANOTHER SCENARIO: the game chooser open
        self._note = ""   # e.g. the kiosk's "the demonstration returns in 20 s"
        self.widgets: list[Widget] = []

    @property
    def listing(self) -> bool:
        return self.chooser is not None

    @property
    def offer(self) -> go.GameOffer | None:
        if self._offer is None:
            self._offer = (self.offered(),)
        return self._offer[0]

    @property
    def current(self) -> tuple[str, str]:
        """The scenario just played as the offer names it, and its level."""
        offer = self.offer
        ruleset, scenario, level = self.game
        return (offer.named(ruleset, scenario) if offer is not None else "", level)

    def set_note(self, note: str) -> bool:
        """Say `note` under the outcome; whether it changed (the display is then redrawn)."""
        changed, self._note = note != self._note, note
        return changed

    def model(self, view: Mapping[str, Any]) -> EndgameModel | None:
        if not view.get("outcome"):
            return None
        return endgame_model(view, self.saved_as, self.offer, self.current, self.kiosk,
                             self._note)

    def draw(self, p: Painter, lay: Layout, view: Mapping[str, Any]) -> None:
        self.widgets = []
        model = self.model(view)
        if model is None:
            self.chooser = None
            return
        tabs, panel, actions = pygame.Rect(lay.tabs), pygame.Rect(lay.panel), \
            pygame.Rect(lay.actions)
        if self.chooser is not None:   # the game chooser over all but the phase bar
            area = pygame.Rect(0, lay.map[1], lay.width, actions.y - 6 - lay.map[1])
            cover(p, pygame.Rect(0, lay.map[1], lay.width, lay.height - lay.map[1]))
            p.region = "offer"
            self.chooser.draw(p, area, pygame.Rect(6, actions.y, lay.width - 12,
                                                   actions.height), lay.touch)
            self.widgets = list(self.chooser.widgets)
            return
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
        return self.chooser is not None   # the chooser covers the screen: taken

    def key(self, key: int) -> bool:
        return False

    def activate(self, choice: str) -> None:
        if choice.startswith("offer-") and self.chooser is not None:
            told = self.chooser.activate(choice)
            if told == "back":
                self.chooser = None
            elif told == "start":
                choice, self.chooser = self.chooser.choice, None
                self.choose(choice)
            return
        if choice == "scenarios" and self.offer is not None:
            found = next((s for s in self.offer.scenarios if s.id == self.current[0]), None)
            chosen = go.start(self.offer, self.current[0], self.current[1])
            if found is not None:   # another of the same system first, if it has one
                chosen = go.stepped(self.offer, chosen, 1)
            self.chooser = GameChooser(self.offer, chosen, back=True, start_label="PLAY")
        elif choice == "back":
            self.chooser = None
        else:
            self.chooser = None
            self.choose(choice)
