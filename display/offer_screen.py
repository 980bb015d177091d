"""The game chooser on the whole screen, before a game exists (a new table's first game): a
title bar, the chooser (display.draw_game_offer) and, from its KEYS, the sheet of the panels'
keys (display.draw_keys). `run_offer` runs its own short loop until START or the window closes.

Keys: Left/Right the scenario, Up/Down the level, Tab the next button, Enter presses it (with
none chosen: START), Escape leaves."""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from display import game_offer as go
from display import theme
from display.draw_game_offer import GameChooser
from display.draw_keys import draw_keys
from display.keys_sheet import PanelKeys, keys_sheet
from display.layout import GAP, layout
from display.paint import Painter
from display.screen import events, present


class OfferScreen:
    """The chooser and its KEYS sheet drawn on `surface`; `handle` returns the choice made
    ("scenario:<id>[@<level>]"), "quit", or None while the table is still choosing."""

    def __init__(self, surface: pygame.Surface, chooser: GameChooser, title: str,
                 panel_keys: Sequence[PanelKeys] = ()) -> None:
        self.surface, self.chooser, self.title = surface, chooser, title
        self.panel_keys = tuple(panel_keys)
        self.lay = layout(*surface.get_size())
        self.painter = Painter(surface, self.lay.fonts)
        self.focus: str | None = None
        self.showing_keys = False
        self.keys_page = 0

    def draw(self) -> None:
        p, lay = self.painter, self.lay
        w, h = self.surface.get_size()
        p.reset()
        self.surface.fill(theme.BACKGROUND)
        bar_h = lay.bar[3]
        p.region = "bar"
        p.pill(pygame.Rect(0, 0, w, bar_h), theme.ACCENT_3, radius=bar_h // 2)
        big = p.line_height("large")
        p.text(f"STARBRIDGE · {self.title}", (bar_h // 2, (bar_h - big) // 2), "large",
               theme.TEXT_DARK, w - bar_h)
        actions_h = lay.actions[3]
        area = pygame.Rect(0, bar_h + GAP, w, h - bar_h - actions_h - 2 * GAP)
        actions = pygame.Rect(GAP, h - actions_h, w - 2 * GAP, actions_h)
        if self.showing_keys:
            pages = draw_keys(p, keys_sheet(self.panel_keys), area, actions, lay.touch,
                              self.keys_page, self.focus)
            self.keys_page = min(self.keys_page, pages - 1)
            return
        p.region = "offer"
        self.chooser.draw(p, area, actions, lay.touch, self.focus)

    def activate(self, wid: str) -> str | None:
        self.focus = None if not wid.startswith("offer-") else self.focus
        if wid == "close-keys":
            self.showing_keys, self.keys_page = False, 0
            return None
        if wid.startswith("page:"):
            self.keys_page = max(0, self.keys_page + int(wid.partition(":")[2]))
            return None
        told = self.chooser.activate(wid)
        if told == "keys":
            self.showing_keys, self.focus = True, None
        elif told == "start":
            return self.chooser.choice
        elif told == "back":
            return "back"
        return None

    def tap(self, x: int, y: int) -> str | None:
        for wd in self.painter.widgets:
            if wd.rect.collidepoint(x, y) and wd.enabled:
                return self.activate(wd.id)
        return None

    def key(self, key: int, mod: int = 0) -> str | None:
        if key == pygame.K_ESCAPE:
            return "quit"
        ids = [wd.id for wd in self.painter.widgets if wd.enabled]
        if key == pygame.K_TAB and ids:
            back = bool(mod & pygame.KMOD_SHIFT)
            n = ids.index(self.focus) if self.focus in ids else (0 if back else -1)
            self.focus = ids[(n + (-1 if back else 1)) % len(ids)]
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            target = self.focus if self.focus in ids else (
                "close-keys" if self.showing_keys else "offer-start")
            if target in ids:
                return self.activate(target)
        elif not self.showing_keys and key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.activate(f"offer-scenario:{-1 if key == pygame.K_LEFT else 1:+d}")
        elif not self.showing_keys and key in (pygame.K_UP, pygame.K_DOWN):
            self._level_step(-1 if key == pygame.K_UP else 1)
        return None

    def _level_step(self, step: int) -> None:
        c = self.chooser
        sc = go.current(c.offer, c.chosen)
        if sc is None:
            return
        ids = [lv.id for lv in c.offer.system(sc.ruleset).levels]
        now = c.chosen.level(sc.ruleset)
        if ids:
            n = ids.index(now) if now in ids else 0
            c.activate(f"offer-level:{ids[max(0, min(len(ids) - 1, n + step))]}")

    def handle(self, event: pygame.event.Event) -> str | None:
        w, h = self.surface.get_size()
        if event.type == pygame.QUIT:
            return "quit"
        if event.type == pygame.KEYDOWN:
            return self.key(event.key, event.mod)
        if event.type == pygame.FINGERDOWN:
            return self.tap(int(event.x * w), int(event.y * h))
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and not getattr(event, "touch", False):
            return self.tap(*event.pos)
        return None


def run_offer(surface: pygame.Surface, offer: go.GameOffer, chosen: go.Chosen, title: str,
              panel_keys: Sequence[PanelKeys] = (),
              max_frames: int | None = None) -> str | None:
    """The chooser until START (its choice) or the window is closed or Escape pressed (None);
    `max_frames` bounds it (tests: None when no choice was made in that many frames)."""
    screen = OfferScreen(surface, GameChooser(offer, chosen, first=True, keys=bool(panel_keys)),
                         title, panel_keys)
    clock = pygame.time.Clock()
    frames = 0
    dirty = True
    while max_frames is None or frames < max_frames:
        frames += 1
        if dirty:
            screen.draw()
            present(surface)   # turned as the screen is
            dirty = False
        for event in events():
            got = screen.handle(event)
            dirty = True
            if got == "quit":
                return None
            if got is not None and got != "back":
                return got
        clock.tick(30)
    return None
