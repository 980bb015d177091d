"""The state of a game refereed by the half-impulse variant: the units on the map with the
players' speeds and initiative, the mines, the turn, the phase, the unit moving and the step of
the Sequence of Play. Immutable records, changed only by `dataclasses.replace`.

Nothing here is Star Fleet Battles data: a unit is what its player entered (a name, a side, a
kind, a speed each turn, the counters it carries); the referee keeps the order and the rules of
seed 003 over them (docs/rules-decisions.md, "The half-impulse referee").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, TypeVar

from engine.hexgrid import Hex

T = TypeVar("T")

NAME = "halfimpulse"
SHIP, SHUTTLE, FIGHTER, PF, DRONE, PLASMA = "ship", "shuttle", "fighter", "pf", "drone", "plasma"
KINDS = (SHIP, SHUTTLE, FIGHTER, PF, DRONE, PLASMA)
SEEKING = (DRONE, PLASMA)
"""Counters that move in the Drone and Plasma movement, not with the ships (lines 79-95)."""
MINE, TBOMB = "mine", "tbomb"
LOAD_KINDS = (SHUTTLE, FIGHTER, PF, DRONE, PLASMA, MINE, TBOMB)
HIDDEN_LOADS = (MINE, TBOMB)
"""Loads whose count left is its side's alone: it would tell where a mine was laid."""
KIND_NAMES = {SHIP: "ship", SHUTTLE: "shuttle", FIGHTER: "fighter", PF: "PF", DRONE: "drone",
              PLASMA: "plasma torpedo", MINE: "mine", TBOMB: "T-bomb"}
FIRING = (SHIP, SHUTTLE, FIGHTER, PF)
"""Kinds that may fire, beam or tractor (a drone or a plasma torpedo is what is fired)."""
MAX_SPEED = 32
"""The most a speed may be: the 32-impulse system's (seed line 222); a unit's own `max_speed`,
where its player gives one, is the limit for it."""

# Where the game is in the turn.
START, SHIPS, ZERO, DRONES, END, OVER = "start", "ships", "zero", "drones", "end", "over"
STAGE_NAMES = {START: "Before movement", SHIPS: "Ship movement", ZERO: "Speed Zero",
               DRONES: "Drone and Plasma movement", END: "After movement", OVER: "Game over"}
PHASE_NAMES = {0: "", 1: "First Phase", 2: "Second Phase"}


def replace(obj: T, **changes: Any) -> T:
    return dataclasses.replace(obj, **changes)  # type: ignore[type-var]


@dataclass(frozen=True, slots=True)
class Load:
    """Counters a unit carries to launch or lay: `count` left, at `speed` at most (a mine's or
    T-bomb's speed is 0); for a mine or T-bomb the `trigger` and `blast` ranges the table
    plays it with (its own numbers: nothing of the kind ships with the referee)."""

    name: str
    kind: str
    count: int
    speed: int = 0
    trigger: int = 0
    blast: int = 0


@dataclass(frozen=True, slots=True)
class Launch:
    """A launch the scenario scripts for the autopilot: in `turn`, `phase`, when the unit
    `during` (the launcher itself when "") is moving and has moved `after` spaces of that
    phase, `count` of `load` at `speed`."""

    turn: int
    phase: int
    after: int
    during: str
    load: str
    count: int
    speed: int


@dataclass(frozen=True, slots=True)
class Unit:
    """A ship or a counter on the map. `player` is the id of the player's first ship: his seat
    (`Seat("captain", player)`) acts for every unit of his."""

    id: str
    name: str
    kind: str
    side: str
    player: str
    pos: Hex
    facing: int
    speed: int = -1
    """This turn's speed; -1 until it is announced (a drone's or plasma's is set at launch)."""
    last: int = -1
    """Last turn's speed (the speed a panel offers before one is announced)."""
    max_speed: int = MAX_SPEED
    initiative: int = 0
    race: str = ""
    loads: tuple[Load, ...] = ()
    script: tuple[Launch, ...] = ()
    speeds: tuple[int, ...] = ()
    """The speeds the scenario scripts, turn by turn (the autopilot's and the default)."""
    launcher: str = ""
    origin: str = ""
    """The load of its launcher it came from (a counter landing goes back to it)."""
    first: int = -1
    """Spaces given to it in this turn's First Phase (-1: none yet, it did not move in it)."""
    moved: int = 0
    """Spaces moved in the phase under way."""
    done: bool = False
    """It has had its movement of the phase under way (or may have none)."""
    held: bool = False
    """Launched faster than its launcher: it may not move in the phase under way (l.5-11)."""
    stopped: bool = False
    """Announced emergency deceleration: no more movement this turn (line 128; ours)."""
    launched_in: int = -1
    """The number of the movement slot it was launched in this phase (-1: not this phase)."""
    on_map: bool = True

    @property
    def small(self) -> bool:
        """Not a ship: counters of one player at one speed move together (lines 20-37)."""
        return self.kind != SHIP

    @property
    def seeking(self) -> bool:
        return self.kind in SEEKING

    def load(self, name: str) -> Load | None:
        return next((ld for ld in self.loads if ld.name == name), None)


@dataclass(frozen=True, slots=True)
class Mine:
    """A mine or T-bomb on the map, known to its side and to the sides in `known_to` (that
    detected it, or saw it go off)."""

    id: str
    name: str
    side: str
    player: str
    pos: Hex
    trigger: int
    blast: int
    known_to: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Player:
    """A player: his seat is his first ship's captain (`id`, that ship's id); `initiative` is
    the one he announced with his speeds (the scenario's before the first announcement)."""

    id: str
    name: str
    side: str
    initiative: int = 0


@dataclass(frozen=True, slots=True)
class Slot:
    """A turn to move in the phase: one ship, or one player's counters at one speed (which
    move together, lines 20-37), or one player's pass at Speed Zero (lines 207-208, 394-396).
    `spaces` is what each of its units moves in this phase; `number` counts the slots of the
    phase, from 1."""

    number: int
    player: str
    units: tuple[str, ...]
    speed: int
    spaces: int
    moved: int = 0


@dataclass(frozen=True, slots=True)
class Entry:
    """A player's speeds and initiative, entered and not yet announced (a secret until every
    player has entered his, line 107)."""

    player: str
    initiative: int
    speeds: tuple[tuple[str, int], ...]


@dataclass(frozen=True, slots=True)
class Rolloff:
    """A d6 roll-off among players of equal initiative whose units would move at the same
    time (ours: the seed says the highest initiative goes first, lines 38-45, not how a tie
    is broken). `rolls` so far this round; the players left to roll are the rest."""

    players: tuple[str, ...]
    rolls: tuple[tuple[str, int], ...] = ()

    @property
    def next(self) -> str:
        rolled = {p for p, _ in self.rolls}
        return next(p for p in self.players if p not in rolled)


@dataclass(frozen=True, slots=True)
class HalfState:
    ruleset: str
    scenario_id: str
    name: str
    cols: int
    rows: int
    max_turns: int
    steps: tuple[str, ...]
    players: tuple[Player, ...]
    units: tuple[Unit, ...]
    mines: tuple[Mine, ...] = ()
    turn: int = 1
    phase: int = 0
    """0 before movement and after it, 1 the First Phase, 2 the Second Phase."""
    stage: str = START
    step: int = 0
    """The index of the step under way among the part's steps the scenario uses."""
    slot: Slot | None = None
    slots: int = 0
    """Movement slots begun in this phase (the next one's number is slots + 1)."""
    past: tuple[Slot, ...] = ()
    """The slots of this phase's stage that have moved: the movement chart's first rows."""
    waiting: tuple[str, ...] = ()
    """Players who still owe the step under way an answer."""
    responding: bool = False
    """A "moving player or in response" step has passed from the mover to the others."""
    acted: tuple[tuple[str, str], ...] = ()
    """(unit, target) announced in the step under way: each once."""
    struck: tuple[str, ...] = ()
    """Units fired on or caught in a blast in this space of movement: their players are the
    ones affected when damage is allocated."""
    entries: tuple[Entry, ...] = ()
    ranks: tuple[tuple[str, tuple[int, ...]], ...] = ()
    """Roll-offs this turn: each player's dice, higher first."""
    rolloff: Rolloff | None = None
    first_space: bool = False
    """The first space of the First Phase has been moved: HETs and Impulse TACs may be made
    (lines 65-74)."""
    zero: tuple[str, ...] = ()
    """Players who have had their pass at Speed Zero in this phase."""
    outcome: str = ""
    counter: int = 0
    """Counters launched so far (their ids are numbered by it)."""

    @property
    def over(self) -> bool:
        return self.stage == OVER

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise KeyError(unit_id)

    def find(self, unit_id: object) -> Unit | None:
        return next((u for u in self.units if u.id == unit_id), None)

    def player(self, player_id: str) -> Player:
        for p in self.players:
            if p.id == player_id:
                return p
        raise KeyError(player_id)

    def find_player(self, player_id: object) -> Player | None:
        return next((p for p in self.players if p.id == player_id), None)

    def with_unit(self, unit: Unit) -> HalfState:
        return replace(self, units=tuple(unit if u.id == unit.id else u for u in self.units))

    def with_units(self, changed: dict[str, Unit]) -> HalfState:
        return replace(self, units=tuple(changed.get(u.id, u) for u in self.units))

    def on_map(self) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.on_map)

    def of_player(self, player_id: str) -> tuple[Unit, ...]:
        return tuple(u for u in self.units if u.on_map and u.player == player_id)

    @property
    def moving_player(self) -> str | None:
        return self.slot.player if self.slot is not None else None

    def moving_units(self) -> tuple[str, ...]:
        """The units whose movement it is: the slot's, or at Speed Zero all of the moving
        player's (lines 207-208, 394-396); with those launched in the slot (line 454-456: the
        others may fire at a counter "in response to its launch")."""
        s = self.slot
        if s is None:
            return ()
        if self.stage == ZERO:
            return tuple(u.id for u in self.of_player(s.player))
        return tuple(u.id for u in self.on_map()
                     if u.id in s.units or (u.launched_in == s.number and u.player == s.player))
