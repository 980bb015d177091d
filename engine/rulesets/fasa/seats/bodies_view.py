"""The bodies of the map as every seat sees them: a planet and its gravity well are in plain
sight (*Battlestations!*, 01C-1, seed 001 line 184: the well is "an area of space surrounding a
planetary body"). What the gamemaster tells of a body (its mass, composition, life) is not here:
a sensor reading tells it (variants/battlestations/lock.py)."""

from __future__ import annotations

from typing import Any

from engine.hexgrid import hex_to_offset
from engine.rulesets.fasa.values.state import FasaState


def bodies_json(state: FasaState) -> list[dict[str, Any]]:
    """Each body: its name, kind, hex, well depth and the well's hexes on the map."""
    out = []
    for body in state.setup.bodies:
        col, row = hex_to_offset(body.pos)
        out.append({"name": body.name, "kind": body.kind, "col": col, "row": row,
                    "well": body.well,
                    "well_hexes": sorted(list(hex_to_offset(h))
                                         for h in body.hexes(state.bounds))})
    return out
