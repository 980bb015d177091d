"""The state of a FASA game: immutable values, changed only by building new ones."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction
from typing import Any

from engine.dice import RollRequest
from engine.hexgrid import Hex, MapBounds
from engine.rulesets.fasa.data.ships import ShipClass
from engine.rulesets.fasa.data.tables import Tables
from engine.rulesets.fasa.values.bodies import Body
from engine.rulesets.fasa.values.captain_races import Captain
from engine.rulesets.fasa.values.copies import replace as replace  # the state's own fast copy
from engine.rulesets.fasa.values.crew import DEFAULT_CREW, Duty, station_for
from engine.rulesets.fasa.values.officers import Officer
from engine.rulesets.fasa.values.options import NO_OPTIONS, Options
from engine.rulesets.fasa.values.shaken import CALM, Shaken
from engine.stations import Station

LEVELS = ("basic", "advanced", "expert", "command")
PLAYABLE_LEVELS = ("basic", "advanced", "expert", "command")
DEFAULT_SCALE = {"basic": Fraction(1, 3), "advanced": Fraction(1, 3),
                 "expert": Fraction(1), "command": Fraction(1)}
SCALES = {"1": Fraction(1), "1/2": Fraction(1, 2), "1/3": Fraction(1, 3), "1/4": Fraction(1, 4)}
PHASES = 5
"""Movement/Firing Phases in a game turn (Book Two, Advanced: Sequence Of Play step 10); 3 is the
optional rule of Movement With Three Movement/Firing Phases."""
PHASE_CHOICES = (3, 5)



class Status(StrEnum):
    """A ship's status."""

    ACTIVE = "active"
    DISABLED = "disabled"    # cannot move or fire (superstructure gone)
    DESTROYED = "destroyed"
    ESCAPED = "escaped"      # left the map


class Step(StrEnum):
    """Steps of the game turn (Book Two, Advanced: Sequence Of Play)."""

    RATINGS = "ratings"      # before the first turn: rolling the ratings (Expert)
    POWER = "power"          # Power Allocation Phase
    SKILL = "skill"          # Skill Roll Phase (Expert)
    ADVANTAGE = "advantage"  # Tactical Advantage Phase
    SENSE = "sense"          # Sensor Phase: sensor locks and questions (Advanced)
    SCAN = "scan"            # a Movement Phase's arc scans for cloaked ships (Expert)
    MOVE = "move"            # a Movement Phase
    DECLARE = "declare"      # a Firing Phase: declaring targets
    RESOLVE = "resolve"      # a Firing Phase: hits and damage
    CHOOSE = "choose"        # a Firing Phase: the target's captain picks the damaged weapon
    EVADE = "evade"          # a Firing Phase: a missile's target may evade (Advanced)
    HAZARD = "hazard"        # outside a Firing Phase: mines set off, a self-destruct's blasts
    PLACE = "place"          # before turn 1: ships the scenario leaves to the table are placed
    AFTERMATH = "aftermath"  # the end of a Firing Phase (C&C): bridge hits, repairs, powering down
    # The steps a variant adds (values/variant_tables.py), named here so that a state names them all:
    TACTICAL = "tactical"    # Battlestations!: after a Movement Phase, the tactical heading change
    COUNTERS = "counters"    # Battlestations!: Fire / No Fire counters laid face down
    REPOWER = "repower"      # Battlestations!: the Repair/Repower Phase of a combat round
    OVER = "over"


class Stage(StrEnum):
    """What the hit on its way in awaits (Book Two, C&C: Damage Sequence)."""

    SHIELD = "shield"        # which of two shields faces the shot
    LOCATION = "location"    # the damage location roll
    ENGINE = "engine"        # which engine takes an engine hit
    SENSORS = "sensors"      # how long the sensors are out
    WEAPON = "weapon"        # the Captain picks the damaged weapon


ACTIVE, DISABLED, DESTROYED, ESCAPED = Status.ACTIVE, Status.DISABLED, Status.DESTROYED, Status.ESCAPED
POWER, ADVANTAGE, MOVE, DECLARE = Step.POWER, Step.ADVANTAGE, Step.MOVE, Step.DECLARE
RESOLVE, CHOOSE, OVER, EVADE = Step.RESOLVE, Step.CHOOSE, Step.OVER, Step.EVADE
SENSE, HAZARD = Step.SENSE, Step.HAZARD
RATINGS, SKILL, SCAN = Step.RATINGS, Step.SKILL, Step.SCAN
AFTERMATH = Step.AFTERMATH
TACTICAL, COUNTERS, REPOWER = Step.TACTICAL, Step.COUNTERS, Step.REPOWER
SENSE, HAZARD, PLACE = Step.SENSE, Step.HAZARD, Step.PLACE


@dataclass(frozen=True, slots=True)
class Weapon:
    """One weapon's state this turn: power in it (0 = unarmed), fired, damaged for the game."""

    power: int = 0
    fired: bool = False
    damaged: bool = False


@dataclass(frozen=True, slots=True)
class Allocation:
    """Power Allocation Phase: power to movement, shields and weapons."""

    movement: int
    shields: int
    weapons: int
    cloak: int = 0               # power to the cloaking device (Advanced: Romulan Cloaking Device)

    @property
    def total(self) -> int:
        return self.movement + self.shields + self.weapons + self.cloak


@dataclass(frozen=True, slots=True)
class TurnRecord:
    """One game turn's column of the Master Control Panel (Book Two, Expert: Using The Master
    Control Panels, seed lines 745-773), as the turn ended: the power available and its
    allocation, the movement points, the warp speed, each weapon's power and whether it fired
    ("When weapons are fired, draw a slash through the number"), the shield points set, the
    superstructure, the casualties (tenths of a percent) and the Sensors Track's box ("L" locked,
    "O" not obtained, "X" out, "" not used)."""

    turn: int
    power: int
    allocation: tuple[int, int, int]
    movement_points: int
    warp: int
    weapons: tuple[tuple[int, bool, bool], ...]   # (power, fired, damaged) per weapon
    shields: tuple[int, ...]
    superstructure: int
    casualties: int
    sensors: str


@dataclass(frozen=True)  # no slots: a copy is one dict copy (values/copies.py)
class Ship:
    id: str
    name: str
    cls: ShipClass
    side: str
    pos: Hex
    heading: int
    engines: tuple[int, ...]
    superstructure: int
    shields: tuple[int, ...] = (0, 0, 0, 0, 0, 0)   # points in shields 1..6
    shields_damaged: frozenset[int] = frozenset()
    weapons: tuple[Weapon, ...] = ()
    allocation: Allocation | None = None
    armed: bool = False          # Helm has armed weapons this turn
    shields_set: bool = False    # Science has set shields this turn
    movement_points: int = 0     # for the whole turn
    sensors_out: int = 0         # game turns the sensors stay out, this one included
    casualties: int = 0          # tenths of a percent of the crew
    status: Status = ACTIVE
    warp: int = 0                # warp speed, 0 = sub-light (docs/rules-decisions.md)
    hard_turned: bool = False    # made an emergency heading change this Movement Phase
    reverse: bool = False        # engines set for reverse movement (Advanced: Reverse Movement)
    still: int = 0               # Movement Phases in a row that ended in the hex it began in
    moved: bool = False          # left its hex in this Movement Phase
    evading: bool = False        # evaded a missile this Firing Phase: cannot fire in it
    blast_roll: bool = False     # superstructure damage below 0 not yet rolled for (explosion)
    lock: str = ""               # the enemy ship its sensors are locked on (Advanced: Sensors)
    sensed: bool = False         # has used its sensors in this turn's Sensor Phase
    scanned: bool = False        # has made (or passed) this Sensor Phase's cloak scan (advanced)
    cloaked: bool = False        # its cloaking device is on (Advanced: Romulan Cloaking Device)
    moved_turn: bool = False     # left its hex in a Movement Phase of this game turn
    moved_last: bool = False     # left its hex in a Movement Phase of the last game turn
    ordered: bool = False        # its Captain has given this turn's self-destruct order
    abandoned: bool = False      # its crew beamed aboard a friendly ship (optional: Rescues)
    shaken: Shaken = CALM        # C&C: bridge hits, engineering out, power spent (shaken.py)
    last_allocation: Allocation | None = None   # the power allocation last made (last turn's
                                                # until this turn's is made): "as last turn"
    last_shields: tuple[int, ...] | None = None  # the shield points Science last set, likewise
    # Expert Starship Tactics (seed lines 575-873; ratings.py, skill_roll.py):
    skill: int = 0               # the Captain's Skill Rating (48-75; 0 = not yet known)
    efficiency: int = 0          # the Crew Efficiency Rating (48-75; 0 = not yet known)
    rating_rolls: tuple[int, ...] = ()  # the d10 rolls made for the ratings at setup
    skill_rolled: int = 0        # this turn's Skill Roll as modified (0 = not rolled yet)
    bonus: str = ""              # this turn's skill bonus: "", "due", "none", "aim", "power",
    #                              "shield" or "repair"; "placing power" / "placing shield"
    #                              while the Engineer / Science places it (bonus_place.py)
    aimed: tuple[str, ...] = ()  # weapons firing at one less to hit this turn (the "aim" bonus)
    lock_tried: bool = False     # tried (or held) a sensor lock this turn: no arc scan (Expert)
    asked_phase: int = 0         # the Movement Phase of its last sensor question (Expert)
    arc_phase: int = 0           # the Movement Phase of its last arc scan decision (Expert)
    warp_set: bool = False       # its warp speed for this turn is set (Expert; warp.py)
    record: tuple[TurnRecord, ...] = ()  # the Master Control Panel's past turns (mcp.py)
    # Command & Control (seed lines 875-1563; officers.py): the players' officers, () for a
    # ship the Instructor runs (and for every ship below the command level).
    officers: tuple[Officer, ...] = ()
    fire_order: str = ""         # the Captain's fire order: "" none, "hold", "fire" (this
    #                              turn), "at_will" (stands until changed; orders.py)
    orders_given: bool = False   # the Captain has given this turn's general orders
    awaiting: str = ""           # the officer's roll awaited (officer_roll.py), e.g. "weaponry"
    engineer_roll: str = ""      # this turn's Chief Engineer's roll: "", "power", "repair",
    #                              "warp" or "none" (engineer_roll.py)
    repair_engine: int = 0       # the engine (1-based) his repair roll is for
    warp_asked: int = -1         # the warp speed Helm asked two steps for (-1: none)
    power_next: int = 0          # extra power the Engineer's roll gives next turn
    extra_power: int = 0         # extra power of this turn (from last turn's roll)
    repairs: tuple[tuple[int, int], ...] = ()  # (engine, points) repaired from next turn
    weaponry_rolls: int = 0      # the Helmsman's weaponry rolls made this turn (two at most)
    helm_rolled: bool = False    # the helm operation roll of this turn is made (once a turn)
    helm_steps: str = ""         # the course awaiting the helm operation roll
    helm_success: bool = False   # that roll succeeded: the next emergency change is eased
    advancement: tuple[int, ...] = ()  # Campaign Advancement: (captain, crew) points, () = not
    #                                    known (optional rule; campaign_play.py)
    # C&C, the Science Officer/Navigator of a crewed ship (seed lines 1165-1301; science_roll.py,
    # damage_control.py, sensors_rating.py, explosion_roll.py, hard_comms.py):
    science: str = ""            # this turn's Skill Roll: "" not chosen, "none", "shields",
    #                              "damage_control", "repair" or "casualties"
    science_rolled: int = 0      # that roll as rolled (0 = not rolled yet)
    extra_shields: int = 0       # extra shield points won and still to place (l.1183-1185)
    dc_die: bool = False         # the damage control die is still to roll (l.1189)
    dc_points: int = 0           # damage control points left this turn (l.1189-1195)
    dc_phase: int = 0            # the Firing Phase whose damage control is decided (l.1193)
    questions: int = 0           # the Sensors Counter: questions left this turn (l.1241-1245)
    extra_questions: int = 0     # of them, those above five still to ask (l.1217)
    phase_questions: int = 0     # questions asked in the Movement Phase `asked_phase`
    cloak_sense: str = ""        # the cloaked ship whose movement its sensors may detect (l.1213)
    cloak_lock: str = ""         # the cloaked ship it found: held next turn by a roll (l.1261)
    sensor_phases: int = 0       # Firing Phases' ends until the damaged sensors work (l.1247-1249)
    relock: bool = False         # sensors back mid-turn: a lock may be tried in place of a question (l.1249)
    comms_task: str = ""         # a difficult communications task still to succeed (l.1231)
    comms_tried: int = 0         # the game turn of its last try

    @property
    def total_power(self) -> int:
        # C&C, line 1035: the Engineer's extra power "is added to the normal Total Power Units
        # Available" for the turn after his roll (engineer_roll.py).
        return sum(self.engines) + self.extra_power

    @property
    def in_play(self) -> bool:
        return self.status == ACTIVE

    @property
    def allocated(self) -> bool:
        return self.allocation is not None and self.armed and self.shields_set

    def weapon_index(self, weapon_id: str) -> int:
        for i, w in enumerate(self.cls.weapons):
            if w.id == weapon_id:
                return i
        raise KeyError(weapon_id)


@dataclass(frozen=True, slots=True)
class Shot:
    """A declared shot: `weapon` of `firer` at `target`."""

    firer: str
    weapon: str
    target: str
    evade: str = ""       # the target evaded: "success" or "failed" (Advanced: Evading Missiles)
    heading: int = -1     # the target's heading before it evaded
    damage: int = 0       # an explosion's blast (weapon BLAST) or a mine (MINE): its damage
    at: Hex | None = None # a mine: the hex it lies in
    cut: int = 0          # damage control points the target's Science put on it (C&C, l.1193)


MINE = "*mine*"
"""The weapon of a `Shot` that is a mine going off; no ship's weapon id can be it (Advanced:
Mines; `firing/mines.py`)."""
BLAST = "*blast*"
"""The weapon of a `Shot` that is an exploding ship's blast (Advanced: Damage From Exploding
Ships; `firing/explosions.py`); no ship's weapon id can be it (ids are checked on loading)."""


@dataclass(frozen=True, slots=True)
class Hit:
    """Damage of the current shot on its way in: `stage` says which roll or choice it awaits."""

    stage: Stage
    damage: int
    shield: int = 0
    penetrating: int = 0
    kind: str = ""        # for "weapon": the kind of weapon hit
    left: int = 0         # penetrating points through `shield` still to locate after this roll
    strikes: tuple[tuple[int, int], ...] = ()   # (shield, damage) still to strike (same hex)
    cut: int = 0          # of `penetrating`, the points damage control took off (C&C, l.1195)


@dataclass(frozen=True, slots=True)
class SensorReport:
    """What a sensor lock told the sensing ship's side (Book Two, Advanced: Sensors): the five
    facts and the answer to the one question asked, as they stood in the Sensor Phase of `turn`.
    `answer` holds (name, value) pairs for a screen; `text` says it in words."""

    turn: int
    ship: str
    target: str
    question: int
    detail: str
    facts: tuple[str, ...]
    answer: tuple[tuple[str, int | str], ...]
    text: str


@dataclass(frozen=True, slots=True)
class Counter:
    """A mine or decoy counter (Advanced: Mines): laid face down by `side`; `shown` once a ship
    turned it over (a mine that was not set off stays, face up)."""

    pos: Hex
    side: str
    mine: bool
    shown: bool = False


@dataclass(frozen=True, slots=True)
class Setup:
    """What a game keeps from its scenario: the same from the first action to the last."""

    scenario: str
    level: str
    scale: Fraction
    bounds: MapBounds
    obstacles: frozenset[Hex]
    sides: tuple[str, ...]
    max_turns: int = 0
    phases: int = PHASES
    crews: tuple[tuple[str, str], ...] = ()   # (ship id, crew layout), see crew.py
    victory: tuple[Any, ...] = ()               # victory.Clause: the scenario's conditions
    full_speed: frozenset[str] = frozenset()    # ships that enter at full speed in game turn 1
    mine_damage: tuple[tuple[str, int], ...] = ()  # (laying side, damage of one mine)
    placements: tuple[tuple[str, str], ...] = ()   # (ship, "anywhere" or "edge"): the table's
    options: Options = NO_OPTIONS               # the optional rules in play (options.py)
    variant: str = ""                           # the variant laid over the rules (variant_tables.py)
    bodies: tuple[Body, ...] = ()               # planets and their wells (Battlestations!: bodies.py)
    captains: tuple[Captain, ...] = ()          # captains' races (Battlestations!: captain_races.py)
    tables: Tables = field(compare=False, repr=False, default=None)  # type: ignore[assignment]


@dataclass(frozen=True)  # no slots: a copy is one dict copy (values/copies.py)
class FasaState:
    setup: Setup
    ships: tuple[Ship, ...]
    turn: int = 1
    step: Step = POWER
    phase: int = 0
    advantage: tuple[str, ...] = ()                     # lowest first; the last has the advantage
    adv_rolls: tuple[tuple[str, tuple[int, ...]], ...] = ()
    queue: tuple[str, ...] = ()                         # ships still to move or declare
    shots: tuple[Shot, ...] = ()                        # declared, not yet resolved; first = current
    hit: Hit | None = None
    roll: RollRequest | None = None
    evasions: tuple[tuple[str, str], ...] = ()          # missile shots (firer, weapon) whose
    #                                                     target may still evade
    exploding: str = ""                                 # ship whose explosion roll is awaited
    asking: tuple[str, str, int, str] | tuple[()] = ()  # Sensor Phase: (ship, target,
    #                                                     question, detail) awaiting its roll
    reports: tuple[SensorReport, ...] = ()              # each ship's latest sensor report
    detected: tuple[tuple[str, str], ...] = ()          # (side, cloaked ship) found this turn
    detected_by: tuple[tuple[str, str], ...] = ()       # (scanning ship, cloaked ship) likewise
    to_place: tuple[str, ...] = ()                      # ships still to be placed before turn 1
    counters: tuple[Counter, ...] = ()                  # mine and decoy counters on the map
    after: str = ""                                     # the step a HAZARD returns to
    comms_turn: int = 0                                 # the turn whose team rolls began
    comms: tuple[str, ...] = ()                         # sides still to make this turn's team
    #                                                     communications roll (optional rule)
    aloud: tuple[str, ...] = ()                         # sides that must talk aloud this turn
    science_wait: tuple[str, str] | tuple[()] = ()      # C&C: (ship, what) whose Science
    #                                                     Officer's roll is awaited (science.py)
    fleet_orders: tuple[tuple[str, int, str, str, str], ...] = ()  # the optional Admiral's
    #                                          orders (side, turn, ship, order, target): admiral.py
    ordered: tuple[tuple[str, int], ...] = ()           # (side, last turn its Admiral answered)
    fire_counters: tuple[tuple[str, bool], ...] = ()    # a variant's Fire (True) / No Fire
    #                                                     counters laid this Firing Phase
    outcome: str = ""
    winner: str = ""

    # The setup's fields, read through the state.
    @property
    def scenario(self) -> str:
        return self.setup.scenario

    @property
    def level(self) -> str:
        return self.setup.level

    @property
    def scale(self) -> Fraction:
        return self.setup.scale

    @property
    def bounds(self) -> MapBounds:
        return self.setup.bounds

    @property
    def obstacles(self) -> frozenset[Hex]:
        return self.setup.obstacles

    @property
    def sides(self) -> tuple[str, ...]:
        return self.setup.sides

    @property
    def max_turns(self) -> int:
        return self.setup.max_turns

    @property
    def phases(self) -> int:
        return self.setup.phases

    @property
    def tables(self) -> Tables:
        return self.setup.tables

    @property
    def ruleset(self) -> str:
        return "fasa"

    @property
    def over(self) -> bool:
        return self.step == OVER

    def crew(self, ship_id: str) -> str:
        """The crew layout of a ship (engine.rulesets.fasa.values.crew)."""
        for sid, crew in self.setup.crews:
            if sid == ship_id:
                return crew
        return DEFAULT_CREW

    def station_for(self, ship_id: str, duty: Duty) -> Station:
        """The station of that ship's crew that carries out `duty`."""
        return station_for(self.crew(ship_id), duty)

    def ship(self, ship_id: str) -> Ship:
        for s in self.ships:
            if s.id == ship_id:
                return s
        raise KeyError(ship_id)

    def has_ship(self, ship_id: str) -> bool:
        return any(s.id == ship_id for s in self.ships)

    def with_ship(self, ship: Ship) -> FasaState:
        return replace(self, ships=tuple(ship if s.id == ship.id else s for s in self.ships))

    def rank(self, ship_id: str) -> int:
        """Position in the tactical-advantage order: higher has the advantage."""
        try:
            return self.advantage.index(ship_id)
        except ValueError:
            return -1
