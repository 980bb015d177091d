"""Placing ships before turn 1, declared once (Book Two, Advanced Scenarios, The Romulan Gambit,
Game Setup, seed 000 line 545; `placement.py` is the rule itself, this its part in the game:
`rule.Rule`).

A scenario that leaves a ship's place to the table (`place = "anywhere"` or `"edge"`) starts the
game with a placement step: each such ship's Captain (or the Instructor) gives its hex and
heading, all at once and in any order, the scenario's own place by default; then turn 1's Power
Allocation Phase begins. A cloaked ship's placement is told to its side alone, as its moves are
(`events.ShipPlaced`); another side sees only that the ship is being placed.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Together, Value
from engine.hexgrid import HEADING_NAMES, offset_to_hex
from engine.ruleset import Prompt
from engine.rulesets.fasa.moving import placement
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Disclosure, Flow, Result, Rule, Told
from engine.rulesets.fasa.values.actions import PlaceShip
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import PLACE, POWER, FasaState, Ship, replace
from engine.stations import title


def _flow(state: FasaState) -> Flow:
    """The step waits until every ship to place is placed; then turn 1's Power Allocation Phase."""
    if state.to_place:
        return state, [], True
    state = replace(state, step=POWER)
    return state, [Note(f"Turn {state.turn}: Power Allocation Phase")], False


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    return tuple(Prompt(sid, state.station_for(sid, Duty.COMMAND),
                        f"place {state.ship(sid).name} "
                        + ("on an edge of the map, to enter from it"
                           if placement.kind_of(state, sid) == placement.EDGE
                           else "anywhere on the map")
                        + " (column, row, heading)", None, "place_ship")
                 for sid in state.to_place)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, PlaceShip)
    return placement.place(state, ship, action, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [PlaceShip(station, ship.id, c, r, h) for c, r, h in place_options(state, ship)]


def place_options(state: FasaState, ship: Ship) -> list[tuple[int, int, int]]:
    """The scenario's place with each heading, and a sample of the other hexes the ship may be
    placed on (every hex would be thousands of actions), each facing the map's centre side."""
    col, row = placement.where(ship)
    out = [(col, row, h) for h in range(6)]
    bounds = state.bounds
    spots = [(c, r) for c in range(bounds.cols) for r in range(bounds.rows)
             if not placement.place_problem(state, ship, c, r, 0)]
    out += [(c, r, 1 if c < bounds.cols // 2 else 4) for c, r in spots[::max(1, len(spots) // 12)]]
    return list(dict.fromkeys(o for o in out
                              if not placement.place_problem(state, ship, *o)))


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """Where the ship starts, before turn 1 (The Romulan Gambit: "the players may place their
    ships anywhere"; the cruiser "may enter the map from any location"): column, row and
    heading, by default the scenario's. An obstacle, or a hex off the edge for a ship that
    enters from one, is refused with a reason (`problem`)."""
    col, row = placement.where(ship)
    bounds = state.bounds
    edge = placement.kind_of(state, ship.id) == placement.EDGE

    def build(v: Mapping[str, Value]) -> Action:
        return PlaceShip(station, ship.id, cast(int, v["col"]), cast(int, v["row"]),
                         cast(int, v["heading"]))

    headings = tuple(Choice(h, f"{h} {HEADING_NAMES[h]}") for h in range(6))
    fields = (
        Field("col", "Column", FieldKind.INT, col, 0, bounds.cols - 1),
        Field("row", "Row", FieldKind.INT, row, 0, bounds.rows - 1),
        Field("heading", "Heading", FieldKind.CHOICE, ship.heading, choices=headings),
    )
    where = "on an edge of the map, to enter from it" if edge else "anywhere on the map"
    # the hexes it may start in, as column and row together: no obstacle, on an edge if it
    # enters from one (`placement.place_problem`)
    hexes = tuple((c, r) for c in range(bounds.cols) for r in range(bounds.rows)
                  if offset_to_hex(c, r) not in state.obstacles
                  and (not edge or placement.on_edge(bounds, c, r)))
    rule = (f"a hex on an edge: column 0 or {bounds.cols - 1}, or row 0 or {bounds.rows - 1}"
            if edge else "any hex but an obstacle")
    return Decision(prompt, "place_ship", station,
                    f"{title(station)}: place {ship.name} {where}", fields, (), build,
                    together=(Together(("col", "row"), hexes, rule),))


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    """Where the scenario puts it: a simple, sensible player."""
    return PlaceShip(station, ship.id, *placement.where(ship), ship.heading)


RULE = Rule(
    name="Placing ships before turn 1 (The Romulan Gambit, line 545)",
    levels=LEVELS_FROM_BASIC,
    step_of={"place_ship": PLACE},
    step_words={PLACE: "the placing of ships before turn 1"},
    steps={PLACE: _flow},
    prompts={PLACE: _prompts},
    decisions={"place_ship": _decide},
    options={"place_ship": _options},
    controls={"place_ship": _controls},
    autopilot={"place_ship": _autopilot},
    disclosure={"place_ship": Disclosure(Told.ACTS, "placing its ship")},
)
