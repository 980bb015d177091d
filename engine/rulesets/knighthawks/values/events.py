"""What happens in a Knight Hawks game: one readable line each. An event with a `side` is told
only to that side and the Instructor (where it laid a mine, say)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import RollRequest
from engine.events import Event


@dataclass(frozen=True, slots=True)
class Note(Event):
    message: str
    side: str | None = None
    ship: str | None = None

    @property
    def text(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Struck(Event):
    """A ship was hit, damaged or destroyed."""

    ship: str
    message: str

    @property
    def text(self) -> str:
        return self.message

    @property
    def alerts(self) -> str | None:
        return self.ship


@dataclass(frozen=True, slots=True)
class StatusChanged(Struck):
    """A ship was destroyed or broke apart: a turning point of the after-action report."""


@dataclass(frozen=True, slots=True)
class ShotResolved(Event):
    """A ship's attack resolved: whether it hit and the hull points it did, for the after-action
    report's tally and the Rolls list (the kernel's event shape, docs/engine.md: firer, target,
    hit, damage, weapon_name, target_name). Quiet: the lines before it told what happened."""

    firer: str
    target: str
    hit: bool
    damage: int = 0
    weapon_name: str = ""
    target_name: str = ""

    @property
    def text(self) -> str:
        return f"{self.weapon_name or self.firer} at {self.target_name or self.target}: " + (
            f"hit for {self.damage} hull points" if self.hit else "missed")

    @property
    def quiet(self) -> bool:
        return True


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
    message: str

    @property
    def text(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    outcome: str

    @property
    def text(self) -> str:
        return f"Game over: {self.outcome}"
