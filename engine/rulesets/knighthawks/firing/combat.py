"""Fire: the chance to hit on the Combat Table, and what a hit does on the Damage Table.

Seed 002: the Combat Table (lines 68-102), the Damage Table and its modifiers (lines 104-156),
the explanation of results (lines 158-206).
"""

from __future__ import annotations

import math

from engine.events import Event
from engine.hexgrid import Hex
from engine.rulesets.knighthawks.data.datafiles import Cell, Weapon, dice
from engine.rulesets.knighthawks.values.events import StatusChanged, Struck
from engine.rulesets.knighthawks.values.state import DESTROYED, Attack, KHState, Ship, replace

RANGE_DIFFUSION = 5
"""Percent off the chance to hit per hex of range for an RD weapon (the Basic Game's Range
Diffusion; docs/rules-decisions.md, Knight Hawks)."""
SKILL_STEP = 10
"""Percent added per level of gunnery skill to the skilled (shaded) chance (line 72: "see Skills
in the Campaign Book"; docs/rules-decisions.md, Knight Hawks)."""
COMBAT_CONTROL = -10
"""Combat Control System hit, and a disastrous fire: -10% on all attacks (lines 149, 155, 190)."""
HEAD_ON = 10
"""A forward-firing weapon's shot along the row of hexes straight ahead of the bow: +10% (UPF
Tactical Operations Manual, Basic Game: Head-On Shots; our forward-firing weapons fire only
along that row, so every such shot has it; docs/rules-decisions.md, Knight Hawks)."""
ALWAYS_HITS, ALWAYS_MISSES = 5, 96
"""Within range, a d100 roll of 5 or less always hits and one of 96 or more always misses,
whatever the modifiers (UPF Tactical Operations Manual, Basic Game: Automatic Hits and Misses)."""
FIRE_DTM = 20
"""An electrical fire rolls damage at +20 each turn, 1d10 on the hull (lines 151, 194)."""
SCREENS = ("PS", "ES", "SS")


def defences_in_use(state: KHState, ship: Ship) -> tuple[str, ...]:
    """The Combat Table columns that protect `ship` now: its reflective hull, its screen (not
    while short-circuited, line 186), a masking screen in its hex; "none" without any."""
    used: list[str] = []
    if ship.has("RH"):
        used.append("RH")
    if ship.screen and not ship.power_short and ship.has(ship.screen):
        used.append(ship.screen)
    if any(m.pos == ship.pos for m in state.masks):
        used.append("MS")
    return tuple(used) or ("none",)


def table_cell(state: KHState, weapon: str, defences: tuple[str, ...]) -> tuple[str, Cell]:
    """The entry a weapon's chance is read from: the most effective defence in use, except that
    a screen that attracts the weapon (a better chance than no defence) is the one used
    (line 64)."""
    combat = state.tables.combat
    none = combat[(weapon, "none")].plain
    attracting = [d for d in defences if d in SCREENS and combat[(weapon, d)].plain > none]
    if attracting:
        return attracting[0], combat[(weapon, attracting[0])]
    best = min(defences, key=lambda d: combat[(weapon, d)].plain)
    return best, combat[(weapon, best)]


def chance_to_hit(state: KHState, weapon: Weapon, target: Ship, side: str, shooter: Ship | None,
                  distance: int, icms: int = 0) -> tuple[int, bool, str]:
    """The chance in percent, whether a hull hit does half damage, and the words of how."""
    defence, cell = table_cell(state, weapon.code, defences_in_use(state, target))
    skill = state.skill(side) if shooter is not None else 0
    base = cell.skilled + SKILL_STEP * skill if skill else cell.plain
    words = [f"{weapon.name} vs {'no defence' if defence == 'none' else defence} {base}%"]
    total = base
    if weapon.rd and distance:
        total -= RANGE_DIFFUSION * distance
        words.append(f"range {distance} -{RANGE_DIFFUSION * distance}%")
    if shooter is not None and weapon.ff:
        total += HEAD_ON
        words.append(f"head-on +{HEAD_ON}%")
    if shooter is not None and shooter.combat_control:
        total += COMBAT_CONTROL
        words.append("combat control hit -10%")
    if shooter is not None and shooter.disastrous:
        total += COMBAT_CONTROL
        words.append("disastrous fire -10%")
    if icms and weapon.icm is not None:
        total += icms * weapon.icm
        words.append(f"{icms} ICM {icms * weapon.icm}%")
    total = max(ALWAYS_HITS, min(ALWAYS_MISSES - 1, total))
    return total, cell.half, ", ".join(words) + f" = {total}%"


def hull_dice(hdr: str) -> tuple[int, int]:
    return dice("hdr", hdr)


def hull_damage(attack: Attack) -> int:
    """The hull points a hull hit takes: the dice plus the weapon's bonus, doubled on "double
    damage" (line 160), halved rounded up where the Combat Table is starred (line 102)."""
    _, plus = hull_dice(attack.hdr)
    total = sum(attack.dice) + plus
    if attack.double:
        total *= 2
    if attack.half:
        total = math.ceil(total / 2)
    return total


def take_hull(state: KHState, ship: Ship, points: int, why: str) -> tuple[KHState, list[Event]]:
    hull = ship.hull - points
    if hull <= 0:
        state = state.with_ship(replace(ship, hull=0, status=DESTROYED))
        return drop_masks(state, ship.id), [
            StatusChanged(ship.id, f"{ship.name}: {why}: {points} hull points, destroyed")]
    return state.with_ship(replace(ship, hull=hull)), [
        Struck(ship.id, f"{ship.name}: {why}: {points} hull points ({hull} of {ship.hull_max} "
                        f"left{', severely damaged' if replace(ship, hull=hull).severely_damaged else ''})")]


def drop_masks(state: KHState, ship_id: str) -> KHState:
    return replace(state, masks=tuple(m for m in state.masks if m.ship != ship_id))


def damage_result(state: KHState, ship: Ship, roll: int, dtm: int
                  ) -> tuple[KHState, list[Event], str | None]:
    """Apply the Damage Table row of `roll` + `dtm` to `ship`. Returns "double" or "hull" when
    the hull dice are to be rolled (a hull hit, or a result the ship cannot take: lines 182,
    202-206), else None."""
    row = state.tables.damage_row(roll + dtm)
    modified = f"{roll}{dtm:+d} = {roll + dtm}" if dtm else f"{roll}"
    name = ship.name
    r = row.result
    if r == "hull_double":
        return state, [Struck(ship.id, f"{name}: damage roll {modified}: hull hit, double "
                                       f"damage")], "double"
    if r == "hull":
        return state, [Struck(ship.id, f"{name}: damage roll {modified}: hull hit")], "hull"
    new: Ship | None = None
    what = ""
    if r in ("adf_one", "adf_half", "adf_all") and ship.adf > 0:
        # Line 174: a "1/2 ADF" hit loses half the ORIGINAL ADF, rounded up (line 134).
        loss = {"adf_one": 1, "adf_half": math.ceil(ship.adf_max / 2), "adf_all": ship.adf}[r]
        new = replace(ship, adf=max(0, ship.adf - loss))
        what = f"drive hit, ADF {ship.adf} -> {new.adf}"
    elif r in ("mr_one", "mr_all") and ship.mr > 0:
        new = replace(ship, mr=ship.mr - 1 if r == "mr_one" else 0)
        what = f"steering hit, MR {ship.mr} -> {new.mr}"
    elif r in ("weapon", "defence"):
        pool = ship.weapons if r == "weapon" else ship.defences
        for code in row.systems:  # the first listed that it has (line 182)
            hit = next((m for m in pool if m.code == code and m.intact), None)
            if hit is None:
                continue
            if r == "weapon":
                new = replace(ship, weapons=tuple(replace(m, intact=False) if m is hit else m
                                                  for m in ship.weapons))
                what = f"weapon hit, {state.tables.weapons[code].name} destroyed"
            else:
                new = replace(ship, defences=tuple(replace(d, intact=False) if d is hit else d
                                                   for d in ship.defences),
                              screen=None if ship.screen == code else ship.screen)
                what = f"defence hit, {DEFENCE_NAMES[code]} destroyed"
            break
    elif r == "power_short" and not ship.power_short:
        new = replace(ship, power_short=True)
        what = "power short circuit: screens and ICMs lost"
    elif r == "combat_control" and not ship.combat_control:
        new = replace(ship, combat_control=True)
        what = "combat control system hit: -10% on all attacks"
    elif r == "navigation" and not ship.navigation:
        new = replace(ship, navigation=True)
        what = "navigation hit: maneuvering control lost"
    elif r == "fire" and not ship.fire:
        new = replace(ship, fire=True)
        what = "electrical fire"
    elif r == "damage_control" and not ship.dc_hit:
        new = replace(ship, dc_hit=True, dcr=math.ceil(ship.dcr / 2))
        what = f"damage control hit: DCR {ship.dcr} -> {new.dcr}"
    elif r == "disastrous_fire" and not ship.fire:
        new = replace(ship, fire=True, disastrous=True, adf=0, mr=0, dc_hit=True,
                      dcr=math.ceil(ship.dcr / 2))  # the halved DCR is mended as damage control
        what = "disastrous fire: DCR halved, ADF and MR lost, -10% on all attacks"
    if new is None:  # nothing of that left to hit: a hull hit (lines 182, 202-206)
        return state, [Struck(ship.id, f"{name}: damage roll {modified}: {LABELS[r]}, which it "
                                       f"cannot take: hull hit")], "hull"
    return state.with_ship(new), [Struck(ship.id, f"{name}: damage roll {modified}: {what}")], None


LABELS = {"adf_one": "drive hit", "adf_half": "drive hit", "adf_all": "drive hit",
          "mr_one": "steering hit", "mr_all": "steering hit", "weapon": "weapon hit",
          "defence": "defence hit", "power_short": "power short circuit",
          "combat_control": "combat control hit", "navigation": "navigation hit",
          "fire": "electrical fire", "damage_control": "damage control hit",
          "disastrous_fire": "disastrous fire", "hull": "hull hit",
          "hull_double": "hull hit"}
DEFENCE_NAMES = {"RH": "reflective hull", "PS": "proton screen", "ES": "electron screen",
                 "SS": "stasis screen", "MS": "masking screen", "ICM": "ICMs", "none": "none"}


def forward_line(pos: Hex, facing: int, length: int) -> tuple[Hex, ...]:
    """The hexes straight ahead of the bow, where a forward-firing weapon can reach."""
    out: list[Hex] = []
    here = pos
    for _ in range(length):
        here = here.neighbor(facing)
        out.append(here)
    return tuple(out)
