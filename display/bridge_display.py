"""The bridge display: one pygame scene for a seat (a ship's crew, or the Instructor).

An app drives it: `show(state, events)` after each applied action, `frame()` in its loop (or
`handle(event)` + `draw()`), and takes what the crew decides from `on_output`: engine actions
to apply, or a `Request` for something only the app can do (roll the table's dice, undo).
The display never applies actions itself and never rolls dice, and the app tells it things
through its methods, never its fields (`add_overlay`, `show_message`, `put_held_away`...).

It holds the scene's state (what the seat is shown and where it is looking); its parts take of
it only what each needs, typed by a protocol: `bridge_input` (`Inputs`: a pygame event, a tap, a
key), `bridge_taps` (`Taps`: what a widget does, by its kind), `bridge_edit` (`Editing`: a
decision's fields and CONFIRM), `panel_follow` (the physical panels' edits) and `draw_scene`
(`Scene`, read only: the frame drawn, and what it learnt given back as `Drawn`).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pygame

from display import bridge_input, bridge_taps, offers, ruling_panel
from display.browse import RollsBrowser
from display.draw_consoles import ConsoleCode, ConsoleNetwork
from display.draw_mcp import RecordPage
from display.draw_scene import Drawn, draw_scene
from display.draw_station_screens import StationFrames
from display.game_link import (
    Open,
    open_decisions,
    plots_course,
    replayed,
    seat_side,
    seat_view,
    shot_needs,
    stations_of,
    told,
    weapon_range,
    why_not,
)
from display.geometry import MapFrame
from display.holds import Holds
from display.keys_sheet import PanelKeys
from display.layout import Layout, layout
from display.lights_model import Levels, PanelLights, lights_strip
from display.overlay import Overlay
from display.paint import Painter, Widget
from display.panel_follow import FollowsPanels
from display.panel_sync import Key
from display.placing import FIELDS, placed_view, places
from display.requests import Output as Output
from display.requests import Request as Request
from display.screen import events, present
from display.targets import told_apart
from display.together import together
from engine import Action, GameState, Seat
from engine.events import Event
from engine.stations import INSTRUCTOR
from readouts.map_model import MapModel, map_model
from readouts.panel_model import DecisionEditor, PanelView, movement_left, panel_model
from readouts.roll_log import RollLog
from readouts.seats_model import SeatRow
from readouts.shield_marks import shield_marks
from readouts.shown_roll import rolled_by, shown_roll
from readouts.status_model import (
    last_roll,
    ship_names,
)

log = logging.getLogger(__name__)



class BridgeDisplay(FollowsPanels):
    def __init__(self, surface: pygame.Surface, seat: Seat, on_output: Callable[[Output], None],
                 *, dice_status: str = "virtual", follow: bool = True,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.surface = surface
        self.seat = seat
        self.on_output = on_output
        self.dice_status = dice_status
        self.follow = follow
        self.layout: Layout = layout(*surface.get_size())
        self.painter = Painter(surface, self.layout.fonts)
        self.state: GameState | None = None
        self.view: dict[str, Any] = {}
        self.history: list[tuple[int, Event]] = []
        self.opens: list[Open] = []
        self.editors: dict[Key, DecisionEditor] = {}
        self.tab = INSTRUCTOR if seat.ship is None else "captain"
        self.page = 0
        self.focus: str | None = None
        self.message: str | None = None
        self.last_roll = ""
        self.browser = RollsBrowser()       # the Rolls list, or a roll's explanation, opened
        self.weapon: str | None = None
        self.target: str | None = None
        self.dirty = True
        self.frames_drawn = 0
        self.clock = pygame.time.Clock()
        self.map_frame: MapFrame | None = None   # where the map was last drawn, for taps
        # the view the map's window was chosen for (the object itself: an id is reused once
        # its object is gone, and a later view must not take an older one's window by chance)
        self.map_kept: object = None
        self._map_cache: tuple[tuple[object, ...], MapModel] | None = None
        self.lights: tuple[PanelLights, ...] | None = None   # the mocked panels' lights
        self.light_rects: list[pygame.Rect] = []
        self.seat_rows: tuple[SeatRow, ...] | None = None   # the Instructor's Seats view
        self.showing_seats = False
        self.ending = False   # the Instructor's END GAME ruling in the overview's place
        self.seats_page = 0
        self.console_codes: tuple[ConsoleCode, ...] | None = None   # show_consoles
        self.console_network: ConsoleNetwork | None = None
        self.station_frames: StationFrames | None = None   # the panels' own displays, on a PC
        self.panel_keys: tuple[PanelKeys, ...] = ()   # the pin map's keys (show_keys)
        self.showing_keys = False           # the KEYS sheet in front (display.draw_keys)
        self.keys_page = 0
        self.showing_consoles = False
        FollowsPanels.__init__(self)        # the physical panels' edits (panel_follow)
        self._overlays: list[Overlay] = []   # drawn over the bridge, asked first (overlay.py)
        self.holds = Holds(clock)           # a roll's result held; a text opened whole
        self.record = RecordPage()          # the Master Control Panel page (Expert)
        self.armed: Key | None = None   # CONFIRM tapped once
        self.offer: Key | None = None   # the offer opened
        self.hint: str | None = None   # a panel's hint ("Spread evenly"): no refusal, not red
        self.split = False   # officers deciding at once share the panel's place (draw_split)
        self.fills: dict[Key, int] = {}   # FILL's last quick fill
        self.tens: int | None = None        # percentile dice by hand: the tens die tapped
        self.roll_on_screen: object = None   # the roll request whose dialog was drawn last
        self.tray_face = ""   # what the tray's die showed for the roll shown next ("d20 14
        #                       reads 4": set by the app before it applies the tray's roll)

    # -- the game -------------------------------------------------------------------------
    def show(self, state: GameState, events: Sequence[Event] = ()) -> None:
        """Show `state`, after `events` (everything is filtered for this display's seat); the
        result of a roll this seat's crew made is held in the panel's place for a moment."""
        seen_before = self.rolls.seen
        seen = self._record(self.state, state, events)
        newest = self.rolls.newest()
        if newest is not None and self.rolls.seen > seen_before and rolled_by(seen, self.seat):
            self.holds.hold(replace(shown_roll(newest, seen), face=self.tray_face))
        self.tray_face = ""
        self._present(state)

    def rebuild(self, state: GameState, scenario: Mapping[str, Any],
                actions: Sequence[Action]) -> None:
        """Show `state` with the ticker, the report's history and the Rolls list that replaying
        `actions` from `scenario` makes, as told to this seat: for a resumed game, and after the
        Instructor's undo (the rolls taken back go with their actions)."""
        self.rebuild_from(state, replayed(scenario, actions))

    def rebuild_from(self, state: GameState, steps: Iterable[
            tuple[GameState | None, GameState, Sequence[Event]]]) -> None:
        """As `rebuild`, from steps already replayed (state before, state after, events): a
        resumed game's own replay, so that the log is replayed once."""
        self.history.clear()
        self.rolls.clear()
        self.last_roll = ""
        self.opened = None   # the roll it showed may be gone
        self.holds.result = None
        failed = ""
        try:
            for before, after, events in steps:
                self._record(before, after, events)
        except Exception as exc:   # a log that does not replay: the game itself goes on
            log.exception("display: the game's log did not replay")
            failed = f"The earlier rolls could not all be rebuilt ({exc}); the game goes on."
        self._present(state)
        self.message = failed or self.message

    def _record(self, before: GameState | None, after: GameState,
                events: Sequence[Event]) -> tuple[Event, ...]:
        """Keep what this seat is told of `events` (one apply, from `before` to `after`): the
        ticker's lines, and the roll among them with its explanation; returns what was told."""
        seen = told(after, events, self.seat) if events else ()
        if not seen:
            return ()
        turn_no = int(getattr(after, "turn", 0))
        self.history.extend((turn_no, e) for e in seen)
        self.last_roll = last_roll(seen) or self.last_roll
        if before is not None:
            self.rolls.record(before, seen, seat_side(before, self.seat))
        return seen

    def _present(self, state: GameState) -> None:
        self.state = state
        self.view = seat_view(state, self.seat)
        old_keys = [o.key for o in self.opens]
        self.opens = open_decisions(state, self.seat)
        keys = [o.key for o in self.opens]
        if keys != old_keys:
            if self.opens:   # the seat must act: its panel comes back from the Rolls list
                self.browser.close()
                self.holds.reading = None
            self.editors = {k: v for k, v in self.editors.items() if k in keys}
            self._forget_cursors()
            self.page = 0
            if not self.showing_seats:   # the Seats view stays, with its focus, as play goes on
                self.focus = None
                self.message = None
            self.painter.widgets.clear()   # no tap may act on a decision not yet drawn
            self.offer = None   # an offer opened is put away when the game moves on
            self.tens = None
            if self.weapon is not None and not any(   # its arc goes with its decision
                    f.name == self.weapon for o in self.opens for f in o.decision.fields):
                self.weapon = self.target = None
            if self.opens:   # bring forward the panel of the station that must act
                first = next((o for o in self.opens if not o.decision.optional),
                             self.opens[0]).station
                self.tab = first if first in self.stations() else self.tab
            self.split = bool(self.together())   # or of every officer deciding at once
        self.back_to_acting()
        self.dirty = True

    def back_to_acting(self) -> None:
        """The screen returns to a station that must act when the one in front has nothing the
        game waits for (a press at an idle panel, a held result run out): never "Nothing to do
        now" while another tab is flagged."""
        waits = [o.station for o in self.opens
                 if not o.decision.optional and o.station in self.stations()]
        if not waits or self.tab in waits or self.showing_seats or self.showing_consoles \
                or self.ending or (self.tab == INSTRUCTOR and self.seat.ship is None):
            return
        self.tab, self.page, self.focus = waits[0], 0, None
        self.split = bool(self.together())
        self.dirty = True

    def together(self) -> tuple[str, ...]:
        """The stations deciding at once (display.together), none while one must roll."""
        return together(self.opens, self.stations()) if self.state is not None else ()

    def show_message(self, text: str | None) -> None:
        """Say `text` over the panel in front (a refusal, a warning) until the next tap or the
        next decision; None takes it away."""
        self.message, self.dirty = text, True

    def tray_read(self, face: str) -> None:
        """What the tray's die showed for the roll shown next, when it reads as another die
        ("d20 14 reads 4"): the app says it before it applies the tray's roll."""
        self.tray_face = face

    @property
    def overlays(self) -> tuple[Overlay, ...]:
        """The screens laid over the bridge, the last laid on top (asked first for a tap or a
        key)."""
        return tuple(self._overlays)

    def add_overlay(self, overlay: Overlay) -> None:
        """Lay `overlay` over the bridge, on top of those laid before (display.overlay)."""
        self._overlays.append(overlay)
        self.dirty = True

    def remove_overlay(self, overlay: Overlay | None) -> None:
        """Take `overlay` off the bridge; one not laid (or None) changes nothing."""
        if overlay is not None and overlay in self._overlays:
            self._overlays.remove(overlay)
            self.dirty = True

    def put_held_away(self) -> bool:
        """Put a roll's result held in the panel's place away (as a tap on it does): whether one
        was held."""
        if self.holds.dismiss():
            self.dirty = True
            return True
        return False

    def roll_seen(self, request: object) -> bool:
        """Whether the roll dialog drawn last asked for `request` (a panel's roll is made only
        once its dialog was on the screen)."""
        return self.roll_on_screen == request

    def redraw(self) -> None:
        """Draw again at the next frame: something drawn over the bridge (an overlay the app
        holds) changed."""
        self.dirty = True

    def bring_forward(self, station: str) -> None:
        """Put `station`'s panel in front, its first page, with the Rolls list put away (a
        press at that station's panel asks for what only its panel shows)."""
        self.tab, self.page, self.focus = station, 0, None
        self.browser.close()
        self.dirty = True

    def show_lights(self, levels: Levels | None) -> None:
        """Draw the mocked station panels' lights in a strip under the map: `levels` is
        `hardware.ship_bridge.Bridge.lit()` (panel -> light role -> level 0..1; several bridges'
        merged), None to take the strip away. Call it every frame while the panels run on
        the mock or the keyboard: it redraws only when a light changed."""
        strip = None if levels is None else lights_strip(levels)
        if strip == self.lights:
            return
        shown_before = self.lights is not None
        self.lights = strip
        if shown_before != (strip is not None):
            self.resize(self.surface)
        self.dirty = True

    def show_station_screens(self, frames: StationFrames | None) -> None:
        """The station panels' own displays as drawn on a PC (display.draw_station_screens);
        None takes them away. Redraws only when an image changed."""
        if frames != self.station_frames:
            self.station_frames, self.dirty = frames, True

    def show_keys(self, panels: tuple[PanelKeys, ...]) -> None:
        """The station panels' keys on a PC, for the KEYS sheet beside the lights strip."""
        if panels != self.panel_keys:
            self.panel_keys, self.dirty = panels, True

    def show_consoles(self, codes: tuple[ConsoleCode, ...] | None,
                      network: ConsoleNetwork | None = None) -> None:
        """The seats' console codes for the Instructor's Consoles view (None: no consoles), and
        the network their links are on."""
        self.console_codes, self.console_network, self.dirty = codes, network, True
        self.showing_consoles = self.showing_consoles and codes is not None

    def show_seats(self, rows: tuple[SeatRow, ...] | None) -> None:
        """How each seat is played, for the Instructor's Seats view (None: no such view). Only
        the Instructor's screen offers it: a player's screen ignores this."""
        rows = rows if self.seat.ship is None and self.seat.station == INSTRUCTOR else None
        if rows != self.seat_rows:
            self.seat_rows = rows
            self.showing_seats = self.showing_seats and rows is not None
            self.dirty = True

    def resize(self, surface: pygame.Surface) -> None:
        """Lay the bridge out afresh for `surface` (e.g. after the window was resized)."""
        self.surface = surface
        self.layout = layout(*surface.get_size(), lights=self.lights is not None)
        self.painter = Painter(surface, self.layout.fonts)
        self.map_frame = None
        self.dirty = True

    def set_dice_status(self, status: str) -> None:
        """What the phase bar says of the dice: "tray connected", "manual", "virtual"..."""
        if status != self.dice_status:
            self.dice_status = status
            self.dirty = True

    @property
    def why(self) -> tuple[str, ...]:
        """The newest roll's explanation (empty before the first roll)."""
        newest = self.rolls.newest()
        return newest.lines if newest is not None else ()

    @property
    def rolls(self) -> RollLog:
        """Every roll this seat was told of, explained (the Rolls list's)."""
        return self.browser.log

    @property
    def rolls_open(self) -> bool:
        """The Rolls list is in the panel's place."""
        return self.browser.open

    @rolls_open.setter
    def rolls_open(self, value: bool) -> None:
        self.browser.open = value

    @property
    def opened(self) -> int | None:
        """The roll whose explanation is in the panel's place."""
        return self.browser.opened

    @opened.setter
    def opened(self, value: int | None) -> None:
        self.browser.opened = value

    @property
    def browsing(self) -> bool:
        """The Rolls list or a roll's explanation is in the panel's place."""
        return self.browser.browsing

    def stations(self) -> tuple[str, ...]:
        if self.state is None:
            return (self.tab,)
        return stations_of(self.state, self.seat)

    def decision_at(self, station: str) -> Open | None:
        return next((o for o in self.opens if o.station == station
                     and ruling_panel.shown(o, self.ending) and offers.shown(o, self.offer)),
                    None)

    def editor_of(self, o: Open) -> DecisionEditor:
        ed = self.editors.get(o.key)
        if ed is None:
            ed = self.editors[o.key] = DecisionEditor(o.decision)
        return ed

    def panel_ship(self, o: Open | None, station: str | None = None) -> str | None:
        """The ship whose panel `station`'s tab (the current one) shows: the open decision's,
        the seat's own, else the first with readings for that station (where each ship has its
        own stations, as a character of the away team has one), else the first."""
        if o is not None and o.ship is not None:
            return o.ship
        if self.seat.ship is not None:
            return self.seat.ship
        ships = self.view.get("ships", ())
        at = station or self.tab
        manned = next((s for s in ships if isinstance(s.get("readings"), Mapping)
                       and at in s["readings"]), None)
        first = manned if manned is not None else ships[0] if ships else None
        return str(first["id"]) if first is not None else None

    # -- models -----------------------------------------------------------------------------
    def panel(self) -> PanelView | None:
        return self.panel_for(self.tab)

    def panel_for(self, station: str) -> PanelView | None:
        """The panel of `station` as this seat sees it, with its decision being edited."""
        if self.state is None:
            return None
        o = self.decision_at(station)
        ship = None if station == INSTRUCTOR else self.panel_ship(o)
        editor = self.editor_of(o) if o is not None and o.decision.action != "roll" else None
        state = self.state

        def note(field: str, value: object) -> str:
            """A target choice of a fire decision says what the shot needs."""
            if o is None or o.decision.action != "fire" or not isinstance(value, str):
                return ""
            need = shot_needs(o.decision, field, value)
            return f"needs 1-{need}" if need else ""

        return told_apart(panel_model(self.view, station, ship, editor,
                                      lambda a: why_not(state, a), note, self.cursor_of(o)),
                          ship_names(self.view))

    def map(self) -> MapModel:
        o = self.decision_at(self.tab)
        ship = self.panel_ship(o)
        moving, points, planned, letters, left = None, 0, "", "", None
        if o is not None and plots_course(o.decision):
            ed = self.editor_of(o)
            for f in o.decision.fields:
                if f.kind == "steps":
                    moving, points, planned = o.ship, f.maximum, str(ed.values.get(f.name) or "")
                    letters, left = f.alphabet, movement_left(f, planned)
        rng = 0
        if self.state is not None and ship is not None and self.weapon is not None:
            rng = weapon_range(self.view, ship, self.weapon)
        shields = shield_marks(self.view, ship, self._entering_shields(ship))
        view: Mapping[str, Any] = self.view
        placed: tuple[object, ...] = ()
        if o is not None and places(o.decision):   # the ship where it is being placed
            values = self.editor_of(o).values
            placed = tuple(values.get(n) for n in FIELDS)
            view = placed_view(self.view, o.ship, values)
        key = (id(self.view), ship, self.weapon, rng, self.target, moving, points, planned,
               letters, shields, placed)
        if self._map_cache is None or self._map_cache[0] != key:
            self._map_cache = (key, map_model(
                view, selected_ship=ship, weapon=self.weapon, weapon_range=rng,
                target=self.target, moving=moving, movement_points=points, planned=planned,
                letters=letters or "FPS", shields=shields, left=left))
        return self._map_cache[1]

    # -- input (display.bridge_input) ----------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        bridge_input.handle(self, event)

    def tap(self, x: int, y: int) -> None:
        bridge_input.tap(self, x, y)

    def tap_map(self, x: int, y: int) -> None:
        bridge_input.tap_map(self, x, y)

    def key(self, key: int, mod: int = 0) -> None:
        bridge_input.key(self, key, mod)

    def activate(self, wid: str) -> None:
        """Do what the widget `wid` does (display.bridge_taps; see display.draw_panel for the
        ids)."""
        bridge_taps.activate(self, wid)

    def show_arc(self, o: Open, field: str, target: str | None) -> None:
        """Stepping a weapon's power or picking its target shows its arc (and the target)."""
        if o.decision.action in ("arm_weapons", "fire"):
            self.weapon = field
            self.target = target

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, force: bool = False) -> bool:
        """Redraw if anything changed (or `force`: a held roll result's time ran out too);
        returns whether it drew."""
        drawn = self._draw(force)
        for o in self._overlays if drawn else ():
            o.draw(self.painter, self.layout, self.view)
        return drawn

    def _draw(self, force: bool) -> bool:
        if self.holds.due():   # the held result ran out: back to whoever must act
            self.back_to_acting()
            self.dirty = True
        if not (self.dirty or force):
            return False
        self.dirty = False
        self.frames_drawn += 1
        self._keep(draw_scene(self))
        return True

    def _keep(self, drawn: Drawn) -> None:
        """What the drawing learnt: where the map and the lights are (for taps), each view's
        pages, the panel's page a press asked for, the roll whose dialog was seen."""
        if drawn.map_frame is not None:
            self.map_frame, self.map_kept = drawn.map_frame, self.view
        if drawn.light_rects is not None:
            self.light_rects = drawn.light_rects
        if drawn.keys_pages is not None:
            self.keys_page = min(self.keys_page, drawn.keys_pages - 1)
        if drawn.seats_pages is not None:
            self.seats_page = min(self.seats_page, drawn.seats_pages - 1)
        if drawn.page is not None:
            self.page = drawn.page
        if drawn.sought:
            self.seek = None
        if drawn.roll is not None:
            self.roll_on_screen = drawn.roll

    def frame(self, fps: int = 0) -> bool:
        """One turn of the loop: tick (at most `fps` frames a second, sleeping the rest, so an
        idle table costs almost nothing; SDL's event wait polls on some drivers), drain the
        events, handle them, redraw on change, flip."""
        if fps > 0:
            self.clock.tick(fps)
        for event in events():
            self.handle(event)
        drawn = self.draw()
        if drawn:
            present(self.surface)
        return drawn

    def wake_in(self) -> float | None:
        """Seconds until the display must draw again with no input (a held roll result goes
        away), None when only input changes it: the app's loop may wait that long."""
        return self.holds.wake_in()

    @property
    def widgets(self) -> list[Widget]:
        return list(self.painter.widgets)

