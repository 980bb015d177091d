"""The players' announcements, each a line of the game log. `ship` is the player (his first
ship's id: the seat that acts); `unit` the unit of his that acts, "" when he is done with the
step. The Instructor may make any of them for a player."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.actions import Action, action_type


def _records(cls: type[Any], items: Any) -> Any:
    """Records given in their plain forms (a list of their fields in order, or a mapping of
    exactly them, as a log or a script writes them) become records; anything else is left as
    it is for the kernel's type check (`engine.actions.action_problem`) to refuse."""
    if not isinstance(items, tuple | list):
        return items
    names = [f.name for f in dataclasses.fields(cls)]
    out = []
    for item in items:
        if isinstance(item, tuple | list) and len(item) == len(names):
            item = cls(*item)
        elif isinstance(item, Mapping) and set(item) == set(names):
            item = cls(**item)
        out.append(item)
    return tuple(out)


@dataclass(frozen=True, slots=True)
class UnitSpeed:
    unit: str
    speed: int


@action_type("half_speeds")
@dataclass(frozen=True, slots=True)
class AnnounceSpeeds(Action):
    """The player's speed for each of his units that moves with the ships, and his initiative
    for the turn (line 107): kept secret until every player has entered his."""

    ship: str
    initiative: int
    speeds: tuple[UnitSpeed, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "speeds", _records(UnitSpeed, self.speeds))


@dataclass(frozen=True, slots=True)
class UnitMove:
    """One unit's space of movement: `way` F ahead, P or S ahead then a hexside to port or
    starboard, L or R a sideslip to the hex ahead to port or starboard keeping the facing, ""
    no space (Speed Zero); `facing` a turn in place first (an HET or Impulse TAC, lines 65-78)
    to that heading 0-5, -1 none."""

    unit: str
    way: str
    facing: int = -1


@action_type("half_move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """The moving player's units move one space, all of them at once (lines 20-37, 121)."""

    ship: str
    moves: tuple[UnitMove, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", _records(UnitMove, self.moves))


@action_type("half_target")
@dataclass(frozen=True, slots=True)
class Target(Action):
    """`unit` does what the step says (fires, tractors, uses its lab...) at `target`."""

    ship: str
    unit: str
    target: str = ""


@action_type("half_transport")
@dataclass(frozen=True, slots=True)
class Transport(Action):
    """`unit`'s transporters at `target`, or with `target` TBOMB a T-bomb laid by them in the
    hex (`col`, `row`)."""

    ship: str
    unit: str
    target: str = ""
    col: int = 0
    row: int = 0


TBOMB_TARGET = "T-bomb"
"""Transport's target for a T-bomb laid in a hex (no unit id has a capital letter)."""


@action_type("half_launch")
@dataclass(frozen=True, slots=True)
class Launch(Action):
    """`unit` launches `count` counters of its load `load` at `speed` (a mine is laid in its
    hex: speed 0)."""

    ship: str
    unit: str
    load: str = ""
    count: int = 1
    speed: int = 0


@action_type("half_land")
@dataclass(frozen=True, slots=True)
class Land(Action):
    """`unit`, a small craft, lands on the ship `on` in its hex (line 152)."""

    ship: str
    unit: str
    on: str = ""


@action_type("half_remove")
@dataclass(frozen=True, slots=True)
class Remove(Action):
    """`unit` leaves the map, for the reason `why` the step gives (destroyed, impact...)."""

    ship: str
    unit: str
    why: str = ""


@action_type("half_detect")
@dataclass(frozen=True, slots=True)
class Detect(Action):
    """The moving `unit` detects the mines within `reach` hexes (the table's number, line 133)."""

    ship: str
    unit: str
    reach: int = 0


@action_type("half_announce")
@dataclass(frozen=True, slots=True)
class Announce(Action):
    """`unit` does what the step says; the table plays it out (the referee records it)."""

    ship: str
    unit: str


@action_type("half_next")
@dataclass(frozen=True, slots=True)
class NextStep(Action):
    """The Instructor: the step under way ends for everyone still to answer it."""
