"""The app: one game at the table, with the panels, the dice, the display and the save store.

    app = App(game, table)              # a SavedGame, and the Table of panels, dice and screen
    while app.step():                   # on the main thread: drain inputs, apply, save, show
        app.wait()

Each step: pygame's events (keys that stand in for panel buttons become the panels' edges; the
rest go to the display), the panels' presses, the display's decisions, the dice trays' rolls,
then the autopilots, each accepted action saved before it is shown (SavedGame.accept) and then
shown on the display and the panels' lights. gpiozero's and the serial links' threads only put
inputs on queues; nothing else runs off the main thread.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from companion.saves.saved_game import AUTOPILOT, SavedGame, autopilot_action
from companion.table.console_host import AppHost
from companion.table.dice_table import TrayAlerts, roll_words
from companion.table.game_briefing import Briefing, panel_keys
from companion.table.panel_mirror import mirror_panels
from companion.table.panel_sync import PanelSync
from companion.table.seat_changes import SeatChanges, turn_of
from companion.table.systemd_notify import Notifier
from companion.table.wakeups import Wakeups, WakingQueue, due_in
from engine import Action, Event, IllegalAction, Prompt, Seat, crew_stations, pending, view
from engine.stations import INSTRUCTOR, title
from firmware_bridge.bridge import DiceBridge
from firmware_bridge.router import Answer
from hardware.keyboard import KeyMap
from hardware.panel import Outcome
from hardware.pinmap import PinMap
from hardware.ship_bridge import Bridge, crews_of

if TYPE_CHECKING:
    from pygame import Surface

    from companion.table.consoles import Consoles
    from display.bridge_display import BridgeDisplay, Output
    from display.game_offer import GameOffer
    from lights.rules import RuleSet
    from room.room import Room

Say = Callable[[str], None]
Report = Callable[[tuple[Event, ...]], None]


@dataclass
class Table:
    """What sits at the table: seat modes, the panels, the dice trays and the display."""

    seats: dict[tuple[str, str], str]                 # (ship, station) -> panel/touch/autopilot
    pins: PinMap | None = None
    factory: Any = None                               # gpiozero's pin factory (untyped)
    dice: DiceBridge | None = None
    surface: Surface | None = None                    # the screen, or None (headless)
    display_seat: Seat = field(default_factory=lambda: Seat(INSTRUCTOR))
    clock: Callable[[], float] = time.monotonic
    fps: int = 30
    step_s: float = 0.0                               # pause between autopilot actions
    say: Say = print
    report: Report | None = None                      # headless: the account of the game
    exit_keys: tuple[str, ...] = ()                   # held together: leave (kiosk)
    exit_buttons: tuple[str, ...] = ()                # Instructor panel buttons held together
    dice_wait: float = 0.0                            # block this long on the trays' queue
                                                      # when only people (and trays) can act
    offered: Callable[[], GameOffer | None] = lambda: None   # the end screen's offer
    #                                                   (first_game.game_offer), read at the end
    current: tuple[str, str, str] = ("", "", "")      # the game's ruleset, scenario and level
    consoles: Consoles | None = None                  # the station consoles (companion/table/consoles.py)
    room: Room | None = None                          # the room's lights and sounds
    panel_lights: RuleSet | None = None               # the panels' lights file (None:
                                                      # the packaged one)
    service: Notifier | None = None                   # systemd's READY and watchdog (a service)
    briefing: bool = True                             # a new game's briefing until the first
                                                      # input (the kiosk draws its own)
    wakeups: Wakeups | None = None                    # how the loop sleeps, and the wake-up
    #                                                   every input source was made with (the
    #                                                   dice's, the consoles'); None: the app's own


ESCAPE_AGAIN_S = 5.0   # Escape a second time within this long leaves
WATCH = "watch"   # attract mode: the autopilot plays the seat, its panel's lights show it


def mode_of(table: Table, prompt: Prompt) -> str:
    """How the prompt's seat is played; a seat the autopilot plays reads AUTOPILOT."""
    mode = table.seats.get((prompt.ship or prompt.side or "", prompt.station), AUTOPILOT)
    return AUTOPILOT if mode == WATCH else mode


class App:
    """One game being played. `step` returns False when the players leave (window closed,
    Escape twice, the end screen's choice in `next_game`, or the kiosk's exit combination)."""

    def __init__(self, game: SavedGame, table: Table, held: frozenset[str] = frozenset()) -> None:
        """`held`: the keys still held down from the game before (the kiosk's next game)."""
        self.game, self.table = game, table
        self.outputs: queue.Queue[Output] = queue.Queue()   # the display's actions, requests
        self.bridges: list[Bridge] = []
        self.keymap = KeyMap(table.pins) if table.pins is not None else None
        if self.keymap is not None and table.surface is not None:   # the screen's keys kept
            from display.screen_keys import clashes
            for line in clashes((p, k, b) for k, (p, b) in self.keymap.keys.items()):
                table.say(f"starbridge: {line}")
        self.held: set[str] = set(held)
        self.display: BridgeDisplay | None = None
        self.leave = False
        self.exit_asked = False
        self.escape_at: float | None = None   # Escape once: asked to press it again to leave
        self.next_game: str | None = None     # the end screen's choice (display/endgame.py)
        self.briefing = Briefing()            # a new game's briefing, until the first input
        self.last_key: str | None = None      # the last key pressed or let go (the kiosk's)
        self.last_input = table.clock()
        self.next_auto = 0.0
        self.messages: list[str] = []
        self.accepted = 0
        self.mocked = type(table.factory).__name__ == "MockFactory"
        self.seat_changes = SeatChanges()   # the Instructor's, waiting for the next turn
        self.panel_sync = PanelSync()       # the panels' editors and the screen's agree
        self.tray_alerts = TrayAlerts()
        self.names = {str(s["id"]): str(s["name"])
                      for s in view(game.state, Seat(INSTRUCTOR)).get("ships", ())}
        # how the loop sleeps (companion/table/wakeups.py): the table's, which its dice trays and
        # consoles were made with, so that their inputs wake it as a panel's press does
        self.wakeups = table.wakeups or Wakeups(display=table.surface is not None)
        self.consoles = table.consoles
        self.host = AppHost(self)   # the table as its consoles see it (a TableHost)
        if self.consoles is not None:   # phones and tablets
            self.consoles.attach(self.host)
        self._open_panels()
        if table.surface is not None:
            from display.bridge_display import BridgeDisplay

            self.display = BridgeDisplay(table.surface, table.display_seat, self.outputs.put,
                                         dice_status=self.dice_status(), clock=table.clock)
            # a resumed game's ticker and Rolls list, from the resume's own replay
            self.display.rebuild_from(game.state, game.take_replayed())
            self._show_seats()
            self._show_keys()
            self._endgame(self.display)
            if not game.actions and table.briefing:
                self.briefing.open(self.display, game.scenario, game.seats, self.last_input)
            if self.consoles is not None:
                self.consoles.show_codes(self.host)
        t = table.clock()
        for b in self.bridges:
            b.show(game.state, (), t)
        if table.room is not None:   # a new game (or a resumed one): the rules start afresh
            table.room.reset()
            table.room.follow(game.state, (), t)

    def _show_keys(self) -> None:
        """The open panels' keys for the display's KEYS sheet (a PC, where keys stand in)."""
        if self.display is not None and self.table.pins is not None and self.mocked:
            self.display.show_keys(panel_keys(self.bridges, self.table.pins))

    # -- set-up ------------------------------------------------------------------------------
    def _open_panels(self) -> None:
        t = self.table
        if t.pins is None or t.factory is None:
            return
        by_ship: dict[str | None, list[str]] = {}
        for (ship, station), mode in t.seats.items():
            if mode in ("panel", WATCH):
                by_ship.setdefault(ship or None, []).append(station)
        if t.exit_buttons and t.pins.panel_for(INSTRUCTOR) is not None:
            by_ship.setdefault(None, [])   # kiosk: the Instructor's panel, for the way out
            if INSTRUCTOR not in by_ship[None]:
                by_ship[None].append(INSTRUCTOR)
        # Crew 1 of the pin map plays the first ship at panels (the scenario's order), crew 2 the
        # next; the away team's characters, a station each, share one (hardware.ship_bridge.crews_of).
        crews = crews_of([str(s.get("id")) for s in self.game.scenario.get("ships", ())
                          if isinstance(s, dict)], by_ship,
                         {ship: crew_stations(self.game.state, ship) for ship in by_ship if ship})
        for ship_id, stations in by_ship.items():
            order = crew_stations(self.game.state, ship_id) if ship_id else stations
            bridge = Bridge(t.pins, t.factory, ship_id, [s for s in order if s in stations],
                            t.clock, crews.get(ship_id or "", 1), t.panel_lights,
                            edges=WakingQueue(self.wakeups.wake))   # a press wakes the loop
            bridge.open(t.say, t.clock())
            self.bridges.append(bridge)

    def close(self) -> None:
        for b in self.bridges:
            b.close()
        self.bridges.clear()

    def _tray_alerts(self) -> None:
        """A lost dice tray puts the alert light on at every seat it serves, until the tray is
        back (then it goes out): the table rolls by hand or with virtual dice meanwhile, and the
        display says which."""
        if self.table.dice is not None:
            for b in self.tray_alerts.update(self.table.dice, self.bridges):
                b.show(self.game.state, (), self.table.clock())

    def dice_status(self) -> str:
        dice = self.table.dice
        if dice is None:
            return "virtual"
        return str(dice.status(self.table.display_seat).mode)

    # -- accepting actions ---------------------------------------------------------------------
    def accept(self, action: Action, by: str) -> tuple[Event, ...] | None:
        """Apply, save (durable), then show. A refused action is shown as the reason."""
        turn, before = turn_of(self.game.state), self.game.state
        try:
            events = self.game.accept(action, by)
        except IllegalAction as exc:
            self.tell(str(exc))
            return None
        self.accepted += 1
        if self.table.dice is not None:   # a request new now answers only rolls from now on
            self.table.dice.track(pending(self.game.state), action)
        if self.consoles is not None:
            self.consoles.record(before, self.game.state, events)
        self.show(events)
        if self.seat_changes.asked and turn_of(self.game.state) > turn:
            self.change_seats()   # a new turn: the Instructor's seat changes are made now
        return events

    def show(self, events: tuple[Event, ...]) -> None:
        state, t = self.game.state, self.table.clock()
        if self.display is not None:
            self.display.show(state, events)
        for b in self.bridges:
            b.show(state, events, t)
        if self.table.room is not None:
            self.table.room.follow(state, events, t)
        if self.table.report is not None and events:
            self.table.report(events)

    def roll_for(self, prompt: Prompt, by: str) -> tuple[Event, ...] | None:
        """A person asked for the table's dice: a connected tray is called and answers by itself
        (its roll arrives from the tray); with `fallback = "manual"` the table rolls by hand and
        taps the number; otherwise the virtual die rolls (companion/table/dice_table.py)."""
        assert prompt.roll is not None
        dice = self.table.dice
        typed = self.display is not None or self.consoles is not None   # a screen or a phone
        words = None if dice is None else roll_words(dice, prompt, typed)
        if words is not None:
            self.tell(words)
            return None
        return self.accept(self.game.roll(prompt.roll), by)

    def end_session(self, why: str) -> None:
        """Leave at the end of this step (the game is kept): the Instructor's console ended it."""
        self.leave = True
        self.messages.append(why)

    def took_input(self) -> None:
        """Someone at the table did something: the kiosk's idle countdown starts again."""
        self.last_input = self.table.clock()

    def tell(self, text: str) -> None:
        """Say `text` on the display (and keep it in `messages`)."""
        self.messages.append(text)
        if self.display is not None:
            self.display.show_message(text)

    def _panels(self, t: float) -> None:
        """Each panel's presses, in order, each against the state the one before it left: its
        action applied (saved, then every output told of it, these lights among them), its roll
        asked for; a decision refused is withdrawn. Then every panel follows what its presses
        changed that the engine was not asked about (a value moved, a "not now" flash), once."""
        for b in self.bridges:
            for news in b.news():
                self.table.say(news)
            for press in b.presses(t):
                out = b.take(press, self.game.state)
                if not self._panel_act(out) and out.action is not None:
                    b.stations[press.panel].model.withdraw()
            b.show(self.game.state, (), t)

    def _panel_act(self, out: Outcome) -> bool:
        """A press's outcome applied (or its roll asked for); whether the engine took it."""
        self.last_input = self.table.clock()
        if self._press_only_shows(out):
            return False
        if out.action is not None:
            return self.accept(out.action, "panel") is not None
        if out.roll is not None and out.roll.roll is not None:
            return self.roll_for(out.roll, "panel") is not None
        return False

    def _press_only_shows(self, out: Outcome) -> bool:
        """A press that would decide or roll only shows, when the screen is not showing what it
        decides: it puts a held roll result away (a press that dismisses a result never also
        decides), or brings a roll's dialog to the screen (no roll is made without its dialog
        having been on screen). The next press acts."""
        d = self.display
        if d is None or (out.action is None and out.roll is None):
            return False
        if d.put_held_away():
            self._say_at_panel(out, "the roll's result is put away: press again to "
                               + ("roll" if out.roll is not None else "confirm"))
            return True
        asked = out.roll
        request = asked.roll if asked is not None else None
        station = str(asked.station) if asked is not None else ""
        if request is not None and not d.roll_seen(request) and station in d.stations():
            d.bring_forward(station)
            self._say_at_panel(out, f"{request.purpose}: press again to roll")
            return True
        return False

    def _say_at_panel(self, out: Outcome, text: str) -> None:
        """What the press that gave `out` did instead, as that panel's own words (its display,
        and the screen following it)."""
        for b in self.bridges:
            for st in b.stations.values():
                st.model.instead(out, text)

    # -- the loop ------------------------------------------------------------------------------
    def step(self) -> bool:
        """One turn of the main loop; False when the players leave."""
        t = self.table.clock()
        self._pygame_events(t)
        if self.display is not None:   # the last one touched wins (touch edits to the panels)
            self.panel_sync.to_panels(self.display, self.bridges, self.game.state)
        self._panels(t)
        if self.display is not None and self.bridges:
            self.panel_sync.to_display(self.bridges, self.display, self.game.state)
        self._tray_alerts()
        self.briefing.close_after(self.display, self.last_input, self.game.over)
        self._room(t)
        self._exit_combination()
        self._display_outputs()
        if self.consoles is not None and self.consoles.pump(self.host):
            # a console's action is saved (SavedGame.accept): its result goes out now, before
            # the autopilot's replies are worked out (they follow with the publish below)
            self.consoles.publish(self.host)
        self._trays()
        self._autopilot(t)
        if self.consoles is not None:
            self.consoles.publish(self.host)
        if self.display is not None:
            self.display.set_dice_status(self.dice_status())
            if self.mocked:   # no LEDs to look at on a PC: drawn (companion/table/panel_mirror.py)
                mirror_panels(self.display, self.bridges)
            if self.display.draw():
                from display.screen import present

                present(self.display.surface)
        self._tell_service()
        return not self.leave

    def _room(self, t: float) -> None:
        """The room's lights at `t` (a blink, a glow, an event's end), and what its outputs
        said (one that dropped or came back), once each."""
        room = self.table.room
        if room is None:
            return
        room.refresh(t)
        for line in room.news():
            self.table.say(line)
            self.tell(line)

    def _tell_service(self) -> None:
        """systemd's READY=1 once the game is on screen (at once headless), and WATCHDOG=1 at
        its rate: this loop, and nothing else, feeds the watchdog (companion/table/systemd_notify.py)."""
        service = self.table.service
        if service is None:
            return
        if self.display is None or self.display.frames_drawn:
            service.ready("playing" + (f" game {self.game.id}" if self.game.id is not None
                                       else ""))
        service.alive()

    def _pygame_events(self, t: float) -> None:
        if self.display is None:
            return
        import pygame

        from display.screen import events

        for event in events():
            if event.type == pygame.QUIT:
                if not self.table.exit_keys:   # the window closed: left on purpose
                    self.leave = True
                    self.game.left()
                continue
            if event.type in (pygame.KEYDOWN, pygame.KEYUP):
                self.last_input = t
                name = self.last_key = pygame.key.name(event.key).lower()
                down = event.type == pygame.KEYDOWN
                (self.held.add if down else self.held.discard)(name)
                if down and name == "escape" and not self.table.exit_keys:
                    self._escape(t)
                    continue
                if down and name == "z" and event.mod & pygame.KMOD_CTRL:
                    # the Instructor's undo: the last action; with Shift, the phase
                    self.undo("phase" if event.mod & pygame.KMOD_SHIFT else "last")
                    continue
                edge = self.keymap.edge(name, down, t) if self.keymap is not None else None
                bridge = next((b for b in self.bridges if edge is not None
                               and edge.panel in b.stations), None)
                if bridge is not None and edge is not None:
                    bridge.put(edge)
                    continue
                if not down:
                    continue
            elif event.type in (pygame.MOUSEBUTTONDOWN, pygame.FINGERDOWN):
                self.last_input = t
            self.display.handle(event)

    def _escape(self, t: float) -> None:
        """Escape leaves only when pressed again within ESCAPE_AGAIN_S, after a word that says
        so and whether the game is kept; at the end of the game at once (the end screen says
        that the game is saved)."""
        if self.game.over or (self.escape_at is not None and t - self.escape_at <= ESCAPE_AGAIN_S):
            self.leave = True
            self.game.left()   # kept, but no power cut: the next start does not resume it
            return
        self.escape_at = t
        word = (f"the game is saved as game {self.game.id} (starbridge play --resume "
                f"{self.game.id} goes on with it)" if self.game.store is not None
                else "this game is not saved")
        self.tell(f"Press Escape again to leave: {word}.")

    def _endgame(self, display: BridgeDisplay) -> None:
        """The end screen's offer: a rematch, another scenario, or leave."""
        from display.endgame import EndgameScreen

        saved = self.game.id if self.game.store is not None else None
        self.endgame = EndgameScreen(self._choose, saved, self.table.offered, self.table.current,
                                     kiosk=bool(self.table.exit_keys))
        display.add_overlay(self.endgame)

    def _choose(self, what: str) -> None:
        """At the end of the game: "rematch", "scenario:<id>" or "quit"; the loop that runs
        this app (companion/commands/play.py, the kiosk) starts the next game or leaves."""
        self.next_game = what
        self.leave = True
        self.table.say(f"starbridge: game {self.game.id} over; next: {what}")

    def _exit_combination(self) -> None:
        t = self.table
        keys = bool(t.exit_keys) and all(k in self.held for k in t.exit_keys)
        buttons = False
        if t.exit_buttons:
            for b in self.bridges:
                st = b.stations.get(INSTRUCTOR)
                if st is not None and all(n in st.devices.buttons and
                                          st.devices.buttons[n].is_pressed
                                          for n in t.exit_buttons):
                    buttons = True
        if keys or buttons:
            self.exit_asked = self.leave = True

    def _display_outputs(self) -> None:
        from display.bridge_display import Request

        while True:
            try:
                out = self.outputs.get_nowait()
            except queue.Empty:
                return
            self.last_input = self.table.clock()
            if isinstance(out, Request):
                if out.kind == "undo":
                    self.undo("last")
                elif out.kind == "undo-phase":
                    self.undo("phase")
                elif out.kind == "network" and self.consoles is not None:
                    self.consoles.next_address(self.host)
                elif out.kind == "seat":
                    self.ask_seat(out.ship or "", out.station, out.mode)
                elif out.kind == "roll":
                    prompt = next((p for p in pending(self.game.state)
                                   if p.roll is not None and p.station == out.station
                                   and p.ship == out.ship), None)
                    if prompt is not None:
                        self.roll_for(prompt, "touch")
            else:
                by = "manual" if getattr(out, "type_name", "") == "roll" else "touch"
                self.accept(out, by)

    # -- the Instructor's seat changes (companion/table/seat_changes.py) -----------------------------
    def _pins(self) -> PinMap | None:
        return self.table.pins if self.table.factory is not None else None

    def _show_seats(self) -> None:
        if self.display is not None and self.table.display_seat.ship is None:
            self.display.show_seats(self.seat_changes.rows(self.table.seats, self._pins(),
                                                           self.names))

    def ask_seat(self, ship: str, station: str, mode: str, instructor: bool = False) -> str | None:
        """The Instructor asks that a seat be played by `mode`: made at the start of the next
        turn (at once before the game's first action). Returns why not, when refused; only the
        Instructor's screen (or `instructor`: the Instructor's console) may ask."""
        if self.table.display_seat.ship is not None and not instructor:
            problem: str | None = "only the Instructor changes seats"
        else:
            problem = self.seat_changes.ask(self.table.seats, (ship, station), mode,
                                            self._pins(), self.names)
        if problem is not None:
            self.tell(problem)
            return problem
        if not self.game.actions:
            self.change_seats()
        self._show_seats()
        return None

    def _panel_seats(self) -> set[tuple[str, str]]:
        return {k for k, m in self.table.seats.items() if m not in ("touch", AUTOPILOT)}

    def change_seats(self) -> None:
        """Make the asked seat changes: saved first (a resume plays the new seats), then the
        table's seats, then the panels opened afresh for the seats now at panels."""
        changes = {k: m for k, m in self.seat_changes.take().items()
                   if self.table.seats.get(k) != m}
        if changes:
            self.game.set_seats({f"{s}/{st}": m for (s, st), m in changes.items()})
            before = self._panel_seats()
            self.table.seats.update(changes)
            if self._panel_seats() != before:
                self.close()
                self._open_panels()
                self._show_keys()
            state, t = self.game.state, self.table.clock()
            for b in self.bridges:
                b.show(state, (), t)
            words = "; ".join(f"{title(st)} of {self.names.get(s, s)} by {m}"
                              for (s, st), m in changes.items())
            self.messages.append(f"seats changed: {words}")
            self.table.say(f"starbridge: turn {turn_of(state)}: seats changed: {words}")
        self._show_seats()

    def undo(self, how: str) -> int:
        """The Instructor's undo: "last" action of a person, or back to the "phase" start."""
        taken = self.game.undo_phase() if how == "phase" else self.game.undo_last()
        if taken:
            state, t = self.game.state, self.table.clock()
            if self.display is not None:
                self.display.rebuild(state, self.game.scenario, self.game.actions)
            for b in self.bridges:
                b.show(state, (), t)
            self.messages.append(f"undo: {taken} action(s) taken back")
        return taken

    def _trays(self) -> None:
        dice = self.table.dice
        if dice is None:
            return
        for n in range(16):
            wait = self.table.dice_wait if n == 0 and self.waiting_for_people() else 0.0
            outcomes = dice.poll(pending(self.game.state), timeout=wait)
            if not outcomes:
                return
            for o in outcomes:
                if isinstance(o, Answer):
                    self.last_input = self.table.clock()
                    if self.display is not None:   # the face, when it reads as another die
                        self.display.tray_read(o.face)
                    self.accept(o.action, "tray")
                else:
                    self.tell(o.text)

    def _autopilot(self, t: float) -> None:
        """Autopilot seats act (paced by `step_s`); a roll of a person's seat with no tray and
        nobody to ask (headless) rolls the virtual die."""
        while not self.game.over:
            prompt = next((p for p in pending(self.game.state)
                           if mode_of(self.table, p) == AUTOPILOT), None)
            if prompt is None:
                return
            if self.table.step_s > 0:
                if t < self.next_auto:
                    return
                self.next_auto = t + self.table.step_s
            self.accept(autopilot_action(self.game, prompt),
                        "virtual" if prompt.roll is not None else AUTOPILOT)
            if self.table.step_s > 0 or self.display is not None:
                return   # one at a time where people watch
            self._tell_service()   # headless, a whole game may go by in one step

    def waiting_for_people(self) -> bool:
        return not self.game.over and all(mode_of(self.table, p) != AUTOPILOT
                                          for p in pending(self.game.state))

    def wait(self) -> None:
        """Idle until the next step: until the next input (a key, a tap, a panel's press, a
        tray's roll, a console's message) or until something is due (companion/table/wakeups.py).
        Headless with the autopilots to act, not at all."""
        if self.display is not None:
            self.wakeups.wait(due_in(self, self.table.clock()))
        elif self.waiting_for_people():
            if self.consoles is not None and not self.bridges:   # only phones can act
                self.consoles.wait(0.25)
            else:
                self.wakeups.wait(due_in(self, self.table.clock()))

