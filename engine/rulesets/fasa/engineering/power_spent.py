"""Power spent as it goes, and powering down after engine damage (Book Two, Command & Control:
Recording Power Expended, seed lines 1079-1083; Powering Down Due To Engine Damage, lines
1085-1089, 1155-1159, 1295-1297), for the crewed ships of the command level.

"During the game turn, as power is expended in movement, weapons firing, or shielding, the
appropriate Power Counter is moved to the left on one of the Combat Systems Tracks to keep a
running total of the power units available in that system at any instant" (line 1081): movement
spends the movement points' power as the ship moves (3 movement points at 4/1 are 12, line 1083),
weapons their power as they fire (two beams at 5 are 10), shields the power behind the points they
absorb. `spent` and `left` give the running totals; the movement points used are counted as the
ship moves (`moved`), the rest is read off the weapons and shields.

"if the ship takes damage to any of its engines, the damage removes power available from the grid.
At the end of the Firing Phase in which the damage was taken, the Chief Engineer chooses the system
or systems (movement, weapons, or shields) that must power down to reflect the power loss" (line
1085). "This is NOT a power reallocation, but merely a power reduction" (line 1087): the Chief
Engineer's `power_down` takes the loss off what is left in the three systems; Helm's `cut_weapons`
says which weapons lose the weapons' part (line 1089, 1159), Science's `cut_shields` which shields
(line 1297: "The choice of shield is up to him, but the total power lost in the shields is up to
the Chief Engineer"). A shaken Chief Engineer's cut is made "randomly" (line 1395): a die; a shaken
Helmsman's or Science Officer's share is taken in a fixed order (docs/rules-decisions.md).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa.firing.combat import request
from engine.rulesets.fasa.values import officers
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.crew_events import PoweredDown
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.rulesets.fasa.values.state import FasaState, Ship, replace
from engine.words import plural

PARTS = ("movement", "weapons", "shields")
RANDOM_FIRST = {1: "movement", 2: "movement", 3: "movement", 4: "weapons", 5: "weapons",
                6: "weapons", 7: "shields", 8: "shields", 9: "shields", 10: "shields"}
"""A shaken Chief Engineer's cut "made randomly" (line 1395): the die says which system loses
power first (1-3 movement, 4-6 weapons, 7-0 shields); the rest comes off the next in the order
movement, weapons, shields (our numbers, docs/rules-decisions.md)."""


def tracked(state: FasaState, ship: Ship) -> bool:
    """Whether the ship keeps the running record: a crewed ship at the command level."""
    return officers.command_level(state.level) and officers.crewed(ship)


def start_turn(state: FasaState) -> FasaState:
    """The Movement Phases begin: the running totals start from the power on the grid (the
    panels are reset at the end of the turn, line 1093)."""
    ships = tuple(replace(s, shaken=replace(s.shaken, base=s.total_power, used=0, cut_mp=0,
                                            lost=0))
                  if tracked(state, s) else s for s in state.ships)
    return replace(state, ships=ships)


def _mp_power(ship: Ship, points: int) -> int:
    """The power `points` movement points cost at the ship's Movement Point Ratio."""
    power, mp = ship.cls.mpr
    return points * power // mp


def _shield_power(ship: Ship, points: int) -> int:
    """The power behind `points` shield points at the Shield Point Ratio (rounded up)."""
    power, sp = ship.cls.spr
    return -(-points * power // sp)


def mp_left(ship: Ship) -> int:
    return max(0, ship.movement_points - ship.shaken.used - ship.shaken.cut_mp)


def left(ship: Ship) -> dict[str, int]:
    """Power left in each Combat Systems Track now (line 1081): the movement points not yet used
    or powered down, the armed weapons not yet fired, the shields' points still standing."""
    alloc = ship.allocation
    shields = 0 if alloc is None else min(alloc.shields, _shield_power(ship, sum(ship.shields)))
    return {"movement": _mp_power(ship, mp_left(ship)),
            "weapons": sum(w.power for w in ship.weapons if w.power and not w.fired
                           and not w.damaged),
            "shields": shields}


def spent(ship: Ship) -> dict[str, int]:
    """Power expended this turn (line 1083): the movement points used, the weapons fired, the
    shields' absorbed points (what was allocated and is neither left nor powered down)."""
    alloc = ship.allocation
    return {"movement": _mp_power(ship, ship.shaken.used),
            "weapons": sum(w.power for w in ship.weapons if w.power and w.fired),
            "shields": 0 if alloc is None else max(0, alloc.shields - left(ship)["shields"])}


def loss_due(ship: Ship) -> int:
    """Power the engines lost since the movement began that has not yet been powered down: the
    allocation's share of it (power never allocated takes a loss first; our reading)."""
    alloc = ship.allocation
    if alloc is None or not ship.shaken.base:
        return 0
    covered = min(alloc.total, ship.shaken.base)
    return max(0, covered - ship.total_power - ship.shaken.lost)


def start_cut(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    """At the end of a Firing Phase: the power lost to engine damage comes off the systems."""
    due = loss_due(ship)
    if not due:
        return state, []
    cut = min(due, sum(left(ship).values()))
    sh = replace(ship.shaken, lost=ship.shaken.lost + due, cut=cut)
    ship = replace(ship, shaken=sh)
    if cut:
        return state.with_ship(ship), []
    return state.with_ship(ship), [PoweredDown(ship.id, ship.name, "", 0,
                                               f"{plural(due, 'power point')} lost, none left "
                                               "in the systems to power down")]


def power_down_problem(ship: Ship, action: PowerDown) -> str:
    """Why the Chief Engineer's split cannot be taken, or ""."""
    sh = ship.shaken
    if not sh.cut:
        return f"{ship.name} has no power to take off"
    have = left(ship)
    parts = {"movement": action.movement, "weapons": action.weapons, "shields": action.shields}
    for name, value in parts.items():
        if value < 0:
            return f"power off {name} cannot be negative ({value})"
        if value > have[name]:
            return f"only {have[name]} power is left in {name}, not {value}"
    if sum(parts.values()) != sh.cut:
        return (f"take off exactly the {plural(sh.cut, 'power point')} the engines lost "
                f"(not {sum(parts.values())}): a reduction, never a reallocation")
    return ""


def power_down(state: FasaState, ship: Ship, action: PowerDown,
               station: str) -> tuple[FasaState, list[Event]]:
    why = power_down_problem(ship, action)
    if why:
        raise IllegalAction(f"{station}: {why}")
    return split(state, ship, action.movement, action.weapons, action.shields)


def split(state: FasaState, ship: Ship, movement: int, weapons: int,
          shields: int) -> tuple[FasaState, list[Event]]:
    """Take `movement` off the movement points (whole points: a fraction of one cannot be kept,
    so the part's points are lost rounded up), and leave Helm and Science their parts."""
    sh = ship.shaken
    power, mp = ship.cls.mpr
    points = min(mp_left(ship), -(-movement * mp // power)) if movement else 0
    sh = replace(sh, cut=0, cut_mp=sh.cut_mp + points, cut_weapons=weapons, cut_shields=shields)
    events: list[Event] = []
    for name, value in (("movement", movement), ("weapons", weapons), ("shields", shields)):
        if value:
            extra = f" ({plural(points, 'movement point')} lost)" if name == "movement" else ""
            events.append(PoweredDown(ship.id, ship.name, name, value,
                                      f"{value} power off {name}{extra}"))
    return state.with_ship(replace(ship, shaken=sh)), events


def random_split(ship: Ship, value: int) -> tuple[int, int, int]:
    """A shaken Chief Engineer's cut by the die (`RANDOM_FIRST`)."""
    have = left(ship)
    first = PARTS.index(RANDOM_FIRST[value])
    order = PARTS[first:] + PARTS[:first]
    need = ship.shaken.cut
    out = dict.fromkeys(PARTS, 0)
    for name in order:
        out[name] = min(need, have[name])
        need -= out[name]
    return out["movement"], out["weapons"], out["shields"]


def ask_random(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    """The die of a shaken Chief Engineer's random cut, rolled by the Captain (our reading)."""
    state = state.with_ship(replace(ship, shaken=replace(ship.shaken, asking="cut")))
    state, ev = request(state, ship.id, Duty.COMMAND,
                        f"the Chief Engineer of {ship.name} is shaken: his power cut of "
                        f"{ship.shaken.cut} is made at random (1-3 movement first, 4-6 weapons, "
                        "7-0 shields)")
    return state, [ev]


def on_random(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    ship = replace(ship, shaken=replace(ship.shaken, asking=""))
    return split(state.with_ship(ship), ship, *random_split(ship, value))


# -- Helm's weapons -----------------------------------------------------------------------------

def cut_weapons_problem(ship: Ship, action: CutWeapons) -> str:
    """Why Helm's weapon cuts cannot be taken, or "": each armed weapon not yet fired loses at most
    its power, a launcher its whole charge or nothing (it is armed "with a set charge"); together
    the power the Chief Engineer took off weapons, more only by a launcher's charge."""
    need = ship.shaken.cut_weapons
    if not need:
        return f"{ship.name} has no weapon power to take off"
    seen: set[str] = set()
    total = 0
    for entry in action.power:
        try:
            i = ship.weapon_index(entry.weapon)
        except KeyError:
            return f"{ship.name} has no weapon {entry.weapon!r}"
        if entry.weapon in seen:
            return f"{ship.cls.weapons[i].name} is listed twice"
        seen.add(entry.weapon)
        spec, w = ship.cls.weapons[i], ship.weapons[i]
        if entry.power == 0:
            continue
        if entry.power < 0:
            return f"{spec.name}: power off cannot be negative ({entry.power})"
        held = w.power if w.power and not w.fired and not w.damaged else 0
        if entry.power > held:
            return f"{spec.name} holds {held} power, not {entry.power}"
        if spec.kind != "beam" and entry.power != held:
            return f"{spec.name} is armed with a set charge: it loses all {held} or none"
        total += entry.power
    most = need + max(charges_held(ship), default=1) - 1
    if not need <= total <= most:
        return (f"take {plural(need, 'power point')} off the weapons (not {total}); more only "
                f"as a launcher's whole charge would take (at most {most})")
    return ""


def charges_held(ship: Ship) -> list[int]:
    """The set charges of the launchers armed and not yet fired: what each loses whole."""
    return [w.power for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True)
            if spec.kind != "beam" and w.power and not w.fired and not w.damaged]


def cut_weapons(state: FasaState, ship: Ship, action: CutWeapons,
                station: str) -> tuple[FasaState, list[Event]]:
    why = cut_weapons_problem(ship, action)
    if why:
        raise IllegalAction(f"{station}: {why}")
    return _take_weapons(state, ship, {e.weapon: e.power for e in action.power if e.power})


def _take_weapons(state: FasaState, ship: Ship,
                  cuts: dict[str, int]) -> tuple[FasaState, list[Event]]:
    weapons = list(ship.weapons)
    words = []
    for wid, power in cuts.items():
        i = ship.weapon_index(wid)
        weapons[i] = replace(weapons[i], power=weapons[i].power - power)
        name = ship.cls.weapons[i].name
        words.append(f"{name} -{power}" + (" (disarmed)" if not weapons[i].power else ""))
    ship = replace(ship, weapons=tuple(weapons), shaken=replace(ship.shaken, cut_weapons=0))
    return state.with_ship(ship), [PoweredDown(ship.id, ship.name, "weapons",
                                               sum(cuts.values()), ", ".join(words))]


def fixed_weapon_cuts(ship: Ship) -> dict[str, int]:
    """A shaken Helmsman's share, in a fixed order: the weapons last on the panel first, a beam
    losing what is needed, a launcher its charge (our reading)."""
    need = ship.shaken.cut_weapons
    out: dict[str, int] = {}
    for spec, w in reversed(list(zip(ship.cls.weapons, ship.weapons, strict=True))):
        if need <= 0:
            break
        if not w.power or w.fired or w.damaged:
            continue
        take = min(need, w.power) if spec.kind == "beam" else w.power
        out[spec.id] = take
        need -= take
    return out


def auto_weapons(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    return _take_weapons(state, ship, fixed_weapon_cuts(ship))


# -- Science's shields --------------------------------------------------------------------------

def shield_points_off(ship: Ship) -> int:
    """The shield points the shields' part of the cut takes: the points its power bought (rounded
    up), at most the points standing (line 1297: "just as if he had taken a hit there")."""
    power, sp = ship.cls.spr
    return min(sum(ship.shields), -(-ship.shaken.cut_shields * sp // power))


def cut_shields_problem(ship: Ship, action: CutShields) -> str:
    need = ship.shaken.cut_shields
    if not need:
        return f"{ship.name} has no shield power to take off"
    if len(action.points) != 6:
        return "give the points off all six shields"
    for n, p in enumerate(action.points, 1):
        if p < 0:
            return f"shield {n}: points off cannot be negative ({p})"
        if p > ship.shields[n - 1]:
            return f"shield {n} holds {plural(ship.shields[n - 1], 'point')}, not {p}"
    points = shield_points_off(ship)
    if sum(action.points) != points:
        return (f"take {plural(points, 'shield point')} off the shields "
                f"({ship.shaken.cut_shields} power), not {sum(action.points)}")
    return ""


def cut_shields(state: FasaState, ship: Ship, action: CutShields,
                station: str) -> tuple[FasaState, list[Event]]:
    why = cut_shields_problem(ship, action)
    if why:
        raise IllegalAction(f"{station}: {why}")
    return _take_shields(state, ship, tuple(action.points))


def _take_shields(state: FasaState, ship: Ship,
                  off: tuple[int, ...]) -> tuple[FasaState, list[Event]]:
    shields = tuple(p - o for p, o in zip(ship.shields, off, strict=True))
    words = ", ".join(f"shield {n} -{o}" for n, o in enumerate(off, 1) if o) or "no points"
    power = ship.shaken.cut_shields
    ship = replace(ship, shields=shields, shaken=replace(ship.shaken, cut_shields=0))
    return state.with_ship(ship), [PoweredDown(ship.id, ship.name, "shields", power, words)]


def fixed_shield_cuts(ship: Ship) -> tuple[int, ...]:
    """A shaken Science Officer's share: from the strongest shield down, a point at a time (our
    reading)."""
    off = [0] * 6
    for _ in range(shield_points_off(ship)):
        n = max(range(6), key=lambda k: (ship.shields[k] - off[k], -k))
        off[n] += 1
    return tuple(off)


def auto_shields(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    return _take_shields(state, ship, fixed_shield_cuts(ship))
