"""What happens in an away-team fight: one readable line each.

Who is told an event is decided when it happens: `seen` holds the characters who saw it (each
character sees what a line of sight shows him: sight.py), `side` a side told it whole (its own
doings; None: nobody's beyond the witnesses). An event with `seen` None is told to everybody
(the turn's start, the end of the game). The Instructor is told everything."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import RollRequest
from engine.events import Event

Seen = frozenset[str] | None


@dataclass(frozen=True, slots=True)
class Note(Event):
    message: str
    seen: Seen = None
    side: str | None = None

    @property
    def text(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Hurt(Event):
    """A character was hit, stunned, grappled or pinched: his seat's alert."""

    character: str
    message: str
    seen: Seen = None
    side: str | None = None

    @property
    def text(self) -> str:
        return self.message

    @property
    def alerts(self) -> str | None:
        return self.character


@dataclass(frozen=True, slots=True)
class StatusChanged(Hurt):
    """A character collapsed, fell unconscious, died: a turning point of the after-action
    report."""


@dataclass(frozen=True, slots=True)
class ShotResolved(Event):
    """An attack resolved, for the after-action report's tally and the Rolls list (the kernel's
    event shape, docs/engine.md: firer, target, hit, damage, weapon_name, target_name). Quiet:
    the lines before it said it."""

    firer: str
    target: str
    hit: bool
    damage: int = 0
    weapon_name: str = ""
    target_name: str = ""
    firer_name: str = ""
    seen: Seen = None
    side: str | None = None

    @property
    def text(self) -> str:
        return (f"{self.firer_name or self.firer}'s {self.weapon_name or 'attack'} at "
                f"{self.target_name or self.target}: "
                + (f"hit for {self.damage}" if self.hit else "missed"))

    @property
    def quiet(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class RollAsked(Event):
    request: RollRequest
    seen: Seen = None
    side: str | None = None

    @property
    def text(self) -> str:
        return f"Roll: {self.request.purpose}"

    @property
    def quiet(self) -> bool:
        return True


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    """A roll answered: the request, the face and what it did (`outcome`: HIT, MISS, GRAZE,
    SAVED, FAILED... for the Rolls list)."""

    request: RollRequest
    value: int
    source: str
    message: str
    outcome: str = ""
    seen: Seen = None
    side: str | None = None

    @property
    def text(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    outcome: str
    seen: Seen = None
    side: str | None = None

    @property
    def text(self) -> str:
        return f"Game over: {self.outcome}"
