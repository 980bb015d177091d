"""A hidden ship tells nothing by where it is (docs/rules-decisions.md, "What each seat may
know"): the other way from `test_secrets_differential.py`, whose games this plays.

A state of a game is kept and a ship hidden from a side is put on every hex of the map it could
be on (every hex that holds no obstacle, and on its own hex at every heading); every seat of that
side must see the same `view`, `pending` and `controls` wherever it is, and a bridge display the
same pixels at a sample of the hexes (those where the sensor shadow of an obstacle falls otherwise
between it and the side's ships, and a few more). Whose turn it is must not tell where a hidden
ship is.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from test_secrets_differential import (
    LONG,
    display_models,
    fonts,  # noqa: F401  (the module's fonts, for the screens drawn here)
    main_line,
    new_watch,
    pixels,
    scenario_for,
)

import engine
from engine import Seat
from engine.hexgrid import Hex, offset_to_hex
from engine.rulesets.fasa.firing.hiding import hidden_from, in_sensor_shadow
from engine.rulesets.fasa.values.state import SENSE, FasaState, Ship, replace

PLACE_CASES = [("gambit", n) for n in range(6 if LONG else 3)] + [
    ("expert-gambit", n) for n in range(3 if LONG else 1)] + [("staged", n) for n in range(2)]
PLACE_SAMPLE = ("gambit", 0)
"""The case a developer's run plays, at its Sensor Phases alone (the rest are `slow`, and
compare the first state of each step too)."""
PLACE_PIXELS = 6
"""The hexes of each state at which the screens are drawn and compared."""


def places(state: FasaState, ship: Ship) -> Iterator[tuple[Hex, int]]:
    """Every place `ship` could be on: each hex of the map without an obstacle, at its heading,
    and its own hex at every heading."""
    for col in range(state.bounds.cols):
        for row in range(state.bounds.rows):
            h = offset_to_hex(col, row)
            if h not in state.obstacles and h != ship.pos:
                yield h, ship.heading
    for heading in range(6):
        if heading != ship.heading:
            yield ship.pos, heading


def seen_of(state: FasaState, seat: Seat) -> tuple[object, ...]:
    return engine.view(state, seat), engine.pending(state, seat), engine.controls(state, seat)


def hidden_states(kind: str, n: int, every: bool) -> Iterator[tuple[FasaState, Ship, str]]:
    """States of a game with a ship hidden from a side, the ship and the side: the first of the
    first Sensor Phase, and with `every` the first of each Sensor Phase and of each step (and of
    each step's rolls) too."""
    line = main_line(scenario_for(kind, n), 2000 + n, kind)
    seen: set[object] = set()
    for step in line:
        state = step.state
        key: object = (state.step, bool(state.roll))
        if state.step == SENSE:
            key = (SENSE, state.turn if every else 0)
        elif not every:
            continue
        if key in seen:
            continue
        seen.add(key)
        for ship in state.ships:
            for watcher_side in sorted({s.side for s in state.ships} - {ship.side}):
                if hidden_from(state, ship, watcher_side):
                    yield state, ship, watcher_side


def shadow_changes(state: FasaState, ship: Ship, moved: FasaState, side_: str) -> bool:
    """Whether an obstacle's sensor shadow falls otherwise between the hidden ship and a ship of
    the watching side at its new place."""
    old, new = moved.ship(ship.id), state.ship(ship.id)
    return any(in_sensor_shadow(state, new, w) != in_sensor_shadow(moved, old, w)
               or in_sensor_shadow(state, w, new) != in_sensor_shadow(moved, w, old)
               for w in state.ships if w.side == side_)


@pytest.mark.parametrize(("kind", "n"), [case if case == PLACE_SAMPLE else
                                        pytest.param(*case, marks=pytest.mark.slow)
                                        for case in PLACE_CASES])
def test_a_hidden_ship_tells_nothing_by_where_it_is(kind: str, n: int) -> None:
    checked = 0
    rng = random.Random(f"places{kind}{n}")
    for state, ship, watching in hidden_states(kind, n, (kind, n) != PLACE_SAMPLE):
        seats = [Seat(st, s.id) for s in state.ships if s.side == watching
                 and hidden_from(state, ship, watching, s.id)   # Expert: a detection is a ship's
                 for st in engine.crew_stations(state, s.id)]
        if not seats:
            continue
        base = [seen_of(state, seat) for seat in seats]
        screen = new_watch(rng.choice(seats), state)
        screen.displays[0].show(state)   # as the other display shows it: a second time
        base_models, base_pixels = display_models(screen.displays[0]), pixels(screen.displays[0])
        where = f"{kind} {n}, turn {state.turn} {state.step} phase {state.phase}: {ship.name}"
        drawn = 0
        for hex_, heading in places(state, ship):
            moved = state.with_ship(replace(ship, pos=hex_, heading=heading))
            for seat, seen in zip(seats, base, strict=True):
                assert seen_of(moved, seat) == seen, \
                    f"{where} at {hex_} heading {heading}: {seat} sees the difference"
            checked += 1
            if drawn < PLACE_PIXELS and (shadow_changes(moved, ship, state, watching)
                                         or rng.random() < 0.005):
                drawn += 1
                screen.displays[1].show(moved)
                assert display_models(screen.displays[1]) == base_models, \
                    f"{where} at {hex_} heading {heading}: {screen.seat}'s display differs"
                assert pixels(screen.displays[1]) == base_pixels, \
                    f"{where} at {hex_} heading {heading}: {screen.seat}'s screen differs"
                screen.displays[1].show(state)
    assert checked, "no hidden ship was met"
