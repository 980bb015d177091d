"""Legal actions for a seat. Small choices are listed whole (die faces, movement paths, the damaged
weapon); large ones (power, arming, shields, fire) as a sample that always holds the "nothing"
choice and the most forceful choices. `apply` checks any other action on its own."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action, RollResult
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.campaigns import rescues
from engine.rulesets.fasa.command import admiral, helm_rolls
from engine.rulesets.fasa.command.orders import fire_problem
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.sensing import sensors, sensors_rating
from engine.rulesets.fasa.sensing.cloak import SCAN_QUESTION
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    ARC_SCAN_ARCS,
    SELF_DESTRUCT_ORDERS,
    ArcScan,
    AskSensor,
    ChooseDamagedWeapon,
    DeclareFire,
    SelfDestruct,
    Sense,
    Target,
)
from engine.rulesets.fasa.values.state import MOVE, FasaState, Ship
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


def _ask(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    target = state.ship(ship.lock)
    asked = [(q, {4: "1", 5: "beam", 6: target.cls.weapons[0].id if target.cls.weapons
                  else ""}.get(q, "")) for q in range(SCAN_QUESTION)]
    return [AskSensor(station, ship.id, q, d) for q, d in asked
            if not sensors.question_problem(state, q, d)]


def _fire(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [DeclareFire(station, ship.id, s, w) for s in fire_options(state, ship)
            for w in (False, True)
            if not w or not helm_rolls.weaponry_problem(state, ship, len(s))]


def _sense(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    if state.step == MOVE:  # C&C: a lock tried again in a Movement Phase (line 1249)
        return [Sense(station, ship.id, t.id if t else "") for t in (
            None, *(t for t in state.ships if sensors.lockable(state, ship, t)))]
    return [Sense(station, ship.id, t, q, d) for t, q, d in sense_options(state, ship)]


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


def _arc_scan(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [ArcScan(station, ship.id, a) for a in ARC_SCAN_ARCS]


OPTIONS: dict[str, Options] = rules.every_rule({
    "ask": _ask,
    "fire": _fire,
    "sense": _sense,
    "choose_damaged_weapon": _choose,
    "self_destruct": _self_destruct,
    "arc_scan": _arc_scan,
}, lambda r: r.options)
"""The legal actions of each kind of decision, by its kind (`Prompt.action`)."""


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


def sense_options(state: FasaState, ship: Ship) -> list[tuple[str, int, str]]:
    """No lock; the scan for cloaked ships while it is open; a lock on each enemy it may lock on
    with each question (questions 4-6 with their first shield, beam weapons, first weapon),
    while the lock is still to be chosen."""
    out = [("", 0, "")]
    if ship.officers:  # C&C: the target alone, or a cloaked ship's movement (sensors_rating.py)
        return out + [(t.id, 0, "") for t in state.ships if not ship.sensed and (
            sensors.lockable(state, ship, t) or sensors_rating.cloak_target(ship, t))]
    if sensors.may_scan(state, ship):
        out.append(("", SCAN_QUESTION, ""))
    for target in state.ships:
        if ship.sensed or not sensors.lockable(state, ship, target):
            continue
        # Expert: the lock alone; the questions come in the Movement Phases (line 777).
        for q in range(len(sensors.QUESTIONS) + 1 if sensors.phase_question(state) else 1):
            detail = {4: "1", 5: "beam", 6: target.cls.weapons[0].id if target.cls.weapons
                      else ""}.get(q, "")
            if not sensors.question_problem(state, q, detail):
                out.append((target.id, q, detail))
    return out
