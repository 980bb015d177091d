"""A sample of the legal answers of a seat: every one of a small choice, a few of a large one
(`controls` gives the whole range)."""

from __future__ import annotations

from engine.actions import Action, RollResult
from engine.hexgrid import hex_to_offset
from engine.rulesets.halfimpulse.actions import (
    TBOMB_TARGET,
    Announce,
    Detect,
    Land,
    Launch,
    Move,
    Remove,
    Target,
    Transport,
    UnitMove,
)
from engine.rulesets.halfimpulse.controls import decision, pending
from engine.rulesets.halfimpulse.flow import current_step
from engine.rulesets.halfimpulse.moves import WAYS, going, turn_problem
from engine.rulesets.halfimpulse.sequence import Does
from engine.rulesets.halfimpulse.state import HIDDEN_LOADS, SHIP, TBOMB, ZERO, HalfState
from engine.rulesets.halfimpulse.targets import actors, target_problem
from engine.stations import Seat


def legal_actions(state: HalfState, seat: Seat) -> tuple[Action, ...]:
    out: list[Action] = []
    for p in pending(state, seat):
        if p.roll is not None:
            out += [RollResult(p.station, v, "manual") for v in range(1, p.roll.sides + 1)]
            continue
        step = current_step(state)
        assert step is not None and p.ship is not None
        player, st = p.ship, p.station
        d = decision(state, p)
        if step.does == Does.SPEEDS:
            out.append(d.make())
            out.append(d.make({f.name: f.maximum for f in d.fields if f.name != "initiative"}))
            continue
        if step.does == Does.MOVE:
            out += _moves(state, st, player)
            continue
        out.append(d.make())   # done
        units = actors(state, player, step)
        if step.does in (Does.TARGET, Does.TRANSPORT):
            out += [(Target if step.does == Does.TARGET else Transport)(st, player, u.id, t.id)
                    for u in units for t in state.on_map()
                    if target_problem(state, step, u, t) is None]
            if step.does == Does.TRANSPORT and player == state.moving_player:
                out += [Transport(st, player, u.id, TBOMB_TARGET, *hex_to_offset(u.pos))
                        for u in units if any(ld.kind == TBOMB and ld.count for ld in u.loads)]
        elif step.does == Does.LAUNCH:
            for u in units:
                for ld in u.loads:
                    if ld.kind not in step.kinds or ld.count <= 0:
                        continue
                    speeds = {0} if ld.kind in HIDDEN_LOADS else {ld.speed, min(ld.speed,
                                                                                max(u.speed, 0))}
                    out += [Launch(st, player, u.id, ld.name, 1, v) for v in sorted(speeds)]
        elif step.does == Does.LAND:
            out += [Land(st, player, u.id, s.id) for u in units for s in state.on_map()
                    if s.kind == SHIP and s.side == u.side and s.pos == u.pos]
        elif step.does == Does.REMOVE:
            out += [Remove(st, player, u.id, why) for u in units for why in step.kinds]
        elif step.does == Does.DETECT:
            out += [Detect(st, player, u.id, 3) for u in units if (u.id, "") not in state.acted]
        else:
            out += [Announce(st, player, u.id) for u in units if (u.id, "") not in state.acted]
    return tuple(out)


def _moves(state: HalfState, st: str, player: str) -> list[Action]:
    if state.stage == ZERO:
        units = state.of_player(player)
        out: list[Action] = [Move(st, player, ())]
        out += [Move(st, player, (UnitMove(u.id, "", (u.facing + 1) % 6),)) for u in units
                if turn_problem(state, u) is None]
        return out
    units = going(state)
    out = [Move(st, player, tuple(UnitMove(u.id, way) for u in units)) for way in WAYS]
    if units and all(turn_problem(state, u) is None for u in units):
        out.append(Move(st, player, tuple(UnitMove(u.id, "F", (u.facing + 1) % 6)
                                          for u in units)))
    return out
