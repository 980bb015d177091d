"""What each seat may see (DESIGN: Views per station), and the whole state as JSON.

Book Two, Advanced: Sensors — ships in sensor contact know each other's identity, position,
heading and speed; anything more about an enemy needs a sensor lock (not part of the basic game).
A seat sees its own side's ships whole; the Instructor sees everything.
"""

from __future__ import annotations

from typing import Any

from engine.hexgrid import hex_to_offset
from engine.rulesets.fasa.state import POWER, FasaState, Ship
from engine.rulesets.fasa.turn import pending
from engine.stations import INSTRUCTOR, Seat


def public_ship(ship: Ship) -> dict[str, Any]:
    col, row = hex_to_offset(ship.pos)
    return {
        "id": ship.id, "name": ship.name, "class": ship.cls.name, "race": ship.cls.race,
        "side": ship.side, "col": col, "row": row, "heading": ship.heading,
        "movement_points": ship.movement_points, "status": ship.status,
    }


def full_ship(ship: Ship) -> dict[str, Any]:
    out = public_ship(ship)
    alloc = ship.allocation
    out.update({
        "class_id": ship.cls.id,
        "power": ship.total_power,
        "engines": [{"name": spec.name, "power": p, "max": spec.power}
                    for spec, p in zip(ship.cls.engines, ship.engines, strict=True)],
        "superstructure": ship.superstructure, "superstructure_max": ship.cls.superstructure,
        "shields": list(ship.shields), "shields_damaged": sorted(ship.shields_damaged),
        "weapons": [{"id": spec.id, "name": spec.name, "kind": spec.kind, "power": w.power,
                     "fired": w.fired, "damaged": w.damaged}
                    for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True)],
        "allocation": None if alloc is None else
        {"movement": alloc.movement, "shields": alloc.shields, "weapons": alloc.weapons},
        "sensors_out": ship.sensors_out,
        "casualties_percent": ship.casualties / 10,
    })
    return out


def _game(state: FasaState) -> dict[str, Any]:
    return {
        "ruleset": "fasa", "scenario": state.scenario, "level": state.level,
        "scale": str(state.scale), "turn": state.turn, "phase": state.phase,
        "phases": state.phases, "step": state.step,
        "map": {"cols": state.bounds.cols, "rows": state.bounds.rows},
        "obstacles": sorted(list(hex_to_offset(h)) for h in state.obstacles),
        "advantage": state.advantage[-1] if state.advantage else None,
        "outcome": state.outcome, "winner": state.winner,
    }


def to_json(state: FasaState) -> dict[str, Any]:
    out = _game(state)
    out["ships"] = [full_ship(s) for s in state.ships]
    out["pending"] = [{"ship": p.ship, "station": p.station, "what": p.what}
                      for p in pending(state)]
    return out


def view(state: FasaState, seat: Seat) -> dict[str, Any]:
    if seat.station == INSTRUCTOR and seat.ship is None:
        return to_json(state)
    side = state.ship(seat.ship).side if seat.ship and state.has_ship(seat.ship) else None
    out = _game(state)
    out["seat"] = {"station": seat.station, "ship": seat.ship}
    out["ships"] = [full_ship(s) if s.side == side else public_ship(s) for s in state.ships]
    if state.step == POWER:
        # Power is allocated in secret; speeds are announced after it (Advanced: Sequence Of
        # Play step 3), so an enemy's movement points stay hidden until every ship has allocated.
        for entry in out["ships"]:
            if entry["side"] != side:
                entry["movement_points"] = None
    out["pending"] = [{"ship": p.ship, "station": p.station, "what": p.what}
                      for p in pending(state)
                      if p.ship is None or state.ship(p.ship).side == side]
    return out
