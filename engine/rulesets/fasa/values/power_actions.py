"""The decisions of powering down after engine damage (Book Two, Command & Control: Powering Down
Due To Engine Damage, seed lines 1085-1089, 1155-1159, 1295-1297): the Chief Engineer splits the
power loss over movement, weapons and shields; Helm says which weapons lose theirs, Science which
shields (power_spent.py)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, action_type
from engine.rulesets.fasa.values.actions import WeaponPower, _records


@action_type("power_down")
@dataclass(frozen=True, slots=True)
class PowerDown(Action):
    """Chief Engineer: the power taken off movement, weapons and shields (a reduction, never a
    reallocation: line 1087); together the power the engines lost."""

    ship: str
    movement: int
    weapons: int
    shields: int


@action_type("cut_weapons")
@dataclass(frozen=True, slots=True)
class CutWeapons(Action):
    """Helm (or Weapons): the power each weapon loses (line 1089: "perhaps causing some of the
    weapons to be disarmed")."""

    ship: str
    power: tuple[WeaponPower, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "power", _records(WeaponPower, self.power))


@action_type("cut_shields")
@dataclass(frozen=True, slots=True)
class CutShields(Action):
    """Science (or Navigator): the shield points each shield loses (line 1297: "The choice of
    shield is up to him")."""

    ship: str
    points: tuple[int, int, int, int, int, int]
