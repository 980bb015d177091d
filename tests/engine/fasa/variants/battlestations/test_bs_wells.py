"""Gravity wells (Battlestations!, 01C-1, seed 001 lines 180-194): impulse movement (lines 190,
192), sensor locks (line 193), torpedoes, plasma and missile ranges (line 194)."""

from __future__ import annotations

from engine.hexgrid import Hex, MapBounds, offset_to_hex
from engine.rulesets.fasa.values.bodies import Body
from engine.rulesets.fasa.variants.battlestations.wells import (
    lock_need,
    lock_need_in,
    phase_hexes,
    range_change,
    to_hit_change,
    well_hexes,
    well_move,
    wells_at,
)
from tests.engine.fasa.variants.battlestations.helpers import game

PLANET = Body("Cestus III", Hex(0, 0), 2)
BODIES = (PLANET,)
EAST = 1  # a heading: q+1 each step along r = 0 is a straight line on the axial grid


def straight(start: int, n: int) -> tuple[Hex, ...]:
    """n hexes along r = 0 from q = start (exclusive)."""
    return tuple(Hex(start + k, 0) for k in range(1, n + 1))


def test_a_well_is_the_body_and_every_hex_as_near_as_its_depth() -> None:
    """Line 184: "an area of space surrounding a planetary body (usually one to four hexes
    deep)": a 2-deep well is the body's hex and the two rings round it, 1 + 6 + 12 hexes."""
    middle = Body("Cestus III", offset_to_hex(10, 10), 2)
    assert len(well_hexes(middle, MapBounds(40, 40))) == 19
    assert len(well_hexes(Body("Edge", offset_to_hex(0, 0), 2), MapBounds(40, 40))) < 19
    assert wells_at(BODIES, Hex(2, 0)) == {"Cestus III"}
    assert wells_at(BODIES, Hex(3, 0)) == frozenset()


# --- Impulse movement -------------------------------------------------------------------------

def test_entering_a_well_stops_the_ship_and_the_movement_left_is_damage_point_for_point() -> None:
    """Line 192: "Ships entering a gravity well immediately slow to one hex of movement ... If
    the vessel had movement points remaining, those points are converted to superstructure
    damage on a point-for-point basis." From q=6, a course of 6 hexes west enters the well at
    q=2 (its 4th hex): the last 2 hexes become 2 superstructure."""
    course = tuple(Hex(6 - k, 0) for k in range(1, 7))
    move = well_move(BODIES, Hex(6, 0), course, warp=0)
    assert move.hexes == course[:4] and move.hexes[-1] == Hex(2, 0)
    assert move.damage == 2
    assert "2 superstructure" in move.why


def test_ending_the_phase_one_hex_inside_costs_nothing() -> None:
    """Line 192: "If, however, the ship ended its movement phase one (1) hex inside the gravity
    well, no damage is incurred." """
    course = tuple(Hex(6 - k, 0) for k in range(1, 5))
    move = well_move(BODIES, Hex(6, 0), course, warp=0)
    assert move.hexes == course and move.damage == 0


def test_inside_a_well_more_than_one_hex_costs_one_point_for_every_three_above() -> None:
    """Line 190: "it can move no faster than one (1) hex per phase. If a ship exceeds this
    limit, it immediately loses one (1) superstructure point for every three (3) hexes of
    movement above the limit." 1 hex: nothing; 3 hexes (2 above): nothing; 4 (3 above): 1;
    7 (6 above): 2."""
    start = Hex(-1, 0)
    assert [well_move(BODIES, start, straight(-1, n), 0).damage for n in (1, 3, 4, 7)] == \
        [0, 0, 1, 2]


def test_the_movement_above_one_hex_is_lost_without_damage() -> None:
    """Line 192: later phases "lose all movement above one (1) hex of movement, but do not incur
    stress related damage": a ship in a well has 1 hex a phase, whatever it allocated."""
    assert phase_hexes(BODIES, Hex(1, 0), warp=0, hexes=5) == 1
    assert phase_hexes(BODIES, Hex(5, 0), warp=0, hexes=5) == 5


def test_the_seed_rules_only_impulse() -> None:
    """Line 188: the rules given are for "IMPULSE SPEEDS"; at warp nothing changes."""
    course = tuple(Hex(6 - k, 0) for k in range(1, 7))
    assert well_move(BODIES, Hex(6, 0), course, warp=2).hexes == course
    assert phase_hexes(BODIES, Hex(1, 0), warp=3, hexes=5) == 5


# --- Sensor locks -------------------------------------------------------------------------------

def test_lock_rolls_in_and_out_of_a_well() -> None:
    """Line 193: "Sensor lock on any ship outside the gravity well now occurs on a roll of 1-4,
    and a sensor lock on any other vessel within the same gravity well succeeds on a roll of
    1-3. The exception is if the two ships are within line of sight, in which case the roll of
    1-4 applies." Away from wells, 1-6 (line 133)."""
    none: frozenset[Hex] = frozenset()
    assert lock_need(BODIES, none, Hex(8, 0), Hex(9, 0)) == 6    # no well about
    assert lock_need(BODIES, none, Hex(1, 0), Hex(8, 0)) == 4    # from the well, out
    assert lock_need(BODIES, none, Hex(2, 0), Hex(1, 0)) == 4    # same well, in sight
    assert lock_need(BODIES, none, Hex(2, 0), Hex(-2, 0)) == 3   # same well, planet between
    assert lock_need(BODIES, none, Hex(8, 0), Hex(1, 0)) == 6    # from outside, in


def test_the_lock_need_reads_the_scenarios_bodies() -> None:
    state = game(bodies=[{"name": "Cestus III", "col": 10, "row": 12, "well": 2}])
    assert lock_need_in(state, offset_to_hex(9, 12), offset_to_hex(20, 12)) == 4
    assert lock_need_in(state, offset_to_hex(20, 12), offset_to_hex(9, 12)) == 6


# --- Firing ------------------------------------------------------------------------------------

def test_torpedoes_and_plasma_lose_one_firing_out_and_three_firing_in() -> None:
    """Line 194: "reduce all firing rolls by one (1) if firing out of a gravity well, and by
    three (3) if firing into a gravity well"; phasers and disruptors "are not affected"."""
    inside, outside = Hex(1, 0), Hex(6, 0)
    for kind in ("missile", "plasma"):
        assert to_hit_change(BODIES, inside, outside, kind) == -1
        assert to_hit_change(BODIES, outside, inside, kind) == -3
        assert to_hit_change(BODIES, inside, Hex(-1, 0), kind) == 0
    assert to_hit_change(BODIES, outside, inside, "beam") == 0


def test_missile_ranges_lose_two_firing_in_and_four_firing_out() -> None:
    """Line 194: "subtract two (2) hexes of range if firing into a gravity well, and subtract
    four (4) hexes of range if firing out"."""
    inside, outside = Hex(1, 0), Hex(6, 0)
    assert range_change(BODIES, outside, inside, "missile") == -2
    assert range_change(BODIES, inside, outside, "missile") == -4
    assert range_change(BODIES, inside, outside, "beam") == 0


def test_from_one_well_into_another_both_count() -> None:
    other = Body("Cestus IV", Hex(10, 0), 2)
    bodies = (PLANET, other)
    assert to_hit_change(bodies, Hex(1, 0), Hex(9, 0), "missile") == -4
    assert range_change(bodies, Hex(1, 0), Hex(9, 0), "missile") == -6
