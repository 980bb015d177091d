"""Mines (Book Two, Advanced: Mines; Romulan Cloaking Device; The Romulan Gambit).

"the mine counters are positioned upside down on the Starfield Mapsheet before the game begins.
For each mine counter used, three dummy counters ... are placed face-down at the same time to act
as decoys. When a ship enters a hex with a mine or a decoy, the counter is turned over. If it is
a decoy, the counter is removed from the board ... To see if a mine is set off, its commander
rolls one die. If there is more than one mine in a hex, a separate die roll must be made for each
mine. On a 5 or less, a hit is scored ... The damage occurs on the forward hexside, and its effect
is determined as in normal combat. Damage from a mine is the same as the normal damage from a
missile weapon used by the race that laid the minefield. Ships from the race that laid the mine
may pass through the mined hex unharmed." And "mines are still set off by a cloaked ship".

A scenario lists `[[minefields]]`: the laying `side`, its `mines` and `decoys` as [col, row]
hexes (three decoys a mine), and, optionally, the `damage` of a mine at full scale (scaled as ship
data is); without it, the largest Damage of a missile weapon of the laying side's ship classes.
Each mine set off is a `Shot` of the weapon `MINE` at the ship, resolved in the Movement Phase
(step `MINE`) before the next ship moves. Choices are in docs/rules-decisions.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from engine.errors import DataError
from engine.events import Event
from engine.hexgrid import Hex, MapBounds, hex_to_offset, offset_to_hex
from engine.rulesets.fasa.data.ships import ShipClass, scale_value
from engine.rulesets.fasa.firing.combat import request, shot_done, strike_shield
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import MineRevealed, MineSetOff
from engine.rulesets.fasa.values.state import MINE, Counter, FasaState, Ship, Shot, replace

MINE_HIT = 5
"""A d10 roll of 5 or less sets a mine off (Advanced: Mines)."""
FORWARD_SHIELD = 2
"""Shield 2 faces ahead: "The damage occurs on the forward hexside"."""
DECOYS_PER_MINE = 3
MAX_COUNTERS = 400



def counters_from(raw: Any, where: str, sides_of: Mapping[str, str],
                  classes: Mapping[str, ShipClass], class_of: Mapping[str, str],
                  bounds: MapBounds, obstacles: frozenset[Hex],
                  scale: Fraction) -> tuple[tuple[Counter, ...], tuple[tuple[str, int], ...]]:
    """The counters of a scenario's `minefields`, and each laying side's mine damage."""
    if raw is None:
        return (), ()
    if not isinstance(raw, list | tuple):
        raise DataError(f"{where}: minefields must be a list of tables")
    counters: list[Counter] = []
    damage: dict[str, int] = {}
    sides = set(sides_of.values())
    for n, field in enumerate(raw, 1):
        at = f"{where}, minefields[{n}]"
        if not isinstance(field, Mapping):
            raise DataError(f"{at}: must be a table")
        unknown = sorted(str(k) for k in set(field) - {"side", "mines", "decoys", "damage"})
        if unknown:
            raise DataError(f"{at}: unknown field(s) {', '.join(unknown)}; known: damage, "
                            "decoys, mines, side")
        side = field.get("side")
        if not isinstance(side, str) or side not in sides:
            raise DataError(f"{at}: side must be one of the scenario's sides "
                            f"({', '.join(sorted(sides))}), not {side!r}")
        mines = _hexes(at, "mines", field.get("mines"), bounds, obstacles)
        decoys = _hexes(at, "decoys", field.get("decoys", []), bounds, obstacles)
        if not mines:
            raise DataError(f"{at}: lists no mines")
        if len(decoys) != DECOYS_PER_MINE * len(mines):
            raise DataError(f"{at}: {len(mines)} mines take {DECOYS_PER_MINE * len(mines)} "
                            f"decoys (three for each mine), not {len(decoys)}")
        counters += [Counter(h, side, True) for h in mines]
        counters += [Counter(h, side, False) for h in decoys]
        damage[side] = _damage(at, field.get("damage"), side, sides_of, classes, class_of, scale)
    if len(counters) > MAX_COUNTERS:
        raise DataError(f"{where}: {len(counters)} mine counters; at most {MAX_COUNTERS}")
    return tuple(counters), tuple(sorted(damage.items()))


def _hexes(at: str, name: str, value: Any, bounds: MapBounds,
           obstacles: frozenset[Hex]) -> list[Hex]:
    if not isinstance(value, list | tuple):
        raise DataError(f"{at}: {name} must be a list of [col, row]")
    out = []
    for v in value:
        if (not isinstance(v, list | tuple) or len(v) != 2
                or not all(type(x) is int for x in v)):
            raise DataError(f"{at}: {name} entries must be [col, row], not {v!r}")
        h = offset_to_hex(v[0], v[1])
        if not bounds.contains(h):
            raise DataError(f"{at}: {name} {list(v)} is off the {bounds.cols}x{bounds.rows} map")
        if h in obstacles:
            raise DataError(f"{at}: {name} {list(v)} is on an obstacle")
        out.append(h)
    return out


def _damage(at: str, value: Any, side: str, sides_of: Mapping[str, str],
            classes: Mapping[str, ShipClass], class_of: Mapping[str, str],
            scale: Fraction) -> int:
    """A mine's damage: the scenario's (full scale, scaled), else "the normal damage from a
    missile weapon used by the race that laid the minefield": the largest missile Damage among
    the laying side's classes (plasma is no mine: Romulan Plasma Bolts)."""
    if value is not None:
        if type(value) is not int or not 1 <= value <= 999:
            raise DataError(f"{at}: damage must be a whole number 1 to 999, not {value!r}")
        return max(1, scale_value(value, scale))
    missiles = [w.damage for sid, s in sides_of.items() if s == side
                for w in classes[class_of[sid]].weapons if w.kind == "missile"]
    if not missiles:
        raise DataError(f"{at}: side {side} has no missile weapon to make mines of; give the "
                        "minefield a damage (full scale)")
    return max(missiles)


def mine_damage(state: FasaState, side: str) -> int:
    return dict(state.setup.mine_damage).get(side, 0)


def enter(state: FasaState, ship: Ship, hexes: Sequence[Hex]) -> tuple[FasaState, list[Event]]:
    """`ship` entered `hexes` in order: the counters of other sides there are turned over; a
    decoy goes, a mine stays face up and is set off against the ship (a roll each). The laying
    side's ships pass unharmed and turn nothing over."""
    events: list[Event] = []
    counters = list(state.counters)
    shots: list[Shot] = []
    seen: set[Hex] = set()
    for h in hexes:
        if h in seen:
            continue
        seen.add(h)
        kept = []
        for c in counters:
            if c.pos != h or c.side == ship.side:
                kept.append(c)
                continue
            col, row = hex_to_offset(h)
            if not c.shown:
                events.append(MineRevealed(ship.id, ship.name, c.side, col, row, c.mine))
            if c.mine:
                kept.append(replace(c, shown=True))
                shots.append(Shot(ship.id, MINE, ship.id, damage=mine_damage(state, c.side),
                                  at=h))
        counters = kept
    return replace(state, counters=tuple(counters), shots=state.shots + tuple(shots)), events


def set_off(state: FasaState, shot: Shot) -> FasaState:
    """The mine went off: it is gone from the map."""
    counters = list(state.counters)
    for i, c in enumerate(counters):
        if c.pos == shot.at and c.mine and c.shown:
            del counters[i]
            break
    return replace(state, counters=tuple(counters))


def counters_json(state: FasaState, side: str | None) -> list[dict[str, Any]]:
    """The counters on the map as `side` sees them (None: everything): every counter's hex and
    laying side; whether a face-down counter is a mine only for its own side."""
    out = []
    for c in state.counters:
        col, row = hex_to_offset(c.pos)
        known = side is None or c.side == side or c.shown
        out.append({"col": col, "row": row, "side": c.side, "shown": c.shown,
                    "mine": c.mine if known else None})
    return sorted(out, key=lambda d: (d["col"], d["row"], d["side"], d["shown"],
                                      str(d["mine"])))


def redacted_counters(state: FasaState, side: str | None) -> tuple[Counter, ...]:
    """The counters for a side's redacted state: face-down counters of other sides all read as
    decoys, in map order, so nothing tells which are mines."""
    if side is None:
        return state.counters
    out = [c if c.side == side or c.shown else replace(c, mine=False) for c in state.counters]
    return tuple(sorted(out, key=lambda c: (hex_to_offset(c.pos), c.side, c.shown, c.mine)))


def ask_roll(state: FasaState, shot: Shot, target: Ship) -> tuple[FasaState, list[Event]]:
    """Ask the laying side's die for the mine `shot` against `target`: "To see if a mine is set
    off, its commander rolls one die" (Advanced: Mines), asked of the target's Captain as the
    table's public roll (docs/rules-decisions.md)."""
    col, row = hex_to_offset(shot.at or target.pos)
    state, ev = request(state, target.id, Duty.COMMAND,
                        f"the mine at {col},{row} against {target.name}: 1-{MINE_HIT} it "
                        "goes off", (1, MINE_HIT), public=True)
    return state, [ev]


def on_roll(state: FasaState, shot: Shot, target: Ship,
            value: int) -> tuple[FasaState, list[Event]]:
    """Advanced: Mines — "On a 5 or less, a hit is scored"; "The damage occurs on the forward
    hexside, and its effect is determined as in normal combat"."""
    col, row = hex_to_offset(shot.at or target.pos)
    if value > MINE_HIT:
        return shot_done(state, [MineSetOff(target.id, target.name, col, row, False, 0)])
    state = set_off(state, shot)
    state, more = strike_shield(state, target, FORWARD_SHIELD, shot.damage)
    return state, [MineSetOff(target.id, target.name, col, row, True, shot.damage), *more]
