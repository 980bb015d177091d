"""The app's side of the station consoles: each console's input applied on the main thread the
one way every action goes, and each connected seat's new state published after every change.

    consoles = Consoles.open("0.0.0.0", 8765, say)   # the server (consoles/), or None
    Table(..., consoles=consoles)                    # App attaches its host (a TableHost)
    ...                                              # App.step: pump() then publish()
    consoles.close()

A console's `decide` is the open decision of its seat whose action, prompt, ship and station
match, made with
`Decision.make` from the values sent and checked with `problem`; an irreversible one needs
`confirm`. Then `App.accept`: applied, saved (durable), shown on the bridge display and the
panels' lights, exactly as a panel's. `roll` answers the seat's pending roll (a typed-in face,
or the table's dice: with a tray connected the answer says to roll the tray). The Instructor's
console also undoes, changes seats, ends the session, revokes a seat's link and overrides a roll.
docs/stations.md has the protocol.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Mapping
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from consoles import (
    INSTRUCTOR_SEAT,
    VIEW_SEAT,
    ConsoleInput,
    StationServer,
)
from consoles.addresses import (
    MDNS_NAME,
    NO_NETWORK_FIX,
    NO_NETWORK_SHORT,
    AddressBook,
    LinkAddress,
)
from consoles.links import ANY_ADDRESS, base_url, qr_matrix, qr_svg, qr_text, seat_url
from consoles.mdns import Advertiser
from consoles.payload import SeatLog, asked_now, payload, public_view, seat_of, seat_title
from consoles.protocol import GAME_ENDED, INSTRUCTOR_DOES, REPLACED, result
from engine import Action, GameState, RollResult, Seat, controls, pending, problem
from engine.controls import Value
from engine.events import Event
from firmware_bridge.router import TRAY_CONNECTED
from readouts.status_model import phase_bar

if TYPE_CHECKING:
    from companion.saves.saved_game import SavedGame
    from companion.table.console_host import TableHost

BY = "console"
"""How a console's actions are marked in the saved log."""
MOVED_ON = "The table has moved on: look again."
"""A roll or decide that answers a state older than the request it would answer."""
STATUS_LAMPS = ("green", "amber", "red", "shaken", "system_out", "grid_out")
"""The lamps of a physical panel a console shows too (docs/consoles.md)."""
HELD = "held"
"""`decide`'s answer for a decision that is not open now while the game waits on another seat
(its roll, or a decision the engine takes first: Knight Hawks' ICMs): it is kept, tried again
after every action, and made once its card is open again, or refused once it is not and nobody
else is asked anything, or the phase moves on (`retry_held`)."""
REMEMBERED_STATES = 256
"""The states (by seq) a console's message may still answer."""


class ConsoleQueue(queue.Queue[ConsoleInput]):
    """The consoles' inputs: put by the server's thread, taken by the main loop, which a put
    wakes (`wake`: the table's wake-up, companion/table/wakeups.py, handed over when it is made)."""

    def __init__(self, wake: Callable[[], None] | None = None) -> None:
        super().__init__()
        self.wake: Callable[[], None] = wake or (lambda: None)
        self.arrived = threading.Event()

    def put(self, item: ConsoleInput, block: bool = True, timeout: float | None = None) -> None:
        super().put(item, block, timeout)
        self.arrived.set()
        self.wake()


class Consoles:
    """The consoles of one table: the server, the seats' tokens and what each seat was told."""

    def __init__(self, server: StationServer, inputs: ConsoleQueue, address: str,
                 advertiser: Advertiser | None = None) -> None:
        """`advertiser`: the table's name by mDNS, when asked for (started, stopped by
        `close`)."""
        self.server, self.inputs, self.address = server, inputs, address
        self.advertiser = advertiser
        self.addresses = AddressBook()   # the machine's addresses for the links, and the chosen
        self.links_on: LinkAddress | None = None     # the address the codes shown name
        self.logs: dict[str, SeatLog] = {}
        self.seq = 0
        self.sent: dict[str, int] = {}   # seat -> the seq of the last state published to it
        self.game: SavedGame | None = None
        self._host: TableHost | None = None   # the table playing `game` (`attach`)
        self.shown: GameState | None = None
        self.counted = 0
        self.dirty: set[str] = set()
        self.seats_seen: object = None
        self.svgs: dict[str, tuple[str, str]] = {}   # seat -> (url, svg), made once per token
        self.entering: dict[str, dict[str, Any]] = {}  # seat -> what its panel is entering
        self.at_seq: dict[int, tuple[int, tuple[int, int]]] = {}   # seq -> its (rolls, phase)
        self.rolls = (0, 0)   # (actions counted, rolls among them)
        self.held: list[ConsoleInput] = []   # decides waiting for another seat's turn
        self.held_at = 0   # the game's actions when the held decides were last tried

    @classmethod
    def open(cls, address: str, port: int, say: Callable[[str], None],
             without: str = "the table plays without them",
             advertise: bool = False, wake: Callable[[], None] | None = None) -> Consoles | None:
        """Start the server; None (and why, said, with `without`: what the table does then)
        when the port cannot be had. `advertise`: the table's name by mDNS too. `wake`: the
        table's wake-up (companion/table/wakeups.py), which every console's input calls."""
        inputs = ConsoleQueue(wake)
        server = StationServer(inputs.put, address, port)
        try:
            server.start()
        except OSError as exc:
            say(f"starbridge: the station consoles cannot listen on {address}:{port} "
                f"({exc.strerror or exc}); {without} (starbridge doctor "
                "checks the port; [stations] port in the configuration changes it)")
            return None
        advertiser = None
        if advertise:   # every reachable address, or the one it listens on
            advertiser = Advertiser(
                server.port, addresses=None if address in ANY_ADDRESS else lambda: [address])
            advertiser.start()
        return cls(server, inputs, address, advertiser)

    @property
    def base(self) -> str:
        """The address phones open, worked out each time the links are made: a table that
        started before its network (a Pi before its hotspot) names the network's address as
        soon as it has one."""
        return base_url(self.address, self.server.port, self.link_address().address)

    def link_address(self) -> LinkAddress:
        """The address the links name (when the server listens on every address): the one the
        Instructor chose while the machine has it, else the likeliest (consoles.addresses)."""
        if self.address not in ANY_ADDRESS:
            return LinkAddress(self.address, "", "other")
        return self.addresses.current()

    def next_address(self) -> None:
        """The Instructor's NETWORK button: the links name the machine's next address; the
        codes and the Instructor's console are drawn anew."""
        self.addresses.choose_next()
        self.svgs.clear()
        self.show_codes()
        self.dirty.add(INSTRUCTOR_SEAT)

    def close(self, goodbye: str | None = None) -> None:
        """Stop serving (and advertising); with `goodbye` (`farewell`'s words) every console is
        first sent what is queued for it, then those words and a close frame."""
        if self.advertiser is not None:
            self.advertiser.stop()
        if goodbye:
            self.server.goodbye(goodbye)
        self.server.stop()

    def farewell(self) -> str:
        """What every console is told when the table closes: the game's end as every side is
        told it, or that the game is saved."""
        if self.host.game.over:
            outcome = phase_bar(public_view(self.host.game.state), "").acting
            return f"Game over: {outcome.rstrip('.')}. The table has closed."
        if self.host.game.store is not None:
            return f"The table has closed; the game is saved (game {self.host.game.id})."
        return "The table has closed."

    def wait(self, timeout: float) -> None:
        """Sleep until a console's input arrives, or `timeout` seconds (a headless table)."""
        if self.inputs.arrived.wait(timeout):
            self.inputs.arrived.clear()

    # -- the game ------------------------------------------------------------------------------
    def seat_keys(self) -> list[str]:
        keys = [f"{ship}/{station}" for (ship, station) in self.host.seats]
        return [INSTRUCTOR_SEAT, VIEW_SEAT, *keys]

    @property
    def host(self) -> TableHost:
        """The table the consoles serve: the one `attach` was handed (each game's)."""
        if self._host is None:
            raise RuntimeError("the consoles serve no table yet: attach one first")
        return self._host

    def attach(self, host: TableHost) -> None:
        """A game starts at the table (a new one, a resumed one, a kiosk's next): the consoles
        are handed the table that plays it (kept for every call until the next `attach`), the
        old links die, every seat gets a new one."""
        self._host = host
        if self.game is not None and self.game is not self.host.game:
            self.server.close_all(GAME_ENDED)
        if self.game is not self.host.game:
            self._forget()
        self.game = self.host.game
        self.logs.clear()
        self.shown, self.counted = None, len(self.host.game.actions)
        for key in self.seat_keys():
            self.server.tokens.issue(key)
        self.server.set_titles({k: seat_title(k, host.names) for k in self.seat_keys()})
        self.dirty = set(self.server.connected())

    def detach(self) -> None:
        """The game at the table has no consoles now (a kiosk's attract mode after a crew
        game): its links die and nothing its phones sent is kept for the next game."""
        if self.game is not None:
            self.server.close_all(GAME_ENDED)
        self._forget()
        self.game, self._host = None, None

    def _forget(self) -> None:
        """Every token forgotten (the old links open nothing) and every input of the old game
        still waiting dropped: a phone's action is never applied to another game."""
        self.server.tokens.reset()
        self.svgs.clear()
        self.seq = 0
        self.sent.clear()
        self.at_seq.clear()
        self.held.clear()
        while True:
            try:
                self.inputs.get_nowait()
            except queue.Empty:
                break

    def links(self) -> list[tuple[str, str, str]]:
        """(seat key, title, URL) of every seat, the Instructor's and the viewscreen's first."""
        out, base = [], self.base
        for key in self.seat_keys():
            out.append((key, seat_title(key, self.host.names),
                        seat_url(base, key, self.server.tokens.issue(key))))
        return out

    def show_codes(self) -> None:
        """The Instructor's display: every seat's code in its Consoles view."""
        if not self.host.shows_codes():
            return
        from display.draw_consoles import ConsoleCode, ConsoleNetwork

        where = self.link_address()
        typed = (self.typed_url() or "").removeprefix("http://")
        network = ConsoleNetwork(where.short(), typed, where.reachable,
                                 len(self.addresses.all()) if self.address in ANY_ADDRESS
                                 else 1, NO_NETWORK_SHORT)
        self.host.show_codes(tuple(ConsoleCode(name, url, qr_matrix(url))
                                    for _key, name, url in self.links()), network)
        self.links_on = where

    def typed_url(self) -> str | None:
        """The address by name, for people who type (None when the name is not advertised)."""
        if self.advertiser is None:
            return None
        return f"http://{MDNS_NAME}:{self.server.port}"

    def say_links(self, say: Callable[[str], None], codes: bool = False) -> None:
        """The links to hand out, with their codes (`codes`): the seats people play, then the
        viewscreen; the Instructor's last and without a code (it opens everything: nobody at the
        table should scan it from the terminal); the autopilot's seats not at all (the
        Instructor's console has their codes, for a player who takes one over)."""
        where = self.link_address()
        by_name = f", or {self.typed_url()}" if self.typed_url() else ""
        say(f"starbridge: station consoles at {self.base}{by_name} (scan a seat's code at the "
            f"table; {where.describe()})")
        if not where.reachable:
            say(f"starbridge: phones cannot join: this machine has no network; {NO_NETWORK_FIX}")
        modes = {f"{ship}/{station}": mode for (ship, station), mode in self.host.seats.items()}
        links = self.links()
        autopilot = sorted({self.host.names.get(k.partition("/")[0], k.partition("/")[0])
                            for k, _n, _u in links if modes.get(k) == "autopilot"})
        handed = [x for x in links if x[0] not in (INSTRUCTOR_SEAT, VIEW_SEAT)
                  and modes.get(x[0]) != "autopilot"]
        for _key, name, url in [*handed, *(x for x in links if x[0] == VIEW_SEAT)]:
            say(f"  {name}: {url}")
            if codes:
                say(qr_text(url))
        if autopilot:
            say(f"  Played by the autopilot: {', '.join(autopilot)} (their codes are on the "
                "Instructor's console)")
        instructor = next(url for key, _n, url in links if key == INSTRUCTOR_SEAT)
        say(f"  Instructor: {instructor}  (keep it to yourself: it opens every seat)")

    def _log(self, key: str) -> SeatLog:
        log = self.logs.get(key)
        if log is None:   # first asked: what every seat was told, rebuilt by one replay
            from display.game_link import replayed

            fresh = [SeatLog(k) for k in dict.fromkeys([*self.seat_keys(), key])
                     if k not in self.logs]
            try:
                for before, after, events in replayed(self.host.game.scenario, self.host.game.actions):
                    for new in fresh:
                        new.record(before, after, events)
            except Exception as exc:   # a log that does not replay: the game goes on
                self.host.say(f"starbridge: the consoles' tickers and Rolls lists miss what came "
                              f"before: the game's log did not replay ({type(exc).__name__}: {exc})")
            self.logs.update((new.key, new) for new in fresh)
            log = self.logs[key]
        return log

    def record(self, before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
        """An action was accepted (App.accept): each seat's ticker and Rolls list."""
        for log in self.logs.values():
            log.record(before, after, events)
        self.counted += 1

    # -- inputs ----------------------------------------------------------------------------
    def pump(self) -> int:
        """Take every console input waiting (their answers go out with the next `publish`, in
        one wake-up of the server with the states); returns how many."""
        n = 0
        while True:
            try:
                got = self.inputs.get_nowait()
            except queue.Empty:
                break
            n += 1
            if got.generation is not None and got.generation != self.server.tokens.generation:
                continue   # sent from an ended game's link: never applied to this one
            self.host.took_input()
            kind = got.message.get("type")
            if kind == "join":
                self.dirty.add(got.seat)
                continue
            self._answer(got)
        self.retry_held()
        return n

    def _answer(self, got: ConsoleInput) -> None:
        """Do what a console asked and answer it (with the next publish), or keep a decide
        that waits for another seat's roll."""
        mid = str(got.message.get("id", ""))
        try:
            answer = self.handle(got)
        except Exception as exc:   # never a traceback for a console: the game goes on
            answer = f"The table could not do that ({type(exc).__name__}); the game goes on."
        if answer == HELD:
            self.held.append(got)
            return
        self.server.answer_later(got.seat, got.client, mid,
                                 answer if isinstance(answer, dict) else result(mid, answer))
        self.dirty.add(got.seat)

    def retry_held(self) -> None:
        """The decides kept while another seat was asked first, tried again after each action:
        a card that was open when its player confirmed it does not close under him because
        another seat's roll or decision came first."""
        if not self.held or len(self.host.game.actions) == self.held_at:
            return
        self.held_at = len(self.host.game.actions)
        held, self.held = self.held, []
        for got in held:
            self._answer(got)

    def handle(self, got: ConsoleInput) -> str | dict[str, Any] | None:
        """Do what a console asked: None when done, else the problem in words (or the whole
        answer)."""
        seat = seat_of(got.seat)
        kind, message = got.message.get("type"), got.message
        if seat is None:
            return "The viewscreen shows the game; it does not act."
        if kind == "instructor" and got.seat != INSTRUCTOR_SEAT:
            return "Only the Instructor's console may do that."
        if self.moved_on(message):
            return MOVED_ON
        if kind == "decide":
            return self.decide(seat, message)
        if kind == "roll":
            return self.roll(seat, message)
        if kind == "instructor":
            return self.instruct(message)
        return f"Nothing to do for a {kind} message."

    def _marks(self) -> tuple[int, tuple[int, int]]:
        """(rolls answered so far, (turn, phase)) of the game now: what a console's `seq` is
        checked against."""
        actions = self.host.game.actions
        counted, rolls = self.rolls
        if counted > len(actions):   # an undo: counted again
            counted, rolls = 0, 0
        rolls += sum(isinstance(a, RollResult) for a in actions[counted:])
        self.rolls = (len(actions), rolls)
        state = self.host.game.state
        return rolls, (int(getattr(state, "turn", 0)), int(getattr(state, "phase", 0)))

    def moved_on(self, message: Mapping[str, Any]) -> bool:
        """Whether a roll, an override or a decide answers a state older than the request it
        would answer: a roll answered since its state was sent (the tray's, the autopilot's),
        or a decide from another phase or turn. A message without `seq` (an older page) is
        not checked."""
        kind, seq = message.get("type"), message.get("seq")
        if seq is None or not (kind in ("roll", "decide") or message.get("do") == "override"):
            return False
        then = self.at_seq.get(seq) if type(seq) is int else None
        if then is None:   # not a state of this game as it is now (an undo since, a restart)
            return True
        now = self._marks()
        return then[0] != now[0] if kind != "decide" else then[1] != now[1]

    def decide(self, seat: Seat, message: Mapping[str, Any]) -> str | None:
        asked = message.get("decision")
        values = message.get("values", {})
        if not isinstance(asked, dict) or not isinstance(values, dict):
            return "A decide message needs a decision {action, what} and its values {field: value}."
        state = self.host.game.state
        found = [d for d in controls(state, seat) if d.action == asked.get("action")
                 and d.prompt.what == asked.get("what")
                 and asked.get("ship", d.prompt.ship) == d.prompt.ship
                 and asked.get("station", d.station) == d.station]
        if len({(d.prompt.ship, d.station) for d in found}) > 1:   # an older page, two ships
            return (f"{found[0].title} is open for more than one ship: reload the page "
                    "(it then says which ship it decides for).")
        decision = found[0] if found else None
        if decision is None:
            mine = seat.ship is None or (asked.get("station") == seat.station
                                         and asked.get("ship") == seat.ship)
            if mine and any(s != seat for s in asked_now(state)):   # only held: nothing told
                self.held_at = len(self.host.game.actions)
                return HELD   # another seat is asked first: tried again after its action
            return (f"That decision is not open for your seat now ({asked.get('what')!s:.80}): "
                    "your console shows the decisions open now.")
        fields = {f.name: f for f in decision.fields}
        chosen: dict[str, Value] = {}
        for name, value in values.items():
            if name not in fields:
                return f"{decision.title} has no field {name!s:.40}."
            if fields[name].accepts(value):   # a value the card offers, as it offers it
                chosen[name] = value          # (a choice's own true or false included)
                continue
            if value is not None and (type(value) not in (int, str) or
                                      (type(value) is int and abs(value) > 10**6) or
                                      (type(value) is str and len(value) > 200)):
                return f"{decision.title}: {name} cannot be {value!r:.40}."
            chosen[name] = value
        if decision.irreversible_with(chosen) and message.get("confirm") is not True:
            return f"{decision.title} cannot be taken back: confirm it first."
        action = decision.make(chosen)
        return self.accept(action)

    def accept(self, action: Action) -> str | None:
        why = problem(self.host.game.state, action)
        if why is not None:
            return why
        if self.host.accept(action, BY) is None:
            return self.host.last_message() or "The rules refused it."
        return None

    def roll(self, seat: Seat, message: Mapping[str, Any]) -> str | dict[str, Any] | None:
        prompt = next((p for p in pending(self.host.game.state, seat) if p.roll is not None), None)
        if prompt is None or prompt.roll is None:
            return "No roll is asked of your seat now."
        if "value" in message:
            value = message["value"]
            if type(value) is not int or not 1 <= value <= prompt.roll.sides:
                return f"A d{prompt.roll.sides} shows 1 to {prompt.roll.sides}, not {value!r:.20}."
            return self.accept(RollResult(prompt.roll.station, value, "manual"))
        dice = self.host.dice
        status = None if dice is None else dice.status(Seat(prompt.station, prompt.ship))
        if status is not None and status.by_hand:   # fallback "manual": the face is typed in
            self.host.roll_for(prompt, BY)   # the display (if any) says so too
            return result(str(message.get("id", "")), None, manual=True,
                          say=f"Roll your own die and tap the face it shows: "
                              f"{prompt.roll.purpose}")
        if status is not None and status.mode == TRAY_CONNECTED:
            self.host.roll_for(prompt, BY)   # the tray is asked; its roll arrives from the tray
            mid = str(message.get("id", ""))
            return result(mid, None, tray=True,
                          say=f"Roll the dice tray now: {prompt.roll.purpose}")
        if self.host.roll_for(prompt, BY) is None:
            return self.host.last_message() or "The roll was refused."
        return None

    def instruct(self, message: Mapping[str, Any]) -> str | None:
        do = message.get("do")
        if do not in INSTRUCTOR_DOES:
            return f"The Instructor may: {', '.join(INSTRUCTOR_DOES)}; not {do!r:.20}."
        if do in ("undo", "undo-phase"):
            taken = self.host.undo("phase" if do == "undo-phase" else "last")
            return None if taken else "Nothing to take back."
        if do == "end":
            self.host.end_session("the Instructor ended the session: the game is saved")
            return None
        ship, station = message.get("ship"), message.get("station")
        if do == "seat":
            mode = message.get("mode")
            if not (isinstance(ship, str) and isinstance(station, str) and isinstance(mode, str)):
                return "A seat change needs ship, station and mode."
            return self.host.ask_seat(ship, station, mode, instructor=True)
        if do == "revoke":
            key = f"{ship}/{station}" if ship else str(station)
            if key not in self.seat_keys() or key == INSTRUCTOR_SEAT:
                return f"There is no seat {key!s:.40} to give a new link to."
            self.server.tokens.revoke(key)
            self.svgs.pop(key, None)
            self.server.close_seat(key, REPLACED)
            self.dirty.add(INSTRUCTOR_SEAT)
            self.show_codes()
            return None
        # override: the pending roll's value, as the Instructor says
        value = message.get("value")
        prompt = next((p for p in pending(self.host.game.state) if p.roll is not None), None)
        if prompt is None or prompt.roll is None:
            return "No roll is pending to override."
        if type(value) is not int or not 1 <= value <= prompt.roll.sides:
            return f"A d{prompt.roll.sides} shows 1 to {prompt.roll.sides}, not {value!r:.20}."
        return self.accept(RollResult(prompt.roll.station, value, "override"))

    # -- outputs -----------------------------------------------------------------------------
    def _instructor_extras(self) -> dict[str, Any]:
        rows = self.host.seat_rows()
        links = []
        for key, name, url in self.links():
            cached = self.svgs.get(key)
            if cached is None or cached[0] != url:
                cached = self.svgs[key] = (url, qr_svg(url))
            links.append({"seat": key, "title": name, "url": url, "svg": cached[1]})
        connected = self.server.connected()
        seats = [{**asdict(r), "console": f"{r.ship}/{r.station}" in connected} for r in rows]
        # who plays a seat, in this table's words: with no screen, a person plays at a console
        person = "Touch" if self.host.has_screen else "Console"
        modes = [["panel", "Panel"], ["touch", person], ["autopilot", "Auto"]]
        return {"seats": seats, "links": links, "modes": modes}

    def _lights(self, key: str) -> dict[str, dict[str, float]] | None:
        """The seat's physical panel's status lamps (your move, alert and the officer's
        troubles), when it has a panel. Its indicator lamps stay on the panel: a few lamps for
        more weapons or shields than it has, which the card and the facts say in words."""
        seat = seat_of(key)
        if seat is None:
            return None
        for b in self.host.panels:
            if b.ship == seat.ship and (seat.station in b.stations):
                lit: dict[str, dict[str, float]] = b.lit()
                if seat.station not in lit:
                    return None
                return {seat.station: {r: v for r, v in lit[seat.station].items()
                                       if r in STATUS_LAMPS}}
        return None

    def _entering(self) -> dict[str, dict[str, Any]]:
        """What each seat's physical panel is entering now (the panels' editors)."""
        out: dict[str, dict[str, Any]] = {}
        for b in self.host.panels:
            for station, st in b.stations.items():
                editor = st.model.editor
                if editor is None or b.ship is None:
                    continue
                d = editor.decision
                field = editor.field
                out[f"{b.ship}/{station}"] = {
                    "action": d.action, "what": d.prompt.what, "ship": d.prompt.ship,
                    "station": d.station, "values": dict(editor.values),
                    "field": field.name if field is not None else None}
        return out

    def publish(self) -> int:
        """After a step: every connected seat's new state, when anything changed (an action, an
        undo, a seat change, a console joining). Returns how many seats were sent."""
        self.retry_held()   # a roll answered since (the autopilot's, the tray's)
        if self.address in ANY_ADDRESS and self.link_address() != self.links_on:
            self.links_on = self.link_address()   # a network came or went: the codes follow
            self.show_codes()
            self.dirty.add(INSTRUCTOR_SEAT)
        if len(self.host.game.actions) != self.counted:   # an undo (or a path not recorded): rebuilt
            self.logs.clear()
            self.at_seq.clear()   # a console's message from before it answers nothing now
            self.counted = len(self.host.game.actions)
            self.shown = None
        seats_now = (tuple(self.host.seats.items()), tuple(self.host.seats_asked.items()))
        changed = self.host.game.state is not self.shown or seats_now != self.seats_seen
        connected = self.server.connected()
        entering = self._entering() if self.host.panels and connected else {}
        if entering != self.entering:   # a panel press changed a decision being entered
            self.dirty |= {k for k in {*entering, *self.entering}
                           if entering.get(k) != self.entering.get(k)}
            self.entering = entering
        todo = connected if changed else (self.dirty & connected)
        self.shown, self.seats_seen, self.dirty = self.host.game.state, seats_now, set()
        if not todo:
            self.server.publish_many({})   # the answers held back, if any
            return 0
        self.seq += 1
        self.at_seq[self.seq] = self._marks()
        while len(self.at_seq) > REMEMBERED_STATES:
            del self.at_seq[next(iter(self.at_seq))]
        dice = self.host.dice_status()
        messages = {}
        for key in sorted(todo):
            extras = self._instructor_extras() if key == INSTRUCTOR_SEAT else None
            body = payload(self.host.game.state, key, self._log(key), dice_status=dice,
                           lights=self._lights(key), instructor=extras,
                           entering=self.entering.get(key))
            messages[key] = {"type": "state", "seq": self.seq, **body}
            self.sent[key] = self.seq
        self.server.publish_many(messages)   # with the answers: one wake-up of the server
        return len(todo)

