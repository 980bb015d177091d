"""Legal actions for a seat. Small choices are listed whole (die faces, movement paths, the damaged
weapon); large ones (power, arming, shields, fire) as a sample that always holds the "nothing"
choice and the most forceful choices. `apply` checks any other action on its own."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action, RollResult
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.campaigns import rescues
from engine.rulesets.fasa.command import admiral, helm_rolls, science
from engine.rulesets.fasa.command.orders import fire_problem
from engine.rulesets.fasa.decisions import cc_legal, power_down_options
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.skills import skill_roll
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    SELF_DESTRUCT_ORDERS,
    BonusPower,
    BonusShield,
    ChooseDamagedWeapon,
    DeclareFire,
    SelfDestruct,
    SkillBonus,
    Target,
)
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.stations import Seat


def legal_actions(state: FasaState, seat: Seat) -> tuple[Action, ...]:
    """What `seat` may do now: the actions for each prompt it may answer (`pending(state, seat)`),
    taken as the seat's own station (the Instructor acts as the Instructor)."""
    out: list[Action] = []
    for prompt in pending(state, seat):
        out.extend(for_prompt(state, prompt, seat.station))
    return tuple(out)


Options = Callable[[FasaState, Ship, str, str], list[Action]]
"""The legal actions of one kind of decision: (state, ship, station, the decision's kind)."""


def for_prompt(state: FasaState, prompt: Prompt, station: str) -> list[Action]:
    """The legal actions answering `prompt`: a roll's faces, or the options of its kind of
    decision (`OPTIONS`, a lookup by the kind)."""
    if prompt.roll is not None:
        return [RollResult(station, v) for v in range(1, prompt.roll.sides + 1)]
    if prompt.action == "fleet_orders":  # an optional rule: the Admiral (admiral.py)
        return admiral.options(state, prompt, station)
    assert prompt.ship is not None
    options = variant_tables.layered(variant_tables.of(state).options, OPTIONS, prompt.action)
    return options(state, state.ship(prompt.ship), station, prompt.action) if options else []


def _science(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return science.legal_for(state, ship.id, kind, station)  # C&C: the Science Officer's




def _fire(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [DeclareFire(station, ship.id, s, w) for s in fire_options(state, ship)
            for w in (False, True)
            if not w or not helm_rolls.weaponry_problem(state, ship, len(s))]


def _officers(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return cc_legal.for_prompt(state, ship, kind, station)  # C&C: orders, the Engineer's roll


def _choose(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    assert state.hit is not None
    firer = state.ship(state.shots[0].firer)
    return [ChooseDamagedWeapon(station, ship.id, w)
            for w in combat.weapons_hit_candidates(ship, firer, state.hit.kind)]


def _self_destruct(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    orders: tuple[str, ...] = SELF_DESTRUCT_ORDERS
    if not rescues.abandon_problem(state, ship):
        orders += (rescues.ABANDON,)
    return [SelfDestruct(station, ship.id, o) for o in orders]




def _skill_bonus(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [a for a in bonus_options(ship, station)
            if not skill_roll.bonus_problem(state, ship, a)]


def _bonus_power(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [BonusPower(station, ship.id, p, n) for p, n in skill_roll.power_places(ship)
            if not skill_roll.power_problem(ship, p, n)]


def _bonus_shield(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [BonusShield(station, ship.id, n) for n in range(1, 7)
            if not skill_roll.shield_problem(ship, n)]


def _power_down(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return power_down_options.options(state, ship, station, kind)  # C&C (power_spent.py)


OPTIONS: dict[str, Options] = rules.every_rule({
    **dict.fromkeys(science.PROMPTS, _science),
    "fire": _fire,
    **dict.fromkeys(cc_legal.ACTIONS, _officers),
    "choose_damaged_weapon": _choose,
    "self_destruct": _self_destruct,
    "skill_bonus": _skill_bonus,
    "bonus_power": _bonus_power,
    "bonus_shield": _bonus_shield,
    **dict.fromkeys(power_down_options.ACTIONS, _power_down),
}, lambda r: r.options)
"""The legal actions of each kind of decision, by its kind (`Prompt.action`)."""


def bonus_options(ship: Ship, station: str) -> list[SkillBonus]:
    """Every skill bonus a ship could take (Expert: Skill Roll Phase); `bonus_problem` sorts out
    those it may take now."""
    ids = [w.id for w in ship.cls.weapons]
    out = [SkillBonus(station, ship.id, "none")]
    out += [SkillBonus(station, ship.id, "aim", (a,) if a == b else (a, b))
            for i, a in enumerate(ids) for b in ids[i:]]
    out += [SkillBonus(station, ship.id, "power"), SkillBonus(station, ship.id, "shield")]
    out += [SkillBonus(station, ship.id, "repair", part=p)
            for p in ("superstructure", *(f"engine{n}" for n in range(1, len(ship.engines) + 1)))]
    return out


def fire_options(state: FasaState, ship: Ship) -> list[tuple[Target, ...]]:
    """Hold fire; each single shot; every weapon at each target it can reach."""
    singles = []
    for i in combat.ready_weapons(ship):
        spec = ship.cls.weapons[i]
        for target in state.ships:
            if not combat.shot_problem(state, ship, spec, target):
                singles.append(Target(spec.id, target.id))
    out: list[tuple[Target, ...]] = [()]
    if fire_problem(state, ship):  # C&C: no fire without the Captain's order
        return out
    out += [(s,) for s in singles]
    for target_id in dict.fromkeys(t.target for t in singles):
        volley = combat.trim_to_fire_limits(ship, tuple(s for s in singles
                                                        if s.target == target_id),
                                            state.setup.options.fire_limit)
        if len(volley) > 1:
            out.append(volley)
    return out


