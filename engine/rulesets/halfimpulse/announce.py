"""Each announcement a player makes, checked against the step under way and recorded: speeds,
a space of movement, fire and the like at a target, transporters, launches, landings, units
leaving the map, mine detection, and every other step's "done". One handler per action type
(`HANDLERS`); the rules they call live with their topic (order, targets, mines)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import MapBounds, offset_to_hex
from engine.rulesets.halfimpulse import mines
from engine.rulesets.halfimpulse.actions import (
    TBOMB_TARGET,
    Announce,
    AnnounceSpeeds,
    Detect,
    Land,
    Launch,
    Move,
    Remove,
    Target,
    Transport,
)
from engine.rulesets.halfimpulse.events import Moved, Note, StatusChanged
from engine.rulesets.halfimpulse.flow import current_step
from engine.rulesets.halfimpulse.moves import moved
from engine.rulesets.halfimpulse.sequence import Does, Step
from engine.rulesets.halfimpulse.state import (
    HIDDEN_LOADS,
    KIND_NAMES,
    SEEKING,
    TBOMB,
    ZERO,
    Entry,
    HalfState,
    Player,
    Unit,
    replace,
)
from engine.rulesets.halfimpulse.targets import actors, hostile, target_problem
from engine.stations import INSTRUCTOR, title

MAX_INITIATIVE = 99
MAX_REACH = 99


def _step(state: HalfState, action: Action, *does: Does) -> Step:
    step = current_step(state)
    if step is None or step.does not in does:
        what = step.heading if step is not None else "no step"
        raise IllegalAction(f"{title(action.station)}: {action.type_name.replace('_', ' ')} "
                            f"is not what {what} asks")
    return step


def _own(state: HalfState, action: Action, player: Player, unit_id: str) -> Unit:
    unit = state.find(unit_id)
    if unit is None or not unit.on_map:
        raise IllegalAction(f"{title(action.station)}: no unit {unit_id[:40]!r} on the map")
    if unit.player != player.id:
        raise IllegalAction(f"{title(action.station)}: {unit.name} is not {player.name}'s")
    return unit


def _done(state: HalfState, player: Player) -> HalfState:
    return replace(state, waiting=tuple(p for p in state.waiting if p != player.id))


def _speeds(state: HalfState, action: AnnounceSpeeds, player: Player
            ) -> tuple[HalfState, list[Event]]:
    _step(state, action, Does.SPEEDS)
    who = title(action.station)
    if not -MAX_INITIATIVE <= action.initiative <= MAX_INITIATIVE:
        raise IllegalAction(f"{who}: initiative is a whole number from {-MAX_INITIATIVE} to "
                            f"{MAX_INITIATIVE}, not {action.initiative}")
    need = [u for u in state.of_player(player.id) if not u.seeking]
    given = [s.unit for s in action.speeds]
    if sorted(given) != sorted(u.id for u in need):
        raise IllegalAction(f"{who}: give one speed for each of {player.name}'s units that "
                            f"move with the ships: {', '.join(u.id for u in need)}")
    for s in action.speeds:
        u = state.unit(s.unit)
        if not 0 <= s.speed <= u.max_speed:
            raise IllegalAction(f"{who}: {u.name}'s speed is 0 to {u.max_speed}, not {s.speed}")
    entry = Entry(player.id, action.initiative, tuple((s.unit, s.speed) for s in action.speeds))
    state = _done(replace(state, entries=state.entries + (entry,)), player)
    events: list[Event] = [
        Note(f"{player.name} has entered his speeds"),
        Note(f"{player.name}'s speeds: " + ", ".join(f"{state.unit(u).name} {v}"
                                                     for u, v in entry.speeds)
             + f"; initiative {entry.initiative}", side=player.side)]
    if not state.waiting:
        return _revealed(state, events)
    return state, events


def _revealed(state: HalfState, events: list[Event]) -> tuple[HalfState, list[Event]]:
    """Every player has entered his speeds: they are announced together (line 107)."""
    speeds = {u: v for e in state.entries for u, v in e.speeds}
    units = {u: replace(state.unit(u), speed=v) for u, v in speeds.items()}
    init = {e.player: e.initiative for e in state.entries}
    players = tuple(replace(p, initiative=init.get(p.id, p.initiative)) for p in state.players)
    state = replace(state.with_units(units), players=players, entries=())
    told = "; ".join(f"{p.name}: " + ", ".join(f"{u.name} {u.speed}" for u in state.units
                                               if u.player == p.id and u.id in speeds)
                     + f", initiative {p.initiative}" for p in state.players
                     if any(e in speeds for e in (u.id for u in state.of_player(p.id))))
    return state, events + [Note(f"Speeds announced: {told}")]


def _move(state: HalfState, action: Move, player: Player) -> tuple[HalfState, list[Event]]:
    _step(state, action, Does.MOVE)
    return moved(state, action, player)


def _target(state: HalfState, action: Target, player: Player) -> tuple[HalfState, list[Event]]:
    step = _step(state, action, Does.TARGET)
    if action.unit == "":
        return _done(state, player), []
    return _at(state, action, player, step, action.unit, action.target)


def _at(state: HalfState, action: Action, player: Player, step: Step, unit_id: str,
        target_id: str) -> tuple[HalfState, list[Event]]:
    who = title(action.station)
    unit = _own(state, action, player, unit_id)
    target = state.find(target_id)
    if target is None:
        raise IllegalAction(f"{who}: no unit {target_id[:40]!r} on the map")
    why = target_problem(state, step, unit, target)
    if why is not None:
        raise IllegalAction(f"{who}: {why}")
    state = replace(state, acted=state.acted + ((unit.id, target.id),),
                    struck=state.struck + ((target.id,) if hostile(step) else ()))
    return state, [Note(f"{unit.name}: {step.title} at {target.name}",
                        alert=target.player if hostile(step) else None)]


def _transport(state: HalfState, action: Transport, player: Player
               ) -> tuple[HalfState, list[Event]]:
    step = _step(state, action, Does.TRANSPORT)
    if action.unit == "":
        return _done(state, player), []
    if action.target != TBOMB_TARGET:
        return _at(state, action, player, step, action.unit, action.target)
    who = title(action.station)
    unit = _own(state, action, player, action.unit)
    if player.id != state.moving_player and action.station != INSTRUCTOR:
        raise IllegalAction(
            f"{who}: a non-moving ship lays no T-bomb in another's way (lines 53-56); one that "
            f"would catch the moving ship too is the Instructor's to allow (lines 57-62)")
    load = next((ld for ld in unit.loads if ld.kind == TBOMB and ld.count > 0), None)
    if load is None:
        raise IllegalAction(f"{who}: {unit.name} has no T-bomb to lay")
    if not MapBounds(state.cols, state.rows).contains(offset_to_hex(action.col, action.row)):
        raise IllegalAction(f"{who}: [{action.col}, {action.row}] is off the map "
                            f"({state.cols} by {state.rows})")
    state, told = mines.lay(state, unit, load, offset_to_hex(action.col, action.row),
                            "beams over")
    return state, [told]


def _launch(state: HalfState, action: Launch, player: Player) -> tuple[HalfState, list[Event]]:
    step = _step(state, action, Does.LAUNCH)
    if action.unit == "":
        return _done(state, player), []
    who = title(action.station)
    unit = _own(state, action, player, action.unit)
    if unit not in actors(state, player.id, step):
        raise IllegalAction(f"{who}: {unit.name} has nothing to {step.title.lower()} with")
    load = unit.load(action.load)
    if load is None or load.kind not in step.kinds:
        offered = [ld.name for ld in unit.loads if ld.kind in step.kinds]
        raise IllegalAction(f"{who}: {unit.name} carries no {action.load[:30]!r} to "
                            f"{step.title.lower()}; it carries: {', '.join(offered) or 'none'}")
    if not 1 <= action.count <= load.count:
        raise IllegalAction(f"{who}: {unit.name} has {load.count} {load.name} left, so 1 to "
                            f"{load.count}, not {action.count}")
    if load.kind in HIDDEN_LOADS:
        if action.speed != 0:
            raise IllegalAction(f"{who}: a {load.name} is laid where {unit.name} is: speed 0")
        told: list[Event] = []
        for _ in range(action.count):
            state, event = mines.lay(state, state.unit(unit.id), load, unit.pos, "lays")
            told.append(event)
        return state, told
    if not 0 <= action.speed <= load.speed:
        raise IllegalAction(f"{who}: {load.name} fly at 0 to {load.speed}, not {action.speed}")
    return _counters(state, unit, load.name, action.count, action.speed)


def _counters(state: HalfState, unit: Unit, load_name: str, count: int, speed: int
              ) -> tuple[HalfState, list[Event]]:
    """`count` counters of `load_name` leave `unit` at `speed`. A small craft faster than its
    launcher may not move in this phase (lines 5-11): the player may set it at the launcher's
    speed or less to move it now, and it keeps that speed all turn (lines 11-14). One no faster
    moves "when speed N comes around" (lines 411-413), after its launcher at an equal speed."""
    load = unit.load(load_name)
    assert load is not None and state.slot is not None
    slot_speed = 0 if state.stage == ZERO else state.slot.speed
    held = load.kind not in SEEKING and speed > min(unit.speed, slot_speed)
    made = sum(1 for u in state.units if u.launcher == unit.id and u.origin == load.name)
    new: list[Unit] = []
    for k in range(count):
        n = state.counter + k + 1
        new.append(Unit(f"{unit.id}-{n}", f"{load.name} {made + k + 1}", load.kind, unit.side,
                        unit.player, unit.pos, unit.facing, speed=speed, max_speed=load.speed,
                        initiative=unit.initiative, launcher=unit.id,
                        launched_in=state.slot.number, held=held, origin=load.name))
    unit = replace(unit, loads=tuple(replace(ld, count=ld.count - count)
                                     if ld.name == load.name else ld for ld in unit.loads))
    state = state.with_unit(unit)
    state = replace(state, units=state.units + tuple(new), counter=state.counter + count)
    what = f"{unit.name} launches {count} {KIND_NAMES[load.kind]}" + \
        f"{'s' if count != 1 else ''} ({load.name}) at speed {speed}"
    if load.kind in SEEKING:
        why = "they move in the Drone and Plasma movement (lines 79-95)"
    elif held and state.stage == ZERO:
        why = "launched at Speed Zero, they may not move in this phase"
    elif held:
        why = (f"faster than {unit.name} (speed {unit.speed}), they may not move in this "
               f"phase (lines 5-11)")
    else:
        why = f"they move when speed {speed} comes around (lines 411-413)"
    return state, [Note(f"{what}: {why}")]


def _land(state: HalfState, action: Land, player: Player) -> tuple[HalfState, list[Event]]:
    step = _step(state, action, Does.LAND)
    if action.unit == "":
        return _done(state, player), []
    who = title(action.station)
    unit = _own(state, action, player, action.unit)
    ship = state.find(action.on)
    if unit not in actors(state, player.id, step) or ship is None or not ship.on_map \
            or ship.kind != "ship" or ship.side != unit.side or ship.pos != unit.pos:
        raise IllegalAction(f"{who}: {unit.name} lands only on a ship of its side in its hex")
    ship = replace(ship, loads=tuple(replace(ld, count=ld.count + 1) if ld.name == unit.origin
                                     and ld.kind == unit.kind else ld for ld in ship.loads))
    state = state.with_units({ship.id: ship, unit.id: replace(unit, on_map=False)})
    return state, [StatusChanged(unit.id, f"{unit.name} lands on {ship.name}")]


def _remove(state: HalfState, action: Remove, player: Player) -> tuple[HalfState, list[Event]]:
    step = _step(state, action, Does.REMOVE)
    if action.unit == "":
        mine = {u.id for u in state.units if u.player == player.id}
        return replace(_done(state, player),
                       struck=tuple(u for u in state.struck if u not in mine)), []
    who = title(action.station)
    unit = _own(state, action, player, action.unit)
    if action.why not in step.kinds:
        raise IllegalAction(f"{who}: in {step.title} a unit leaves the map "
                            f"{' or '.join(step.kinds)}, not {action.why[:30]!r}")
    state = state.with_unit(replace(unit, on_map=False))
    return state, [StatusChanged(unit.id, f"{unit.name} leaves the map: {action.why} "
                                          f"({step.title})", player.id)]


def _detect(state: HalfState, action: Detect, player: Player) -> tuple[HalfState, list[Event]]:
    step = _step(state, action, Does.DETECT)
    if action.unit == "":
        return _done(state, player), []
    who = title(action.station)
    unit = _own(state, action, player, action.unit)
    if unit not in actors(state, player.id, step):
        raise IllegalAction(f"{who}: only a moving unit detects mines (line 133)")
    if (unit.id, "") in state.acted:
        raise IllegalAction(f"{who}: {unit.name} has looked for mines in this step already")
    if not 0 <= action.reach <= MAX_REACH:
        raise IllegalAction(f"{who}: the range is 0 to {MAX_REACH} hexes, not {action.reach}")
    state, told = mines.detect(state, unit, action.reach)
    return replace(state, acted=state.acted + ((unit.id, ""),)), told


def _announce(state: HalfState, action: Announce, player: Player
              ) -> tuple[HalfState, list[Event]]:
    step = _step(state, action, Does.NOTE)
    if action.unit == "":
        return _done(state, player), []
    who = title(action.station)
    unit = _own(state, action, player, action.unit)
    if unit not in actors(state, player.id, step):
        raise IllegalAction(f"{who}: only a ship of a {step.race} does that here")
    if (unit.id, "") in state.acted:
        raise IllegalAction(f"{who}: {unit.name} has done that in this step already")
    state = replace(state, acted=state.acted + ((unit.id, ""),))
    if step.effect == "stop":
        state = state.with_unit(replace(unit, stopped=True))
    return state, [Note(f"{unit.name}: {step.title}", side=player.side if step.secret else None)]


Handler = Callable[[HalfState, Any, Player], tuple[HalfState, list[Event]]]
HANDLERS: dict[type[Action], Handler] = {
    AnnounceSpeeds: _speeds, Move: _move, Target: _target, Transport: _transport,
    Launch: _launch, Land: _land, Remove: _remove, Detect: _detect, Announce: _announce}

__all__ = ["HANDLERS", "Moved", "Note"]
