"""The kiosk's own screens, laid over the bridge (display.overlay): the invitation while the
autopilots play a demonstration, the briefing when a crew sits down, and the countdown before an
idle crew's game is left.

- "attract": the station panel's place (and the mocked panels' lights) says what this is and
  "press any button or tap to take the bridge"; any tap is taken here (the kiosk starts the crew
  game), so it never acts on the demonstration's panel.
- "briefing": in the map's place until the crew's first press: the scenario's name and goal, who
  they are and what to press.
- "countdown": a banner over the map: the game is left in N seconds unless somebody presses.
Pure models (`attract_lines`, `briefing`, `countdown_lines`) and one overlay class.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pygame

from display import theme
from display.layout import Layout
from display.overlay import cover
from display.paint import Painter
from engine import game_title, level_line, scenario_ruleset, variant_title

ATTRACT, BRIEFING, COUNTDOWN = "attract", "briefing", "countdown"
INVITE = "PRESS ANY BUTTON OR TAP TO TAKE THE BRIDGE"
DEFAULT_GOAL = "Destroy, capture or drive off every enemy ship."


def attract_lines() -> tuple[str, ...]:
    """What the invitation says, after its title (STARBRIDGE) and before INVITE."""
    return ("A starship bridge for FASA's Star Trek Starship Tactical Combat Simulator: "
            "a crew of 3 to 6 commands one ship at the station panels, the dice decide.",
            "The ships you see are on autopilot: a demonstration game.")


@dataclass(frozen=True, slots=True)
class Briefing:
    title: str                    # the scenario's name
    story: str                    # its description
    goal: str                     # what wins, for the crew's side
    crew: tuple[str, ...]         # "You are the crew of USS Enterprise (Federation): ..."
    press: tuple[str, ...]        # what to press
    rules: str = ""               # the game system and level played, and what its rules add


def briefing(scenario: Mapping[str, Any], seats: Mapping[str, str],
             titles: Mapping[str, str], keys: bool = False) -> Briefing:
    """The briefing for a crew game of `scenario` (its plain data), the seats ("ship/station"
    -> mode) and the stations' `titles` (station -> "Chief Engineer" ...); `keys`: keys stand
    in for the panels (a PC), and KEYS says which."""
    ships = {str(s.get("id")): s for s in scenario.get("ships", ()) if isinstance(s, Mapping)}
    people: dict[str, list[str]] = {}
    for key, mode in seats.items():
        ship, _, station = key.partition("/")
        if mode in ("panel", "touch") and ship in ships:
            people.setdefault(ship, []).append(titles.get(station, station))
    crew, sides = [], set()
    for ship, stations in people.items():
        s = ships[ship]
        sides.add(str(s.get("side")))
        crew.append(f"You are the crew of {s.get('name', ship)} ({s.get('side')}): "
                    f"{', '.join(stations)}.")
    if not crew:
        crew.append("The autopilots fly every ship: watch, or ask the Instructor for a seat.")
    goal = scenario_goal(scenario, sides)
    press: tuple[str, ...] = (
        "The station that must act lights green at its panel and comes forward on the right: "
        "step its values (its buttons, or tap them), confirm, and roll when the screen asks.",)
    if keys:
        press += ("KEYS, the lights under the map, shows which key is which panel's button.",)
    press += ("Press anything to begin.",)
    return Briefing(str(scenario.get("name") or scenario.get("id") or "A scenario"),
                    " ".join(str(scenario.get("description") or "").split()),
                    goal, tuple(crew), press, rules_line(scenario))


def rules_line(scenario: Mapping[str, Any]) -> str:
    """"Basic rules: Book One's game: ..." (the scenario's level and its line), or the game
    system's title for a ruleset without levels."""
    ruleset = scenario_ruleset(scenario)
    try:
        title = game_title(ruleset)
    except KeyError:
        return ""
    level = str(scenario.get("level") or "")
    line = level_line(ruleset, level) if level else ""
    variant = variant_title(ruleset, str(scenario.get("variant") or ""))
    if variant:   # a variant laid over the level's rules: named first, it is what is played
        return f"{variant} over the {level} rules. {line}" if line else f"{variant}. {title}"
    return f"{level.capitalize()} rules. {line}" if line else title


def scenario_goal(scenario: Mapping[str, Any], sides: Collection[str]) -> str:
    """What wins for `sides` (their decisive victory's reason, or their first clause's `text`:
    the away team's), else the plain goal."""
    clauses = [v for v in scenario.get("victory", ()) or ()
               if isinstance(v, Mapping) and v.get("side") in sides]
    goal = next((str(v.get("why")) for v in clauses
                 if v.get("why") and v.get("result") == "decisive victory"), None) or \
        next((str(v.get("text")) for v in clauses if v.get("text")), DEFAULT_GOAL)
    return goal[:1].upper() + goal[1:]


def countdown_lines(seconds: int) -> tuple[str, str]:
    """The countdown's headline and the line under it."""
    return (f"THIS GAME IS LEFT IN {seconds} s",
            "Nobody has pressed anything for a while: press any button or tap to carry on "
            "(the game stays saved).")


class KioskScreen:
    """The overlay: `mode` is ATTRACT, BRIEFING, COUNTDOWN or None (nothing drawn); `brief` is
    what BRIEFING shows (the game's, given when the screen is made)."""

    def __init__(self, brief: Briefing | None = None) -> None:
        self.mode: str | None = None
        self.brief = brief
        self.seconds = 0
        self.area: pygame.Rect | None = None   # where the briefing was drawn (the map's place)

    def set(self, mode: str | None, seconds: int = 0) -> bool:
        """Change what is shown; whether anything changed (the display is then redrawn)."""
        changed = (mode, seconds) != (self.mode, self.seconds)
        self.mode, self.seconds = mode, seconds
        return changed

    def draw(self, p: Painter, lay: Layout, view: Mapping[str, Any]) -> None:
        if self.mode == ATTRACT:
            self._attract(p, lay)
        elif self.mode == BRIEFING and self.brief is not None:
            self._briefing(p, lay, self.brief)
        elif self.mode == COUNTDOWN:
            self._countdown(p, lay)

    def tap(self, x: int, y: int) -> bool:
        """Attract mode takes every tap (the kiosk starts a crew game); the briefing a tap on
        itself (it goes: the input the table waits for), not one on the live panel beside it."""
        if self.mode == BRIEFING:
            return self.area is None or self.area.collidepoint(x, y)
        return self.mode == ATTRACT

    def key(self, key: int) -> bool:
        return self.mode in (ATTRACT, BRIEFING)

    def _attract(self, p: Painter, lay: Layout) -> None:
        tabs, panel, actions = pygame.Rect(lay.tabs), pygame.Rect(lay.panel), \
            pygame.Rect(lay.actions)
        cover(p, tabs.union(actions))   # the tabs, the panel and its action row
        pygame.draw.rect(p.surface, theme.BACKGROUND, tabs.union(actions))
        pygame.draw.rect(p.surface, theme.PANEL, panel.union(actions), border_radius=12)
        p.region = "tabs"   # the title where the tabs were
        big = p.line_height("large")
        p.text("STARBRIDGE", (tabs.x + 12, tabs.centery - big // 2), "large", theme.ACCENT,
               tabs.width - 24)
        inner = panel.inflate(-24, -16)
        invite = pygame.Rect(inner.x, 0, inner.width, min(lay.touch * 2, inner.height // 2))
        invite.bottom = inner.bottom
        p.region = "panel"
        top = inner.y
        for line in attract_lines():
            room = pygame.Rect(inner.x, top, inner.width, max(0, invite.y - 8 - top))
            top += p.wrap(line, room, "body", theme.TEXT, 5) + 8
        p.pill(invite, theme.ACCENT, radius=18)
        _centred(p, INVITE, invite.inflate(-20, -8), "title", theme.TEXT_DARK)
        if lay.lights is not None:   # the demonstration's lights: say whose they are
            strip = pygame.Rect(lay.lights)
            cover(p, strip)
            p.region = "lights"
            pygame.draw.rect(p.surface, theme.PANEL, strip, border_radius=8)
            p.text("DEMONSTRATION: the autopilots play every station", (strip.x + 12,
                   strip.y + 4), "small", theme.ACCENT_3, strip.width - 24)

    def _briefing(self, p: Painter, lay: Layout, b: Briefing) -> None:
        area = self.area = pygame.Rect(lay.map)
        cover(p, area)
        p.region = "map"
        pygame.draw.rect(p.surface, theme.PANEL, area, border_radius=12)
        inner = area.inflate(-24, -16)
        y = p.text("YOUR MISSION", (inner.x, inner.y), "small", theme.ACCENT_2,
                   inner.width).bottom
        y += p.wrap(b.title, pygame.Rect(inner.x, y, inner.width, inner.height), "large",
                    theme.ACCENT, 2) + 4
        blocks: list[tuple[str, theme.Colour]] = [(b.rules, theme.ACCENT_3)] if b.rules else []
        story = [(b.story, theme.TEXT_DIM)] if b.story else []
        rest = [(b.goal, theme.BUTTON_ACTIVE)] + [(c, theme.TEXT) for c in b.crew]
        rest += [(line, theme.TEXT_DIM) for line in b.press]
        step = p.line_height("small")

        def height(items: list[tuple[str, theme.Colour]]) -> int:
            return sum(len(p.lines(t, inner.width, "small")) * step + 6 for t, _ in items)

        # the story gives way first, then the rules' line: the goal, the crew and what to press
        # (the last line says how to begin) are what a crew needs
        if height(blocks + story + rest) <= inner.bottom - y:
            blocks += story
        elif height(blocks + rest) - 6 > inner.bottom - y:   # (no gap after the last line)
            blocks = []
        for text, colour in blocks + rest:
            room = pygame.Rect(inner.x, y, inner.width, max(0, inner.bottom - y))
            if room.height < step:
                break
            y += p.wrap(text, room, "small", colour, 4) + 6

    def _countdown(self, p: Painter, lay: Layout) -> None:
        mx, my, mw, mh = lay.map
        head, detail = countdown_lines(self.seconds)
        big, small = p.line_height("large"), p.line_height("small")
        band = pygame.Rect(mx, my + mh - big - small * 2 - 20, mw, big + small * 2 + 20)
        cover(p, band)
        p.region = "map"
        pygame.draw.rect(p.surface, theme.ALERT, band, border_radius=12)
        p.text(head, (band.x + 12, band.y + 6), "large", theme.TEXT_DARK, band.width - 24)
        p.wrap(detail, pygame.Rect(band.x + 12, band.y + 8 + big, band.width - 24, small * 2),
               "small", theme.TEXT_DARK, 2)


def _centred(p: Painter, text: str, area: pygame.Rect, size: str, colour: theme.Colour) -> None:
    lines: Sequence[str] = p.lines(text, area.width, size)
    step = p.line_height(size)
    y = area.centery - step * len(lines) // 2
    for line in lines:
        p.text(line, (area.centerx, y), size, colour, area.width, align="center")
        y += step
