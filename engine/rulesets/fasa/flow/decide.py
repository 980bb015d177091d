"""Which rule takes each decision, as data: `DECISIONS` maps the kind of a decision to the rule
that applies it, once `turn._decision` has checked the seat, the ship and the step (Book Two,
Advanced: Sequence Of Play; Expert; Command & Control). A rule that brings a decision adds its
line here, and its step in `turn.STEP_OF`."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa import hooks, rules
from engine.rulesets.fasa.command import admiral, aftermath, cc_turn, helm_rolls, science
from engine.rulesets.fasa.firing import combat, evasion
from engine.rulesets.fasa.flow.ending import check_game_over, moved
from engine.rulesets.fasa.moving import warp
from engine.rulesets.fasa.rule import active as _active
from engine.rulesets.fasa.rule import in_turn as _in_turn
from engine.rulesets.fasa.sensing import sensor_ask
from engine.rulesets.fasa.skills import bonus_place, skill_roll
from engine.rulesets.fasa.values.actions import (
    ChooseDamagedWeapon,
    DeclareFire,
    Move,
    SelfDestruct,
    SetWarp,
    SkillBonus,
)
from engine.rulesets.fasa.values.state import FasaState, Ship, replace

Result = tuple[FasaState, list[Event]]
Decide = Callable[[FasaState, Ship, Action, str], Result]


def _fleet_orders(state: FasaState, action: Action) -> Result:
    assert isinstance(action, admiral.FleetOrders)
    return admiral.give(state, action)


BY_SIDE: dict[str, Callable[[FasaState, Action], Result]] = {
    "fleet_orders": _fleet_orders,  # an optional rule: the Admiral (line 437; admiral_rule.py)
}
"""The decisions a side takes with no ship of its own, by their kind, checked by their rule
itself (the Admiral's seat is a side's, not a ship's station)."""


def _science(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    return science.decide(state, action, station)  # C&C: the Science Officer's decisions


def _officers(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    """C&C: the Captain's orders, the Chief Engineer's choice of roll (cc_turn.py)."""
    done = cc_turn.decision(state, ship, action, station)
    assert done is not None
    return done


def _self_destruct(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    # A disabled ship's Captain may still order it (line 1269; explosions.py).
    assert isinstance(action, SelfDestruct)
    return hooks.of(state).self_destruct(state, ship, action.order, station)


def _set_warp(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    # A scenario may score breaking off at warp (victory.py: broke_off).
    assert isinstance(action, SetWarp)
    state, events = warp.set_warp(state, ship, action.warp, station)
    state, more = check_game_over(state)
    return state, [*events, *more]


def _choose_weapon(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, ChooseDamagedWeapon)
    target = state.shots[0].target
    if ship.id != target:
        raise IllegalAction(
            f"{station}: the damaged weapon to choose is {state.ship(target).name}'s")
    return combat.choose_weapon(state, ship, action.weapon, station)


def _aftermath(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    return aftermath.decide(state, ship, action, station)


def _skill_bonus(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, SkillBonus)
    return skill_roll.take(state, ship, action, station)


def _bonus_point(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    return bonus_place.place(state, ship, action, station)


def _move(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, Move)
    if sensor_ask.open_for(state, ship):
        # Expert: "the ship captain ... may ask a question about his target" before he moves
        # (line 711): the question (or none) comes first.
        raise IllegalAction(f"{station}: {ship.name}'s sensor question comes first (the Science "
                            "Officer asks one, or none, before the ship moves)")
    state, events = helm_rolls.move(state, ship, action.steps, station)
    return moved(state, ship.id, events)


def _fire(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, DeclareFire)
    state, events = helm_rolls.declare(state, ship, action, station)
    declared = state.shots[len(state.shots) - len(action.shots):]
    return evasion.offer(replace(state, queue=state.queue[1:]), declared), events


DECISIONS: dict[str, Decide] = rules.every_rule({
    **dict.fromkeys(science.STEPS, _science),
    "orders": _officers,
    "engineer_roll": _officers,
    "self_destruct": _self_destruct,
    "set_warp": _active(_set_warp),
    "choose_damaged_weapon": _choose_weapon,
    "power_down": _aftermath,
    "cut_weapons": _aftermath,
    "cut_shields": _aftermath,
    "skill_bonus": _active(_skill_bonus),
    "bonus_power": _active(_bonus_point),
    "bonus_shield": _active(_bonus_point),
    "move": _in_turn(_move),
    "fire": _in_turn(_fire),
}, lambda r: r.decisions)
"""The rule that applies each kind of decision, in its step."""
