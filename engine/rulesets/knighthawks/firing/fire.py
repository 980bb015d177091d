"""Who may fire what at whom, and the rolls the game waits for.

Seed 002: forward firing, moving player only and limited supply (lines 11-23); defensive fire
at the hexes a moving ship traveled through (line 210); ICMs defend any ship in the hex
(line 27).
"""

from __future__ import annotations

from engine.dice import Die, RollRequest
from engine.events import Event
from engine.rulesets.knighthawks.firing import combat
from engine.rulesets.knighthawks.values.crew import Duty, station_for
from engine.rulesets.knighthawks.values.events import Note
from engine.rulesets.knighthawks.values.state import (
    DEFENSIVE,
    OFFENSIVE,
    Attack,
    KHState,
    Mount,
    Ship,
    replace,
)
from engine.stations import title


def firing_side(state: KHState) -> str | None:
    if state.step == DEFENSIVE:
        return state.other_side
    if state.step == OFFENSIVE:
        return state.moving_side
    return None


def reach(state: KHState, ship: Ship, mount: Mount, target: Ship) -> int | None:
    """The range at which `mount` can reach `target` now, or None if it cannot: in defensive
    fire the nearest hex of the target's path (line 210), else its hex; a forward-firing weapon
    only along the line ahead of the bow (docs/rules-decisions.md, Knight Hawks)."""
    w = state.tables.weapons[mount.code]
    hexes = target.path if state.step == DEFENSIVE and target.path else (target.pos,)
    if w.ff:
        ahead = combat.forward_line(ship.pos, ship.facing, w.range)
        dists = [ahead.index(h) + 1 for h in hexes if h in ahead]
    else:
        dists = [ship.pos.distance(h) for h in hexes]
    dists = [d for d in dists if d <= w.range]
    return min(dists) if dists else None


def mount_problem(state: KHState, ship: Ship, mount: Mount) -> str | None:
    w = state.tables.weapons[mount.code]
    if not mount.intact:
        return f"the {w.name} is destroyed"
    if mount.code in ("M", "S"):
        return f"{w.name} are dropped while moving, not fired"
    if mount.fired:
        return f"the {w.name} has fired in this combat phase"
    if w.ltd and not mount.ammo:
        return f"the {w.name} has nothing left to fire"
    if w.mpo and state.step != OFFENSIVE:
        return f"the {w.name} fires only in its own side's fire (moving player only)"
    return None


def fire_problem(state: KHState, ship: Ship, mount_id: str, target_id: str, who: str
                 ) -> str | None:
    if firing_side(state) != ship.side or not ship.active or ship.done:
        return f"{who}: {ship.name} cannot fire now"
    if mount_id == "":
        return None
    mount = ship.mount(mount_id)
    if mount is None:
        return f"{who}: {ship.name} has no weapon {mount_id[:30]!r}"
    why = mount_problem(state, ship, mount)
    if why:
        return f"{who}: {why}"
    target = state.find(target_id)
    if target is None or not target.active or target.side == ship.side:
        return f"{who}: {target_id[:40]!r} is not an enemy ship in the battle"
    dist = reach(state, ship, mount, target)
    if dist is None:
        w = state.tables.weapons[mount.code]
        ff = " straight ahead of the bow" if w.ff else ""
        return f"{who}: {target.name} is out of the {w.name}'s reach ({w.range} hexes{ff})"
    chance = combat.chance_to_hit(state, state.tables.weapons[mount.code], target, ship.side,
                                  ship, dist)[0]
    if chance <= 0:
        return f"{who}: the {state.tables.weapons[mount.code].name} has no chance to hit " \
               f"{target.name}"
    return None


def start_attack(state: KHState, ship: Ship, mount_id: str, target_id: str
                 ) -> tuple[KHState, list[Event]]:
    if mount_id == "":
        return state.with_ship(replace(ship, done=True)), [
            Note(f"{ship.name} ends its fire", ship=ship.id)]
    mount = ship.mount(mount_id)
    target = state.find(target_id)
    assert mount is not None and target is not None
    w = state.tables.weapons[mount.code]
    dist = reach(state, ship, mount, target)
    ship = replace(ship, weapons=tuple(
        replace(m, fired=True, ammo=None if m.ammo is None else m.ammo - 1) if m is mount else m
        for m in ship.weapons))
    state = state.with_ship(ship)
    askers = tuple(s.id for s in state.ships if s.active and s.pos == target.pos
                   and s.side == target.side and s.icms() > 0) if w.missile else ()
    attack = Attack(ship.id, f"{ship.name}'s {w.name}", w.code, ship.side,
                    station_for(ship.crew, Duty.GUNNERY), target.id, 0, False,
                    "icm" if askers else "hit", w.dtm, w.hdr, askers, range=dist or 0)
    _, half, words = combat.chance_to_hit(state, w, target, ship.side, ship, dist or 0)
    attack = replace(attack, half=half)
    return replace(state, attack=attack), [
        Note(f"{ship.name} fires its {w.name} at {target.name}: {words}", ship=ship.id)]


def attack_chance(state: KHState, a: Attack) -> int:
    target = state.ship(a.target)
    shooter = state.find(a.source)
    return combat.chance_to_hit(state, state.tables.weapons[a.weapon], target, a.side, shooter,
                                a.range, a.icms)[0]


def repairs(ship: Ship) -> tuple[str, ...]:
    """What damage control may try to repair on `ship` (ours: no hull points in battle)."""
    out = [m.id for m in ship.weapons if not m.intact]
    out += [d.code for d in ship.defences if not d.intact]
    out += [name for name, bad in (
        ("ADF", ship.adf < ship.adf_max), ("MR", ship.mr < ship.mr_max), ("fire", ship.fire),
        ("navigation", ship.navigation), ("combat control", ship.combat_control),
        ("damage control", ship.dc_hit), ("power", ship.power_short)) if bad]
    return tuple(out)


def current_roll(state: KHState) -> RollRequest | None:
    """The roll the game waits for, if any: the attack's, else the first check's. All are seen
    by the whole table."""
    a = state.attack
    if a is not None and a.stage != "icm":
        target = state.ship(a.target)
        ship_id = target.id if a.weapon in ("M", "S", "") else a.source
        who = title(a.roller)
        if a.stage == "hit":
            need = attack_chance(state, a)
            return RollRequest(Die.D100, ship_id, a.roller, f"{who}: to hit, {a.label} at "
                               f"{target.name}, needs {need} or less on d100",
                               (1, need) if need else None, True)
        if a.stage == "damage":
            return RollRequest(Die.D100, ship_id, a.roller, f"{who}: damage roll for "
                               f"{a.label} on {target.name} (d100 {a.dtm:+d})", None, True)
        n, _ = combat.hull_dice(a.hdr)
        return RollRequest(Die.D10, ship_id, a.roller, f"{who}: hull damage die "
                           f"{len(a.dice) + 1} of {n} ({a.hdr}{', doubled' if a.double else ''}"
                           f") for {a.label} on {target.name}", None, True,
                           dice=(len(a.dice) + 1, n))
    if state.checks:
        c = state.checks[0]
        ship = state.ship(c.ship)
        if c.kind in ("aim", "blast"):
            st = station_for(ship.crew, Duty.COMMAND)
            n = len(c.choices)
            return RollRequest(Die.D10, ship.id, st, f"{title(st)}: {c.what}: d10, " + ", ".join(
                f"{state.ship(sid).name} on {i * 10 // n + 1}-{(i + 1) * 10 // n}"
                for i, sid in enumerate(c.choices)), None, True)
        if c.kind == "navigation":
            st = station_for(ship.crew, Duty.PILOT)
            return RollRequest(Die.D10, ship.id, st, f"{title(st)}: {ship.name} is out of "
                               f"control: 1-5 turns to port, 6-10 to starboard", None, True)
        st = station_for(ship.crew, Duty.PILOT if c.kind == "breakup" else Duty.DAMAGE_CONTROL)
        return RollRequest(Die.D100, ship.id, st, f"{title(st)}: {c.what}, {c.chance} or "
                           f"less on d100", (1, c.chance) if c.chance else None, True)
    return None
