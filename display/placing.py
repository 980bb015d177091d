"""Placing a ship before turn 1, on the map (plain data, no pygame): the engine's placement
decision ("place_ship": column, row and heading, engine.rulesets.fasa.decisions.controls) is
drawn where it is being entered, and a tap on the map enters it.

- `placed_view`: the seat's view with the ship at the column, row and heading entered so far,
  so that the map shows the place a panel's steppers (or the Captain's buttons) choose;
- `tap_place`: a tap on a hex puts the ship there (within the decision's bounds); a tap on the
  hex it already stands in turns it a sixth clockwise, so a tap or two places it and faces it.
Whether the rules accept the place (an obstacle, a hex off the edge for a ship that enters from
one) is the engine's `problem`, shown on CONFIRM as for any decision.
"""

from __future__ import annotations

from collections.abc import Mapping, MutableMapping
from typing import Any

from engine import Decision

Value = int | str | None
PLACE = "place_ship"
FIELDS = ("col", "row", "heading")


def places(decision: Decision) -> bool:
    """The decision places a ship by column, row and heading."""
    names = {f.name for f in decision.fields}
    return decision.action == PLACE and set(FIELDS) <= names


def placed_view(view: Mapping[str, Any], ship: str | None,
                values: Mapping[str, Value]) -> Mapping[str, Any]:
    """`view` with `ship` at the column, row and heading in `values` (`view` itself when any
    of them is missing)."""
    if ship is None or not all(isinstance(values.get(n), int) for n in FIELDS):
        return view
    ships = [dict(s, col=values["col"], row=values["row"], heading=values["heading"])
             if s.get("id") == ship else s for s in view.get("ships", ())]
    return {**view, "ships": ships}


def tap_place(decision: Decision, values: MutableMapping[str, Value],
              spot: tuple[int, int]) -> str | None:
    """Put the ship at `spot` (column, row), or turn it when it stands there already; the name
    of the field changed last, None when the hex is outside the decision's bounds."""
    fields = {f.name: f for f in decision.fields}
    col, row = spot
    if not (fields["col"].minimum <= col <= fields["col"].maximum
            and fields["row"].minimum <= row <= fields["row"].maximum):
        return None
    if (values.get("col"), values.get("row")) == (col, row):
        headings = [c.value for c in fields["heading"].choices if c.problem is None]
        if not headings:
            return None
        now = values.get("heading")
        values["heading"] = headings[(headings.index(now) + 1) % len(headings)
                                     if now in headings else 0]
        return "heading"
    values["col"], values["row"] = col, row
    return "row"
