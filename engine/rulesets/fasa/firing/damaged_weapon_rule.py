"""Choosing the damaged weapon, declared once (Book Two, Expert: Detailed Damage Location Charts,
Weapon Damaged, seed 000 line 819, a result Book One's basic table shares; `combat.py` is the rule
itself, this its part in the game: `rule.Rule`).

"A weapon that can bear on the shooting ship is damaged; the choice of weapon is up to the captain
of the target ship. If a beam weapon is hit and no beam weapons can bear, then a missile weapon
that can bear is hit" (`combat.weapons_hit_candidates`). When more than one weapon bears, the
Firing Phase stops at the `choose` step for the target's Captain (`combat.locate` puts it there);
his choice (`combat.choose_weapon`) damages it and the fire goes on. At every level.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.errors import IllegalAction
from engine.ruleset import Prompt
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Disclosure, Result, Rule, Told
from engine.rulesets.fasa.values.actions import ChooseDamagedWeapon
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import CHOOSE, FasaState, Ship
from engine.stations import title


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    target = state.shots[0].target
    return (Prompt(target, state.station_for(target, Duty.COMMAND),
                   "choose which weapon is damaged", None, "choose_damaged_weapon"),)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, ChooseDamagedWeapon)
    target = state.shots[0].target
    if ship.id != target:
        raise IllegalAction(
            f"{station}: the damaged weapon to choose is {state.ship(target).name}'s")
    return combat.choose_weapon(state, ship, action.weapon, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    assert state.hit is not None
    firer = state.ship(state.shots[0].firer)
    return [ChooseDamagedWeapon(station, ship.id, w)
            for w in combat.weapons_hit_candidates(ship, firer, state.hit.kind)]


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    assert state.hit is not None
    firer = state.ship(state.shots[0].firer)
    candidates = combat.weapons_hit_candidates(ship, firer, state.hit.kind)
    choices = tuple(Choice(w, ship.cls.weapon(w).name) for w in candidates)

    def build(v: Mapping[str, Value]) -> Action:
        return ChooseDamagedWeapon(station, ship.id, cast(str, v["weapon"]))

    field = Field("weapon", "Which weapon is damaged", FieldKind.CHOICE,
                  candidates[0] if candidates else None, choices=choices)
    return Decision(prompt, "choose_damaged_weapon", station,
                    f"{title(station)}: which of {ship.name}'s weapons is damaged", (field,), (),
                    build)


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    """The weapon it misses least: one already fired this phase, then the weakest."""
    assert state.hit is not None
    firer = state.ship(state.shots[0].firer)
    candidates = combat.weapons_hit_candidates(ship, firer, state.hit.kind)
    return ChooseDamagedWeapon(station, ship.id,
                               min(candidates, key=lambda w: _weapon_value(ship, w)))


def _weapon_value(ship: Ship, weapon_id: str) -> tuple[int, int]:
    i = ship.weapon_index(weapon_id)
    spec, w = ship.cls.weapons[i], ship.weapons[i]
    return (0 if w.fired else 1, spec.max_power or spec.damage)


RULE = Rule(
    name="Weapon Damaged: the target's Captain chooses the weapon (Expert: Detailed Damage "
         "Location Charts, line 819)",
    levels=LEVELS_FROM_BASIC,
    step_of={"choose_damaged_weapon": CHOOSE},
    step_words={CHOOSE: "a Firing Phase (damage)"},
    prompts={CHOOSE: _prompts},
    decisions={"choose_damaged_weapon": _decide},
    options={"choose_damaged_weapon": _options},
    controls={"choose_damaged_weapon": _controls},
    autopilot={"choose_damaged_weapon": _autopilot},
    disclosure={"choose_damaged_weapon": Disclosure(Told.ACTS, "choosing a damaged weapon")},
)
