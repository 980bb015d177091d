"""*Battlestations!* 01A-4c and 4d (seed 001, lines 99-100): after all ships have moved, each
Captain may make a tactical heading change, "at the cost of 1 power point per warp engine and 1
superstructure point"; then operational cloaking devices may be activated or deactivated (line
82: only then, after the Power Allocation Phase's announcement)."""

from __future__ import annotations

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import hex_to_offset
from engine.ruleset import Prompt
from engine.rulesets.fasa.data.ships import EngineKind
from engine.rulesets.fasa.ending import check_game_over
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.sensing import cloak
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.shaken import straight_line
from engine.rulesets.fasa.values.state import ACTIVE, COUNTERS, FasaState, Ship, replace
from engine.rulesets.fasa.variants.battlestations.round_actions import CLOAK, TURNS, TacticalTurn

Result = tuple[FasaState, list[Event]]
TURN_BY = {"port": -1, "starboard": 1}


def warp_engines(ship: Ship) -> tuple[int, ...]:
    """The indexes of the ship's warp engines: each gives 1 power point to the change."""
    return tuple(i for i, e in enumerate(ship.cls.engines) if e.kind == EngineKind.WARP)


def turn_problem(state: FasaState, ship: Ship) -> str:
    """Why the ship cannot make a tactical heading change now, or ""."""
    if ship.status != ACTIVE:
        return f"{ship.name} is {ship.status}"
    if straight_line(state, ship):  # C&C: a shaken helm moves in a straight line (shaken.py)
        return f"{ship.name}'s helm is shaken: it holds its course"
    if ship.superstructure <= 1:
        return f"{ship.name} has {ship.superstructure} superstructure left; the change costs 1"
    if any(ship.engines[i] < 1 for i in warp_engines(ship)):
        return "a warp engine has no power point left to give"
    return ""


def may_switch_cloak(state: FasaState, ship: Ship) -> bool:
    """An operational cloaking device: the class has one and it was given power this turn."""
    return (cloak.has_cloak(state, ship) and ship.allocation is not None
            and ship.allocation.cloak > 0 and ship.status == ACTIVE)


def flow(state: FasaState) -> tuple[FasaState, list[Event], bool]:
    """Each ship in turn, the loser of the advantage first; then the Firing Phase's counters."""
    queue = state.queue
    while queue and not _offered(state, state.ship(queue[0])):
        queue = queue[1:]
    if queue:
        return replace(state, queue=queue), [], True
    return replace(state, step=COUNTERS, queue=(), fire_counters=()), [], False


def _offered(state: FasaState, ship: Ship) -> bool:
    return not turn_problem(state, ship) or may_switch_cloak(state, ship)


def prompt(state: FasaState) -> tuple[Prompt, ...]:
    ship = state.ship(state.queue[0])
    cost = len(warp_engines(ship))
    words = (f"tactical heading change of {ship.name}: none, port or starboard (costs "
             f"{cost} power point{'s' if cost != 1 else ''} from its warp engines and 1 "
             "superstructure point)")
    if may_switch_cloak(state, ship):
        words += "; the cloak on or off"
    return (Prompt(ship.id, state.station_for(ship.id, Duty.MOVEMENT), words, None,
                   "tactical_turn"),)


def decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, TacticalTurn)
    if not state.queue or state.queue[0] != ship.id:
        now = state.ship(state.queue[0]).name if state.queue else "nobody"
        raise IllegalAction(f"{station}: it is {now}'s turn for a heading change, not "
                            f"{ship.name}'s")
    if action.turn not in TURNS:
        raise IllegalAction(f"{station}: a tactical heading change is one of "
                            f"{', '.join(TURNS)}, not {action.turn!r}")
    if action.cloak not in CLOAK:
        raise IllegalAction(f"{station}: the cloak is one of {', '.join(CLOAK)}, "
                            f"not {action.cloak!r}")
    if action.turn != "none" and (why := turn_problem(state, ship)):
        raise IllegalAction(f"{station}: no tactical heading change: {why}")
    if action.cloak != "keep" and not may_switch_cloak(state, ship):
        raise IllegalAction(f"{station}: {ship.name} has no operational cloaking device")
    events: list[Event] = [Note(f"{ship.name} keeps its heading")]
    if action.turn != "none":
        state, events = _turn(state, ship, action.turn)
    state, more = _switch(state, state.ship(ship.id), action.cloak)
    state = replace(state, queue=state.queue[1:])
    state, over = check_game_over(state)
    return state, events + more + over


def _turn(state: FasaState, ship: Ship, turn: str) -> Result:
    """One hexside to port or starboard; each warp engine loses 1 power point (as stress: it
    counts from the next Power Allocation Phase) and the superstructure 1 point."""
    engines = list(ship.engines)
    for i in warp_engines(ship):
        engines[i] -= 1
    heading = (ship.heading + TURN_BY[turn]) % 6
    state = state.with_ship(replace(ship, heading=heading, engines=tuple(engines)))
    state, events = combat.damage_superstructure(state, state.ship(ship.id), 1,
                                                 "tactical heading change")
    n = len(warp_engines(ship))
    return state, [Note(f"{ship.name} makes a tactical heading change to {turn} (heading "
                        f"{heading}); its warp engines give {n} power point"
                        f"{'s' if n != 1 else ''}"), *events]


def _switch(state: FasaState, ship: Ship, to: str) -> Result:
    on = {"keep": ship.cloaked, "on": True, "off": False}[to]
    if on == ship.cloaked:
        return state, []
    if on:
        ships = tuple(replace(s, lock="") if s.lock == ship.id else s for s in state.ships)
        state = replace(state, ships=ships).with_ship(replace(ship, cloaked=True))
        return state, [Note(f"{ship.name} cloaks: its counter leaves the map")]
    state = state.with_ship(replace(ship, cloaked=False))
    col, row = hex_to_offset(ship.pos)
    return state, [Note(f"{ship.name} decloaks at {col},{row}")]

