"""Kiosk mode, for a convention floor: attract mode until a crew sits down.

- Attract mode: with no crew, the autopilots play `attract_scenario` on the display, an action
  every `attract_step_ms`, with the panels' lights alive (they show the attract game's seats).
  Attract games are not saved: the SD card is written only for crew games. The screen invites
  a crew (display/draw_attract.py): what this is, "press any button or tap to take the bridge".
- A crew game starts with a briefing (the scenario, its goal, who the crew is, what to press)
  until the crew's first press; the last minute before an idle game is left is counted down; at
  the end, the end screen offers a rematch, another scenario, or back to attract mode.
- The journal (stderr) gets a line when a crew game starts, ends, is abandoned or left, and when
  the Instructor's combination leaves kiosk mode.
- Any station button (or a key standing in for one, or a tap) starts a crew game from the
  configuration's scenario and seats, saved like any other.
- A crew game with no input for `idle_minutes` (or over, after a while) returns to attract mode;
  a game left idle is marked abandoned in the store (`starbridge games` lists it; `play --resume
  N` can still go on with it).
- After a crash or a power cut during a crew game, the next start goes straight back into that
  game (the save store's unfinished game, replayed to its last accepted action), not attract
  mode; it says so in one line on stderr (the journal). A game left on purpose (the
  Instructor's combination, or Escape twice in `starbridge play`) is kept but not resumed.
- Closing the window and Escape do nothing; only the Instructor's combination (`exit_buttons`
  held together at the Instructor panel, or `exit_keys` held together) leaves kiosk mode.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeVar

from companion.saves.saved_game import SavedGame
from companion.saves.store import ABANDONED, DAMAGED, OVER, Store, StoreError
from companion.settings.config import Config
from companion.table.app import WATCH, App, Table
from display.draw_attract import ATTRACT, BRIEFING, COUNTDOWN, KioskScreen, briefing
from display.game_offer import parse_choice
from engine import Seat, view
from engine.errors import EngineError
from engine.stations import INSTRUCTOR, STATION_NAMES, title

END_SHOWN_S = 30.0   # the after-action report stays up this long before attract mode returns
COUNTDOWN_S = 60.0   # an idle crew's game shows its countdown this long before it is left
BRIEFING_S = 90.0    # the briefing stays up this long, or until the crew's first press
STATION_TITLES = {st: title(st) for st in STATION_NAMES}


K = TypeVar("K")


def attract_seats(seats: Mapping[K, str]) -> dict[K, str]:
    """Attract mode's seats: the autopilot plays every seat, and a seat played at a panel is
    watched there (its lights follow the game) so a press can start a crew game."""
    return {k: (WATCH if m == "panel" else "autopilot") for k, m in seats.items()}


class Kiosk:
    """Alternates attract and crew games on one screen; `step` is one turn of the loop."""

    def __init__(self, config: Config, store: Store | None, surface: Any,
                 make_table: Callable[[SavedGame, bool], Table],
                 new_scenario: Callable[[str | None], dict[str, Any]],
                 clock: Callable[[], float] = time.monotonic,
                 say: Callable[[str], None] = lambda _line: None) -> None:
        self.config, self.store, self.surface = config, store, surface
        self.make_table, self.new_scenario, self.clock = make_table, new_scenario, clock
        self.say = say
        self.mode = "attract"
        self.app: App | None = None
        self.ended_at: float | None = None
        self.games = 0
        self.started_at = clock()
        self.screen = KioskScreen()
        if not self.resume_crew():
            self.start_attract()

    def resume_crew(self) -> bool:
        """After a crash or power cut during a crew game: back into it, at its last accepted
        action. False (and attract mode is for the caller) when there is none to go on with."""
        info = self.store.unfinished() if self.store is not None else None
        if self.store is None or info is None:
            return False
        try:
            game = SavedGame.resume(self.store, info.id)
        except StoreError as exc:   # its lines fail their checks: marked damaged, kept
            self.say(f"starbridge: kiosk: crew game {info.id} cannot be resumed: {exc}")
            return False
        except EngineError as exc:   # it does not replay (e.g. the ship data changed)
            self.store.set_status(info.id, DAMAGED)
            self.say(f"starbridge: kiosk: crew game {info.id} cannot be resumed ({exc}); it is "
                     f"marked damaged and kept")
            return False
        if game.over:   # ended as the power went: nothing to go on with
            self.store.set_status(info.id, OVER)
            return False
        for note in game.notes:   # a snapshot that could not be used
            self.say(f"starbridge: kiosk: {note}")
        self.say(f"starbridge: kiosk: resuming crew game {info.id} ({info.title}) after "
                 f"{len(game.actions)} actions")
        self._play(game, crew=True)
        return True

    def _start(self, crew: bool, scenario: dict[str, Any] | None = None,
               seats: Mapping[str, str] | None = None) -> None:
        if scenario is None:
            scenario = self.new_scenario(None if crew else self.config.attract_scenario)
        seed = self.config.seed or random.randrange(1, 2**31)
        from companion.table.table_setup import seats_for
        from engine import new_game

        if seats is None:
            ships = [str(s["id"]) for s in scenario["ships"]]
            seats = {f"{s}/{st}": m for (s, st), m in
                     seats_for(self.config, new_game(scenario), ships, autopilot=False).items()}
        game = SavedGame.new(self.store if crew else None, scenario, seed, seats)
        if crew:
            self.say(f"starbridge: kiosk: crew game {game.id} started: "
                     f"{scenario.get('name', scenario.get('id'))}")
        self._play(game, crew)

    def _play(self, game: SavedGame, crew: bool) -> None:
        held: set[str] = set()
        consoles = None
        if self.app is not None:
            held = self.app.held   # keys still held down (the Instructor's combination)
            consoles = self.app.consoles
            self.app.close()
            self.app = None
        # the kiosk's own screens brief its crews (and invite them)
        table = replace(self.make_table(game, not crew), briefing=False)
        if consoles is not None and table.consoles is None:
            consoles.detach()   # attract mode: the crew game's phones are sent away
        self.app = App(game, table, frozenset(held))
        self.mode = "crew" if crew else "attract"
        self.ended_at = None
        self.started_at = self.clock()
        self.games += crew
        self.screen = KioskScreen()
        display = self.app.display
        if display is not None:
            if not crew:   # a demonstration just starts again
                display.remove_overlay(getattr(self.app, "endgame", None))
            display.add_overlay(self.screen)
            self.screen.brief = briefing(game.scenario, game.seats, STATION_TITLES)
        self._show(ATTRACT if not crew else BRIEFING)

    def _show(self, mode: str | None, seconds: int = 0) -> None:
        app = self.app
        if self.screen.set(mode, seconds) and app is not None and app.display is not None:
            app.display.redraw()

    def start_attract(self) -> None:
        self._start(crew=False)

    def start_crew(self, scenario: dict[str, Any] | None = None,
                   seats: Mapping[str, str] | None = None) -> None:
        self._start(crew=True, scenario=scenario, seats=seats)

    def step(self) -> bool:
        """One turn of the loop; False only when the Instructor's combination was used."""
        app = self.app
        assert app is not None
        before = app.last_input
        if self.mode == "attract":
            pressed = self._any_press(app)
            app.last_key = None
            app.step()
            if app.exit_asked:
                return self._left()
            # the Instructor's keys, on the way to the combination, start no crew game
            instructor = app.last_key in self.config.exit_keys and not pressed
            if (pressed or app.last_input != before) and not instructor:
                self.start_crew()
            elif app.game.over:
                self.start_attract()
            return True
        app.step()
        if app.exit_asked:
            return self._left()
        if app.next_game is not None:   # the end screen's choice
            self._next(app)
            return True
        t = self.clock()
        self._crew_screens(app)   # drawn at the next step
        if app.game.over and self.ended_at is None:
            self.ended_at = t
            outcome = view(app.game.state, Seat(INSTRUCTOR)).get("outcome") or "the game ended"
            self.say(f"starbridge: kiosk: crew game {app.game.id} over: {outcome} "
                     f"({len(app.game.actions)} actions)")
        idle = t - app.last_input > self.idle_s
        if idle or (self.ended_at is not None and t - self.ended_at > END_SHOWN_S):
            if not app.game.over:
                self.say(f"starbridge: kiosk: crew game {app.game.id} abandoned: no input for "
                         f"{self.config.idle_minutes:g} minutes ({len(app.game.actions)} "
                         f"actions); back to attract mode")
            self.abandon(app.game)
            self.start_attract()
        return True

    @property
    def idle_s(self) -> float:
        return self.config.idle_minutes * 60

    def _crew_screens(self, app: App) -> None:
        """The briefing until the crew's first press, the countdown before an idle game is
        left, and at the end how long the end screen stays."""
        t = self.clock()
        endgame = getattr(app, "endgame", None)
        if app.game.over:
            self._show(None)
            if endgame is not None and self.ended_at is not None:
                left = max(0, math.ceil(END_SHOWN_S - (t - self.ended_at)))
                note = f"The demonstration returns in {left} s."
                if note != endgame.note and app.display is not None:
                    endgame.note = note
                    app.display.redraw()
            return
        idle = t - app.last_input
        warn = min(COUNTDOWN_S, self.idle_s / 2)
        if idle > self.idle_s - warn:
            self._show(COUNTDOWN, max(0, math.ceil(self.idle_s - idle)))
        elif app.last_input <= self.started_at and t - self.started_at < BRIEFING_S:
            self._show(BRIEFING)
        else:
            self._show(None)

    def _next(self, app: App) -> None:
        choice, game = app.next_game or "", app.game
        if choice == "rematch":
            self.start_crew(dict(game.scenario), game.seats)
        elif choice.startswith("scenario:"):   # "scenario:<id>[@<level>]"
            self.start_crew(self.new_scenario(choice.removeprefix("scenario:")))
        else:
            self.say(f"starbridge: kiosk: the crew of game {game.id} left the bridge; back to "
                     f"attract mode")
            self.start_attract()

    def _left(self) -> bool:
        if self.mode == "crew" and self.app is not None:   # left on purpose, not cut off: the
            self.app.game.left()                          # next start does not resume it
        keys = "+".join(self.config.exit_keys)
        self.say(f"starbridge: kiosk: left with the Instructor's combination ({keys}, or the "
                 f"Instructor panel's {'+'.join(self.config.exit_buttons)})")
        return False

    def abandon(self, game: SavedGame) -> None:
        """The crew left `game` unfinished: marked so that the next start does not resume it."""
        if self.store is not None and game.store is not None and not game.over:
            self.store.set_status(game.id, ABANDONED)

    def _any_press(self, app: App) -> bool:
        """A station button went down (attract mode takes no actions from the panels)."""
        t = self.clock()
        return any(p.kind != "release" for b in app.bridges for p in b.presses(t)) if \
            app.bridges else False

    def close(self) -> None:
        if self.app is not None:
            self.app.close()


def run_kiosk(config: Config, data_dir: Path | None, say: Callable[[str], None]) -> int:
    from companion.settings.paths import user_data_dir
    from companion.table.table_setup import build_table, new_scenario, open_consoles, open_hardware

    store, notes = Store.open_folder(user_data_dir())
    for note in notes:
        say(f"starbridge: {note}")
    args = argparse.Namespace(turns=None, scenario=None)
    hw = open_hardware(config, False, True, say)
    surface = hw.surface
    consoles = open_consoles(config, say,   # phones join crew games, not attract mode
                             wake=hw.wakeups.wake if hw.wakeups is not None else None)

    def make_table(game: SavedGame, attract: bool) -> Table:
        table = build_table(game, config, hw, False, say, None, data_dir,
                            consoles=None if attract else consoles)
        table = replace(table, exit_keys=config.exit_keys, exit_buttons=config.exit_buttons)
        if attract:   # the autopilots play, an action every attract_step_ms
            table = replace(table, step_s=config.attract_step_ms / 1000,
                            seats=attract_seats(table.seats))
        return table

    def scenario(name: str | None) -> dict[str, Any]:
        """The scenario `name` names ("skirmish", or "skirmish@advanced" from the end screen's
        chooser), the configuration's when None."""
        bare, level = parse_choice(name) if name else ("", "")
        return new_scenario(config, args, data_dir, bare or None, level or None)

    kiosk = Kiosk(config, store, surface, make_table, scenario, say=say)
    say("starbridge: kiosk mode; the Instructor's "
        f"{'+'.join(config.exit_keys)} (held together) leaves it")
    try:
        while kiosk.step():
            assert kiosk.app is not None
            kiosk.app.wait()
    finally:
        kiosk.close()
        hw.close()
        if consoles is not None:
            consoles.close("The table has closed.")
        store.close()
    return 0
