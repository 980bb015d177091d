"""What the station consoles may ask of the table that runs them, and nothing more.

    host = AppHost(app)            # the App (companion/table/app.py), seen as the consoles see it
    consoles.attach(host)          # a game at the table: handed once, every seat gets its link
    consoles.pump()                # the consoles' inputs, applied the one way every action goes
    consoles.publish()             # each connected seat's new state

`TableHost` is the interface (a `typing.Protocol`, so `mypy --strict` checks both sides); the
consoles (companion/table/consoles.py) read the game and ask for actions, rolls, undos, seat changes
and the end of the session through it, and never reach into the app's fields.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol

from engine import Action, Event, Prompt

if TYPE_CHECKING:
    from companion.saves.saved_game import SavedGame
    from companion.table.app import App
    from display.draw_consoles import ConsoleCode, ConsoleNetwork
    from firmware_bridge.bridge import DiceBridge
    from hardware.ship_bridge import Bridge
    from readouts.seats_model import SeatRow

SeatKey = tuple[str, str]   # (ship, station)


class TableHost(Protocol):
    """The table, as its consoles may use it."""

    @property
    def game(self) -> SavedGame:
        """The game at the table (its state, its log, where it is saved)."""

    @property
    def names(self) -> Mapping[str, str]:
        """Each ship's name, by its id."""

    @property
    def seats(self) -> Mapping[SeatKey, str]:
        """Who plays each seat: panel, touch, autopilot (or watch)."""

    @property
    def seats_asked(self) -> Mapping[SeatKey, str]:
        """The Instructor's seat changes waiting for the next turn."""

    @property
    def panels(self) -> Sequence[Bridge]:
        """The open panels, each ship's crew's (their lights and what they are entering)."""

    @property
    def dice(self) -> DiceBridge | None:
        """The dice trays, when the table has them."""

    @property
    def has_screen(self) -> bool:
        """Whether a bridge display is there (a person may play a seat at its touchscreen)."""

    def seat_rows(self) -> tuple[SeatRow, ...]:
        """Every seat as the Instructor's Seats view shows it."""

    def accept(self, action: Action, by: str) -> tuple[Event, ...] | None:
        """Apply, save, show; None when refused (`last_message` says why)."""

    def roll_for(self, prompt: Prompt, by: str) -> tuple[Event, ...] | None:
        """The table's dice for `prompt`: a tray called, a roll by hand asked, or rolled."""

    def undo(self, how: str) -> int:
        """The Instructor's undo ("last" or "phase"): how many actions were taken back."""

    def ask_seat(self, ship: str, station: str, mode: str, instructor: bool = False) -> str | None:
        """A seat change, made at the next turn; why not, when refused."""

    def end_session(self, why: str) -> None:
        """The Instructor ended the session (the game is kept)."""

    def took_input(self) -> None:
        """Someone at the table did something (the kiosk's idle countdown starts again)."""

    def last_message(self) -> str | None:
        """The table's last word (a refusal's reason)."""

    def dice_status(self) -> str:
        """How the table rolls now, in a word (virtual, tray, manual...)."""

    def say(self, line: str) -> None:
        """A line for the operator (the journal)."""

    def shows_codes(self) -> bool:
        """Whether the Instructor's screen is there to show the seats' codes."""

    def show_codes(self, codes: tuple[ConsoleCode, ...], network: ConsoleNetwork) -> None:
        """The seats' codes on the Instructor's screen."""


class AppHost:
    """The App (companion/table/app.py) as its consoles see it: a `TableHost`."""

    def __init__(self, app: App) -> None:
        self._app = app

    @property
    def game(self) -> SavedGame:
        return self._app.game

    @property
    def names(self) -> Mapping[str, str]:
        return self._app.names

    @property
    def seats(self) -> Mapping[SeatKey, str]:
        return self._app.table.seats

    @property
    def seats_asked(self) -> Mapping[SeatKey, str]:
        return self._app.seat_changes.asked

    @property
    def panels(self) -> Sequence[Bridge]:
        return self._app.bridges

    @property
    def dice(self) -> DiceBridge | None:
        return self._app.table.dice

    @property
    def has_screen(self) -> bool:
        return self._app.display is not None

    def seat_rows(self) -> tuple[SeatRow, ...]:
        app = self._app
        pins = app.table.pins if app.table.factory is not None else None
        return app.seat_changes.rows(app.table.seats, pins, app.names)

    def accept(self, action: Action, by: str) -> tuple[Event, ...] | None:
        return self._app.accept(action, by)

    def roll_for(self, prompt: Prompt, by: str) -> tuple[Event, ...] | None:
        return self._app.roll_for(prompt, by)

    def undo(self, how: str) -> int:
        return self._app.undo(how)

    def ask_seat(self, ship: str, station: str, mode: str, instructor: bool = False) -> str | None:
        return self._app.ask_seat(ship, station, mode, instructor)

    def end_session(self, why: str) -> None:
        self._app.end_session(why)

    def took_input(self) -> None:
        self._app.took_input()

    def last_message(self) -> str | None:
        messages = self._app.messages
        return messages[-1] if messages else None

    def dice_status(self) -> str:
        return self._app.dice_status()

    def say(self, line: str) -> None:
        self._app.table.say(line)

    def shows_codes(self) -> bool:
        app = self._app
        return app.display is not None and app.table.display_seat.ship is None

    def show_codes(self, codes: tuple[ConsoleCode, ...], network: ConsoleNetwork) -> None:
        display = self._app.display
        if display is not None and self._app.table.display_seat.ship is None:
            display.show_consoles(codes, network)
