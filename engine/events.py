"""Events: what happened, for the outputs (display, LEDs, save store, the printed account)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. `text` is one line a player can read."""

    @property
    def text(self) -> str:
        return type(self).__name__

    @property
    def quiet(self) -> bool:
        """A line a printed account leaves out (a roll asked for: its result says it)."""
        return False

    @property
    def moves_on(self) -> bool:
        """The game moving on to a new phase, round or turn, which no action or roll decided: a
        roll's result shows what the roll decided and leaves this out, and what follows it."""
        return False

    @property
    def alerts(self) -> str | None:
        """The id of the ship this event puts on alert (it was hit, damaged, disabled or
        destroyed), for an "alert" light; None for most events."""
        return None
