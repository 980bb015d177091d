"""Mine and decoy counters on the map, as each seat may know them: pure, no pygame.

Book Two, Advanced: Mines: the mine counters are laid face down with three dummy counters for
each, and nobody but the laying side knows which are mines until a ship enters their hex and
they are turned over. The engine's `view` says so per seat (`counters`: each counter's hex, its
side, whether it is turned over, and `mine` true/false where the seat may know it, else None);
this module only arranges that for drawing: a seat sees its own side's mines and decoys, and
other sides' face-down counters as "face-down counter" only. The Instructor sees everything.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from readouts.colour import Colour
from readouts.sides import NO_SIDE, side_colours

MINE, DECOY, FACE_DOWN = "mine", "decoy", "face-down"
LEGEND = {MINE: "mine", DECOY: "decoy (dummy counter)", FACE_DOWN: "face-down counter: mine or decoy"}
"""The legend's words for each kind of counter drawn."""


@dataclass(frozen=True, slots=True)
class CounterMarker:
    col: int
    row: int
    side: str
    kind: str           # MINE, DECOY or FACE_DOWN (what the seat may know), or the view's own
    #                     name of a ruleset's counter ("seeker missile"), drawn as a diamond
    shown: bool         # turned over: every seat sees what it is
    colour: Colour      # the laying side's colour (grey for a counter the seat cannot read)


def counter_markers(view: Mapping[str, Any], sides: Sequence[str]) -> tuple[CounterMarker, ...]:
    """The view's counters as markers, in their laying side's colour (`sides`: the ships' sides
    in order, so a side's counters share its ships' colour)."""
    raw = [c for c in view.get("counters", ()) or () if isinstance(c, Mapping)]
    colours = side_colours([*sides, *(str(c.get("side")) for c in raw)])
    out = []
    for c in raw:
        try:
            col, row, side = int(c["col"]), int(c["row"]), str(c["side"])
        except (KeyError, TypeError, ValueError):
            continue
        mine = c.get("mine")
        kind = FACE_DOWN if mine is None else (MINE if mine else DECOY)
        own = c.get("kind")
        if isinstance(own, str) and own and own not in LEGEND:   # a ruleset's own counter
            kind = own[:40]                                     # ("seeker missile"): its name
        colour = NO_SIDE if kind == FACE_DOWN else colours.get(side, NO_SIDE)
        out.append(CounterMarker(col, row, side, kind, bool(c.get("shown")), colour))
    return tuple(out)


def legend_lines(counters: Sequence[CounterMarker]) -> tuple[tuple[str, str], ...]:
    """(kind, words) for each kind of counter on the map, in a fixed order."""
    kinds = {c.kind for c in counters}
    return tuple((k, LEGEND.get(k, k)) for k in (MINE, DECOY, FACE_DOWN, *sorted(kinds - set(LEGEND)))
                 if k in kinds)
