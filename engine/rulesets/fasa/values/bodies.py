"""Planets, moons and stars on the map, each with its gravity well (*Battlestations!*, 01C-1
Gravity Wells, seed 001 lines 180-194): a scenario's `[[bodies]]`.

Line 184: a gravity well is "an area of space surrounding a planetary body (usually one to four
hexes deep, depending on the size of the object in question)". A scenario names each body's hex
and the depth of its well; what a gamemaster tells of a body locked on by sensors (line 146-151:
"Mass and size", "Composition", "Status of that composition", "The type of lifeforms present")
may be written beside it. In TOML:

    [[bodies]]
    name = "Cestus III"          # 1-80 characters, unique
    col = 16                     # its hex, on the map
    row = 12
    well = 3                     # the well's depth in hexes, 1 to 4 (line 184)
    kind = "planet"              # optional: planet, moon, star, asteroid (words on the map)
    mass = "0.9 Earth masses"    # optional, each at most 80 characters: the gamemaster's answers
    size = "11,800 km across"
    composition = "rock and iron"
    state = "solid"
    life = "humans, about 5,000 in the colony"

The body's own hex is in its well (it is the well's bottom, line 182: "Anything on a planet or
moon is considered to be at the bottom of the gravity well"); a scenario that wants the body to
block movement and fire lists its hex among the `obstacles` too (Book Two's planet counters).

This module reads no game state, so that the state's `Setup` can hold the bodies; what a well does
is the variant's (variants/battlestations/wells.py).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import DataError
from engine.hexgrid import Hex, MapBounds, distance, offset_to_hex

MIN_WELL, MAX_WELL = 1, 4
"""A well's depth in hexes: "usually one to four hexes deep" (line 184). The seed's "usually"
allows more; a deeper well would cover most of a 32x24 map, so 1-4 is what a scenario may
write (docs/rules-decisions.md, Battlestations!)."""
MAX_BODIES = 8
"""Bodies one scenario may hold (a bound on data, docs/rules-decisions.md)."""
MAX_WORDS = 80
"""Characters of a body's name or of one of the gamemaster's answers."""
KINDS = ("planet", "moon", "star", "asteroid")
"""What a body may be called (line 182: "The Sun", "Asteroids and small moons", planets)."""
TEXT_KEYS = ("mass", "size", "composition", "state", "life")
BODY_KEYS = frozenset({"name", "col", "row", "well", "kind", *TEXT_KEYS})


@dataclass(frozen=True, slots=True)
class Body:
    """A body on the map and its gravity well; the gamemaster's words for it ("" = not given)."""

    name: str
    pos: Hex
    well: int
    kind: str = "planet"
    mass: str = ""
    size: str = ""
    composition: str = ""
    state: str = ""
    life: str = ""

    def holds(self, h: Hex) -> bool:
        """Whether hex `h` is in this body's well: no farther from the body than the well is
        deep (line 184: "an area of space surrounding a planetary body")."""
        return distance(self.pos, h) <= self.well

    def hexes(self, bounds: MapBounds) -> frozenset[Hex]:
        """The hexes of the map in this body's well."""
        out = set()
        for dq in range(-self.well, self.well + 1):
            for dr in range(max(-self.well, -dq - self.well), min(self.well, -dq + self.well) + 1):
                h = Hex(self.pos.q + dq, self.pos.r + dr)
                if bounds.contains(h):
                    out.add(h)
        return frozenset(out)

    def to_dict(self, col: int, row: int) -> dict[str, Any]:
        """The scenario's entry for this body (its hex given as `col`, `row`)."""
        out: dict[str, Any] = {"name": self.name, "col": col, "row": row, "well": self.well,
                               "kind": self.kind}
        for key in TEXT_KEYS:
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


def bodies_from(raw: Any, where: str, bounds: MapBounds) -> tuple[Body, ...]:
    """A scenario's `bodies` list, checked: a DataError names the entry, the field and what a
    right one looks like."""
    if raw is None:
        return ()
    if not isinstance(raw, list | tuple):
        raise DataError(f"{where}: bodies must be a list of [[bodies]] tables (name, col, row, "
                        f"well), not {raw!r:.60}")
    if len(raw) > MAX_BODIES:
        raise DataError(f"{where}: {len(raw)} bodies; a scenario holds at most {MAX_BODIES}")
    bodies = tuple(_body(f"{where}, bodies[{n}]", entry, bounds)
                   for n, entry in enumerate(raw, 1))
    names = [b.name for b in bodies]
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise DataError(f"{where}: bodies: each body needs a name of its own; "
                        f"{', '.join(twice)} is given twice")
    hexes = [b.pos for b in bodies]
    if len(set(hexes)) != len(hexes):
        raise DataError(f"{where}: bodies: two bodies are in the same hex; give each its own")
    return bodies


def _body(where: str, entry: Any, bounds: MapBounds) -> Body:
    if not isinstance(entry, Mapping):
        raise DataError(f"{where}: must be a table (name, col, row, well), not {entry!r:.60}")
    unknown = sorted(str(k) for k in entry if k not in BODY_KEYS)
    if unknown:
        raise DataError(f"{where}: unknown field(s) {', '.join(unknown)}; "
                        f"known: {', '.join(sorted(BODY_KEYS))}")
    for key in ("name", "col", "row", "well"):
        if key not in entry:
            raise DataError(f"{where}: missing field {key!r} (a body needs name, col, row, well)")
    name = entry["name"]
    if not isinstance(name, str) or not 0 < len(name.strip()) <= MAX_WORDS:
        raise DataError(f"{where}: name must be text of 1 to {MAX_WORDS} characters, "
                        f"not {name!r:.60}")
    col, row = entry["col"], entry["row"]
    if type(col) is not int or type(row) is not int:
        raise DataError(f"{where} ({name}): col and row must be whole numbers, "
                        f"not {col!r:.20}, {row!r:.20}")
    pos = offset_to_hex(col, row)
    if not bounds.contains(pos):
        raise DataError(f"{where} ({name}): hex [{col}, {row}] is off the "
                        f"{bounds.cols}x{bounds.rows} map")
    well = entry["well"]
    if type(well) is not int or not MIN_WELL <= well <= MAX_WELL:
        raise DataError(f"{where} ({name}): well must be the gravity well's depth, a whole "
                        f"number of hexes {MIN_WELL} to {MAX_WELL} (Battlestations!: "
                        f"\"usually one to four hexes deep\"), not {well!r:.20}")
    kind = entry.get("kind", "planet")
    if kind not in KINDS:
        raise DataError(f"{where} ({name}): kind must be one of {', '.join(KINDS)}, "
                        f"not {kind!r:.30}")
    words: dict[str, str] = {}
    for key in TEXT_KEYS:
        value = entry.get(key, "")
        if not isinstance(value, str) or len(value) > MAX_WORDS:
            raise DataError(f"{where} ({name}): {key} must be text of at most {MAX_WORDS} "
                            f"characters (what the gamemaster tells of it), not {value!r:.40}")
        words[key] = value.strip()
    return Body(name=name.strip(), pos=pos, well=well, kind=str(kind), **words)
