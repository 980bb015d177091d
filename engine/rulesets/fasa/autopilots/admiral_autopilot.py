"""What a ship's autopilot makes of an Admiral's orders (an optional rule, seed 000 line 437;
`command/admiral.py`; the Admiral's own orders are declared with the rule, `command/admiral_rule.py`).

A ship's autopilot steers for the enemy its order names, holds its place when told to hold, and
makes for the map's edge farthest from the enemy when told to withdraw (`autopilot.py`).
"""

from __future__ import annotations

from engine.hexgrid import hex_to_offset
from engine.rulesets.fasa.values.state import FasaState, Ship


def withdraw_edge(state: FasaState, ship: Ship, foes: list[Ship]) -> str:
    """The map's edge farthest from the enemies the ship can see (the east edge with none)."""
    if not foes:
        return "east"
    cols = sum(hex_to_offset(f.pos)[0] for f in foes) / len(foes)
    rows = sum(hex_to_offset(f.pos)[1] for f in foes) / len(foes)
    room = {"west": cols, "east": state.bounds.cols - 1 - cols, "north": rows,
            "south": state.bounds.rows - 1 - rows}
    return max(room, key=lambda e: (room[e], e))
