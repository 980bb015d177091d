"""What the referee tells the table: one readable line each. An event with a `side` is told
only to that side and the Instructor (a speed entered before all are in, a mine laid)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import RollRequest
from engine.events import Event


@dataclass(frozen=True, slots=True)
class Note(Event):
    """A line for the table; `side` keeps it to one side; `alert` the player it alerts."""

    message: str
    side: str | None = None
    alert: str | None = None

    @property
    def text(self) -> str:
        return self.message

    @property
    def alerts(self) -> str | None:
        return self.alert


@dataclass(frozen=True, slots=True)
class StepBegan(Event):
    """A step of the Sequence of Play begins: its title, line and who may act. Quiet: the
    phase bar shows it; a printed account would drown in them."""

    title: str
    line: int
    who: str

    @property
    def text(self) -> str:
        return f"{self.title} ({self.who}, line {self.line})"

    @property
    def quiet(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class OrderSet(Event):
    """A phase's movement begins, or its next unit moves: the order the referee keeps."""

    message: str

    @property
    def text(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Moved(Event):
    unit: str
    message: str

    @property
    def text(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    """A unit left the map (destroyed, struck its target, landed, disengaged): a turning point
    of the after-action report."""

    unit: str
    message: str
    player: str = ""

    @property
    def text(self) -> str:
        return self.message

    @property
    def alerts(self) -> str | None:
        return self.player or None


@dataclass(frozen=True, slots=True)
class RollAsked(Event):
    request: RollRequest

    @property
    def text(self) -> str:
        return f"Roll: {self.request.purpose}"

    @property
    def quiet(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    request: RollRequest
    value: int
    source: str

    @property
    def text(self) -> str:
        return f"{self.request.purpose}: rolled {self.value}"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    outcome: str

    @property
    def text(self) -> str:
        return f"Game over: {self.outcome}"
