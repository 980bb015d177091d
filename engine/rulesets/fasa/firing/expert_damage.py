"""The Detailed Damage Location Charts (Book Two, Expert: Firing Weapons; Detailed Damage
Location Charts, seed lines 799-853).

"Chart A is used if the vessel's warp engines are forward, Chart B is used if they are in the
center, and Chart C is used if they are aft. The Ship Data Tables give the correct chart" (the
class's `damage_chart`). "The shield penetrated determines the table to use"; "Roll once for each
hit that penetrated the shields, no matter how many points of damage got through the shield"
(`levels.location_chunks`; an explosion's blast rolls per 5 points, line 873). The charts are data
(`damage_detailed.csv`, from the 1986 combat tables, shared/reference/charts_1986.txt).

Every result (lines 813-849):
- SG, shield generator damaged: 1 superstructure point; the shield struck is gone for the game.
- BW, MW, weapon damaged: 1 superstructure point; a weapon of that kind that bears on the shooter,
  the target's captain choosing; the other kind if none of it bears; else no more effect.
- PWE, SWE, WE: the port, starboard or nearest warp engine takes the points ("if the specific
  engine is not clear, roll randomly"); IMP: the impulse engine takes them.
- SS: the superstructure takes the points.
- SEN, sensors out: 1 superstructure point; the lock is lost, no fire; the damaged ship's captain
  rolls in secret: 1-5 out for 1 game turn, 6-10 for 2.
- BR, ENG, bridge hit and engineering out: "In this game, this result only gives superstructure
  damage and 1% casualties per damage point taken".
- C and 2C: casualties, the crew casualty table's percent per point for the ship's superstructure
  strength, once or twice; "(x1/2)": the entry's systems take half the points, rounded up.
Our readings of what the charts leave open are in docs/rules-decisions.md (Expert).
"""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.data.tables import DetailedResult
from engine.rulesets.fasa.firing.combat import (
    _located,
    damage_superstructure,
    locate_system,
    struck_engines,
)
from engine.rulesets.fasa.values.events import Damaged
from engine.rulesets.fasa.values.state import FasaState, Hit, Ship, replace

SYSTEM_LOCATION = {"SG": "shield", "BW": "beam", "MW": "missile", "SEN": "sensors",
                   "PWE": "engine", "SWE": "engine", "WE": "engine", "IMP": "engine"}
"""The detailed charts' systems that the basic location code damages (`combat.locate_system`)."""
HULL = ("SS", "BR", "ENG")
"""Results that take their points on the superstructure."""
SYSTEM_WORDS = {"SG": "shield generator", "BW": "beam weapon", "MW": "missile weapon",
                "PWE": "port warp engine", "SWE": "starboard warp engine", "WE": "warp engine",
                "IMP": "impulse engine", "SS": "superstructure", "SEN": "sensors",
                "BR": "bridge", "ENG": "engineering"}


def entry_text(result: DetailedResult) -> str:
    """The chart's entry in words: "port warp engine, superstructure, casualties (half)"."""
    words = [SYSTEM_WORDS[s] for s in result.systems]
    if result.casualties:
        words.append("casualties" if result.casualties == 1 else "double casualties")
    return ", ".join(words) + (" (half damage)" if result.half else "")


def share_of(result: DetailedResult, points: int) -> int:
    """The points each system of the entry takes: all, or half rounded up when "(x1/2)"."""
    return -(-points // 2) if result.half else points


def casualty_tenths(state: FasaState, ship: Ship, result: DetailedResult, points: int) -> int:
    """Casualties of one entry, in tenths of a percent: 1% a point for bridge and engineering
    hits (lines 841-845); else the crew casualty table's percent per point, once for "C", twice
    for "2C" (lines 847-849)."""
    if any(s in ("BR", "ENG") for s in result.systems):
        return points * 10
    if not result.casualties:
        return 0
    return result.casualties * state.tables.casualty_rate(ship.cls.superstructure) * points * 10


def engines_for(ship: Ship, code: str, shield: int) -> list[int]:
    """The engines a PWE, SWE, WE or IMP result may strike, with power left: the port or starboard
    warp engine, the impulse engine, or for WE (and a side the ship has no engine on) the warp
    engine nearest the shield struck, several when it is not clear (a roll picks one)."""
    specs = ship.cls.engines
    powered = [i for i in range(len(specs)) if ship.engines[i] > 0]
    if code == "IMP":
        found = [i for i in powered if specs[i].kind == "impulse"]
    elif code in ("PWE", "SWE"):
        side = "port" if code == "PWE" else "starboard"
        found = [i for i in powered if specs[i].kind == "warp" and specs[i].side == side]
    else:
        found = []
    return found or struck_engines(ship, shield)


def locate(state: FasaState, firer: Ship, target: Ship, hit: Hit,
           value: int) -> tuple[FasaState, list[Event]]:
    """One detailed damage location roll for `hit.penetrating` points through `hit.shield`."""
    chart = target.cls.damage_chart
    result = state.tables.damage_detailed[(chart, hit.shield, value)]
    share = share_of(result, hit.penetrating)
    events: list[Event] = [Damaged(
        target.id, target.name, "location", 0,
        f"Chart {chart}, shield {hit.shield}, roll {value}: {entry_text(result)}")]
    # C&C: damage control takes its points off the damage, never off the casualties, and a hit
    # brought to 0 does no damage (seed lines 1193-1195; damage_control.py).
    casualties_of = share
    if hit.cut:
        share = share_of(result, hit.penetrating - hit.cut)
        events.append(Damaged(target.id, target.name, "damage control", hit.cut,
                              f"damage control: {hit.cut} point(s) off, "
                              f"{hit.penetrating - hit.cut} taken"))
    for code in ("BR", "ENG"):
        if code in result.systems and share:  # C&C: bridge hit, engineering out (bridge_hits.py)
            state = hooks.of(state).bridge_struck(state, state.ship(target.id), code, share)
    hull = [s for s in result.systems if s in HULL]
    if hull and share:
        why = f"{SYSTEM_WORDS[hull[0]]} hit"
        state, more = damage_superstructure(state, state.ship(target.id), share, why)
        events += more
    tenths = casualty_tenths(state, target, result, casualties_of)
    if tenths:
        now = state.ship(target.id)
        total = min(1000, now.casualties + tenths)
        state = state.with_ship(replace(now, casualties=total))
        events.append(Damaged(target.id, target.name, "crew", tenths // 10,
                              f"casualties +{tenths / 10:g}%, now {total / 10:g}% of the crew"))
    systems = [s for s in result.systems if s in SYSTEM_LOCATION]
    if not systems or not share:
        return _located(state, events)
    code = systems[0]
    now = state.ship(target.id)
    hit = replace(hit, penetrating=share, kind=code)
    engines = engines_for(now, code, hit.shield) if code in ("PWE", "SWE", "WE", "IMP") else None
    return locate_system(state, firer, now, hit, SYSTEM_LOCATION[code], events, engines)
