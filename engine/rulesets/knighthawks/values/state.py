"""The state of a Knight Hawks game: immutable records, changed only by `dataclasses.replace`."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.hexgrid import Hex
from engine.rulesets.knighthawks.data.datafiles import Tables

T = TypeVar("T")

# Steps of a side's half of the turn (docs/rules-decisions.md, Knight Hawks: the turn).
SEEKERS, MOVE, DEFENSIVE, OFFENSIVE, REPAIR, OVER = (
    "seekers", "move", "defensive", "offensive", "repair", "over")
ACTIVE, DESTROYED, LEFT = "active", "destroyed", "left"


def replace(obj: T, **changes: Any) -> T:
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


@dataclass(frozen=True, slots=True)
class Mount:
    """One weapon system: `ammo` None for an unlimited weapon (seed 002, line 14: LTD)."""

    id: str
    code: str
    ammo: int | None
    intact: bool = True
    fired: bool = False


@dataclass(frozen=True, slots=True)
class Defence:
    """One defence system; `count` for masking screens and ICMs (their supply)."""

    code: str
    count: int | None
    intact: bool = True


@dataclass(frozen=True, slots=True)
class Ship:
    id: str
    cls: str
    name: str
    side: str
    crew: str
    hull_size: int
    hull_max: int
    hull: int
    adf_max: int
    adf: int
    mr_max: int
    mr: int
    dcr_max: int
    dcr: int
    pos: Hex
    facing: int
    speed: int
    weapons: tuple[Mount, ...]
    defences: tuple[Defence, ...]
    screen: str | None = None
    fire: bool = False
    disastrous: bool = False
    combat_control: bool = False
    navigation: bool = False
    dc_hit: bool = False
    power_short: bool = False
    status: str = ACTIVE
    path: tuple[Hex, ...] = ()
    """The hexes it traveled through in its last movement (defensive fire, line 210)."""
    moved: bool = False
    nav_turn: int = 0
    """-1 or +1: the way a navigation hit makes it turn this move (line 192); 0 unknown."""
    screened: bool = False
    """Its screens were set for this movement."""
    done: bool = False
    """It has finished the present step (fired, or chose not to repair)."""

    @property
    def active(self) -> bool:
        return self.status == ACTIVE

    @property
    def damage(self) -> int:
        return self.hull_max - self.hull

    @property
    def severely_damaged(self) -> bool:
        """More than half its hull points are gone (seed 002, line 162)."""
        return self.damage * 2 > self.hull_max

    def defence(self, code: str) -> Defence | None:
        return next((d for d in self.defences if d.code == code and d.intact), None)

    def has(self, code: str) -> bool:
        return self.defence(code) is not None

    def icms(self) -> int:
        d = self.defence("ICM")
        return 0 if d is None or self.power_short else d.count or 0

    def mount(self, mount_id: str) -> Mount | None:
        return next((m for m in self.weapons if m.id == mount_id), None)


@dataclass(frozen=True, slots=True)
class Mine:
    """A mined hex, known only to the side that placed it (seed 002, line 41)."""

    side: str
    pos: Hex


@dataclass(frozen=True, slots=True)
class Seeker:
    """A seeker missile (seed 002, lines 43-52): `moves` it has made since activation."""

    id: str
    side: str
    pos: Hex
    active: bool = False
    moves: int = 0
    target: str = ""
    """The ship it flies at in this move, chosen at the start of the move (line 48)."""


@dataclass(frozen=True, slots=True)
class Mask:
    """A masking screen released by `ship` in `pos`; it lasts while the ship stays there."""

    ship: str
    pos: Hex


@dataclass(frozen=True, slots=True)
class Attack:
    """An attack being resolved: weapon fire, a mine, a seeker, or a fire aboard (no to-hit).

    `stage`: "icm" (ships in the target's hex may launch ICMs: `askers` still to answer),
    "hit" (the to-hit d100), "damage" (the Damage Table d100), "dice" (hull damage dice, one
    d10 at a time, `dice` so far).
    """

    source: str
    label: str
    weapon: str
    side: str
    roller: str
    target: str
    chance: int | None
    half: bool
    stage: str
    dtm: int
    hdr: str
    askers: tuple[str, ...] = ()
    icms: int = 0
    double: bool = False
    dice: tuple[int, ...] = ()
    range: int = 0


@dataclass(frozen=True, slots=True)
class Check:
    """A roll the rules make outside an attack: "breakup" (line 166), "navigation" (line 192),
    "repair" (damage control), "aim" (which of equally close ships a seeker flies at, line 48),
    "blast" (which of equally large ships in its hex it attacks, line 50). `what` says what
    for; `choices` are the repair's system or the tied ships; `seeker` the seeker's id."""

    kind: str
    ship: str
    what: str
    chance: int = 0
    choices: tuple[str, ...] = ()
    seeker: str = ""
    side: str = ""


@dataclass(frozen=True, slots=True)
class KHState:
    ruleset: str
    scenario_id: str
    name: str
    tables: Tables
    sides: tuple[str, ...]
    side_names: tuple[tuple[str, str], ...]
    gunnery: tuple[tuple[str, int], ...]
    width: int
    height: int
    max_turns: int
    ships: tuple[Ship, ...]
    mines: tuple[Mine, ...] = ()
    seekers: tuple[Seeker, ...] = ()
    masks: tuple[Mask, ...] = ()
    turn: int = 1
    mover: int = 0
    step: str = SEEKERS
    attack: Attack | None = None
    checks: tuple[Check, ...] = ()
    hazards: tuple[Attack, ...] = ()
    seekers_decided: bool = False
    fires_done: bool = False
    outcome: str = ""
    points: tuple[tuple[str, int], ...] = ()

    @property
    def over(self) -> bool:
        return self.step == OVER

    @property
    def moving_side(self) -> str:
        return self.sides[self.mover]

    @property
    def other_side(self) -> str:
        return self.sides[1 - self.mover]

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    def find(self, ship_id: object) -> Ship | None:
        return next((s for s in self.ships if s.id == ship_id), None)

    def with_ship(self, ship: Ship) -> KHState:
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def side_name(self, side: str) -> str:
        return dict(self.side_names).get(side, side)

    def skill(self, side: str) -> int:
        return dict(self.gunnery).get(side, 0)
