"""Power Allocation Phase: Chief Engineer, Helm and Science set up the ship for the game turn.

Book Two, C&C: Sequence Of Play, steps 2-6; Using The Engineering Panel (Power To Combat Systems
Tracks); Using The Helm And Weapon Systems Panel (Weapons Tracks); Using The Damage Control Panel
(Deflector Shield Tracks); Expert: Damage Control Display (shield caps).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.values.actions import AllocatePower, ArmWeapons, SetShields
from engine.rulesets.fasa.values.events import ArmedWeapon, PowerAllocated, ShieldsSet, WeaponsArmed
from engine.rulesets.fasa.values.state import Allocation, FasaState, Ship, Weapon, replace
from engine.stations import title
from engine.words import plural


def allocate(state: FasaState, ship: Ship, action: AllocatePower) -> tuple[FasaState, list[Event]]:
    """The sum of power to movement, shields and weapons cannot be more than the Total Power Units
    Available (Book Two, Expert: Engineering Display). Power to movement buys whole movement points
    by the Movement Point Ratio: "fractional movement points cannot be generated" (C&C: Power To
    Movement Track); we refuse power that would be wasted (docs/rules-decisions.md)."""
    who = title(action.station)
    if ship.allocation is not None:
        raise IllegalAction(f"{who}: {ship.name} has already allocated power this turn")
    parts = (("movement", action.movement), ("shields", action.shields), ("weapons", action.weapons),
             ("the cloaking device", action.cloak))
    for name, value in parts:
        if value < 0:
            raise IllegalAction(f"{who}: power to {name} cannot be negative ({value})")
    if action.cloak:
        # Advanced: Romulan Cloaking Device — "The device requires 5 power points to operate, and
        # it may not be used in the same game turn that weapons are to be fired".
        if not hooks.of(state).has_cloak(state, ship):  # cloak.py
            raise IllegalAction(f"{who}: {ship.name} has no cloaking device")
        if action.cloak != ship.cls.cloak_cost:
            raise IllegalAction(f"{who}: the cloaking device takes exactly "
                                f"{ship.cls.cloak_cost} power, not {action.cloak}")
        if action.weapons:
            raise IllegalAction(f"{who}: a cloaked ship cannot fire: give weapons no power "
                                "when cloaking")
    total = action.movement + action.shields + action.weapons + action.cloak
    available = ship.total_power
    if total > available:
        raise IllegalAction(
            f"{who}: {total} power allocated, only {available} available")
    cls = ship.cls
    step = cls.movement_step
    if action.movement % step:
        raise IllegalAction(
            f"{who}: {action.movement} power to movement leaves a fraction of a movement "
            f"point; at {cls.movement_cost} give movement a multiple of {step}")
    shield_points = cls.shield_points(action.shields)
    usable = cls.max_shield_points * (6 - len(ship.shields_damaged))
    if shield_points > usable:
        raise IllegalAction(
            f"{who}: {action.shields} power to shields makes {shield_points} shield points, "
            f"more than the {usable} the working shields can hold")
    most = weapon_cap(ship)
    if action.weapons > most:
        raise IllegalAction(
            f"{who}: {action.weapons} power to weapons, but the working weapons take "
            f"at most {most}")
    mp = cls.movement_points(action.movement)
    made = Allocation(action.movement, action.shields, action.weapons, action.cloak)
    new = replace(ship, allocation=made, last_allocation=made, movement_points=mp)
    event = PowerAllocated(ship.id, ship.name, action.movement, action.shields, action.weapons, mp,
                           shield_points)
    return state.with_ship(new), [event]


def arm(state: FasaState, ship: Ship, action: ArmWeapons) -> tuple[FasaState, list[Event]]:
    """Helm arms weapons within the power to weapons (Book Two, Expert: Weapons Display). A beam
    takes 1 to its maximum power; a missile or plasma launcher takes exactly its Power To Arm
    (Advanced: Romulan Plasma Bolts — "armed like a missile weapon, with a set charge")."""
    who = title(action.station)
    if ship.allocation is None:
        raise IllegalAction(f"{who}: {ship.name} has no power to weapons until Engineering allocates")
    if ship.armed:
        raise IllegalAction(f"{who}: {ship.name}'s weapons are already armed this turn")
    weapons = list(ship.weapons)
    seen: set[str] = set()
    spent = 0
    for entry in action.power:
        weapon_id, power = entry.weapon, entry.power
        try:
            i = ship.weapon_index(weapon_id)
        except KeyError:
            ids = ", ".join(w.id for w in ship.cls.weapons) or "none"
            raise IllegalAction(f"{who}: {ship.name} has no weapon {weapon_id!r} (weapons: {ids})") \
                from None
        spec = ship.cls.weapons[i]
        if weapon_id in seen:
            raise IllegalAction(f"{who}: {spec.name} is listed twice")
        seen.add(weapon_id)
        if ship.weapons[i].damaged:
            raise IllegalAction(f"{who}: {spec.name} is damaged and cannot be armed")
        if power == 0:
            continue
        if spec.kind == "beam":
            if not 1 <= power <= spec.max_power:
                raise IllegalAction(
                    f"{who}: {spec.name} takes 1 to {spec.max_power} power, not {power}")
        elif power != spec.arm_power:
            raise IllegalAction(
                f"{who}: {spec.name} arms with exactly {spec.arm_power} power, not {power}")
        weapons[i] = replace(weapons[i], power=power)
        spent += power
    if spent > ship.allocation.weapons:
        raise IllegalAction(
            f"{who}: {spent} power put into weapons, only {ship.allocation.weapons} allocated")
    new = replace(ship, weapons=tuple(weapons), armed=True)
    armed = tuple(ArmedWeapon(spec.id, spec.name, w.power)
                  for spec, w in zip(ship.cls.weapons, weapons, strict=True) if w.power)
    return state.with_ship(new), [WeaponsArmed(ship.id, ship.name, armed)]


def set_shields(state: FasaState, ship: Ship, action: SetShields) -> tuple[FasaState, list[Event]]:
    """Science sets shield points: no shield above the Maximum Shield Power, the total within the
    Shield Points Available, a damaged shield never (Book Two, Expert: Damage Control Display)."""
    who = title(action.station)
    if ship.allocation is None:
        raise IllegalAction(f"{who}: {ship.name} has no shield power until Engineering allocates")
    if ship.shields_set:
        raise IllegalAction(f"{who}: {ship.name}'s shields are already set this turn")
    points = action.points
    if len(points) != 6:
        raise IllegalAction(f"{who}: give points for all six shields")
    cap = ship.cls.max_shield_points
    for n, p in enumerate(points, 1):
        if p < 0:
            raise IllegalAction(f"{who}: shield {n} cannot have negative points ({p})")
        if p > cap:
            raise IllegalAction(f"{who}: shield {n} can hold at most {plural(cap, 'point')}, "
                                f"not {p}")
        if p and n in ship.shields_damaged:
            raise IllegalAction(f"{who}: shield {n}'s generator is damaged; it cannot be raised")
    available = ship.cls.shield_points(ship.allocation.shields)
    if sum(points) > available:
        raise IllegalAction(
            f"{who}: {sum(points)} shield points set, only {available} available")
    new = replace(ship, shields=tuple(points), shields_set=True, last_shields=tuple(points))
    return state.with_ship(new), [ShieldsSet(ship.id, ship.name, tuple(points))]


def shield_power_cap(ship: Ship) -> int:
    """Most power to shields that buys no more points than the working shields can hold."""
    held = ship.cls.max_shield_points * (6 - len(ship.shields_damaged))
    power, points = ship.cls.spr
    return ((held + 1) * power - 1) // points


def weapon_cap(ship: Ship) -> int:
    """Most power the ship's working weapons can take."""
    return sum(spec.full_power for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True)
               if not w.damaged)


def end_of_turn(ship: Ship) -> Ship:
    """Resetting the panels (Book Two, C&C): shields of undamaged generators to 0, every weapon
    back to unarmed, movement to 0; the sensors come one game turn nearer to working
    (Advanced: Sensors Track)."""
    return replace(
        ship,
        shields=(0, 0, 0, 0, 0, 0),
        weapons=tuple(Weapon(damaged=w.damaged) for w in ship.weapons),
        allocation=None, armed=False, shields_set=False, movement_points=0, sensed=False,
        scanned=False, ordered=False,
        sensors_out=max(0, ship.sensors_out - 1),
        # Expert: the skill bonus is "FOR THAT TURN ONLY" (l.506); the warp speed, the lock
        # tried and the arc scans are each turn's.
        skill_rolled=0, bonus="", aimed=(), warp_set=False, lock_tried=False, arc_phase=0,
        asked_phase=0,
    )
