"""What happens in a FASA game, as typed events with one readable line each."""

from __future__ import annotations

import re
from dataclasses import dataclass

from engine.dice import RollRequest
from engine.events import Event
from engine.hexgrid import HEADING_NAMES
from engine.words import plural


@dataclass(frozen=True, slots=True)
class Note(Event):
    """Something worth a line that changes nothing by itself (phase began, order decided)."""

    message: str

    @property
    def text(self) -> str:
        return self.message

    @property
    def moves_on(self) -> bool:
        """A phase, combat round or turn begun ("Movement Phase 2 of turn 1", "Turn 2: Power
        Allocation Phase", "Combat round 1: Repair/Repower Phase ..."): the flow's notes, as
        the turn's rules (`phases/`, `engineering/power_rule.py`) and the variants word them; not a
        note a roll decided (the tactical advantage)."""
        return _BEGUN.match(self.message) is not None


_BEGUN = re.compile(r"(Turn \d+: [\w /]+ Phase$|[\w /]+ Phase( \d+)? of turn \d+$|"
                    r"Combat round \d+(:| of turn \d+:) [\w /]+ Phase)")
"""The words of a Note that begins a phase, a combat round or a turn."""


@dataclass(frozen=True, slots=True)
class PowerAllocated(Event):
    ship: str
    name: str
    movement: int
    shields: int
    weapons: int
    movement_points: int
    shield_points: int

    @property
    def text(self) -> str:
        return (f"{self.name}: power to movement {self.movement} ({self.movement_points} MP), "
                f"shields {self.shields} ({plural(self.shield_points, 'point')}), "
                f"weapons {self.weapons}")


@dataclass(frozen=True, slots=True)
class ArmedWeapon:
    weapon: str       # id
    name: str
    power: int


@dataclass(frozen=True, slots=True)
class WeaponsArmed(Event):
    ship: str
    name: str
    armed: tuple[ArmedWeapon, ...]

    @property
    def text(self) -> str:
        listed = ", ".join(f"{a.name} ({a.power})" for a in self.armed)
        return f"{self.name}: weapons armed: {listed or 'none'}"


@dataclass(frozen=True, slots=True)
class ShieldsSet(Event):
    ship: str
    name: str
    points: tuple[int, ...]

    @property
    def text(self) -> str:
        return f"{self.name}: shields 1-6 at {'/'.join(map(str, self.points))}"


@dataclass(frozen=True, slots=True)
class HeadingStressed(Event):
    """An emergency heading change and its stress charts (Advanced: Emergency Heading Changes,
    seed 000 lines 337-345): seen by every side that sees the ship turn two hexsides on the map; a
    cloaked ship's turn that a side has not detected is its own side's to know (Advanced: Romulan
    Cloaking Device, lines 397-403: the counter is off the map)."""

    ship: str
    name: str
    speed: str          # "warp 6" or "sub-light"
    charts: str         # the class's Heading Change Stress Charts, e.g. "H/J"

    @property
    def text(self) -> str:
        return f"{self.name}: emergency heading change at {self.speed}, stress charts {self.charts}"


@dataclass(frozen=True, slots=True)
class EnginesSet(Event):
    """A ship's engines set for reverse or forward again (Advanced: Reverse Movement, seed 000
    lines 349-355): the engineers' change-over is inside the ship, so only its own side is told
    (docs/rules-decisions.md)."""

    ship: str
    name: str
    reverse: bool

    @property
    def text(self) -> str:
        return (f"{self.name}'s engines are set for "
                f"{'reverse' if self.reverse else 'forward'} movement")


@dataclass(frozen=True, slots=True)
class RollRequested(Event):
    request: RollRequest

    @property
    def text(self) -> str:
        return f"Roll {self.request.kind}: {self.request.purpose}"

    @property
    def quiet(self) -> bool:
        return True   # a printed account leaves it out: the roll's result says it


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
    name: str
    steps: str
    col: int
    row: int
    heading: int

    @property
    def text(self) -> str:
        if not self.steps:
            return f"{self.name} holds station at {self.col},{self.row}"
        words = {"F": "ahead", "P": "turns port", "S": "turns starboard",
                 "L": "turns hard to port", "R": "turns hard to starboard", "B": "back"}
        said = ", ".join(words.get(c, c) for c in self.steps)
        return (f"{self.name} moves {len(self.steps)} ({said}) to {self.col},{self.row}, "
                f"heading {HEADING_NAMES[self.heading]}")


@dataclass(frozen=True, slots=True)
class ShipPlaced(ShipMoved):
    """A ship set on the map before turn 1 where the table chose (`placement.py`). A kind of
    `ShipMoved`, so that it is told exactly as a move is: not to a side from which the ship is
    hidden under its cloak."""

    edge: bool = False

    @property
    def text(self) -> str:
        how = "enters from the map's edge at" if self.edge else "is placed at"
        return f"{self.name} {how} {self.col},{self.row}, heading {HEADING_NAMES[self.heading]}"


@dataclass(frozen=True, slots=True)
class DeclaredShot:
    weapon: str          # id
    weapon_name: str
    target: str          # ship id
    target_name: str


@dataclass(frozen=True, slots=True)
class FireDeclared(Event):
    ship: str
    name: str
    shots: tuple[DeclaredShot, ...]

    @property
    def text(self) -> str:
        if not self.shots:
            return f"{self.name} holds fire"
        return f"{self.name} fires: " + ", ".join(
            f"{s.weapon_name} at {s.target_name}" for s in self.shots)


@dataclass(frozen=True, slots=True)
class ShotResolved(Event):
    firer: str
    weapon: str          # id
    target: str
    range: int
    hit: bool
    damage: int = 0
    weapon_name: str = ""
    target_name: str = ""

    @property
    def text(self) -> str:
        what = f"hits for {self.damage}" if self.hit else "misses"
        return (f"{self.weapon_name or self.weapon} at {self.target_name or self.target} "
                f"(range {self.range}) {what}")


@dataclass(frozen=True, slots=True)
class ShieldStruck(Event):
    ship: str
    name: str
    shield: int
    absorbed: int
    penetrating: int

    @property
    def alerts(self) -> str | None:
        return self.ship

    @property
    def text(self) -> str:
        if not self.penetrating:
            return f"{self.name}'s shield {self.shield} absorbs all {self.absorbed}"
        return (f"{self.name}'s shield {self.shield} absorbs {self.absorbed}, "
                f"{plural(self.penetrating, 'gets', 'get')} through")


@dataclass(frozen=True, slots=True)
class Damaged(Event):
    """Damage inside the ship: `system` is superstructure, engine, shield, weapon or sensors."""

    ship: str
    name: str
    system: str
    amount: int
    detail: str

    @property
    def alerts(self) -> str | None:
        return self.ship

    @property
    def text(self) -> str:
        return f"{self.name}: {self.detail}"


@dataclass(frozen=True, slots=True)
class StatusChanged(Event):
    ship: str
    name: str
    status: str
    reason: str

    @property
    def alerts(self) -> str | None:
        return self.ship

    @property
    def text(self) -> str:
        return f"{self.name} is {self.status}: {self.reason}"


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game is over: `kind` is decisive victory, marginal victory or draw (every other side
    is defeated), `winner` the side that won ("" for a draw), `ending` how the game ended in a
    few words, `outcome` the whole judgement with its reason."""

    outcome: str
    winner: str
    kind: str = ""
    ending: str = ""

    @property
    def text(self) -> str:
        return f"Game over: {self.outcome}"


@dataclass(frozen=True, slots=True)
class Evaded(Event):
    """A ship rotated one hexside to dodge a missile (Advanced: Evading Missile Fire); `success`
    is empty until the evasion roll, then "success" or "failed"."""

    ship: str
    name: str
    direction: str
    weapon_name: str
    firer_name: str
    success: str = ""

    @property
    def text(self) -> str:
        if self.direction == "none":
            return f"{self.name} does not evade the {self.weapon_name} of {self.firer_name}"
        if not self.success:
            return (f"{self.name} evades to {self.direction} from the {self.weapon_name} of "
                    f"{self.firer_name}: it cannot fire in this Firing Phase")
        if self.success == "success":
            return (f"{self.name}'s evasion succeeds: the {self.weapon_name} strikes the shield "
                    "now toward the firer, at half damage")
        return (f"{self.name}'s evasion fails: the {self.weapon_name} strikes the shield it "
                "would have struck, at full damage")


@dataclass(frozen=True, slots=True)
class BlastStruck(Event):
    """An exploding ship's blast reaches a ship (Advanced: Damage From Exploding Ships); seen by
    all, as a hit and its damage are."""

    source: str
    source_name: str
    target: str
    target_name: str
    range: int
    damage: int

    @property
    def alerts(self) -> str | None:
        return self.target

    @property
    def text(self) -> str:
        where = ("in the same hex" if self.range == 0
                 else f"{plural(self.range, 'hex', 'hexes')} away")
        return (f"The explosion of {self.source_name} strikes {self.target_name} ({where}) for "
                f"{self.damage}")


@dataclass(frozen=True, slots=True)
class ExplosionAverted(Event):
    """A ship with its superstructure below 0 rolled above the points below 0 (Advanced: Ship
    Explosions): known to its own side, like its damage."""

    ship: str
    name: str
    below: int
    value: int

    @property
    def text(self) -> str:
        return (f"{self.name}: superstructure {self.below} below 0, rolled {self.value}: no "
                "explosion in this phase")


@dataclass(frozen=True, slots=True)
class SensorLocked(Event):
    """A Sensor Phase's lock attempt (Advanced: Sensors): `result` is "locked", "failed",
    "held" (the lock of an earlier turn, kept), "none" (no lock tried, `target` empty) or
    "no scan" (the lock used, the advanced level's own scan for cloaked ships passed) or "no arc
    scan" (Expert: no arc scanned in this Movement Phase, arc_scan.py). The
    sensing side is told; the target's side too when the lock holds ("if the ship has enemy
    sensors locked on it")."""

    ship: str
    name: str
    target: str
    target_name: str
    result: str

    @property
    def text(self) -> str:
        if self.result == "failed":
            return f"{self.name}'s sensors fail to lock on {self.target_name}"
        if self.result == "none":
            return f"{self.name}'s sensors try no lock this turn"
        if self.result == "no scan":
            return f"{self.name}'s sensors make no scan for cloaked ships this turn"
        if self.result == "no question":  # Expert: a Movement Phase's question not asked
            return f"{self.name}'s sensors ask no question in this Movement Phase"
        if self.result == "no arc scan":  # Expert: an arc scan passed for one Movement Phase
            return f"{self.name}'s sensors make no scan for cloaked ships in this Movement Phase"
        kept = " (still)" if self.result == "held" else ""
        return f"{self.name}'s sensors are locked on {self.target_name}{kept}"


@dataclass(frozen=True, slots=True)
class SensorAnswered(Event):
    """The facts and the answer a sensor lock gives (Advanced: Sensors): for the sensing side
    only. `report` holds the same, kept on the state for the side's screens."""

    ship: str
    name: str
    target_name: str
    text_: str

    @property
    def text(self) -> str:
        return f"{self.name}'s sensors on {self.target_name}: {self.text_}"


@dataclass(frozen=True, slots=True)
class CloakScanned(Event):
    """A scan for cloaked ships (Advanced: Romulan Cloaking Device): `found` is the ship detected
    ("" for none) and where it is. The scanning side is told; the found ship's side too."""

    ship: str
    name: str
    found: str
    found_name: str
    col: int
    row: int

    @property
    def text(self) -> str:
        if not self.found:
            return f"{self.name}'s scan detects no cloaked ship"
        return f"{self.name}'s scan detects the cloaked {self.found_name} at {self.col},{self.row}"


@dataclass(frozen=True, slots=True)
class MineRevealed(Event):
    """A ship entered a hex with a face-down counter of another side: it is turned over (Advanced:
    Mines); seen by all. A decoy is removed; a mine will be rolled for."""

    ship: str
    name: str
    side: str
    col: int
    row: int
    mine: bool

    @property
    def text(self) -> str:
        what = "a mine" if self.mine else "a decoy, removed"
        return f"{self.name} enters {self.col},{self.row}: the {self.side} counter there is {what}"


@dataclass(frozen=True, slots=True)
class MineSetOff(Event):
    """A mine's roll against a ship (Advanced: Mines: "On a 5 or less, a hit is scored")."""

    ship: str
    name: str
    col: int
    row: int
    hit: bool
    damage: int

    @property
    def alerts(self) -> str | None:
        return self.ship if self.hit else None

    @property
    def text(self) -> str:
        if not self.hit:
            return f"{self.name} slips past the mine at {self.col},{self.row}"
        return (f"The mine at {self.col},{self.row} goes off against {self.name}'s forward "
                f"shield for {self.damage}")


@dataclass(frozen=True, slots=True)
class SelfDestructOrder(Event):
    """The Captain's order for the turn (Advanced: Ship Explosions): "hold" is the ship's own
    side's to know; "destruct" is seen by all, as the explosion is."""

    ship: str
    name: str
    order: str

    @property
    def text(self) -> str:
        if self.order == "destruct":
            return f"{self.name}'s captain orders the self-destruct"
        return f"{self.name}'s captain gives no self-destruct order"


@dataclass(frozen=True, slots=True)
class RatingsSet(Event):
    """Expert: Creating The Ratings (seed line 685): a ship's Captain's Skill Rating and its Crew
    Efficiency Rating, its own side's to know."""

    ship: str
    name: str
    skill: int
    efficiency: int

    @property
    def text(self) -> str:
        return (f"{self.name}: Captain's Skill Rating {self.skill}, Crew Efficiency Rating "
                f"{self.efficiency}")


@dataclass(frozen=True, slots=True)
class SkillRolled(Event):
    """Expert: Skill Roll Phase (seed line 703): the percentile roll, what casualties add to it,
    and whether it is at or under the Crew Efficiency Rating; its side's to know."""

    ship: str
    name: str
    roll: int
    modifier: int
    efficiency: int   # what the roll is made against: the rating, or the crew's points
    against: str = "efficiency"   # "Advancement Points" with Campaign Advancement (line 506)

    @property
    def success(self) -> bool:
        return self.roll + self.modifier <= self.efficiency

    @property
    def text(self) -> str:
        added = f" +{self.modifier} for casualties = {self.roll + self.modifier}" \
            if self.modifier else ""
        verdict = "a bonus this turn" if self.success else "no bonus"
        return (f"{self.name}: Skill Roll {self.roll}{added} against {self.against} "
                f"{self.efficiency}: {verdict}")


@dataclass(frozen=True, slots=True)
class BonusTaken(Event):
    """Expert: the skill bonus chosen for the turn (seed lines 506-511, 703); its side's."""

    ship: str
    name: str
    bonus: str
    detail: str

    @property
    def text(self) -> str:
        return f"{self.name}: skill bonus: {self.detail}"


