"""The end of a Firing Phase on a crewed ship's bridge (Book Two, Command & Control), at the command
level: the step (`Step.AFTERMATH`) between the last shot of a Firing Phase and the next Movement
Phase (or the end of the turn), in which, ship by ship:

1. the DEX rerolls of officers still shaken (line 1353: "at the end of the next Firing Phase, he
   may reroll"), the repair rolls of systems out (line 1371) and the engineering roll that may
   bring the power back (line 1399), made at the end of the Firing Phase after the one that shook
   them;
2. this phase's bridge hits, two dice per 5 points or part (lines 1347-1391; bridge_hits.py), and
   engineering-out hits (lines 1393-1401; engineering_out.py), with the DEX roll of each officer
   they shake and the Chief Engineer's first engineering roll;
3. powering down after engine damage taken (lines 1085-1089; power_spent.py): the Chief Engineer's
   split (a die when he is shaken), then Helm's weapons and Science's shields.

Ships without officers (the Instructor's) have nothing here: they keep the Expert reading.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.engineering import engineering_out, power_spent
from engine.rulesets.fasa.firing import bridge_hits
from engine.rulesets.fasa.values import officers
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.power_actions import CutShields, CutWeapons, PowerDown
from engine.rulesets.fasa.values.shaken import CALM, duty_out
from engine.rulesets.fasa.values.state import ACTIVE, AFTERMATH, FasaState, Ship, replace
from engine.words import plural

ACTIONS = ("power_down", "cut_weapons", "cut_shields")


def in_play(state: FasaState) -> bool:
    """Whether the step is played: the command level with a crewed ship in the game."""
    return officers.command_level(state.level) and any(officers.crewed(s) for s in state.ships)


def start(state: FasaState) -> tuple[FasaState, list[Event]]:
    """The Firing Phase's fire is over: what was shaken before has its roll due; the power off
    the grid is one phase nearer to coming back."""
    events: list[Event] = []
    ships = []
    for s in state.ships:
        if officers.crewed(s) and s.shaken != CALM:
            s = bridge_hits.tick(s)
            s, more = engineering_out.tick(state, s)
            events += more
        ships.append(s)
    return replace(state, ships=tuple(ships), step=AFTERMATH), events


def _busy(ship: Ship) -> bool:
    sh = ship.shaken
    return bool(sh.cut or sh.cut_weapons or sh.cut_shields)


def advance(state: FasaState) -> tuple[FasaState, list[Event], bool]:
    """Run on to the next roll or decision; True when every crewed ship is done."""
    events: list[Event] = []
    waiting = False
    for ship_id in [s.id for s in state.ships]:
        while True:
            ship = state.ship(ship_id)
            if ship.status != ACTIVE or not officers.crewed(ship) or ship.shaken == CALM:
                break
            state, more, wait = _next(state, ship)
            events += more
            if state.roll is not None:
                return state, events, False
            if wait:
                # A ship's powering down waits for its officers; the next ship goes on, so
                # that one side's decisions never hold up (and so tell of) another's.
                waiting = True
                break
            if more == []:
                break
    return state, events, not waiting


def _next(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event], bool]:
    """One thing of `ship`'s end of the Firing Phase: ([] events, False) when nothing is left."""
    sh = ship.shaken
    for o in sh.officers:
        if o.due:
            state, ev = bridge_hits.ask_dex(state, ship, o.station, o.tries)
            return state, ev, False
    for n, s in enumerate(sh.systems):
        if s.due:
            state, ev = bridge_hits.ask_repair(state, ship, n)
            return state, ev, False
    if sh.grid_roll == "now":
        state, ev = engineering_out.ask(state, ship)
        return state, ev, False
    if sh.chunks:
        state, ev = bridge_hits.ask_pair(state, ship)
        return state, ev, False
    if sh.bridge:
        sh = replace(sh, chunks=bridge_hits.chunks(sh.bridge[0]), bridge=sh.bridge[1:])
        state = state.with_ship(replace(ship, shaken=sh))
        state, ev = bridge_hits.ask_pair(state, state.ship(ship.id))
        return state, ev, False
    if sh.engineering:
        state, ev = engineering_out.take_hit(state, ship)
        return state, ev, False
    if sh.dex:
        state, ev = bridge_hits.ask_dex(state, ship, sh.dex[0], 0)
        return state, ev, False
    if sh.grid_roll == "first":
        state, ev = engineering_out.ask(state, ship)
        return state, ev, False
    if not _busy(ship):
        state, ev = power_spent.start_cut(state, ship)
        ship = state.ship(ship.id)
        if not _busy(ship):
            return state, ev, False
    if ship.shaken.cut:
        if duty_out(state, ship, Duty.POWER):
            state, ev = power_spent.ask_random(state, ship)
            return state, ev, False
        return state, [], True
    if ship.shaken.cut_weapons and duty_out(state, ship, Duty.WEAPONS):
        state, ev = power_spent.auto_weapons(state, ship)
        return state, ev, False
    if ship.shaken.cut_shields and duty_out(state, ship, Duty.SHIELDS):
        state, ev = power_spent.auto_shields(state, ship)
        return state, ev, False
    return state, [], _busy(ship)


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    """Take a roll of the step: what it is for is kept on the ship (`Shaken.asking`)."""
    req = state.roll
    assert req is not None and req.ship is not None
    state = replace(state, roll=None)
    ship = state.ship(req.ship)
    asking = ship.shaken.asking
    if asking in ("who", "system", "reroll"):
        return bridge_hits.on_pair_roll(state, ship, value)
    if asking.startswith(("dex:", "redex:")):
        kind, station = asking.split(":", 1)
        return bridge_hits.on_dex(state, ship, station, value, kind == "redex")
    if asking.startswith("repair:"):
        return bridge_hits.on_repair(state, ship, int(asking.split(":", 1)[1]), value)
    if asking == "grid":
        return engineering_out.on_roll(state, ship, value)
    if asking == "cut":
        return power_spent.on_random(state, ship, value)
    raise AssertionError(f"unknown end-of-phase roll {asking!r}")


def prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The decisions the step waits for, every powering-down ship's at once."""
    out = []
    for ship in state.ships:
        if ship.status != ACTIVE or not officers.crewed(ship) or not _busy(ship):
            continue
        sh = ship.shaken
        if sh.cut:
            out.append(Prompt(ship.id, state.station_for(ship.id, Duty.POWER),
                              f"power down {ship.name}: take {plural(sh.cut, 'power point')} "
                              "off movement, weapons and shields (the engines lost it)", None,
                              "power_down"))
            continue
        if sh.cut_weapons:
            out.append(Prompt(ship.id, state.station_for(ship.id, Duty.WEAPONS),
                              f"power down {ship.name}'s weapons by "
                              f"{plural(sh.cut_weapons, 'power point')}", None, "cut_weapons"))
        if sh.cut_shields:
            out.append(Prompt(ship.id, state.station_for(ship.id, Duty.SHIELDS),
                              f"power down {ship.name}'s shields by "
                              f"{plural(power_spent.shield_points_off(ship), 'shield point')}",
                              None, "cut_shields"))
    return tuple(out)


def decide(state: FasaState, ship: Ship, action: object,
           station: str) -> tuple[FasaState, list[Event]]:
    """A decision of the step, checked against the prompt it answers."""
    if isinstance(action, PowerDown):
        return power_spent.power_down(state, ship, action, station)
    if isinstance(action, CutWeapons):
        return power_spent.cut_weapons(state, ship, action, station)
    if isinstance(action, CutShields):
        return power_spent.cut_shields(state, ship, action, station)
    raise IllegalAction(f"{station}: not a decision of the end of the Firing Phase")
