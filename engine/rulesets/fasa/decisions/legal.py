"""Legal actions for a seat. Small choices are listed whole (die faces, movement paths, the damaged
weapon); large ones (power, arming, shields, fire) as a sample that always holds the "nothing"
choice and the most forceful choices. `apply` checks any other action on its own."""

from __future__ import annotations

import itertools
from collections.abc import Callable

from engine.actions import Action, RollResult
from engine.errors import IllegalAction
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.arcs import SHIELD_OF_SEXTANT
from engine.rulesets.fasa.campaigns import rescues
from engine.rulesets.fasa.command import admiral, helm_rolls
from engine.rulesets.fasa.command.orders import arm_problem, fire_problem
from engine.rulesets.fasa.engineering.power import shield_power_cap, weapon_cap
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.flow import placement
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.moving import movement, warp
from engine.rulesets.fasa.sensing import sensors, sensors_rating
from engine.rulesets.fasa.sensing.cloak import SCAN_QUESTION, has_cloak
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    ARC_SCAN_ARCS,
    SELF_DESTRUCT_ORDERS,
    AllocatePower,
    ArcScan,
    ArmWeapons,
    AskSensor,
    ChooseDamagedWeapon,
    DeclareFire,
    Move,
    PlaceShip,
    SelfDestruct,
    Sense,
    SetShields,
    SetWarp,
    Target,
    WeaponPower,
)
from engine.rulesets.fasa.values.shaken import straight_line
from engine.rulesets.fasa.values.state import MOVE, FasaState, Ship
from engine.stations import Seat

MAX_FULL_PATHS = 5


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


def _place(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [PlaceShip(station, ship.id, c, r, h) for c, r, h in place_options(state, ship)]


def _ask(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    target = state.ship(ship.lock)
    asked = [(q, {4: "1", 5: "beam", 6: target.cls.weapons[0].id if target.cls.weapons
                  else ""}.get(q, "")) for q in range(SCAN_QUESTION)]
    return [AskSensor(station, ship.id, q, d) for q, d in asked
            if not sensors.question_problem(state, q, d)]


def _move(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [Move(station, ship.id, p) for p in move_options(state, ship)]


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


def _set_warp(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    low, high = warp.bounds(state, ship)
    return [SetWarp(station, ship.id, w) for w in range(low, high + 1)]


def _allocate(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [AllocatePower(station, ship.id, m, s, w, c)
            for m, s, w, c in power_options(ship, has_cloak(state, ship))]


def _arm(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [ArmWeapons(station, ship.id, a) for a in arming_options(ship)
            if not arm_problem(state, ship, bool(a))]


def _shields(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [SetShields(station, ship.id, p) for p in shield_options(ship)]


OPTIONS: dict[str, Options] = rules.every_rule({
    "place_ship": _place,
    "ask": _ask,
    "move": _move,
    "fire": _fire,
    "sense": _sense,
    "choose_damaged_weapon": _choose,
    "self_destruct": _self_destruct,
    "arc_scan": _arc_scan,
    "set_warp": _set_warp,
    "allocate_power": _allocate,
    "arm_weapons": _arm,
    "set_shields": _shields,
}, lambda r: r.options)
"""The legal actions of each kind of decision, by its kind (`Prompt.action`)."""


def place_options(state: FasaState, ship: Ship) -> list[tuple[int, int, int]]:
    """The scenario's place with each heading, and a sample of the other hexes the ship may be
    placed on (every hex would be thousands of actions), each facing the map's centre side."""
    col, row = placement.where(ship)
    out = [(col, row, h) for h in range(6)]
    bounds = state.bounds
    spots = [(c, r) for c in range(bounds.cols) for r in range(bounds.rows)
             if not placement.place_problem(state, ship, c, r, 0)]
    out += [(c, r, 1 if c < bounds.cols // 2 else 4) for c, r in spots[::max(1, len(spots) // 12)]]
    return list(dict.fromkeys(o for o in out
                              if not placement.place_problem(state, ship, *o)))


def move_options(state: FasaState, ship: Ship) -> list[str]:
    """Every legal path when the phase allows few points; else straight and one-turn paths."""
    n = movement.phase_points(state, ship)
    candidates: list[str]
    if n <= MAX_FULL_PATHS:
        candidates = ["".join(p) for k in range(n + 1) for p in itertools.product("FPS", repeat=k)]
    else:
        candidates = ["", *("F" * i + t + "F" * (n - i - 1) for t in "FPS" for i in range(n))]
    if movement.alphabet(state) != movement.BASIC_ALPHABET and n > 0:
        # Advanced: one emergency heading change at each point of a straight course; a step
        # back; turns in place in reverse (too many to list every mix: `apply` checks any).
        candidates += ["F" * i + t + "F" * (k - i - 1) for t in "LR"
                       for k in range(1, n + 1) for i in range(k)]
        candidates += ["B", *("P" * k for k in range(1, min(n, 3) + 1)),
                       *("S" * k for k in range(1, min(n, 3) + 1))]
    if straight_line(state, ship):  # C&C: a shaken helm holds its course (shaken.py)
        candidates = [c for c in candidates if not set(c) - {"F", "B"}]
    out = []
    for steps in dict.fromkeys(candidates):
        try:
            movement.path(state, ship, steps)
        except IllegalAction:
            continue
        out.append(steps)
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


def power_options(ship: Ship, cloak: bool = False) -> list[tuple[int, int, int, int]]:
    """Splits of the power to movement, shields and weapons (and, for a ship with a cloaking
    device, splits that cloak it: no weapons then)."""
    out = [(m, s, w, 0) for m, s, w in _splits(ship, ship.total_power, True)]
    cost = ship.cls.cloak_cost
    if cloak and cost <= ship.total_power:
        out += [(m, s, 0, cost) for m, s, _ in _splits(ship, ship.total_power - cost, False)]
    return sorted(set(out))


def _splits(ship: Ship, total: int, weapons: bool) -> list[tuple[int, int, int]]:
    cls = ship.cls
    step = cls.movement_step
    shield_cap = shield_power_cap(ship)
    wcap = weapon_cap(ship)
    out = set()
    for m in range(0, total + 1, step):
        rest = total - m
        for s in {0, rest // 2, rest}:
            s = min(s, shield_cap)
            out.add((m, s, min(rest - s, wcap) if weapons else 0))
            out.add((m, s, 0))
    return sorted(out)


def arming_options(ship: Ship) -> list[tuple[WeaponPower, ...]]:
    assert ship.allocation is not None
    budget = ship.allocation.weapons
    working = [(i, s) for i, s in enumerate(ship.cls.weapons) if not ship.weapons[i].damaged]

    out: list[tuple[WeaponPower, ...]] = [()]
    for _, s in working:
        p = s.full_power
        if p <= budget:
            out.append((WeaponPower(s.id, p),))
    greedy: list[WeaponPower] = []
    left = budget
    for _, s in working:
        want = s.full_power
        give = min(want, left) if s.kind == "beam" else (want if want <= left else 0)
        if give:
            greedy.append(WeaponPower(s.id, give))
            left -= give
    if greedy:
        out.append(tuple(greedy))
    return list(dict.fromkeys(out))


def shield_options(ship: Ship) -> list[tuple[int, int, int, int, int, int]]:
    assert ship.allocation is not None
    points = ship.cls.shield_points(ship.allocation.shields)
    cap = ship.cls.max_shield_points
    working = [n for n in range(1, 7) if n not in ship.shields_damaged]
    out: list[tuple[int, int, int, int, int, int]] = [(0, 0, 0, 0, 0, 0)]
    for order in ([SHIELD_OF_SEXTANT[k] for k in range(6)], [2, 1, 3, 6, 4, 5], [5, 4, 6, 3, 1, 2]):
        out.append(spread(points, cap, [n for n in order if n in working]))
    for n in working:
        out.append(spread(points, cap, [n]))
    return list(dict.fromkeys(out))


def spread(points: int, cap: int, order: list[int]) -> tuple[int, int, int, int, int, int]:
    """Shield points dealt one at a time round `order`, none above `cap`."""
    shields = [0] * 6
    left = points
    while left > 0 and order:
        placed = False
        for n in order:
            if left and shields[n - 1] < cap:
                shields[n - 1] += 1
                left -= 1
                placed = True
        if not placed:
            break
    return (shields[0], shields[1], shields[2], shields[3], shields[4], shields[5])
