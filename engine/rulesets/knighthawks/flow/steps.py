"""The automatic steps between decisions: seekers flying, drifting ships, mines going off,
fires burning, one step of the turn giving way to the next, and the end of the game
(docs/rules-decisions.md, Knight Hawks: the turn, victory)."""

from __future__ import annotations

from collections.abc import Callable

from engine.events import Event
from engine.hexgrid import hex_to_offset
from engine.ruleset import Prompt
from engine.rulesets.knighthawks.firing import combat, ordnance
from engine.rulesets.knighthawks.firing.fire import current_roll, fire_problem, firing_side, repairs
from engine.rulesets.knighthawks.moving import movement
from engine.rulesets.knighthawks.values.crew import Duty, station_for
from engine.rulesets.knighthawks.values.events import GameOver, Note
from engine.rulesets.knighthawks.values.state import (
    DEFENSIVE,
    LEFT,
    MOVE,
    OFFENSIVE,
    OVER,
    REPAIR,
    SEEKERS,
    Check,
    KHState,
    Mine,
    Seeker,
    Ship,
    replace,
)

MAX_AUTOMATIC = 10_000


def moved(state: KHState, ship: Ship, speed: int, course: str, drop: str
          ) -> tuple[KHState, list[Event]]:
    path, facing = movement.walk(ship, course)
    points = movement.points_used(ship, speed, course)
    chance = movement.breakup_chance(ship, points)
    bounds = movement.bounds(state)
    out = next((i for i, h in enumerate(path) if not bounds.contains(h)), None)
    events: list[Event] = []
    new = replace(ship, pos=path[-1], facing=facing, speed=speed, path=path, moved=True,
                  nav_turn=0)
    col, row = hex_to_offset(new.pos)
    if out is not None:
        new = replace(new, pos=path[out - 1], path=path[:out], status=LEFT)
        events.append(Note(f"{ship.name} leaves the map and the battle"))
    else:
        events.append(Note(f"{ship.name} moves {course or 'nowhere'} at speed {speed} to "
                           f"[{col}, {row}]", ship=ship.id))
    if len(new.path) > 1 or not new.active:   # a ship off the map takes its screen's place too
        state = combat.drop_masks(state, ship.id)
    if drop and new.active:
        m = next(m for m in new.weapons if m.id == drop)
        new = replace(new, weapons=tuple(replace(x, ammo=(x.ammo or 1) - 1) if x is m else x
                                         for x in new.weapons))
        if m.code == "M":
            state = replace(state, mines=state.mines + (Mine(ship.side, new.pos),))
            events.append(Note(f"{ship.name} lays mines at [{col}, {row}]", side=ship.side))
        else:
            sid = f"{ship.id}-seeker-{len(state.seekers) + 1}"
            state = replace(state, seekers=state.seekers + (Seeker(sid, ship.side, new.pos),))
            events.append(Note(f"{ship.name} drops a seeker at [{col}, {row}]", side=ship.side))
    state = state.with_ship(new)
    if chance and new.active:
        state = replace(state, checks=state.checks + (Check(
            "breakup", ship.id, f"{ship.name} may break apart maneuvering "
            f"(({ship.damage}-{ship.hull_max // 2}) x {points})", min(chance, 100)),))
    if new.active:
        state, attacks, ties, notes = ordnance.seeker_contact(state, new)
        events += notes
        state = replace(state, hazards=state.hazards + tuple(attacks),
                        checks=state.checks + tuple(ties))
    return state, events


def screens_due(ship: Ship) -> bool:
    """Whether the ship still sets its screens this movement (it has some it could use)."""
    if ship.screened or ship.power_short:
        return False
    mask = ship.defence("MS")
    return any(ship.has(c) for c in ("PS", "ES", "SS")) or bool(mask and mask.count)


def leader(state: KHState, side: str) -> Ship | None:
    """The ship whose Captain duty speaks for its side (activating seekers): its first ship
    still in the battle."""
    return next((s for s in state.ships if s.side == side and s.active), None)


def can_fire(state: KHState, ship: Ship) -> bool:
    return any(fire_problem(state, ship, m.id, t.id, "") is None
               for m in ship.weapons for t in state.ships if t.active and t.side != ship.side)


def points(state: KHState, side: str) -> int:
    """Victory points of `side` (ours): each enemy ship destroyed scores its hull points, each
    severely damaged one half of them."""
    total = 0
    for s in state.ships:
        if s.side != side:
            if s.status == "destroyed":
                total += s.hull_max
            elif s.severely_damaged:
                total += s.hull_max // 2
    return total


def judge(state: KHState) -> str | None:
    """How the game ended, or None if it goes on."""
    alive = [side for side in state.sides if any(s.active for s in state.ships if s.side == side)]
    if len(alive) == 2 and state.turn <= state.max_turns:
        return None
    if len(alive) == 1:
        return f"victory to {state.side_name(alive[0])}: no enemy ship is left in the battle"
    if not alive:
        return "a draw: no ship is left in the battle"
    a, b = state.sides
    pa, pb = points(state, a), points(state, b)
    if pa == pb:
        return f"a draw after {state.max_turns} turns ({pa} victory points each)"
    win = a if pa > pb else b
    return (f"victory to {state.side_name(win)} on points after {state.max_turns} turns "
            f"({max(pa, pb)} to {min(pa, pb)})")


def _reset(ship: Ship, **more: object) -> Ship:
    return replace(ship, done=False, **more)


def advance(state: KHState) -> tuple[KHState, list[Event]]:
    """Run the game on until somebody must decide or roll, or it is over."""
    events: list[Event] = []
    for _ in range(MAX_AUTOMATIC):
        if state.step == OVER or current_roll(state) is not None:
            return state, events
        a = state.attack
        if a is not None:
            if not state.ship(a.target).active:
                state = replace(state, attack=None)
                continue
            if a.stage == "icm":
                askers = tuple(x for x in a.askers
                               if (s := state.find(x)) is not None and s.active and s.icms() > 0)
                if askers:
                    if askers != a.askers:
                        state = replace(state, attack=replace(a, askers=askers))
                    return state, events
                state = replace(state, attack=replace(a, askers=(), stage="hit"))
            continue
        if state.checks and not state.ship(state.checks[0].ship).active:
            state = replace(state, checks=state.checks[1:])
            continue
        if state.hazards:
            state = replace(state, attack=state.hazards[0], hazards=state.hazards[1:])
            continue
        outcome = judge(state)
        if outcome is not None:
            points_ = tuple((s, points(state, s)) for s in state.sides)
            return replace(state, step=OVER, outcome=outcome, points=points_), \
                events + [GameOver(outcome)]
        state, more, wait = _step(state)
        events += more
        if wait:
            return state, events
    raise AssertionError("the game ran on without a decision")  # pragma: no cover


_Flow = Callable[[KHState], tuple[KHState, list[Event], bool]]


def _seekers(state: KHState) -> tuple[KHState, list[Event], bool]:
    """The moving side's seekers: activated if it chooses, aimed and flown."""
    mover = state.moving_side
    idle = [s for s in state.seekers if s.side == mover and not s.active]
    if idle and not state.seekers_decided and leader(state, mover) is not None:
        return state, [], True
    state, tie = ordnance.aim_seekers(state, mover)
    if tie is not None:
        return replace(state, checks=state.checks + (tie,)), [], False
    if any(s.side == mover and s.active and not s.target and ordnance.closest(state, s.pos)
           for s in state.seekers):
        return state, [], False  # aim the next one
    state, attacks, ties, notes = ordnance.move_seekers(state, mover)
    return replace(state, step=MOVE, seekers_decided=False,
                   hazards=state.hazards + tuple(attacks),
                   checks=state.checks + tuple(ties)), list(notes), False


def _move(state: KHState) -> tuple[KHState, list[Event], bool]:
    """The moving side's ships: drifting or out of control, or asked to move; then the mines
    they entered go off and the other side fires defensively."""
    mover = state.moving_side
    for ship in state.ships:
        if ship.side != mover or not ship.active or ship.moved:
            continue
        if movement.drifting(ship) and not screens_due(ship):
            st, ev = moved(state, ship, ship.speed, "F" * ship.speed, "")
            return st, [Note(f"{ship.name} drifts"), *ev], False
        if movement.out_of_control(ship) and ship.nav_turn == 0 and \
                not any(c.ship == ship.id for c in state.checks):
            return replace(state, checks=state.checks + (
                Check("navigation", ship.id, "navigation"),)), [], False
    if any(s.side == mover and s.active and not s.moved for s in state.ships):
        return state, [], True
    state, attacks, notes = ordnance.mine_attacks(state, mover)
    # Each weapon fires once in each combat phase (the Tactical Operations Manual's Rate
    # of Fire): a side fires defensively in this half and offensively in its own, so the
    # weapons are ready again at the start of each half's combat.
    state = replace(state, step=DEFENSIVE, fires_done=False,
                    hazards=state.hazards + tuple(attacks),
                    ships=tuple(_reset(s, weapons=tuple(replace(m, fired=False)
                                                        for m in s.weapons))
                                for s in state.ships))
    return state, [Note(f"Defensive fire by {state.side_name(state.other_side)}"),
                   *notes], False


def _fire(state: KHState) -> tuple[KHState, list[Event], bool]:
    """A combat phase (defensive or offensive): fires burn, each ship that can fire is asked,
    then the next phase."""
    mover = state.moving_side
    if state.step == DEFENSIVE and not state.fires_done:
        burning = tuple(ordnance.fire_attack(s) for s in state.ships
                        if s.active and s.fire and s.side == state.other_side)
        return replace(state, fires_done=True, hazards=state.hazards + burning), [], False
    side = firing_side(state)
    for ship in state.ships:
        if ship.side == side and ship.active and not ship.done and not can_fire(state, ship):
            return state.with_ship(replace(ship, done=True)), [], False
    if any(s.side == side and s.active and not s.done for s in state.ships):
        return state, [], True
    ships = tuple(_reset(s) for s in state.ships)
    if state.step == DEFENSIVE:
        return replace(state, step=OFFENSIVE, ships=ships), [
            Note(f"Fire by {state.side_name(mover)}")], False
    return replace(state, step=REPAIR, ships=ships), [], False


def _repair(state: KHState) -> tuple[KHState, list[Event], bool]:
    """Damage control, then the other side's half of the turn or the next turn."""
    mover = state.moving_side
    for ship in state.ships:
        if ship.side == mover and ship.active and not ship.done and \
                (not repairs(ship) or ship.dcr <= 0):
            return state.with_ship(replace(ship, done=True)), [], False
    if any(s.side == mover and s.active and not s.done for s in state.ships):
        return state, [], True
    if state.mover == 0:
        nxt = state.sides[1]
        ships = tuple(_reset(s, moved=False, screened=False, path=()) if s.side == nxt
                      else _reset(s) for s in state.ships)
        return replace(state, mover=1, step=SEEKERS, ships=ships), [
            Note(f"Movement of {state.side_name(nxt)}")], False
    first = state.sides[0]
    ships = tuple(_reset(s, weapons=tuple(replace(m, fired=False) for m in s.weapons),
                         **({"moved": False, "screened": False, "path": ()}
                            if s.side == first else {})) for s in state.ships)
    state = replace(state, turn=state.turn + 1, mover=0, step=SEEKERS, ships=ships)
    if state.turn > state.max_turns:
        return state, [], False
    return state, [Note(f"Turn {state.turn}: movement of {state.side_name(first)}")], False


STEP_FLOWS: dict[str, _Flow] = {SEEKERS: _seekers, MOVE: _move, DEFENSIVE: _fire,
                                 OFFENSIVE: _fire, REPAIR: _repair}
"""The automatic work of each step of the turn, by the step (as FASA's `flow/turn.py`)."""


def _step(state: KHState) -> tuple[KHState, list[Event], bool]:
    """One automatic move of the turn's sequence; True when a decision is awaited."""
    return STEP_FLOWS[state.step](state)


def prompts(state: KHState) -> tuple[Prompt, ...]:
    """Everything the game waits for now: one roll, or the decisions of every ship that owes
    one in the present step."""
    if state.step == OVER:
        return ()
    roll = current_roll(state)
    if roll is not None:
        return (Prompt(roll.ship, roll.station, roll.purpose, roll, "roll"),)
    a = state.attack
    if a is not None and a.stage == "icm" and a.askers:
        s = state.ship(a.askers[0])
        return (Prompt(s.id, station_for(s.crew, Duty.GUNNERY),
                       f"launch ICMs against {a.label} at {state.ship(a.target).name}",
                       action="kh_icm"),)
    out: list[Prompt] = []
    mover = state.moving_side
    if state.step == SEEKERS:
        lead = leader(state, mover)
        if lead is not None:
            out.append(Prompt(lead.id, station_for(lead.crew, Duty.COMMAND),
                              "activate seeker missiles (or none)", action="kh_seekers"))
        return tuple(out)
    for s in state.ships:
        if not s.active or s.done:
            continue
        if state.step == MOVE and s.side == mover and not s.moved:
            if screens_due(s):
                out.append(Prompt(s.id, station_for(s.crew, Duty.SCREENS),
                                  f"set {s.name}'s screens", action="kh_screens"))
            else:
                out.append(Prompt(s.id, station_for(s.crew, Duty.PILOT), f"move {s.name}",
                                  action="kh_move"))
        elif state.step in (DEFENSIVE, OFFENSIVE) and s.side == firing_side(state):
            out.append(Prompt(s.id, station_for(s.crew, Duty.GUNNERY),
                              f"fire {s.name}'s weapons, one at a time", action="kh_fire"))
        elif state.step == REPAIR and s.side == mover:
            out.append(Prompt(s.id, station_for(s.crew, Duty.DAMAGE_CONTROL),
                              f"damage control on {s.name} (DCR {s.dcr})", action="kh_repair"))
    return tuple(out)

