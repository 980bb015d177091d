"""The Master Control Panel's record of past turns (Book Two, Expert: Master Control Panels,
seed lines 583-671; Using The Master Control Panels, lines 745-773).

"Space for 19 turns has been provided for this purpose": each game turn, as it ends, adds one
column per ship (`TurnRecord`): Total Power, Power To Movement/Shields/Weapons, Movement Points,
the warp speed, each weapon's power with its fired and damaged marks, the shield points, the
superstructure, the casualties and the Sensors Track's box. Kept for the whole game (not only 19
turns); a seat reads its own ships' record through `view` (views.py), the Instructor every ship's.
The present turn's entries are the ship's own fields.
"""

from __future__ import annotations

from typing import Any

from engine.rulesets.fasa.values.state import Ship, TurnRecord, replace


def sensors_box(ship: Ship) -> str:
    """The Sensors Track's box for the turn: "X" out, "L" a lock, "O" a lock not obtained, ""."""
    if ship.sensors_out:
        return "X"
    if ship.lock:
        return "L"
    return "O" if ship.lock_tried else ""


def close_turn(ship: Ship, turn: int) -> Ship:
    """Add the turn's column to the ship's record (before the panel is reset)."""
    alloc = ship.allocation
    column = TurnRecord(
        turn=turn, power=ship.total_power,
        allocation=(0, 0, 0) if alloc is None else (alloc.movement, alloc.shields, alloc.weapons),
        movement_points=ship.movement_points, warp=ship.warp,
        weapons=tuple((w.power, w.fired, w.damaged) for w in ship.weapons),
        shields=ship.shields, superstructure=ship.superstructure, casualties=ship.casualties,
        sensors=sensors_box(ship))
    return replace(ship, record=(*ship.record, column))


def record_json(ship: Ship) -> list[dict[str, Any]]:
    """The record as a screen shows it, one entry a turn."""
    return [{"turn": r.turn, "power": r.power,
             "movement": r.allocation[0], "shields_power": r.allocation[1],
             "weapons_power": r.allocation[2], "movement_points": r.movement_points,
             "warp": r.warp,
             "weapons": [{"id": spec.id, "power": p, "fired": f, "damaged": d}
                         for spec, (p, f, d) in zip(ship.cls.weapons, r.weapons, strict=True)],
             "shield_points": list(r.shields), "superstructure": r.superstructure,
             "casualties_percent": r.casualties / 10, "sensors": r.sensors}
            for r in ship.record]
