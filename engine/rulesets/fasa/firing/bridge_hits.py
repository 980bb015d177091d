"""Bridge hits and DEX rolls (Book Two, Command & Control: Bridge Hits And DEX Rolls, seed lines
1345-1391), for the crewed ships of the command level.

"When these locations are rolled, use the following rules to determine the exact effect, which
takes place at the end of the current Firing Phase" (line 1347): a BR result of the Detailed
Damage Location Charts (expert_damage.py) is kept on the ship (`Shaken.bridge`) and resolved at
the end of the Firing Phase (aftermath.py):

- "For each 5 damage points taken or part thereof, the Science Officer will roll one die two
  times" (line 1351): the first die says who is shaken (1-3 nobody, 4-6 the Science Officer, 7-9
  the Helmsman, 10 both; lines 1361-1367), the second which system (1 communications/damage
  control, 2 sensors, 3 shields, 4 helm, 5-6 weapons, 7-9 "Reroll two/three/four times / Divide
  by 2" rounded up, 10 none; lines 1369, 1379-1391).
- A shaken officer rolls percentile dice against his DEX (line 1353): over it, he "may not perform
  his job in the next Movement/Firing Phase, and at the end of the next Firing Phase, he may
  reroll"; "a separate DEX roll each time he is affected" (line 1359). Until he passes, his panel
  keeps last turn's settings at Power Allocation (line 1357; frozen_panels.py).
- A shaken system is out, "as though that system had no power" (line 1373), until its officer's
  repair roll at the end of the next Firing Phase passes; each retry "has a 5% penalty added"
  (line 1371); "a separate Skill Roll ... each time" it is affected (line 1377).

Who the Science Officer and the Helmsman are in a larger crew, and which skill repairs which
system, are our readings (docs/rules-decisions.md, Command & Control: bridge hits).
"""

from __future__ import annotations

from engine.dice import Die, RollRequest
from engine.events import Event
from engine.rulesets.fasa.firing.combat import request
from engine.rulesets.fasa.skills.casualties import casualty_modifier, casualty_terms
from engine.rulesets.fasa.values import officers
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.crew_events import OfficerShaken, SystemShaken
from engine.rulesets.fasa.values.events import RollRequested
from engine.rulesets.fasa.values.shaken import (
    SYSTEM_SKILL,
    SYSTEM_WORDS,
    SYSTEMS,
    OfficerOut,
    SystemOut,
)
from engine.rulesets.fasa.values.state import FasaState, Ship, replace
from engine.rulesets.fasa.values.variant_tables import of as variant_of
from engine.stations import title

POINTS_PER_PAIR = 5
"""Line 1351: "For each 5 damage points taken or part thereof"."""
RETRY_PENALTY = 5
"""Line 1371: each reroll of a repair "has a 5% penalty added to his percentile dice roll"."""
WHO = {1: (), 2: (), 3: (), 4: ("science",), 5: ("science",), 6: ("science",),
       7: ("helm",), 8: ("helm",), 9: ("helm",), 10: ("helm", "science")}
"""BRIDGE PERSONNEL SHAKEN (lines 1361-1367): the die -> the officers shaken."""
ROLE_DUTIES = {"science": (Duty.SENSORS,), "helm": (Duty.MOVEMENT, Duty.WEAPONS),
               "engineer": (Duty.POWER,)}
"""Whose DEX a shaken role rolls: the station of each duty (our reading for the larger crews of
lines 1510-1518: the Science Officer is the station that works the sensors; the Helmsman's job is
moving and firing, so the Captain who moves and the Weapons Officer who fires each roll)."""
REROLLS = {7: 2, 8: 3, 9: 4}
"""SYSTEM SHAKEN 7-9 (lines 1388-1390): how many more dice, each halved and rounded up."""


def chunks(points: int) -> int:
    """Pairs of dice a bridge hit of `points` takes: one per 5 points or part (line 1351)."""
    return max(1, -(-points // POINTS_PER_PAIR))


def system_of(value: int) -> str:
    """SYSTEM SHAKEN (lines 1381-1387) for a die of 1-6, or a halved reroll (1-5): 5 and 6 are
    both weapons."""
    return SYSTEMS[min(value, 5) - 1]


def stations_of_role(state: FasaState, ship: Ship, role: str) -> tuple[str, ...]:
    """The stations whose officers a shaken `role` puts to a DEX roll (`ROLE_DUTIES`)."""
    out: list[str] = []
    for duty in ROLE_DUTIES[role]:
        station = state.station_for(ship.id, duty)
        if station not in out:
            out.append(station)
    return tuple(out)


def record(state: FasaState, ship: Ship, code: str, points: int) -> FasaState:
    """A BR or ENG result of the detailed charts on a crewed ship at the command level, kept for
    the end of the Firing Phase (line 1347). Uncrewed ships keep Expert's reading (only the
    superstructure and casualties, lines 841-845)."""
    if not (officers.command_level(state.level) and officers.crewed(ship)):
        return state
    sh = ship.shaken
    if code == "BR":
        sh = replace(sh, bridge=(*sh.bridge, points))
    else:
        sh = replace(sh, engineering=sh.engineering + 1)
    return state.with_ship(replace(ship, shaken=sh))


def percentile(state: FasaState, ship: Ship, station: str, what: str, target: int,
               penalty: tuple[tuple[str, int], ...] = ()) -> tuple[FasaState, list[Event]]:
    """Ask `station` of `ship` for a percentile roll against `target` (C&C: Skill Rolls, line
    959: "equal to or less than"), with the casualties' +1 per full 10% (lines 847-853, 1281) and
    `penalty` (e.g. +5 a retry) added to the die."""
    terms = casualty_terms(state.level, ship) + penalty
    added = sum(v for _, v in terms)
    top = target - added
    why = "".join(f", {w}" for w, _ in terms)
    wanted = f"{top} or less passes" if top >= 1 else "cannot pass"
    req = RollRequest(Die.D100, ship.id, station,
                      f"{title(station)}: {what} {target}{why}: {wanted}",
                      (1, min(top, 100)) if top >= 1 else None, modifiers=terms)
    return replace(state, roll=req), [RollRequested(req)]


def passed(state: FasaState, ship: Ship, value: int, target: int, penalty: int = 0) -> bool:
    """A percentile roll as modified at or under `target`."""
    return value + casualty_modifier(state.level, ship) + penalty <= target


def retry_terms(tries: int) -> tuple[tuple[str, int], ...]:
    """The penalty of a retry: +5 for each roll failed before (line 1371, 1399)."""
    return ((f"+{RETRY_PENALTY * tries} for {tries} failed roll{'s' if tries > 1 else ''}",
             RETRY_PENALTY * tries),) if tries else ()


# -- the two dice of a bridge hit ---------------------------------------------------------------

def ask_pair(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    """The next die of the bridge hit under way: who is shaken, which system, or a reroll."""
    sh = ship.shaken
    if sh.who == 0:
        asking, what = "who", ("bridge hit: who is shaken (1-3 nobody, 4-6 Science, 7-9 Helm, "
                               "10 both)")
    elif sh.rerolls:
        asking, what = "reroll", (f"bridge hit: one more system ({sh.rerolls} to roll; the die "
                                  "halved, rounded up: 1 comms/DC, 2 sensors, 3 shields, 4 helm, "
                                  "5 weapons)")
    else:
        asking, what = "system", ("bridge hit: which system is shaken (1 comms/DC, 2 sensors, "
                                  "3 shields, 4 helm, 5-6 weapons, 7-9 two to four more, "
                                  "10 none)")
    state = state.with_ship(replace(ship, shaken=replace(sh, asking=asking)))
    state, ev = request(state, ship.id, Duty.SENSORS, f"{what} on {ship.name}")
    return state, [ev]


def on_pair_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    """Take a die of the pair under way."""
    sh = replace(ship.shaken, asking="")
    events: list[Event] = []
    if sh.who == 0:
        roles = WHO[value]
        stations: list[str] = []
        for role in roles:
            for station in stations_of_role(state, ship, role):
                stations.append(station)
                events.append(OfficerShaken(ship.id, ship.name, station, role, "shaken"))
        if not roles:
            events.append(OfficerShaken(ship.id, ship.name, "", "", "nobody"))
        sh = replace(sh, who=value, dex=(*sh.dex, *stations))
        return state.with_ship(replace(ship, shaken=sh)), events
    if sh.rerolls == 0 and value in REROLLS:
        return state.with_ship(replace(ship, shaken=replace(sh, rerolls=REROLLS[value]))), [
            SystemShaken(ship.id, ship.name, "", f"{REROLLS[value]} more systems to roll")]
    if sh.rerolls:
        system: str | None = system_of(-(-value // 2))
        sh = replace(sh, rerolls=sh.rerolls - 1)
    else:
        system = None if value == 10 else system_of(value)
    spared = variant_of(state).spared  # Battlestations!: a Caitan captain's immune system
    if system is not None and spared is not None and spared(state, ship, system):
        events.append(SystemShaken(ship.id, ship.name, "",
                                   f"{SYSTEM_WORDS[system]} spared: immune to Systems Shaken "
                                   "under its Caitan captain"))
    elif system is None:
        events.append(SystemShaken(ship.id, ship.name, "", "no system shaken"))
    else:
        sh = replace(sh, systems=(*sh.systems, SystemOut(system)))
        events.append(SystemShaken(ship.id, ship.name, system,
                                   f"{SYSTEM_WORDS[system]} out until repaired"))
    if sh.rerolls == 0:
        sh = replace(sh, chunks=sh.chunks - 1, who=0)
    return state.with_ship(replace(ship, shaken=sh)), events


# -- DEX rolls ----------------------------------------------------------------------------------

def ask_dex(state: FasaState, ship: Ship, station: str, tries: int) -> tuple[FasaState,
                                                                             list[Event]]:
    """A shaken officer's DEX roll (line 1353), or his reroll (line 1353: "at the end of the next
    Firing Phase, he may reroll")."""
    sh = replace(ship.shaken, asking=f"{'redex' if tries else 'dex'}:{station}")
    state = state.with_ship(replace(ship, shaken=sh))
    again = " again" if tries else ""
    return percentile(state, state.ship(ship.id), station,
                      f"shaken{again}, DEX roll of {ship.name}'s {title(station)} officer: DEX",
                      officers.dex(ship, station))


def on_dex(state: FasaState, ship: Ship, station: str, value: int,
           reroll: bool) -> tuple[FasaState, list[Event]]:
    ok = passed(state, ship, value, officers.dex(ship, station))
    sh = replace(ship.shaken, asking="")
    if reroll:
        kept = [o for o in sh.officers]
        i = next(n for n, o in enumerate(kept) if o.station == station and o.due)
        if ok:
            kept.pop(i)
        else:
            kept[i] = replace(kept[i], tries=kept[i].tries + 1, due=False)
        sh = replace(sh, officers=tuple(kept))
    else:
        sh = replace(sh, dex=sh.dex[1:])
        if not ok:
            sh = replace(sh, officers=(*sh.officers, OfficerOut(station)))
    still = any(o.station == station for o in sh.officers)
    verdict = "steady" if not still else "out of action"
    detail = (f"DEX roll {value}: " + ("passes" if ok else "fails") +
              (f"; {title(station)} is still shaken" if still and ok else "") +
              ("" if ok else ": loses the next Movement/Firing Phase, rerolls at the end of "
               "the next Firing Phase"))
    event = OfficerShaken(ship.id, ship.name, station, "", verdict, detail)
    return state.with_ship(replace(ship, shaken=sh)), [event]


# -- repairs ------------------------------------------------------------------------------------

def repair_station(state: FasaState, ship: Ship, system: str) -> str:
    """The station of the officer in charge of a system (line 1371): that of its skill's duty."""
    duty = officers.SKILLS[SYSTEM_SKILL[system]].duty
    assert duty is not None
    return state.station_for(ship.id, duty)


def ask_repair(state: FasaState, ship: Ship, index: int) -> tuple[FasaState, list[Event]]:
    entry = ship.shaken.systems[index]
    skill = SYSTEM_SKILL[entry.system]
    sh = replace(ship.shaken, asking=f"repair:{index}")
    state = state.with_ship(replace(ship, shaken=sh))
    station = repair_station(state, ship, entry.system)
    return percentile(state, state.ship(ship.id), station,
                      f"repair of {ship.name}'s {SYSTEM_WORDS[entry.system]}: "
                      f"{officers.SKILLS[skill].name.upper()}",
                      officers.rating(state, ship, skill), retry_terms(entry.tries))


def on_repair(state: FasaState, ship: Ship, index: int, value: int) -> tuple[FasaState,
                                                                             list[Event]]:
    entry = ship.shaken.systems[index]
    skill = SYSTEM_SKILL[entry.system]
    ok = passed(state, ship, value, officers.rating(state, ship, skill),
                RETRY_PENALTY * entry.tries)
    systems = list(ship.shaken.systems)
    if ok:
        systems.pop(index)
        detail = f"repair roll {value}: repaired"
    else:
        systems[index] = replace(entry, tries=entry.tries + 1, due=False)
        detail = (f"repair roll {value}: not yet; again at the end of the next Firing Phase, "
                  f"+{RETRY_PENALTY * (entry.tries + 1)}")
    sh = replace(ship.shaken, systems=tuple(systems), asking="")
    word = "repaired" if ok else f"{SYSTEM_WORDS[entry.system]} still out"
    return state.with_ship(replace(ship, shaken=sh)), [
        SystemShaken(ship.id, ship.name, entry.system, f"{word} ({detail})")]


def tick(ship: Ship) -> Ship:
    """At the end of a Firing Phase, before its new hits: every failed DEX roll and every system
    out so far has its roll due (lines 1353, 1371)."""
    sh = ship.shaken
    return replace(ship, shaken=replace(
        sh, officers=tuple(replace(o, due=True) for o in sh.officers),
        systems=tuple(replace(s, due=True) for s in sh.systems)))
