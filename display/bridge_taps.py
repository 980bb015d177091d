"""What a tap on one of the bridge display's widgets does (`activate`), by the widget's kind (the
ids of display.draw_panel, draw_seats, draw_consoles, draw_rolls, draw_keys, draw_mcp, holds and
draw_split): a table from kind to its handler, the scene's own first (tabs, pages, the views in
the panel's place, the app's requests), then those of the decision open at the tab in front
(a roll, a die by hand), then the decision's editing (display.bridge_edit). It takes of the
scene only what taps need (`Taps`), which `BridgeDisplay` is."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol

from display import bridge_edit, offers
from display.bridge_edit import Editing
from display.browse import RollsBrowser, read
from display.draw_consoles import ConsoleCode
from display.draw_mcp import RecordPage
from display.draw_split import parse_split
from display.game_link import Open
from display.holds import Holds
from display.panel_sync import Key
from display.requests import Output, Request
from engine import Seat
from engine.events import Event
from readouts.seats_model import SeatRow, parse_mode_id


class Taps(Editing, Protocol):
    """What doing a widget's work asks of the scene (beyond editing a decision)."""

    dirty: bool
    tab: str                     # the station whose panel is in front, at `page`
    page: int
    focus: str | None            # the widget the keys are on
    split: bool                  # officers deciding at once share the panel's place
    showing_keys: bool           # the KEYS sheet, at `keys_page`
    keys_page: int
    showing_seats: bool          # the Instructor's Seats view, or the consoles' codes,
    showing_consoles: bool       # at `seats_page`
    seats_page: int
    offer: Key | None            # the offer opened (a decision the game does not wait for)
    ending: bool                 # the Instructor's END GAME ruling in the overview's place
    tens: int | None             # percentile dice by hand: the tens die tapped

    @property
    def seat(self) -> Seat: ...
    @property
    def history(self) -> list[tuple[int, Event]]: ...
    @property
    def record(self) -> RecordPage: ...
    @property
    def holds(self) -> Holds: ...
    @property
    def browser(self) -> RollsBrowser: ...
    @property
    def browsing(self) -> bool: ...
    @property
    def opens(self) -> Sequence[Open]: ...
    @property
    def console_codes(self) -> tuple[ConsoleCode, ...] | None: ...
    @property
    def seat_rows(self) -> tuple[SeatRow, ...] | None: ...
    @property
    def on_output(self) -> Callable[[Output], None]: ...

    def together(self) -> tuple[str, ...]: ...
    def decision_at(self, station: str) -> Open | None: ...


def activate(d: Taps, wid: str) -> None:
    """Do what the widget `wid` does: any tap takes the message away and disarms a CONFIRM
    tapped once; the Master Control Panel's page and what is held in front of the panel take
    their own taps first."""
    d.dirty = True
    d.message = None
    at = parse_split(wid)
    if at is not None:   # a part of the shared place: that officer's decision, and the
        d.tab, wid = at  # map follows the one who touched it last
    kind, _, rest = wid.partition(":")
    armed, d.armed = d.armed, None
    if d.record.activate(kind, rest) or d.holds.activate(kind, rest):
        return
    # WHY? beside a roll, or the ship's log, opened whole
    if read(kind, d.holds, d.state, d.seat, d.history):
        return
    on_scene = SCENE.get(kind)
    if on_scene is not None:
        on_scene(d, kind, rest)
        return
    o = d.decision_at(d.tab)
    if o is None:
        return
    on_decision = DECISION.get(kind)
    if on_decision is not None:
        on_decision(d, o, rest)
    else:
        bridge_edit.edit(d, o, kind, rest, armed)


# -- the scene's own widgets ----------------------------------------------------------------
def _keys(d: Taps, kind: str, rest: str) -> None:
    """The sheet of keys and lights (display.draw_keys), opened or closed."""
    d.showing_keys, d.keys_page, d.focus = kind == "keys", 0, None


def _page(d: Taps, kind: str, rest: str) -> None:
    """A page on, or back, of what is in front: the KEYS sheet, the Seats or Consoles view, the
    Rolls list (or a roll's explanation), else the panel."""
    step = int(rest)
    if d.showing_keys:
        d.keys_page = max(0, d.keys_page + step)
    elif d.showing_seats or d.showing_consoles:
        d.seats_page = max(0, d.seats_page + step)
    elif d.browsing:
        d.browser.turn(step)
    else:
        d.page = max(0, d.page + step)


def _tab(d: Taps, kind: str, rest: str) -> None:
    """A station's panel in front; a station deciding with others: its whole panel, and back
    again to the shared place."""
    d.split = rest in d.together() and rest == d.tab and not d.split
    d.tab, d.page, d.focus = rest, 0, None
    d.showing_seats = d.showing_consoles = False


def _ask(d: Taps, kind: str, rest: str) -> None:
    """What only the app can do: undo, undo to the phase's start, the consoles' links on the
    machine's next network."""
    d.on_output(Request("network" if kind == "consoles-network" else kind))


def _consoles(d: Taps, kind: str, rest: str) -> None:
    """The seats' QR codes (display.draw_consoles), opened or closed."""
    d.showing_consoles = kind == "consoles" and d.console_codes is not None
    d.seats_page, d.focus, d.showing_seats = 0, None, False


def _seats(d: Taps, kind: str, rest: str) -> None:
    """The Instructor's Seats view, opened or closed: one view in the panel's place at a time."""
    d.showing_seats = kind == "seats" and d.seat_rows is not None
    d.seats_page, d.focus = 0, None
    if d.showing_seats:
        d.browser.close()


def _seat_mode(d: Taps, kind: str, rest: str) -> None:
    """The Instructor asks for a seat to be played another way from the next turn."""
    seat = parse_mode_id(rest)
    if seat is not None and d.seat_rows is not None:
        d.on_output(Request("seat", seat[1], seat[0], seat[2]))


def _rolls(d: Taps, kind: str, rest: str) -> None:
    """The Rolls list, or a roll's explanation, opened or closed (display.browse)."""
    d.showing_seats = d.showing_consoles = False
    d.focus = None
    d.browser.browse(kind, rest)


def _offer(d: Taps, kind: str, rest: str) -> None:
    """An offer the game does not wait for, opened or put away."""
    o = next((o for o in d.opens if o.station == d.tab and offers.is_offer(o)
              and o.decision.action == rest), None)
    d.offer = None if o is None or d.offer == o.key else o.key
    d.page, d.focus = 0, None


def _end_game(d: Taps, kind: str, rest: str) -> None:
    """The Instructor's ruling, or the overview back (display.ruling_panel)."""
    d.ending, d.page, d.focus = not d.ending, 0, None


SCENE: dict[str, Callable[[Taps, str, str], None]] = {
    "keys": _keys, "close-keys": _keys,
    "page": _page,
    "tab": _tab,
    "consoles-network": _ask, "undo": _ask, "undo-phase": _ask,
    "consoles": _consoles, "close-consoles": _consoles,
    "seats": _seats, "close-seats": _seats,
    "seatmode": _seat_mode,
    **dict.fromkeys(("rolls", "close-rolls", "rolled", "why", "close-why"), _rolls),
    "offer": _offer,
    "end-game": _end_game,
}


# -- the decision open at the tab in front ----------------------------------------------------
def _roll(d: Taps, o: Open, rest: str) -> None:
    """ROLL: the table's dice roll for the request."""
    d.on_output(Request("roll", o.station, o.ship))


def _die(d: Taps, o: Open, rest: str) -> None:
    """A roll made by hand at the table."""
    d.on_output(o.decision.make({"value": int(rest)}))


def _tens(d: Taps, o: Open, rest: str) -> None:
    """Percentile dice by hand: the tens die first ("-": again)..."""
    d.tens = None if rest == "-" else int(rest)


def _units(d: Taps, o: Open, rest: str) -> None:
    """...then the units die; 00 and 0 read 100."""
    face = (d.tens or 0) * 10 + int(rest)
    d.tens = None
    d.on_output(o.decision.make({"value": face or 100}))


DECISION: dict[str, Callable[[Taps, Open, str], None]] = {
    "roll": _roll, "die": _die, "tens": _tens, "units": _units,
}
