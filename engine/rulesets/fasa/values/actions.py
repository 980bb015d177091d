"""The actions of the FASA game, each taken by one station of one ship.

Book Two, Command & Control: Sequence Of Play names who does what: the Chief Engineer allocates
power, the Helmsman arms weapons, moves and fires, the Science Officer/Navigator sets shields and
reads damage, the Captain has the tactical advantage roll. The Instructor may act for any ship.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.actions import Action, action_type


@dataclass(frozen=True, slots=True)
class WeaponPower:
    """Power put into one weapon (its id in the ship's data)."""

    weapon: str
    power: int


@dataclass(frozen=True, slots=True)
class Target:
    """One declared shot: a weapon (its id) at a target ship (its id)."""

    weapon: str
    target: str


def _records(cls: type[Any], items: Any) -> Any:
    """Pairs given as plain tuples, e.g. (("phaser-1", 3),), become records; anything else is left
    as it is for the kernel's type check (`engine.actions.action_problem`) to refuse."""
    if not isinstance(items, tuple | list):
        return items
    return tuple(cls(*item) if isinstance(item, tuple | list) and len(item) == 2 else item
                 for item in items)


@action_type("allocate_power")
@dataclass(frozen=True, slots=True)
class AllocatePower(Action):
    """Chief Engineer: power to movement, shields and weapons for this game turn; `cloak` is the
    power to a cloaking device: 0, or the class's cost to cloak (Advanced: Romulan Cloaking
    Device)."""

    ship: str
    movement: int
    shields: int
    weapons: int
    cloak: int = 0


@action_type("arm_weapons")
@dataclass(frozen=True, slots=True)
class ArmWeapons(Action):
    """Helm (or Weapons): power put into each weapon; weapons not listed stay unarmed."""

    ship: str
    power: tuple[WeaponPower, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "power", _records(WeaponPower, self.power))


@action_type("set_shields")
@dataclass(frozen=True, slots=True)
class SetShields(Action):
    """Science (or Navigator): shield points in shields 1 to 6."""

    ship: str
    points: tuple[int, int, int, int, int, int]


@action_type("move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Helm: one letter per movement point: F ahead, P turn to port then ahead, S turn to starboard
    then ahead. Fewer letters than the phase allows holds station for the rest."""

    ship: str
    steps: str


@action_type("fire")
@dataclass(frozen=True, slots=True)
class DeclareFire(Action):
    """Helm (or Weapons): targets for this Firing Phase, a weapon at a ship each; none holds fire.
    `weaponry`: a crewed ship's Helmsman makes his SHIP'S WEAPONRY TECHNOLOGY roll for this
    Firing Phase's to-hit rolls (Command & Control, lines 1115, 1461; helm_rolls.py)."""

    ship: str
    shots: tuple[Target, ...]
    weaponry: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "shots", _records(Target, self.shots))


@action_type("choose_damaged_weapon")
@dataclass(frozen=True, slots=True)
class ChooseDamagedWeapon(Action):
    """Captain of a ship whose weapon was hit: which of the weapons that bear is damaged."""

    ship: str
    weapon: str


EVADE_CHOICES = ("none", "port", "starboard")


@action_type("evade")
@dataclass(frozen=True, slots=True)
class Evade(Action):
    """Helm (or the Captain, where the Captain moves the ship) of a missile's target: evade to
    port or starboard, or "none" (Book Two, Advanced: Evading Missile Fire)."""

    ship: str
    direction: str


@action_type("sense")
@dataclass(frozen=True, slots=True)
class Sense(Action):
    """Science: the Sensor Phase's use of the sensors (Book Two, Advanced: Sequence Of Play step 3;
    Sensors). `target` is the enemy ship to lock on ("" for none); `question` the number (1-10) of
    the one sensor question asked if the lock holds (0 for none); `detail` names what questions
    4-6 ask about: a shield "1".."6", "beam" or "missile", or a weapon's id."""

    ship: str
    target: str
    question: int = 0
    detail: str = ""


SELF_DESTRUCT_ORDERS = ("hold", "destruct")


@action_type("self_destruct")
@dataclass(frozen=True, slots=True)
class SelfDestruct(Action):
    """Captain: the order for this game turn, "hold" or "destruct": the ship explodes at once
    (Book Two, Advanced: Ship Explosions — "The explosion because of self-destruction is
    automatic")."""

    ship: str
    order: str


SKILL_BONUSES = ("none", "aim", "power", "shield", "repair")
"""Expert: Skill Roll Phase (seed line 703) with Campaign Advancement's four bonuses (lines
506-511): none taken; two weapons fire at one less to hit; one more power point; one more shield
point on one shield, past its maximum; one point of damage repaired for good."""


@action_type("skill_bonus")
@dataclass(frozen=True, slots=True)
class SkillBonus(Action):
    """Captain of a ship whose Skill Roll succeeded: the bonus for this game turn (Book Two,
    Expert: Skill Roll Phase). `bonus` is one of `SKILL_BONUSES`; "aim" names one or two
    `weapons`; "repair" mends `part` "superstructure" or an engine "engine1", "engine2", ... (in
    the class's engine order). "power" and "shield" leave `part` and `shield` empty: the Engineer
    places the power point (`BonusPower`) and Science the shield point (`BonusShield`). Logs
    written before that split carry the place here ("power" to `part` "movement", "shield" with
    `shield`, or a beam weapon's id; "shield" on `shield`), which still places it at once."""

    ship: str
    bonus: str
    weapons: tuple[str, ...] = ()
    part: str = ""
    shield: int = 0

    def __post_init__(self) -> None:
        if isinstance(self.weapons, list):  # from JSON; anything else is the type check's
            object.__setattr__(self, "weapons", tuple(self.weapons))


@action_type("bonus_power")
@dataclass(frozen=True, slots=True)
class BonusPower(Action):
    """Engineer of a ship whose Captain chose the "power" skill bonus: where the one more power
    point goes (Book Two, Expert: Skill Roll Phase; line 509: "This may be allocated anywhere"):
    `part` "movement", "shield" (shield number `shield`, 1-6) or a beam weapon's id."""

    ship: str
    part: str
    shield: int = 0


@action_type("bonus_shield")
@dataclass(frozen=True, slots=True)
class BonusShield(Action):
    """Science (the station setting the shields) of a ship whose Captain chose the "shield" skill
    bonus: the shield, 1-6, that takes one more point, past its maximum (line 510)."""

    ship: str
    shield: int


@action_type("ask")
@dataclass(frozen=True, slots=True)
class AskSensor(Action):
    """Science of a ship with a sensor lock: the question (1-9, 0 for none) asked of its target
    in this Movement Phase before the ship moves (Book Two, Expert: Sensors, seed lines 707-717,
    777); `detail` as for `Sense`."""

    ship: str
    question: int
    detail: str = ""


ARC_SCAN_ARCS = ("", "forward", "port", "starboard", "aft")


@action_type("arc_scan")
@dataclass(frozen=True, slots=True)
class ArcScan(Action):
    """Science: the arc to scan for cloaked ships at the start of this Movement Phase, or "" for
    none (Book Two, Expert: Romulan Cloaking Device, seed lines 781-787)."""

    ship: str
    arc: str


@action_type("set_warp")
@dataclass(frozen=True, slots=True)
class SetWarp(Action):
    """Helm: the ship's warp speed for this game turn, one step from the last at most (Book Two,
    Expert: Helm Display, seed line 759: "If warp speed is to be changed, erase the warp speed
    circled and circle the new warp speed"); 0 is sub-light."""

    ship: str
    warp: int
@action_type("place_ship")
@dataclass(frozen=True, slots=True)
class PlaceShip(Action):
    """Captain (or the Instructor): before turn 1, where a ship the scenario leaves to the table
    starts, offset `col`, `row` and `heading` 0-5 (Book Two, Advanced Scenarios, The Romulan
    Gambit: "the players may place their ships anywhere they desire on the map"; "The Federation
    cruiser may enter the map from any location")."""

    ship: str
    col: int
    row: int
    heading: int


SCIENCE_USES = ("none", "shields", "damage_control", "repair", "casualties")
"""Book Two, C&C: the Science Officer/Navigator's Skill Roll (seed lines 1177, 1181-1207): none,
extra shield points (against DEFLECTOR SHIELD TECHNOLOGY), damage control, superstructure repair
or fewer casualties (against DAMAGE CONTROL PROCEDURES)."""


@action_type("science_roll")
@dataclass(frozen=True, slots=True)
class ScienceRoll(Action):
    """Science of a crewed ship: what this turn's Skill Roll is for (Book Two, C&C: The Skill
    Rolls, seed line 1177), one of `SCIENCE_USES`."""

    ship: str
    use: str


@action_type("extra_shields")
@dataclass(frozen=True, slots=True)
class ExtraShields(Action):
    """Science (or Navigator): where the extra shield points of a successful shields roll go,
    points added to shields 1 to 6 (Book Two, C&C: Extra Shield Protection, lines 1183-1185)."""

    ship: str
    points: tuple[int, int, int, int, int, int]


@dataclass(frozen=True, slots=True)
class Cut:
    """Damage control points put on one incoming shot: the firing ship and its weapon's id."""

    firer: str
    weapon: str
    points: int


@action_type("damage_control")
@dataclass(frozen=True, slots=True)
class DamageControl(Action):
    """Science (or the Communications Officer) of a crewed ship: this Firing Phase's damage
    control points on the shots coming in, after the targets are declared and before the dice
    (Book Two, C&C: Damage Control, line 1193); shots not listed get none."""

    ship: str
    cuts: tuple[Cut, ...]

    def __post_init__(self) -> None:
        if isinstance(self.cuts, tuple | list):
            object.__setattr__(self, "cuts", tuple(
                Cut(*c) if isinstance(c, tuple | list) and len(c) == 3 else c
                for c in self.cuts))


@action_type("comms_task")
@dataclass(frozen=True, slots=True)
class CommsTask(Action):
    """The Instructor: a difficult communications task for a crewed ship, in a few words; its
    Science (or Communications) Officer rolls for it, and again each turn until it succeeds
    (Book Two, C&C: Difficult Communications Tasks, lines 1229-1231)."""

    ship: str
    task: str
