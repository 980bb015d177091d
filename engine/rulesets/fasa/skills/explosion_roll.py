"""Preventing a crewed ship's explosion (Book Two, Command & Control: Preventing Ship Explosions,
seed lines 1223-1227; Superstructure Damage Track, line 1271).

"At any time that the ship's superstructure sustains damage that would bring it below 0 ... the
Science Officer/Navigator must make a critical Skill Roll ... against his rating in DAMAGE
CONTROL PROCEDURES, with a modifier for the amount of extra damage sustained by the
superstructure. For each point of superstructure damage below zero, 10% is added to his Skill
Roll. If the total is less than or equal to his Skill Rating, he is able to prevent the
explosion" (line 1227); "When more damage is given to the superstructure, a new roll must be made
using the current die-roll modifier" (line 1271). For a crewed ship this roll replaces the
advanced game's d10 against the points below 0 (explosions.py), made when that one is: after the
barrage that took the superstructure below 0, and again after any more superstructure damage.
"""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa.skills import science_dice
from engine.rulesets.fasa.values.events import ExplosionAverted
from engine.rulesets.fasa.values.state import FasaState, Ship, replace

PER_POINT = 10
"""Added to the roll for each point of superstructure below 0 (line 1227)."""


def penalty(ship: Ship) -> tuple[tuple[str, int], ...]:
    below = -ship.superstructure
    return ((f"+{PER_POINT * below} for {below} below 0", PER_POINT * below),)


def ask(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    return science_dice.ask(state, ship, "damage_control", "blast", "holds", penalty(ship))


def on_roll(state: FasaState, ship: Ship, value: int) -> tuple[bool, FasaState, list[Event]]:
    """Whether the ship holds together; if so, the state with its roll made."""
    ok, event = science_dice.read(state, ship, "damage_control", value, "the explosion is "
                                  "prevented", "the matter and antimatter mix", penalty(ship))
    if not ok:
        return False, state, [event]
    below = -ship.superstructure
    state = state.with_ship(replace(ship, blast_roll=False))
    return True, state, [event, ExplosionAverted(ship.id, ship.name, below, value)]
