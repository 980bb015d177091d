"""Firing Phases: declaring targets, rolling to hit, shields, and damage inside the ship.

Book Two, Advanced: Sequence Of Play steps 7-9 (the tactical advantage declares last); Firing
Weapons; Romulan Plasma Bolts. C&C: Weapon Firing Sequence, Damage Sequence, and "All firing is
simultaneous". Expert: Detailed Damage Location Charts (the special results Shield Generator
Damaged, Weapon Damaged, Sensors Out, which Book One's basic table shares). Choices made where
Book One is missing are in docs/rules-decisions.md.
"""

from __future__ import annotations

from fractions import Fraction

from engine.dice import D10, RollRequest
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import distance, line_of_fire_clear
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.arcs import in_arc, shields_facing
from engine.rulesets.fasa.data.ships import WeaponSpec, scale_value
from engine.rulesets.fasa.data.tables import Tables
from engine.rulesets.fasa.levels import advanced_rules, location_chunks
from engine.rulesets.fasa.levels import expert as level_expert
from engine.rulesets.fasa.values.actions import Target
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import (
    BlastStruck,
    Damaged,
    DeclaredShot,
    FireDeclared,
    RollRequested,
    ShieldStruck,
    ShotResolved,
    StatusChanged,
)
from engine.rulesets.fasa.values.options import fire_limit_problem
from engine.rulesets.fasa.values.shaken import fire_blocked, shields_down
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    BLAST,
    CHOOSE,
    DISABLED,
    HAZARD,
    MINE,
    RESOLVE,
    FasaState,
    Hit,
    Ship,
    Shot,
    Stage,
    replace,
)
from engine.rulesets.fasa.values.variant_tables import ShotChange
from engine.rulesets.fasa.values.variant_tables import of as variant_of
from engine.stations import title
from engine.words import plural

EMERGENCY_TO_HIT = -2
"""Firing chart modifier "-2 firer makes emergency heading change" (the 1986 combat tables,
shared/reference/firing_chart_1986.csv; stress.py)."""
MOST_TO_HIT = 10
"""A d10 hits at most on every face: a bonus never asks more than 1-10."""
NO_CHANGE = ShotChange()
PORT_SHIELDS = frozenset({1, 6})
STARBOARD_SHIELDS = frozenset({3, 4})


def can_fire(ship: Ship) -> bool:
    """A ship fires if it is in play, its superstructure holds (C&C: Superstructure Damage Track:
    "at 0 or below the ship is no longer able to fire weapons or move"), its sensors work
    (Advanced: Sensors — "ships weaponry are not allowed to fire") and a weapon is ready."""
    return (ship.status == ACTIVE and ship.superstructure > 0 and ship.sensors_out == 0
            and not ship.evading and any(w.power and not w.fired and not w.damaged for w in ship.weapons))


def targetable(ship: Ship) -> bool:
    return ship.status in (ACTIVE, DISABLED)


def need_to_hit(state: FasaState, firer: Ship, spec: WeaponSpec, rng: int,
                target: Ship | None = None) -> int:
    """The highest d10 roll that hits: the Firing Chart's number at `rng`, less 2 when the firer
    made an emergency heading change in this phase's movement (the chart's "-2 firer makes
    emergency heading change"; `stress.py`), less 3 at a detected cloaked target that has moved
    this game turn and 5 at one that has not (the chart's "-3 to hit moving cloaked ship; -5 to
    hit stationary cloaked ship"; `cloak.py`), with what a variant's rules add (`shot_change`:
    Battlestations!' gravity wells and an Andorian captain's weapon); 0 never hits."""
    need = state.tables.to_hit(spec.chart, rng)
    change = shot_change(state, firer, spec, target)
    if need and change.reach and rng > state.tables.max_range(spec.chart) + change.reach:
        return 0
    if need and change.to_hit:
        need = min(MOST_TO_HIT, max(0, need + change.to_hit))
    if need and firer.hard_turned:
        need = max(0, need + EMERGENCY_TO_HIT)
    if need and target is not None and target.cloaked:
        need = max(0, need + hooks.of(state).cloaked_to_hit(target))
    if need:
        # Expert: Casualties — "+1" on the roll per full 10% of the crew (lines 847-853); a
        # skill bonus aims two weapons one better (line 508; `skill_roll.py`).
        need = max(0, need - hooks.of(state).die_bonus(state, firer) + (spec.id in firer.aimed))
    return need


def shot_change(state: FasaState, firer: Ship, spec: WeaponSpec,
                target: Ship | None) -> ShotChange:
    """What the game's variant adds to a shot's to-hit number and range (`Variant.shot`), the one
    place FASA's firing asks it: nothing in FASA's own game or without a target."""
    terms = variant_of(state).shot
    return terms(state, firer, spec, target) if terms is not None and target is not None \
        else NO_CHANGE


def shot_problem(state: FasaState, firer: Ship, spec: WeaponSpec, target: Ship) -> str:
    """Why `spec` of `firer` cannot fire at `target` now, or "" if it can."""
    if target.side == firer.side:
        return f"{target.name} is on our side"
    if not targetable(target):
        return f"{target.name} is {target.status}"
    if unseen := hooks.of(state).unseen_problem(state, firer, target):
        return unseen  # Advanced: Romulan Cloaking Device (hiding.py)
    rng = distance(firer.pos, target.pos)
    change = shot_change(state, firer, spec, target)
    reach = state.tables.max_range(spec.chart) + change.reach
    if state.tables.to_hit(spec.chart, rng) == 0 or (change.reach and rng > reach):
        cut = f": {'; '.join(change.why)}" if change.reach else ""
        return (f"{target.name} is out of range ({plural(rng, 'hex', 'hexes')}; {spec.name} reaches "
                f"{max(0, reach)}{cut})")
    if need_to_hit(state, firer, spec, rng, target) == 0:
        why = [f"{EMERGENCY_TO_HIT} after an emergency heading change"] if firer.hard_turned \
            else []
        why += list(change.why)
        if target.cloaked:
            why.append(f"{hooks.of(state).cloaked_to_hit(target)} against a cloaked ship")
        return (f"{target.name} cannot be hit at {plural(rng, 'hex', 'hexes')} "
                f"({', '.join(why)} to hit)")
    if not in_arc(firer.pos, firer.heading, spec.arcs, target.pos):
        return f"{target.name} is outside its firing arc"
    if spec.kind == "plasma" and _plasma_damage(state, spec, rng) == 0:
        return f"{target.name} is beyond the plasma's reach ({plural(rng, 'hex', 'hexes')})"
    if not line_of_fire_clear(firer.pos, target.pos, state.obstacles):
        return f"an obstacle blocks the line of fire to {target.name}"
    return ""


def ready_weapons(ship: Ship) -> list[int]:
    return [i for i, w in enumerate(ship.weapons) if w.power and not w.fired and not w.damaged]


def has_shot(state: FasaState, ship: Ship) -> bool:
    """Whether the ship has any legal shot this Firing Phase: the same test as `shot_problem`,
    ordered so that the range is measured once per target (it runs for every ship in every
    Firing Phase, also on replay)."""
    if not can_fire(ship) or fire_blocked(state, ship):  # C&C: shaken.py
        return False
    ready = [ship.cls.weapons[i] for i in ready_weapons(ship)]
    unseen = hooks.of(state).unseen_problem
    for target in state.ships:
        if target.side == ship.side or not targetable(target) or unseen(state, ship, target):
            continue
        rng = distance(ship.pos, target.pos)
        reach = [w for w in ready if need_to_hit(state, ship, w, rng, target)
                 and (w.kind != "plasma" or _plasma_damage(state, w, rng))]
        if not reach:
            continue
        if not any(in_arc(ship.pos, ship.heading, w.arcs, target.pos) for w in reach):
            continue
        if line_of_fire_clear(ship.pos, target.pos, state.obstacles):
            return True
    return False


def trim_to_fire_limits(ship: Ship, shots: tuple[Target, ...],
                        most: int = 0) -> tuple[Target, ...]:
    """`shots` in order, less those that would break the ship's fire limits ("1 at a time") or
    pass `most` weapons (the optional firing limit, options.py; 0: none)."""
    kept: list[Target] = []
    for shot in shots:
        if most and len(kept) >= most:
            break
        if all(sum(1 for k in kept if k.weapon in limit.weapons) < limit.at_a_time
               for limit in ship.cls.fire_limits if shot.weapon in limit.weapons):
            kept.append(shot)
    return tuple(kept)


def declare(state: FasaState, ship: Ship, shots: tuple[Target, ...],
            who: str = "Helm") -> tuple[FasaState, list[Event]]:
    """Declare targets (Advanced: Sequence Of Play step 7). Each armed weapon fires once in the game
    turn (Expert: Weapons Display — "When weapons are fired, draw a slash through the number")."""
    weapons = list(ship.weapons)
    seen: set[str] = set()
    queued: list[Shot] = []
    for shot in shots:
        weapon_id, target_id = shot.weapon, shot.target
        try:
            i = ship.weapon_index(weapon_id)
        except KeyError:
            raise IllegalAction(f"{who}: {ship.name} has no weapon {weapon_id!r}") from None
        spec = ship.cls.weapons[i]
        if weapon_id in seen:
            raise IllegalAction(f"{who}: {spec.name} can fire only once")
        seen.add(weapon_id)
        w = weapons[i]
        if w.damaged:
            raise IllegalAction(f"{who}: {spec.name} is damaged")
        if not w.power:
            raise IllegalAction(f"{who}: {spec.name} is not armed")
        if w.fired:
            raise IllegalAction(f"{who}: {spec.name} has already fired this turn")
        if not state.has_ship(target_id):
            raise IllegalAction(f"{who}: there is no ship {target_id!r}")
        problem = shot_problem(state, ship, spec, state.ship(target_id))
        if problem:
            raise IllegalAction(f"{who}: {spec.name} cannot fire: {problem}")
        weapons[i] = replace(w, fired=True)
        queued.append(Shot(ship.id, weapon_id, target_id))
    if too_many := fire_limit_problem(state.setup.options, len(seen)):
        raise IllegalAction(f"{who}: {ship.name} cannot fire {len(seen)} weapons: {too_many}")
    for limit in ship.cls.fire_limits:
        firing = [ship.cls.weapon(w).name for w in seen if w in limit.weapons]
        if len(firing) > limit.at_a_time:
            raise IllegalAction(
                f"{who}: {', '.join(sorted(firing))} cannot all fire in one Firing Phase; "
                f"{ship.cls.name} fires {limit.at_a_time} of them at a time")
    new = state.with_ship(replace(ship, weapons=tuple(weapons)))
    new = replace(new, shots=new.shots + tuple(queued))
    described = tuple(DeclaredShot(s.weapon, ship.cls.weapon(s.weapon).name, s.target,
                                   state.ship(s.target).name) for s in shots)
    return new, [FireDeclared(ship.id, ship.name, described)]


def _plasma_damage(state: FasaState, spec: WeaponSpec, rng: int) -> int:
    return plasma_damage_at(state.tables, spec.plasma_table, rng, state.scale)


def plasma_damage_at(tables: Tables, table: str, rng: int, scale: Fraction) -> int:
    """Romulan Plasma Weapon Damage Table at `scale`: the printed first number at full scale, the
    printed second (TAC) number at 1/3 (the seed's RL-3 example, 10 at 9 hexes), and the full
    value divided at 1/2 and 1/4 (Altering Variable Data: "Divide all values by 2")."""
    if scale == 1 or scale == Fraction(1, 3):
        return tables.plasma_damage(table, rng, full_scale=scale == 1)
    return scale_value(tables.plasma_damage(table, rng, full_scale=True), scale)


def shot_damage(state: FasaState, firer: Ship, spec: WeaponSpec, rng: int) -> int:
    """Beam: the power put in plus the range's Damage Modifier; missile: its fixed Damage; plasma:
    the Romulan Plasma Weapon Damage Table by range (Advanced: Romulan Plasma Bolts)."""
    if spec.kind == "beam":
        return firer.weapons[firer.weapon_index(spec.id)].power + spec.band_modifier(rng)
    if spec.kind == "missile":
        return spec.damage
    return _plasma_damage(state, spec, rng)


def request(state: FasaState, ship: str, duty: Duty, purpose: str,
            needs: tuple[int, int] | None = None, public: bool = False,
            modifiers: tuple[tuple[str, int], ...] = ()) -> tuple[FasaState, Event]:
    """Ask the station of `ship` that carries out `duty` for a roll; the purpose is told with that
    station's title first ("Helm: to-hit, ..."). A public roll is seen by the whole table."""
    ship, station = hooks.of(state).roller(state, ship, duty)  # C&C: who rolls a hit's location
    req = RollRequest(D10, ship, station, f"{title(station)}: {purpose}", needs, public,
                      modifiers)
    return replace(state, roll=req), RollRequested(req)


def next_roll(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Ask for the to-hit roll of the first unresolved shot; an explosion's blast needs none."""
    shot = state.shots[0]
    firer, target = state.ship(shot.firer), state.ship(shot.target)
    if shot.weapon == BLAST:
        rng = distance(firer.pos, target.pos)
        state, more = land(state, shot, firer, target, shot.damage)
        return state, [BlastStruck(firer.id, firer.name, target.id, target.name, rng,
                                   shot.damage), *more]
    if shot.weapon == MINE:  # Advanced: Mines (mines.py)
        return hooks.of(state).mine_roll(state, shot, target)
    spec = firer.cls.weapon(shot.weapon)
    rng = distance(firer.pos, target.pos)
    need = need_to_hit(state, firer, spec, rng, target)
    modified = f" ({EMERGENCY_TO_HIT} after an emergency heading change)" if firer.hard_turned \
        else ""
    if target.cloaked:
        modified += f" ({hooks.of(state).cloaked_to_hit(target)} against a cloaked ship)"
    modified += "".join(f" ({why})" for why in shot_change(state, firer, spec, target).why)
    if bonus := hooks.of(state).die_bonus(state, firer):
        modified += f" (+{bonus} on the die for {firer.name}'s casualties)"
    if spec.id in firer.aimed:
        modified += " (skill bonus: one better)"
    state, ev = request(state, firer.id, Duty.WEAPONS,
                        f"to-hit, {spec.name} of {firer.name} vs. {target.name} at range "
                        f"{rng}, needs 1-{need}{modified}", (1, need), public=True,
                        modifiers=hooks.of(state).die_terms(state, firer))
    return state, [ev]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    """Take a roll during the Weapon Firing Sequence and the Damage Sequence (C&C)."""
    shot = state.shots[0]
    firer, target = state.ship(shot.firer), state.ship(shot.target)
    hit = state.hit
    state = replace(state, roll=None)
    if hit is None and shot.weapon == MINE:  # Advanced: Mines (mines.py)
        return hooks.of(state).mine_result(state, shot, target, value)
    if hit is None:
        spec = firer.cls.weapon(shot.weapon)
        rng = distance(firer.pos, target.pos)
        need = need_to_hit(state, firer, spec, rng, target)
        if value > need:
            return shot_done(state, [ShotResolved(firer.id, spec.id, target.id, rng, False, 0,
                                                          spec.name, target.name)])
        damage = shot_damage(state, firer, spec, rng)
        if shot.evade == "success":
            # Advanced: Evading Missile Fire — "the hit only does half normal damage"
            # (an odd point rounds up: docs/rules-decisions.md).
            damage = -(-damage // 2)
        events: list[Event] = [ShotResolved(firer.id, spec.id, target.id, rng, True, damage,
                                             spec.name, target.name)]
        if target.lock == firer.id:
            # Advanced: Sensors — the lock holds "until the target ship's weapons successfully
            # hit the ship with the lock".
            target = replace(target, lock="")
            state = state.with_ship(target)
        state, more = land(state, shot, firer, target, damage)
        return state, events + more
    if hit.stage == "shield":
        facing = shields_facing(target.pos, hooks.of(state).struck_heading(shot, target), firer.pos)
        shield = facing[0] if value <= 5 else facing[1]
        return strike_shield(replace(state, hit=None), target, shield, hit.damage)
    if hit.stage == "location":
        return _locate(state, firer, target, hit, value)
    if hit.stage == "engine":
        candidates = engine_candidates(state, target, hit)
        first = candidates[(value - 1) * len(candidates) // 10]
        return _located(*damage_engines(state, target, first, hit.penetrating))
    if hit.stage == "sensors":
        turns = 1 if value <= 5 else 2
        # Expert: the boxes are crossed off "beginning with the box for the next game turn"
        # (line 771): out for the rest of this turn and `turns` more.
        out = turns + 1 if level_expert(state.level) else turns
        target = replace(target, sensors_out=max(target.sensors_out, out), lock="")
        state = state.with_ship(target)
        more_words = " after this one" if out > turns else ""
        ev = Damaged(target.id, target.name, "sensors", turns,
                     f"sensors out for {turns} game turn{'s' if turns > 1 else ''}{more_words}: "
                     "weapons cannot fire")
        return _located(state, [ev])
    raise AssertionError(f"unknown hit stage {hit.stage}")


def land(state: FasaState, shot: Shot, firer: Ship, target: Ship,
         damage: int) -> tuple[FasaState, list[Event]]:
    """A hit (or an explosion's blast) of `damage` points arrives at `target`: the shield facing
    `firer`, a roll between two facing shields, or all six in the same hex."""
    facing = shields_facing(target.pos, hooks.of(state).struck_heading(shot, target), firer.pos)
    if len(facing) == 2:
        state = replace(state, hit=Hit(Stage.SHIELD, damage))
        state, ev = request(state, target.id, Duty.HIT_LOCATION,
                            f"the {'blast' if shot.weapon == BLAST else 'shot'} comes in "
                            f"between shields {facing[0]} and {facing[1]} of {target.name}: "
                            f"1-5 shield {facing[0]}, 6-10 shield {facing[1]}")
        return state, [ev]
    if len(facing) == 6:
        # Same hex: Advanced, Damage From Exploding Ships — "the damage is divided by 6 and is
        # applied to each shield; any fractions are rounded up" (docs/rules-decisions.md).
        each = -(-damage // 6)
        return strike_shield(state, target, 1, each, tuple((n, each) for n in range(2, 7)))
    return strike_shield(state, target, facing[0], damage)


def strike_shield(state: FasaState, target: Ship, shield: int, damage: int,
                   strikes: tuple[tuple[int, int], ...] = ()) -> tuple[FasaState, list[Event]]:
    """Damage Sequence steps 1-2: the shield absorbs what it can; the rest penetrates and is
    located by one roll per 2 points, or per hit at the expert level (`levels.location_chunks`).
    `strikes` are the shields still to strike after this one (fire in the same hex)."""
    # C&C: shields shaken or no power on the grid do not protect (lines 1373, 1397; shaken.py).
    points = 0 if shields_down(target) else target.shields[shield - 1]
    absorbed = min(points, damage)
    penetrating = damage - absorbed
    state, cut = hooks.of(state).damage_control_cut(state, target, penetrating)  # C&C
    shields = list(target.shields)
    shields[shield - 1] -= absorbed
    target = replace(target, shields=tuple(shields))
    state = state.with_ship(target)
    events: list[Event] = [ShieldStruck(target.id, target.name, shield, absorbed, penetrating)]
    if penetrating <= 0:
        state = replace(state, hit=Hit(Stage.LOCATION, damage, shield, 0, strikes=strikes))
        return _located(state, events)
    return _ask_location(state, target, Hit(Stage.LOCATION, damage, shield, 0, left=penetrating,
                                            strikes=strikes, cut=cut), events)


def _ask_location(state: FasaState, target: Ship, hit: Hit,
                  events: list[Event]) -> tuple[FasaState, list[Event]]:
    """Ask the damage location roll for the next part of `hit.left` penetrating points."""
    blast = bool(state.shots) and state.shots[0].weapon == BLAST
    chunk = location_chunks(state.level, hit.left, blast)[0]
    hit = replace(hit, stage=Stage.LOCATION, penetrating=chunk, left=hit.left - chunk)
    state = replace(state, hit=hit)
    state, ev = request(state, target.id, Duty.HIT_LOCATION,
                        f"damage location on {target.name} ({chunk} "
                        f"point{'s' if chunk != 1 else ''} through shield {hit.shield})")
    return state, [*events, ev]


def _located(state: FasaState, events: list[Event]) -> tuple[FasaState, list[Event]]:
    """One damage location roll is done: roll for the next points through the same shield, strike
    the next shield (same hex), or finish the shot."""
    hit = state.hit
    if hit is None:
        return shot_done(state, events)
    target = state.ship(state.shots[0].target)
    if hit.left > 0:
        return _ask_location(state, target, hit, events)
    if hit.strikes:
        (shield, damage), rest = hit.strikes[0], hit.strikes[1:]
        state, more = strike_shield(replace(state, hit=None), target, shield, damage, rest)
        return state, events + more
    return shot_done(state, events)


def _locate(state: FasaState, firer: Ship, target: Ship, hit: Hit,
            value: int) -> tuple[FasaState, list[Event]]:
    """Book One's Basic Game Damage Location Table: one roll for `hit.penetrating` points; at the
    expert levels the Detailed Damage Location Charts (`expert_damage.py`)."""
    detailed = hooks.of(state).locate(state, firer, target, hit, value)  # expert_damage.py
    if detailed is not None:
        return detailed
    return locate_system(state, firer, target, hit, state.tables.damage_basic[value - 1], [])


def locate_system(state: FasaState, firer: Ship, target: Ship, hit: Hit, location: str,
                  events: list[Event], engines: list[int] | None = None,
                  ) -> tuple[FasaState, list[Event]]:
    """Damage at `location` (superstructure, engine, shield, beam, missile, sensors) for
    `hit.penetrating` points; `engines` names the engines an engine hit may strike (else those
    nearest the shield struck)."""
    pts = hit.penetrating
    if location == "superstructure":
        state, more = damage_superstructure(state, target, pts, "superstructure hit")
        return _located(state, events + more)
    if location == "engine":
        engines = struck_engines(target, hit.shield) if engines is None else engines
        if len(engines) > 1:
            names = [target.cls.engines[i].name for i in engines]
            state = replace(state, hit=replace(hit, stage=Stage.ENGINE))
            state, ev = request(state, target.id, Duty.HIT_LOCATION,
                                f"which engine of {target.name} takes the hit: "
                                + ", ".join(f"{_band(n, len(names))} {name}"
                                            for n, name in enumerate(names)))
            return state, [*events, ev]
        state, more = damage_engines(state, target, engines[0] if engines else None, pts)
        return _located(state, events + more)
    # Shield, weapon and sensor hits damage the system and give 1 superstructure point
    # (Expert: Shield Generator Damaged, Weapon Damaged, Sensors Out).
    state, more = damage_superstructure(state, target, 1, f"{location} hit")
    events = events + more
    target = state.ship(target.id)
    if location == "shield":
        shields = list(target.shields)
        shields[hit.shield - 1] = 0
        target = replace(target, shields=tuple(shields),
                         shields_damaged=target.shields_damaged | {hit.shield})
        events.append(Damaged(target.id, target.name, "shield", 1,
                              f"shield {hit.shield} generator destroyed for the rest of the game"))
        return _located(state.with_ship(target), events)
    if location == "sensors":
        state = replace(state, hit=replace(hit, stage=Stage.SENSORS))
        state, ev = request(state, target.id, hooks.of(state).sensors_out_duty(state, target),
                            f"how long {target.name}'s sensors are out: "
                            + ("1-5 one Movement/Firing Phase, 6-10 two" if target.officers
                               else "1-5 one game turn, 6-10 two"))
        return state, [*events, ev]
    candidates = weapons_hit_candidates(target, firer, location)
    if not candidates:
        events.append(Damaged(target.id, target.name, "weapon", 0,
                              "weapon hit, but no weapon bears: no effect"))
        return _located(state, events)
    if len(candidates) == 1:
        state, ev = damage_weapon(state, target, candidates[0])
        return _located(state, [*events, ev])
    state = replace(state, step=CHOOSE, hit=replace(hit, stage=Stage.WEAPON, kind=location))
    return state, events


def weapons_hit_candidates(target: Ship, firer: Ship, kind: str) -> list[str]:
    """Expert: Weapon Damaged — a weapon that can bear on the shooting ship, of the kind hit if one
    bears, else of the other kind; plasma launchers count as missile weapons."""

    def bearing(kinds: tuple[str, ...]) -> list[str]:
        return [spec.id for spec, w in zip(target.cls.weapons, target.weapons, strict=True)
                if spec.kind in kinds and not w.damaged
                and in_arc(target.pos, target.heading, spec.arcs, firer.pos)]

    first = ("beam",) if kind == "beam" else ("missile", "plasma")
    second = ("missile", "plasma") if kind == "beam" else ("beam",)
    return bearing(first) or bearing(second)


def damage_weapon(state: FasaState, ship: Ship, weapon_id: str) -> tuple[FasaState, Event]:
    i = ship.weapon_index(weapon_id)
    weapons = list(ship.weapons)
    weapons[i] = replace(weapons[i], damaged=True)
    ship = replace(ship, weapons=tuple(weapons))
    name = ship.cls.weapons[i].name
    return state.with_ship(ship), Damaged(ship.id, ship.name, "weapon", 1, f"{name} destroyed")


def choose_weapon(state: FasaState, ship: Ship, weapon_id: str,
                  who: str = "Captain") -> tuple[FasaState, list[Event]]:
    shot = state.shots[0]
    assert state.hit is not None
    candidates = weapons_hit_candidates(ship, state.ship(shot.firer), state.hit.kind)
    if weapon_id not in candidates:
        names = ", ".join(candidates)
        raise IllegalAction(f"{who}: choose one of the weapons that bear: {names}")
    state, ev = damage_weapon(state, ship, weapon_id)
    return _located(replace(state, step=HAZARD if state.after else RESOLVE), [ev])


def damage_superstructure(state: FasaState, ship: Ship, points: int,
                          why: str) -> tuple[FasaState, list[Event]]:
    """Superstructure damage, with crew casualties at the chart's percent per point for the ship's
    superstructure strength (crew casualty table; docs/rules-decisions.md)."""
    # At the expert levels casualties come from the Detailed Damage Location Charts' marks alone
    # (lines 847-849; `expert_damage.py`).
    rate = 0 if level_expert(state.level) else state.tables.casualty_rate(ship.cls.superstructure)
    casualties = min(1000, ship.casualties + points * rate * 10)
    ship = replace(ship, superstructure=ship.superstructure - points, casualties=casualties)
    if ship.superstructure < 0 and points > 0 and advanced_rules(state.level):
        ship = replace(ship, blast_roll=True)  # Advanced: Ship Explosions (explosions.py)
    events: list[Event] = [Damaged(ship.id, ship.name, "superstructure", points,
                                   f"{why}: superstructure -{points}, now {ship.superstructure}")]
    if ship.superstructure <= 0 and ship.status == ACTIVE:
        ship = replace(ship, status=DISABLED)
        events.append(StatusChanged(ship.id, ship.name, DISABLED,
                                    "superstructure gone: it can no longer move or fire"))
    return state.with_ship(ship), events


def struck_engines(ship: Ship, shield: int) -> list[int]:
    """The engines an engine hit through `shield` may strike (Expert: Warp Engine Hit): the engine
    on the side of the shield if it has power; otherwise the warp engines with power, one of which
    a roll picks when there are several; otherwise the engine with the most power left."""
    side = "port" if shield in PORT_SHIELDS else "starboard" if shield in STARBOARD_SHIELDS else ""
    specs = ship.cls.engines
    powered = [i for i in range(len(specs)) if ship.engines[i] > 0]
    same_side = [i for i in powered if side and specs[i].side == side]
    if same_side:
        return same_side[:1]
    warp = [i for i in powered if specs[i].kind == "warp"]
    if warp:
        return warp
    return sorted(powered, key=lambda i: (-ship.engines[i], i))[:1]


def engine_candidates(state: FasaState, target: Ship, hit: Hit) -> list[int]:
    """The engines an engine hit awaiting its roll may strike: those nearest the shield, or at the
    expert levels those the detailed chart names (`expert_damage.engines_for`)."""
    detailed = hooks.of(state).engine_candidates(target, hit)  # expert_damage.py
    if detailed is not None:
        return detailed
    return struck_engines(target, hit.shield)


def damage_engines(state: FasaState, ship: Ship, first: int | None,
                   points: int) -> tuple[FasaState, list[Event]]:
    """Engine hit: engine `first` takes the points; points beyond its power go to the engine with
    the most power left. Lost power counts from the next Power Allocation Phase
    (docs/rules-decisions.md)."""
    engines = list(ship.engines)
    specs = ship.cls.engines
    left = points
    order = [] if first is None else [first]
    events: list[Event] = []
    while left > 0 and sum(engines) > 0:
        i = order.pop(0) if order else max(range(len(engines)), key=lambda k: (engines[k], -k))
        taken = min(left, engines[i])
        engines[i] -= taken
        left -= taken
        events.append(Damaged(ship.id, ship.name, "engine", taken,
                              f"{specs[i].name} -{taken} power, now {engines[i]}"))
    if not events:
        events.append(Damaged(ship.id, ship.name, "engine", 0, "engine hit, but no engine has power left"))
    ship = replace(ship, engines=tuple(engines))
    if sum(engines) == 0 and ship.status == ACTIVE:
        # Advanced Scenarios, Raiders: "disable (reduce to zero power or superstructure)".
        ship = replace(ship, status=DISABLED)
        events.append(StatusChanged(ship.id, ship.name, DISABLED,
                                    "no power left: it can no longer move or fire"))
    return state.with_ship(ship), events


def _band(n: int, of: int) -> str:
    """The d10 faces that pick candidate `n` of `of` (the inverse of (roll - 1) * of // 10)."""
    faces = [v for v in range(1, 11) if (v - 1) * of // 10 == n]
    return f"{faces[0]}-{faces[-1]}" if len(faces) > 1 else str(faces[0])


def shot_done(state: FasaState, events: list[Event]) -> tuple[FasaState, list[Event]]:
    return replace(state, shots=state.shots[1:], hit=None, roll=None), events
