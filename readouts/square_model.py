"""A square map's features as the seat's `view` gives them (docs/engine.md, "The map shape":
`map.grid` "square", with walls, doors, consoles, cover, ground, zones and the squares the
seat's character sees), arranged for drawing. Pure: no pygame; no ruleset named."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.game import Offset  # (col, row): a square of the grid

SQUARE = "square"


@dataclass(frozen=True, slots=True)
class DoorMark:
    col: int
    row: int
    open: bool
    locked: bool


@dataclass(frozen=True, slots=True)
class SquareFeatures:
    """What stands on a square map: walls (full height), cover by height ("low", "high",
    "slit"), ground by kind ("water", "rough", "climb"), doors, consoles (waist-high devices),
    objective zones, and the squares the seat sees (None: all, the Instructor's)."""

    walls: frozenset[Offset]
    cover: tuple[tuple[Offset, str], ...]
    ground: tuple[tuple[Offset, str], ...]
    doors: tuple[DoorMark, ...]
    consoles: tuple[Offset, ...]
    zones: frozenset[Offset]
    seen: frozenset[Offset] | None


def _place(item: object) -> Offset | None:
    try:
        if isinstance(item, Mapping):
            return int(item["col"]), int(item["row"])
        if isinstance(item, list | tuple) and len(item) == 2:
            return int(item[0]), int(item[1])
    except (KeyError, TypeError, ValueError):
        return None
    return None


def _places(items: object) -> list[Offset]:
    out = []
    for item in items if isinstance(items, list | tuple) else ():
        at = _place(item)
        if at is not None:
            out.append(at)
    return out


def square_features(view: Mapping[str, Any]) -> SquareFeatures | None:
    """The features of a square map, or None when the view's map is not square (a hex map).
    A key left out shows nothing, never an error."""
    mp = view.get("map")
    if not isinstance(mp, Mapping) or mp.get("grid") != SQUARE:
        return None
    cover = []
    for c in mp.get("cover", ()) or ():
        at = _place(c)
        if at is not None and isinstance(c, Mapping):
            cover.append((at, str(c.get("height", "low"))))
    ground = []
    for g in mp.get("ground", ()) or ():
        at = _place(g)
        if at is not None and isinstance(g, Mapping):
            ground.append((at, str(g.get("kind", "rough"))))
    doors = []
    for d in mp.get("doors", ()) or ():
        at = _place(d)
        if at is not None and isinstance(d, Mapping):
            doors.append(DoorMark(at[0], at[1], bool(d.get("open")), bool(d.get("locked"))))
    zones: set[Offset] = set()
    for z in mp.get("zones", ()) or ():
        if isinstance(z, Mapping):
            zones.update(_places(z.get("squares", ())))
    seen = mp.get("seen")
    return SquareFeatures(frozenset(_places(mp.get("walls", ()))), tuple(cover), tuple(ground),
                          tuple(doors), tuple(_places(mp.get("consoles", ()))),
                          frozenset(zones),
                          frozenset(_places(seen)) if isinstance(seen, list) else None)
