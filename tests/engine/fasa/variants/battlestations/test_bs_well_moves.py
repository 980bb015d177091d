"""A move through a gravity well at impulse (Battlestations!, 01C-1, seed 001 lines 190-192):
FASA's move with the course cut where the well stops the ship and the excess charged."""

from __future__ import annotations

import functools
from typing import Any

import pytest

import engine
from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine.hexgrid import distance, hex_to_offset, offset_to_hex
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.values.actions import Move
from engine.rulesets.fasa.values.state import FasaState, replace
from engine.rulesets.fasa.variants.battlestations.well_moves import cut_course, move_in_wells

PLANET = (16, 12)


@functools.cache
def kronos_to_move() -> tuple[FasaState, Any]:
    """cestus-well at the expert level, played by the autopilots up to the Klingon's first
    move; then set 6 hexes from the planet (3 from the well's rim) with 5 hexes to move."""
    state: Any = engine.new_game(prepare(load_scenario("cestus-well", None), None, "expert",
                                         None, 3))
    dice = VirtualDice(3)
    for _ in range(3000):
        prompt = engine.pending(state)[0]
        if prompt.action == "move" and prompt.ship == "kronos":
            ship = state.ship("kronos")
            for points in range(1, 60):
                fast = replace(ship, pos=offset_to_hex(22, 12), movement_points=points)
                if movement.phase_points(state, fast) >= 5:
                    return state.with_ship(fast), prompt
            raise AssertionError("no movement gives the Klingon 5 hexes a phase")
        action = dice.roll(prompt.roll) if prompt.roll else autopilot.decide(state, prompt)
        state, _ = engine.apply(state, action)
    raise AssertionError("the Klingon never moved")


def west(state: FasaState, n: int) -> str:
    """n letters that take the Klingon towards the planet, ahead where it points west."""
    ship = state.ship("kronos")
    best = ""
    for _ in range(n):
        options = [best + c for c in "FPS"]
        best = min(options, key=lambda s: distance(movement.path(state, ship, s)[0][-1][0],
                                                   state.setup.bodies[0].pos))
    return best


@pytest.mark.slow  # plays the scenario up to a move (wells.py's own tests run in every run)
def test_a_course_into_the_well_stops_at_its_first_hex_and_the_rest_is_damage() -> None:
    """Line 192: "Ships entering a gravity well immediately slow to one hex of movement ... those
    points are converted to superstructure damage on a point-for-point basis"."""
    state, prompt = kronos_to_move()
    ship = state.ship("kronos")
    body = state.setup.bodies[0]
    far = distance(ship.pos, body.pos)
    n = far - body.well + 2   # two hexes more than it takes to reach the well's rim
    steps = west(state, n)
    kept, damage, why = cut_course(state, ship, steps)
    assert len(kept) == n - 2 and damage == 2 and "2 superstructure" in why
    after, events = move_in_wells(state, ship, Move(prompt.station, "kronos", steps),
                                  prompt.station)
    moved = after.ship("kronos")
    assert distance(moved.pos, body.pos) == body.well   # stopped on the rim
    assert moved.superstructure == ship.superstructure - 2
    assert any("gravity well" in e.text for e in events)
    assert hex_to_offset(moved.pos) != PLANET


@pytest.mark.slow
def test_a_course_that_stops_on_the_rim_costs_nothing() -> None:
    """Line 192: "If, however, the ship ended its movement phase one (1) hex inside the gravity
    well, no damage is incurred." """
    state, prompt = kronos_to_move()
    ship = state.ship("kronos")
    body = state.setup.bodies[0]
    steps = west(state, distance(ship.pos, body.pos) - body.well)
    kept, damage, _ = cut_course(state, ship, steps)
    assert kept == steps and damage == 0
    after, _ = move_in_wells(state, ship, Move(prompt.station, "kronos", steps),
                             prompt.station)
    assert after.ship("kronos").superstructure == ship.superstructure
