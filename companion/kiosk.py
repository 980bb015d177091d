"""Kiosk mode, for a convention floor: attract mode until a crew sits down.

- Attract mode: with no crew, the autopilots play `attract_scenario` on the display, an action
  every `attract_step_ms`, with the panels' lights alive (they show the attract game's seats).
  Attract games are not saved: the SD card is written only for crew games.
- Any station button (or a key standing in for one, or a tap) starts a crew game from the
  configuration's scenario and seats, saved like any other.
- A crew game with no input for `idle_minutes` (or over, after a while) returns to attract mode;
  a game left idle is marked abandoned in the store (`starbridge games` lists it; `play --resume
  N` can still go on with it).
- After a crash or a power cut during a crew game, the next start goes straight back into that
  game (the save store's unfinished game, replayed to its last accepted action), not attract
  mode; it says so in one line on stderr (the journal).
- Closing the window and Escape do nothing; only the Instructor's combination (`exit_buttons`
  held together at the Instructor panel, or `exit_keys` held together) leaves kiosk mode.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from companion.app import WATCH, App
from companion.config import Config
from companion.saved_game import SavedGame
from companion.store import ABANDONED, DAMAGED, OVER, Store, StoreError
from engine.errors import EngineError

END_SHOWN_S = 30.0   # the after-action report stays up this long before attract mode returns


K = TypeVar("K")


def attract_seats(seats: Mapping[K, str]) -> dict[K, str]:
    """Attract mode's seats: the autopilot plays every seat, and a seat played at a panel is
    watched there (its lights follow the game) so a press can start a crew game."""
    return {k: (WATCH if m == "panel" else "autopilot") for k, m in seats.items()}


class Kiosk:
    """Alternates attract and crew games on one screen; `step` is one turn of the loop."""

    def __init__(self, config: Config, store: Store | None, surface: Any,
                 make_table: Callable[[SavedGame, bool], Any],
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
        self.say(f"starbridge: kiosk: resuming crew game {info.id} ({info.title}) after "
                 f"{len(game.actions)} actions")
        self._play(game, crew=True)
        return True

    def _start(self, crew: bool) -> None:
        scenario = self.new_scenario(None if crew else self.config.attract_scenario)
        seed = self.config.seed or random.randrange(1, 2**31)
        from companion.play_cmd import seats_for
        from engine import new_game

        ships = [str(s["id"]) for s in scenario["ships"]]
        seats = seats_for(self.config, new_game(scenario), ships, autopilot=False)
        game = SavedGame.new(self.store if crew else None, scenario, seed,
                             {f"{s}/{st}": m for (s, st), m in seats.items()})
        self._play(game, crew)

    def _play(self, game: SavedGame, crew: bool) -> None:
        if self.app is not None:
            self.app.close()
            self.app = None
        table = self.make_table(game, not crew)
        self.app = App(game, table)
        self.mode = "crew" if crew else "attract"
        self.ended_at = None
        self.games += crew

    def start_attract(self) -> None:
        self._start(crew=False)

    def start_crew(self) -> None:
        self._start(crew=True)

    def step(self) -> bool:
        """One turn of the loop; False only when the Instructor's combination was used."""
        app = self.app
        assert app is not None
        before = app.last_input
        if self.mode == "attract":
            pressed = self._any_press(app)
            app.step()
            if app.exit_asked:
                return False
            if pressed or app.last_input != before:
                self.start_crew()
            elif app.game.over:
                self.start_attract()
            return True
        app.step()
        if app.exit_asked:
            return False
        t = self.clock()
        if app.game.over and self.ended_at is None:
            self.ended_at = t
        idle = t - app.last_input > self.config.idle_minutes * 60
        if idle or (self.ended_at is not None and t - self.ended_at > END_SHOWN_S):
            self.abandon(app.game)
            self.start_attract()
        return True

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
    from companion.paths import user_data_dir
    from companion.play_cmd import build_table, new_scenario, open_consoles, open_hardware

    store, notes = Store.open_folder(user_data_dir())
    for note in notes:
        say(f"starbridge: {note}")
    args = argparse.Namespace(turns=None, scenario=None)
    hw = open_hardware(config, False, True, say)
    surface = hw.surface
    consoles = open_consoles(config, say)   # phones join crew games, not attract mode

    def make_table(game: SavedGame, attract: bool) -> Any:
        table = build_table(game, config, hw, False, say)
        table.exit_keys, table.exit_buttons = config.exit_keys, config.exit_buttons
        if attract:
            table.step_s = config.attract_step_ms / 1000
            table.seats = attract_seats(table.seats)
        else:
            table.consoles = consoles
        return table

    kiosk = Kiosk(config, store, surface, make_table,
                  lambda name: new_scenario(config, args, data_dir, name), say=say)
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
            consoles.close()
        store.close()
    return 0
