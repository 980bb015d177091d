"""The actions of the FASA game, each taken by one station of one ship.

Book Two, Command & Control: Sequence Of Play names who does what: the Chief Engineer allocates
power, the Helmsman arms weapons, moves and fires, the Science Officer/Navigator sets shields and
reads damage, the Captain has the tactical advantage roll. The Instructor may act for any ship.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, action_type


@action_type("allocate_power")
@dataclass(frozen=True, slots=True)
class AllocatePower(Action):
    """Chief Engineer: power to movement, shields and weapons for this game turn."""

    ship: str
    movement: int
    shields: int
    weapons: int


@action_type("arm_weapons")
@dataclass(frozen=True, slots=True)
class ArmWeapons(Action):
    """Helm: power put into each weapon (weapon id, power); weapons not listed stay unarmed."""

    ship: str
    power: tuple[tuple[str, int], ...]


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
    """Helm (or Weapons): targets for this Firing Phase as (weapon id, target ship); empty holds fire."""

    ship: str
    shots: tuple[tuple[str, str], ...]


@action_type("choose_damaged_weapon")
@dataclass(frozen=True, slots=True)
class ChooseDamagedWeapon(Action):
    """Captain of a ship whose weapon was hit: which of the weapons that bear is damaged."""

    ship: str
    weapon: str
