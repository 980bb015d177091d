"""The engine's exceptions: one root, and a specific error for each kind of failure."""

from __future__ import annotations


class EngineError(Exception):
    """Root of every error the engine raises on purpose.

    Its message is one line a person can read: control characters that came from outside (a
    field named "\\n" in a data file, an escape sequence in a ship id) are shown escaped, so a
    message can never break a display line or a log line, or send codes to a terminal.
    """

    def __init__(self, message: object = "", *rest: object) -> None:
        super().__init__(one_line(str(message)), *rest)


def one_line(text: str) -> str:
    """`text` with every non-printable character written as its escape (newline as \\n)."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class IllegalAction(EngineError):
    """An action the rules do not allow now. The message is for the player at the table.

    It always names the station and says what is wrong, e.g.
    "Engineering: 46 power allocated, only 40 available".
    """


class DataError(EngineError):
    """A data file (table, ship, scenario, log) is malformed.

    The message names the file, the entry and the field, and says what is wrong.
    """


class LogError(DataError):
    """A game log cannot be read or replayed."""


class SeatError(EngineError, ValueError):
    """A seat that cannot be: a station this program does not know, a crew seat with no ship.
    (A ValueError too, as it was before it had a class of its own.)"""


class StateError(EngineError, TypeError):
    """What was given as a game state is not one (None, a dict, a scenario): the engine's
    functions take the state that `new_game` and `apply` return."""
