"""Events: what happened, for the outputs (display, LEDs, save store, the printed account)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """Base of all events. `text` is one line a player can read."""

    @property
    def text(self) -> str:
        return type(self).__name__
