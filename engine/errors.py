"""The engine's exceptions: one root, and a specific error for each kind of failure."""

from __future__ import annotations


class EngineError(Exception):
    """Root of every error the engine raises on purpose."""


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
