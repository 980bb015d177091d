"""A simple autopilot that plays any ship legally and not stupidly: it closes to the range where
its weapons do most, keeps its strongest shields toward the nearest enemy, and fires when it can
hit. Deterministic (no dice of its own): the same state gives the same decision.

It sees what its seat may see (`view`): enemy positions, headings and speeds, nothing more.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from fractions import Fraction

from engine.actions import Action
from engine.hexgrid import (
    Hex,
    MapBounds,
    distance,
    hex_to_offset,
    line_of_fire_clear,
    offset_to_hex,
    sextants,
)
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules, victory
from engine.rulesets.fasa.arcs import SHIELD_OF_SEXTANT, in_arc
from engine.rulesets.fasa.autopilots import admiral_autopilot, autopilot_cc
from engine.rulesets.fasa.autopilots import autopilot_advanced as advanced
from engine.rulesets.fasa.autopilots import autopilot_expert as expert_play
from engine.rulesets.fasa.command import admiral
from engine.rulesets.fasa.data.tables import Tables
from engine.rulesets.fasa.engineering.power import shield_power_cap, weapon_cap
from engine.rulesets.fasa.firing.hiding import known_enemies as enemies
from engine.rulesets.fasa.flow.decide import BY_SIDE
from engine.rulesets.fasa.moving import movement_rule
from engine.rulesets.fasa.moving.movement import EMERGENCY_STEPS, path
from engine.rulesets.fasa.moving.stress import stress_of
from engine.rulesets.fasa.seats.views import redacted
from engine.rulesets.fasa.sensing.cloak import has_cloak, unseen_enemies
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    Move,
    SetShields,
)
from engine.rulesets.fasa.values.shaken import straight_line
from engine.rulesets.fasa.values.state import (
    FasaState,
    Ship,
    replace,
)
from engine.stations import INSTRUCTOR, Seat

TAC = Fraction(1, 3)


Choose = Callable[[FasaState, Ship, str, str], Action]
"""The autopilot's choice for one kind of decision: (redacted state, ship, station, kind)."""


def decide(state: FasaState, prompt: Prompt) -> Action:
    """The autopilot's action for a prompt that is not a roll, decided from what the prompt's
    seat may know (`views.redacted`), never from an enemy's secrets: the choice of its kind of
    decision (`CHOICES`, a lookup by the kind)."""
    by_side = BY_SIDE.get(prompt.action)  # a side's decision, with no ship: the Admiral's
    if by_side is not None:  # decided from what the side's seat may know
        seat = Seat(prompt.station, side=prompt.side or "") if prompt.station != INSTRUCTOR \
            else Seat(INSTRUCTOR)
        return by_side.autopilot(redacted(state, seat), prompt)
    assert prompt.ship is not None and prompt.roll is None
    state = redacted(state, Seat(prompt.station, prompt.ship))
    choose = variant_tables.layered(variant_tables.of(state).choices, CHOICES, prompt.action)
    assert choose is not None, prompt.action  # every decision has its choice
    return choose(state, state.ship(prompt.ship), prompt.station, prompt.action)




def _move(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    if straight_line(state, ship):  # C&C: a shaken helm moves in a straight line
        return replace(autopilot_cc.straight_course(state, ship), station=station)
    return Move(station, ship.id, _best_path(state, ship))




def _skill_bonus(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return expert_play.choose_bonus(state, ship, station)


def _allocation(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return _allocate(state, ship, station)


def _set_shields(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return SetShields(station, ship.id, _shields(state, ship))


CHOICES: dict[str, Choose] = rules.every_rule({
    "move": _move,
    "skill_bonus": _skill_bonus,
    "allocate_power": _allocation,
    "set_shields": _set_shields,
}, lambda r: r.autopilot)
"""The autopilot's choice for each kind of decision, by its kind (`Prompt.action`): here those
that read the autopilot's reading of the battle below (the nearest enemy, the best range, the
ambush), which the rules' folders may not import; every other kind's is declared with its rule
(`Rule.autopilot`; docs/engine.md, "Adding a rule")."""




def aim(state: FasaState, ship: Ship, pos: Hex) -> Hex | None:
    """Where to steer from `pos`: the nearest enemy it can see; with none in sight but cloaked
    ones about, the map's centre (The Romulan Gambit: they wait by the planet); else nowhere."""
    foe = nearest_enemy(state, ship, pos)
    if foe is not None:
        return foe.pos
    if unseen_enemies(state, ship):
        return offset_to_hex(state.bounds.cols // 2, state.bounds.rows // 2)
    return None


def nearest_enemy(state: FasaState, ship: Ship, at: Hex | None = None) -> Ship | None:
    pos = ship.pos if at is None else at
    foes = enemies(state, ship)
    order = admiral.order_of(state, ship)  # an optional rule: the enemy its Admiral named
    named = [f for f in foes if order is not None and f.id == order.target]
    if named:
        return named[0]
    return min(foes, key=lambda s: (distance(pos, s.pos), s.id)) if foes else None


def expected_damage(tables: Tables, ship: Ship, rng: int, scale: Fraction = TAC) -> float:
    """Expected damage of a full volley at `rng` hexes, every weapon at full power, plasma at
    the game's `scale` (`autopilot_expert.expected_damage`)."""
    return expert_play.expected_damage(tables, ship, rng, scale)


def best_range(tables: Tables, ship: Ship, scale: Fraction = TAC) -> int:
    """The range where a full volley does most, the longer on a near tie."""
    return expert_play.best_range(tables, ship, scale)


def _allocate(state: FasaState, ship: Ship, station: str) -> AllocatePower:
    """A third each to weapons and, when the ship must manoeuvre (not at its best range, or with
    no line of fire or arc on the nearest enemy), to movement; shields get the rest up to what
    they hold, and anything left over goes to movement."""
    total = ship.total_power
    cls = ship.cls
    step = cls.movement_step
    if ship.id in victory.escapers(state.setup.victory):
        # Running for the edge: shields up (at most a third of the power: at full values the
        # shields alone could take it all), two thirds of the rest to speed and at least half the
        # power, a third to weapons (Raiders scores a decisive victory only with an Orion
        # disabled on the way).
        rest = total - min(total // 3, shield_power_cap(ship))
        move_power = max(rest * 2 // 3, total // 2) // step * step
        shields = min(shield_power_cap(ship), total - move_power)
        return AllocatePower(station, ship.id, move_power, shields,
                             min(weapon_cap(ship), total - move_power - shields))
    cost = ship.cls.cloak_cost
    best = expert_play.best_range_now(state, ship)
    if has_cloak(state, ship) and cost <= total and (
            advanced.stay_cloaked(state, ship, best)
            or (ship.cloaked and not expert_play.worth_decloaking(state, ship, best))):
        # Close in cloaked, uncloak to fire (The Romulan Gambit, Notes: "remain cloaked as long
        # as possible, attempting to get a shot ... when it least suspects it").
        rest = total - cost
        move_power = rest * 2 // 3 // step * step
        shields = min(shield_power_cap(ship), rest - move_power)
        move_power += (rest - move_power - shields) // step * step
        return AllocatePower(station, ship.id, move_power, shields, 0, cost)
    shield_cap = shield_power_cap(ship)
    move_power = total // 3 // step * step if _must_manoeuvre(state, ship) else 0
    runners = frozenset(victory.escapers(state.setup.victory))
    move_power = max(move_power, expert_play.chase_power(state, ship, nearest_enemy(state, ship),
                                                         runners))
    # A third to weapons, or what arms the plasma and missiles in full if that is more.
    weapons = advanced.weapons_power(ship, -(-total // 3), weapon_cap(ship), total - move_power)
    shields = min(shield_cap, total - weapons - move_power)
    left = total - weapons - move_power - shields
    move_power += left // step * step
    left = total - weapons - move_power - shields
    weapons = min(weapon_cap(ship), weapons + left)
    return AllocatePower(station, ship.id, move_power, shields, weapons)


def _must_manoeuvre(state: FasaState, ship: Ship) -> bool:
    foe = nearest_enemy(state, ship)
    if foe is None:
        return unseen_enemies(state, ship)
    if abs(distance(ship.pos, foe.pos) - expert_play.best_range_now(state, ship)) > 3:
        return True
    if not line_of_fire_clear(ship.pos, foe.pos, state.obstacles):
        return True
    bearing = sum(1 for spec in ship.cls.weapons if in_arc(ship.pos, ship.heading, spec.arcs, foe.pos))
    return bearing * 2 < len(ship.cls.weapons)


def _shields(state: FasaState, ship: Ship) -> tuple[int, int, int, int, int, int]:
    assert ship.allocation is not None
    points = ship.cls.shield_points(ship.allocation.shields)
    foe = nearest_enemy(state, ship)
    facing = 0
    if foe is not None and foe.pos != ship.pos:
        facing = sextants(ship.pos, ship.heading, foe.pos)[0]
    order = [SHIELD_OF_SEXTANT[(facing + k) % 6] for k in (0, 1, -1, 2, -2, 3)]
    order = [n for n in order if n not in ship.shields_damaged]
    # The facing shield first, then its neighbours, then the rest.
    shields = [0] * 6
    left = points
    cap = ship.cls.max_shield_points
    for group in (order[:1], order[1:3], order[3:]):
        while left > 0 and any(shields[n - 1] < cap for n in group):
            for n in group:
                if left and shields[n - 1] < cap:
                    shields[n - 1] += 1
                    left -= 1
    return (shields[0], shields[1], shields[2], shields[3], shields[4], shields[5])


def may_disengage(state: FasaState, ship: Ship) -> bool:
    """Whether the ship's captain may break off, as the game's variant says (Battlestations!: an
    Andorian only when outnumbered or outgunned four to one, seed 001 line 208); always in FASA's
    own game."""
    rule = variant_tables.of(state).may_disengage
    return rule is None or rule(state, ship)


def _best_path(state: FasaState, ship: Ship) -> str:
    """The path that ends nearest a good firing position (its best range to the nearest enemy,
    with a clear line of fire when obstacles are about), with the most weapons bearing, away
    from the map's edge."""
    goal = victory.escapers(state.setup.victory).get(ship.id)
    if goal:
        return _escape_path(state, ship, goal)
    ordered = admiral.order_of(state, ship)  # an optional rule: the Admiral's order, followed
    if ordered is not None and ordered.order == admiral.WITHDRAW and may_disengage(state, ship):
        away = admiral_autopilot.withdraw_edge(state, ship, enemies(state, ship))
        return _escape_path(state, ship, away)
    if ordered is not None and ordered.order == admiral.HOLD:
        return ""
    if advanced.lie_in_wait(state, ship):
        return ""
    want = expert_play.best_range_now(state, ship)
    best, best_score = "", float("inf")
    hard_ok = _emergency_safe(state, ship)
    plain_bearing = -1
    options = [p for p in movement_rule.move_options(state, ship)
               if ("B" not in p or ship.reverse) and (hard_ok or not EMERGENCY_STEPS & set(p))]
    # Plain courses first: an emergency heading change must bring more weapons to bear than any
    # plain course does (Advanced: Emergency Heading Changes are for emergencies).
    options.sort(key=lambda p: bool(EMERGENCY_STEPS & set(p)))
    for steps in options:
        hard = bool(EMERGENCY_STEPS & set(steps))
        trail, left = path(state, ship, steps)
        if left:
            continue
        pos, heading = trail[-1] if trail else (ship.pos, ship.heading)
        goal_hex = aim(state, ship, pos)
        if goal_hex is None:
            return ""
        bearing = sum(1 for spec in ship.cls.weapons if in_arc(pos, heading, spec.arcs, goal_hex))
        if not hard:
            plain_bearing = max(plain_bearing, bearing)
        elif bearing <= plain_bearing:
            continue
        edge = 6 if _near_edge(state, pos) else 0
        if line_of_fire_clear(pos, goal_hex, state.obstacles):
            score = abs(distance(pos, goal_hex) - want) * 2 - bearing * 1.5
        else:  # first of all, get to where the line of fire is clear
            spots = _firing_spots(state.bounds, state.obstacles, goal_hex, want)
            gap = min((distance(pos, h) for h in spots), default=distance(pos, goal_hex))
            score = 20 + gap * 3 - bearing * 0.5
        score += edge + 0.01 * len(steps) + (HARD_TURN_COST if hard else 0)
        score += advanced.counter_risk(state, ship, [h for h, _ in trail])
        if score < best_score:
            best, best_score = steps, score
    return best


HARD_TURN_COST = 1.0
"""What an emergency heading change's stress counts for against a better position."""


def _emergency_safe(state: FasaState, ship: Ship) -> bool:
    """Whether one emergency heading change leaves the ship well clear of losing its last
    superstructure or power (never into a likely explosion or disablement)."""
    cost = stress_of(state.tables, ship, state.level)
    return (ship.superstructure - cost.superstructure > 2
            and ship.total_power - cost.power > ship.cls.total_power // 3)


EDGE_HEADING = {"north": 0.0, "east": 1.5, "south": 3.0, "west": 4.5}


def _escape_path(state: FasaState, ship: Ship, edge: str) -> str:
    """For a ship the scenario scores for leaving the map by `edge` (Raiders: the Klingon must
    exit the opposite edge): the path that leaves by that edge, else the one that ends nearest
    it, pointing at it; never off another edge."""
    best, best_score = "", float("inf")
    for steps in movement_rule.move_options(state, ship):
        if EMERGENCY_STEPS & set(steps) or ("B" in steps and not ship.reverse):
            continue  # no stress, and no reversing, on the way out
        trail, left = path(state, ship, steps)
        pos, heading = trail[-1] if trail else (ship.pos, ship.heading)
        if left:
            probe = replace(ship, pos=pos)
            if victory.left_by(state, probe) != edge:
                continue
            score = -100.0 + 0.01 * len(steps)
        else:
            col, row = hex_to_offset(pos)
            gap = {"north": row, "south": state.bounds.rows - 1 - row, "west": col,
                   "east": state.bounds.cols - 1 - col}[edge]
            turn_off = abs(heading - EDGE_HEADING[edge]) % 6
            score = gap * 10 + min(turn_off, 6 - turn_off)
        if score < best_score:
            best, best_score = steps, score
    return best


@functools.lru_cache(maxsize=1024)
def _firing_spots(bounds: MapBounds, obstacles: frozenset[Hex], foe: Hex,
                  want: int) -> tuple[Hex, ...]:
    """Hexes within one of `want` hexes of `foe` with a clear line of fire to it."""
    return tuple(h for h in _all_hexes(bounds) if h not in obstacles
                 and abs(distance(h, foe) - want) <= 1 and line_of_fire_clear(h, foe, obstacles))


@functools.lru_cache(maxsize=16)
def _all_hexes(bounds: MapBounds) -> tuple[Hex, ...]:
    return tuple(offset_to_hex(c, r) for c in range(bounds.cols) for r in range(bounds.rows))


def _near_edge(state: FasaState, pos: Hex) -> bool:
    """Whether the map's edge is within two hexes straight out from `pos`."""
    return not all(state.bounds.contains(pos.neighbor(h).neighbor(h)) for h in range(6))

