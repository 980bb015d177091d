"""Events of the Command & Control officers' rules (Book Two, seed lines 875-1563): the Captain's
orders, an officer's Skill Roll and what it gives. `views.PRIVATE_EVENTS` keeps the rolls and
their results with the ship's side; the fire order is the ship's too (its effect, fire or none,
is seen on the map)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event

FIRE_WORDS = {"hold": "hold fire", "fire": "open fire",
              "at_will": "fire at will"}


@dataclass(frozen=True, slots=True)
class OrdersGiven(Event):
    """The Captain's general orders for the turn (line 1415): the fire order (line 1101)."""

    ship: str
    name: str
    fire: str

    @property
    def text(self) -> str:
        return f"{self.name}: the Captain orders: {FIRE_WORDS.get(self.fire, self.fire)}"


@dataclass(frozen=True, slots=True)
class OfficerRolled(Event):
    """An officer's percentile Skill Roll (lines 957-959): the die as rolled, what is added to
    it, the rating, whether it succeeded, and what that gives (`result`)."""

    ship: str
    name: str
    station: str
    skill: str
    roll: int
    modifier: int
    rating: int
    success: bool
    result: str

    @property
    def text(self) -> str:
        added = f" +{self.modifier} = {self.roll + self.modifier}" if self.modifier else ""
        verdict = "success" if self.success else "failed"
        return (f"{self.name}: {self.skill} roll {self.roll:02d}{added} against "
                f"{self.rating}: {verdict}; {self.result}")


@dataclass(frozen=True, slots=True)
class EngineerChose(Event):
    """The Chief Engineer's choice of roll for the turn (lines 1029-1047)."""

    ship: str
    name: str
    choice: str
    detail: str

    @property
    def text(self) -> str:
        return f"{self.name}: the Chief Engineer {self.detail}"


@dataclass(frozen=True, slots=True)
class EngineRepaired(Event):
    """An engine repair of the Engineer's roll taking effect (line 1041): from this turn on."""

    ship: str
    name: str
    engine: str
    points: int
    now: int

    @property
    def text(self) -> str:
        return f"{self.name}: {self.engine} repaired +{self.points} power, now {self.now}"
