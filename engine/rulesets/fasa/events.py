"""What happens in a FASA game, as typed events with one readable line each."""

from __future__ import annotations

from dataclasses import dataclass

from engine.dice import RollRequest
from engine.events import Event


@dataclass(frozen=True, slots=True)
class Note(Event):
    """Something worth a line that changes nothing by itself (phase began, order decided)."""

    message: str

    @property
    def text(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class PowerAllocated(Event):
    ship: str
    movement: int
    shields: int
    weapons: int
    movement_points: int
    shield_points: int

    @property
    def text(self) -> str:
        return (f"{self.ship}: power to movement {self.movement} ({self.movement_points} MP), "
                f"shields {self.shields} ({self.shield_points} points), weapons {self.weapons}")


@dataclass(frozen=True, slots=True)
class WeaponsArmed(Event):
    ship: str
    armed: tuple[tuple[str, int], ...]

    @property
    def text(self) -> str:
        listed = ", ".join(f"{w} {p}" for w, p in self.armed) or "none"
        return f"{self.ship}: weapons armed: {listed}"


@dataclass(frozen=True, slots=True)
class ShieldsSet(Event):
    ship: str
    points: tuple[int, ...]

    @property
    def text(self) -> str:
        return f"{self.ship}: shields 1-6 at {'/'.join(map(str, self.points))}"


@dataclass(frozen=True, slots=True)
class RollRequested(Event):
    request: RollRequest

    @property
    def text(self) -> str:
        return f"Roll {self.request.kind}: {self.request.purpose}"


@dataclass(frozen=True, slots=True)
class Rolled(Event):
    request: RollRequest
    value: int
    source: str

    @property
    def text(self) -> str:
        return f"{self.request.purpose}: rolled {self.value} ({self.source})"


@dataclass(frozen=True, slots=True)
class ShipMoved(Event):
    ship: str
    steps: str
    col: int
    row: int
    heading: int

    @property
    def text(self) -> str:
        return (f"{self.ship} moves {self.steps or 'nowhere (holds station)'} "
                f"to {self.col},{self.row} heading {self.heading}")


@dataclass(frozen=True, slots=True)
class FireDeclared(Event):
    ship: str
    shots: tuple[tuple[str, str], ...]

    @property
    def text(self) -> str:
        if not self.shots:
            return f"{self.ship} holds fire"
        return f"{self.ship} fires: " + ", ".join(f"{w} at {t}" for w, t in self.shots)


@dataclass(frozen=True, slots=True)
class ShotResolved(Event):
    firer: str
    weapon: str
    target: str
    range: int
    hit: bool
    damage: int = 0

    @property
    def text(self) -> str:
        what = f"hits for {self.damage}" if self.hit else "misses"
        return f"{self.firer} {self.weapon} at {self.target} (range {self.range}) {what}"


@dataclass(frozen=True, slots=True)
class ShieldStruck(Event):
    ship: str
    shield: int
    absorbed: int
    penetrating: int

    @property
    def text(self) -> str:
        return (f"{self.ship} shield {self.shield} absorbs {self.absorbed}, "
                f"{self.penetrating} get through")


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """Damage inside the ship: `system` is superstructure, engine, shield, weapon or sensors."""

    ship: str
    system: str
    amount: int
    detail: str

    @property
    def text(self) -> str:
        return f"{self.ship}: {self.detail}"


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    ship: str
    status: str
    reason: str

    @property
    def text(self) -> str:
        return f"{self.ship} is {self.status}: {self.reason}"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    outcome: str
    winner: str

    @property
    def text(self) -> str:
        return f"Game over: {self.outcome}"
