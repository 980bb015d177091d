"""The bridge display drawn headless for a moment of a game: the screens `starbridge screenshot` and
the documentation's screenshots render."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import Action, GameState, Prompt, Seat, apply, decide, new_game, pending, scenario_ruleset
from engine.events import Event
from engine.stations import INSTRUCTOR, STATION_NAMES

Until = Callable[[GameState, Prompt, Seat], bool]
LEVELS = ("basic", "advanced", "expert", "command")
"""The playable rules levels a screen can be staged at (engine PLAYABLE_LEVELS)."""


def _mine(p: Prompt, seat: Seat) -> bool:
    return seat.ship is None or p.ship == seat.ship


def _to_hit(p: Prompt) -> bool:
    """A roll to hit, as its purpose says ("to-hit" in FASA's words, "to hit" in others')."""
    return "to-hit" in p.what or "to hit" in p.what


def _dice(p: Prompt) -> bool:
    """The second or a later die of a roll of several dice (`RollRequest.dice`)."""
    return p.roll is not None and p.roll.dice[0] > 1


SCREENS: dict[str, tuple[str | None, Until | None]] = {
    # screen: (panel to bring forward, the moment to stop at)
    "map": (None, None),
    "engineering": ("engineer", lambda s, p, seat: p.station == "engineer" and p.roll is None
                    and _mine(p, seat)),
    "helm": ("helm", lambda s, p, seat: p.station == "helm" and p.roll is None
             and p.what.startswith("move") and _mine(p, seat)),
    "arming": ("helm", lambda s, p, seat: p.action == "arm_weapons" and _mine(p, seat)),
    "fire": ("helm", lambda s, p, seat: p.station == "helm" and p.roll is None
             and p.what.startswith("declare") and _mine(p, seat)),
    # the Weapons station's decision (fire, ICMs), where a ruleset has that station
    "weapons": ("weapons", lambda s, p, seat: p.station == "weapons" and p.roll is None
                and _mine(p, seat)),
    "science": ("science", lambda s, p, seat: p.station == "science" and p.roll is None
                and _mine(p, seat)),
    "captain": ("captain", None),
    # the seat's own decision (not a roll), whatever its ruleset calls it: an away team's
    # character choosing his action
    "decide": (None, lambda s, p, seat: p.roll is None and p.station == seat.station
               and _mine(p, seat)),
    # officers deciding at once (Command & Control): Helm's arming beside Science's shields,
    # each in a part of the panel's place (display.draw_split)
    "split": (None, lambda s, p, seat: {"helm", "science"} <= {
        q.station for q in pending(s) if q.roll is None and _mine(q, seat)}),
    "instructor": ("instructor", None),
    "seats": (None, None),   # the Instructor's Seats view (see stage_seats)
    "roll": (None, lambda s, p, seat: p.roll is not None and _to_hit(p)
             and _mine(p, seat)),
    "why": (None, lambda s, p, seat: p.roll is not None and _to_hit(p)
            and _mine(p, seat)),
    # expert: the explanation of a damage location roll on the seat's own ship (the Detailed
    # Damage Location Charts) and of its Skill Roll (percentile dice and their modifiers)
    "why-location": (None, lambda s, p, seat: p.roll is not None
                     and "damage location" in p.what and _mine(p, seat)),
    "why-skill": (None, lambda s, p, seat: p.roll is not None and "Skill Roll" in p.what
                  and _mine(p, seat)),
    # the mover decides (Helm, or the Captain in the split crews): its panel comes forward
    "evade": (None, lambda s, p, seat: p.action == "evade" and p.roll is None
              and _mine(p, seat)),
    "end": (None, lambda s, p, seat: False),
    # a variant's Firing Phase (Battlestations!): the Fire / No Fire counter laid face down, and
    # the tactical heading change after the moves
    "counters": (None, lambda s, p, seat: p.action == "fire_counter" and p.roll is None
                 and _mine(p, seat)),
    "tactical": (None, lambda s, p, seat: p.action == "tactical_turn" and p.roll is None
                 and _mine(p, seat)),
    # the second or a later die of a roll of several dice (a hull damage roll's "die 2 of 3")
    "dice": (None, lambda s, p, seat: _dice(p) and _mine(p, seat)),
    # the Master Control Panel's page of the seat's ship (expert only), opened from its panel
    "record": ("captain", None),
    "rolls": (None, lambda s, p, seat: p.roll is not None and _to_hit(p)
              and int(getattr(s, "phase", 0)) >= 3),
    # a player of a referee's turn (the half-impulse variant's, docs/display.md): his unit's
    # space of movement (in the Second Phase), his answer in response to the mover, a launch,
    # a roll-off for initiative, and the drones and plasmas' movement after a phase
    "mover": (None, lambda s, p, seat: p.roll is None and p.what.startswith("move")
              and _mine(p, seat)),
    "second-phase": (None, lambda s, p, seat: p.roll is None and p.what.startswith("move")
                     and _mine(p, seat) and int(getattr(s, "phase", 0)) == 2),
    "response": (None, lambda s, p, seat: p.roll is None and "(response" in p.what
                 and _mine(p, seat)),
    "launch": (None, lambda s, p, seat: p.roll is None and "launch" in p.action
               and _mine(p, seat)),
    "roll-off": (None, lambda s, p, seat: p.roll is not None and "Roll-off" in p.what
                 and _mine(p, seat)),
    "drones": (None, lambda s, p, seat: p.roll is None and getattr(s, "stage", "") == "drones"
               and _mine(p, seat)),
    # the kiosk's screens (companion/table/kiosk.py): the invitation over a demonstration game, the
    # briefing when a crew sits down, the countdown before an idle crew's game is left
    "attract": (None, None),
    "briefing": (None, None),
    "countdown": (None, None),
}
KIOSK_SCREENS = ("attract", "briefing", "countdown")


def parse_seat(text: str) -> Seat:
    """`--seat STATION:SHIP` (or `instructor`); ValueError says what is wrong, in a line."""
    station, _, ship = (part.strip() for part in text.partition(":"))
    if station in STATION_NAMES and station != INSTRUCTOR and not ship:
        raise ValueError(f"--seat {text!r}: a station's seat names its ship too, as STATION:SHIP, "
                         f"e.g. {station}:enterprise")
    try:
        return Seat(station, ship or None)
    except ValueError as exc:
        raise ValueError(f"--seat {text!r}: {exc}") from None


def parse_size(text: str) -> tuple[int, int]:
    w, sep, h = text.lower().partition("x")
    if not sep or not w.strip().isdigit() or not h.strip().isdigit():
        raise ValueError(f"--size {text!r}: give it as WIDTHxHEIGHT, e.g. 800x480")
    size = int(w), int(h)
    if not (640 <= size[0] <= 7680 and 400 <= size[1] <= 4320):
        raise ValueError(f"--size {text!r}: from 640x400 up to 7680x4320")
    return size


def advance(state: GameState, seat: Seat, turns: int, until: Until | None, seed: int,
            actions: list[Action] | None = None) -> tuple[GameState, list[Event]]:
    """Autopilots and virtual dice play `turns` game turns, then on until `until` holds; the
    actions taken are added to `actions` when given."""
    dice = VirtualDice(seed)
    events: list[Event] = []
    for _ in range(100_000):
        prompts = pending(state)
        if not prompts:
            break
        prompt = prompts[0]
        if int(getattr(state, "turn", 0)) > turns and (until is None or until(state, prompt, seat)):
            break
        action = dice.roll(prompt.roll) if prompt.roll else decide(state, prompt)
        state, new = apply(state, action)
        events.extend(new)
        if actions is not None:
            actions.append(action)
    return state, events


def _with_reports(until: Until, last_turn: int) -> Until:
    """`until`, once the seat's side has a sensor report to show (or from `last_turn` on)."""
    from engine import view

    def holds(state: GameState, prompt: Prompt, seat: Seat) -> bool:
        return until(state, prompt, seat) and (
            bool(view(state, seat).get("sensor_reports"))
            or int(getattr(state, "turn", 0)) >= last_turn)
    return holds


def render(scenario: str, seat: Seat, size: tuple[int, int], turns: int, screen: str, seed: int,
           out: Path, data_dir: Path | None = None, level: str = "basic", rotate: int = 0) -> None:
    """Draw `screen` into the PNG `out`: the bridge of `seat` on a screen of `size` (as SDL has
    it) turned `rotate` degrees ([display] rotate): the picture is then drawn at the size the
    players see and turned onto the screen the way the app turns it (display.screen)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from display.bridge_display import BridgeDisplay

    pygame.font.init()
    tab, until = SCREENS[screen]
    if screen == "science" and level in ("advanced", "expert") and until is not None:
        until = _with_reports(until, turns + 3)   # Science's readings list the reports
    prepared = prepare(load_scenario(scenario, data_dir), data_dir, level, None,
                       30 if screen == "end" else turns + 10)
    if level == "command":   # the crewed ships' officers, rated by the seed (nothing saved)
        from companion.table.crew_play import with_crews
        prepared = with_crews(prepared, {}, None, seed, lambda _: None, save=False)[0]
    state = new_game(prepared)
    if seat.ship is not None and seat.ship not in {s.get("id") for s in _ships(state)}:
        raise ValueError(f"--seat: no ship {seat.ship!r} in {scenario}; ships: "
                         f"{', '.join(str(s.get('id')) for s in _ships(state))}")
    actions: list[Action] = []
    state, _ = advance(state, seat, turns, until, seed, actions)
    if rotate:
        from display.screen import open_screen, turned

        surface = open_screen(turned(size, rotate), False, rotate)
    else:
        surface = pygame.Surface(size)
    display = BridgeDisplay(surface, seat, lambda _: None)
    display.rebuild(state, prepared, actions)   # the ticker and the Rolls list as they came
    if screen.startswith("why"):   # answer the roll, then open its explanation
        request = pending(state)[0].roll
        if request is not None:
            state, more = apply(state, VirtualDice(seed).roll(request))
            display.show(state, more)
            display.activate("why")
    if screen == "rolls":
        display.activate("rolls")
    if tab is not None and tab in display.stations():
        display.activate(f"tab:{tab}")
    if screen == "seats":
        stage_seats(display, state)
    if screen == "record":
        display.activate("record")
    stage_overlays(display, state, prepared, seat, screen, data_dir)
    display.draw(force=True)
    if screen == "fire":   # show a weapon's arc and the line to its target
        picks = [w.id for w in display.widgets
                 if w.id.startswith("pick:") and not w.id.endswith(":-") and w.enabled]
        if picks:
            display.activate(picks[0])
            display.draw(force=True)
    out.parent.mkdir(parents=True, exist_ok=True)
    picture = surface
    if rotate:   # the screen as the app shows it: the picture turned onto it
        from display.screen import present

        present(surface)
        picture = pygame.display.get_surface() or surface
    try:
        pygame.image.save(picture, str(out))
    except pygame.error as exc:   # a folder, a read-only place, a name pygame cannot write
        raise OSError(str(exc)) from None


INSTRUCTOR_SCREENS = ("instructor", "seats")
ADVANCED_SCREENS = {"evade": ("advanced", "expert", "command"), "record": ("expert", "command"),
                    "why-location": ("expert", "command"), "why-skill": ("expert",)}
def stage_seats(display: Any, state: GameState) -> None:
    """Open the Seats view as a table would have it: the first ship's crew at the default pin
    map's panels, the other ships on the autopilot (their panels greyed out: taken), and one
    change asked for the next turn."""
    from companion.table.admiral_seats import admiral_seats
    from companion.table.seat_changes import SeatChanges
    from engine import crew_stations
    from hardware.pinmap import load_pinmap

    ships = [str(s["id"]) for s in _ships(state)]
    seats = {(ship, st): ("panel" if ship == ships[0] else "autopilot")
             for ship in ships for st in crew_stations(state, ship)}
    seats.update({key: "autopilot" for key in admiral_seats(state)})  # the optional Admirals
    names = {str(s["id"]): str(s["name"]) for s in _ships(state)}
    changes = SeatChanges()
    pins = load_pinmap()
    changes.ask(seats, (ships[0], "science"), "touch", pins, names)
    display.show_seats(changes.rows(seats, pins, names))
    display.activate("seats")


def stage_overlays(display: Any, state: GameState, scenario: dict[str, Any], seat: Seat,
                   screen: str, data_dir: Path | None = None) -> None:
    """The screens the app lays over the bridge: the end screen's offer ("end"), the kiosk's."""
    if screen == "end":
        from companion.table.first_game import game_offer
        from display.endgame import EndgameScreen

        ruleset = scenario_ruleset(scenario)
        display.add_overlay(EndgameScreen(
            lambda _: None, 1, lambda: game_offer(data_dir, ruleset),
            (ruleset, str(scenario.get("id", "")), str(scenario.get("level") or ""))))
    if screen in KIOSK_SCREENS:
        stage_kiosk(display, state, scenario, seat, screen)


def stage_kiosk(display: Any, state: GameState, scenario: dict[str, Any], seat: Seat,
                screen: str) -> None:
    """The kiosk's overlay as the kiosk shows it: the seat's ship's crew at its panels."""
    from display.draw_attract import KioskScreen, briefing
    from engine import crew_stations
    from engine.stations import title

    ship = seat.ship or str(_ships(state)[0]["id"])
    kiosk = KioskScreen()
    kiosk.brief = briefing(scenario, {f"{ship}/{st}": "panel"
                                      for st in crew_stations(state, ship)},
                           {st: title(st) for st in STATION_NAMES})
    kiosk.set(screen, 42)
    display.add_overlay(kiosk)
    if screen == "attract":   # the demonstration's panels' lights, as a PC's mocked panels show
        display.show_lights({"helm": {"green": 1.0, "red": 1.0}, "engineer": {"red": 1.0}})


def _ships(state: GameState) -> list[dict[str, Any]]:
    from engine import view
    return list(view(state, Seat("instructor"))["ships"])


