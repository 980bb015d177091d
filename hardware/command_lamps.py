"""The Command & Control lights of a ship's panels, from the seat's own view: pure data.

Book Two, Command & Control: Bridge Hits And DEX Rolls (seed lines 1353-1391) and Engineering Out
(lines 1393-1401). Three lights on each officer's panel, each lit only from what the seat's view
says of its own ship (`shaken_stations`, `systems_out`, `system_stations`, `grid_out`; docs/
engine.md, "Command & Control: shaken bridge and power"), so a light never tells another side's
secret:

- `shaken`: this panel's officer is shaken (a failed DEX roll not yet passed);
- `system_out`: a system this panel's officer is in charge of is shaken ("as though that system
  had no power", line 1373);
- `grid_out`: the power is off the grid: lit on every panel of the ship (line 1397).

A ship without these keys (an uncrewed ship, another level) lights none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hardware.functions import COMMAND_LEDS, GRID_OUT_LED, SHAKEN_LED, SYSTEM_OUT_LED
from hardware.lamps import OFF, ON, Lamp

__all__ = ["COMMAND_LEDS", "command_plan", "officer_shaken", "systems_out_at"]


def systems_of(ship: Mapping[str, Any], station: str) -> tuple[str, ...]:
    """The systems whose officer in charge works at `station` (the view's `system_stations`)."""
    where = ship.get("system_stations")
    if not isinstance(where, Mapping):
        return ()
    return tuple(str(system) for system, st in where.items() if st == station)


def systems_out_at(ship: Mapping[str, Any] | None, station: str) -> tuple[str, ...]:
    """The systems out that `station`'s officer is in charge of."""
    if not ship:
        return ()
    out = ship.get("systems_out")
    if not isinstance(out, Mapping):
        return ()
    return tuple(s for s in systems_of(ship, station) if out.get(s) is True)


def officer_shaken(ship: Mapping[str, Any] | None, station: str) -> bool:
    shaken = ship.get("shaken_stations") if ship else None
    return isinstance(shaken, Mapping) and shaken.get(station) is True


def command_plan(ship: Mapping[str, Any] | None, station: str) -> dict[str, Lamp]:
    """The three lights of `station`'s panel on its own ship `ship` (the seat's view of it)."""
    grid = bool(ship) and ship is not None and ship.get("grid_out") is True
    return {SHAKEN_LED: ON if officer_shaken(ship, station) else OFF,
            SYSTEM_OUT_LED: ON if systems_out_at(ship, station) else OFF,
            GRID_OUT_LED: ON if grid else OFF}
