"""Gravity wells (*Battlestations!*, 01C-1, seed 001 lines 180-194): what a body's well does to
movement at impulse, to sensor locks and to torpedoes, plasma and missile ranges.

The functions take the bodies (`bodies.py`) and hexes, so that each rule can be tested alone;
`*_in(state, ...)` read the bodies of a game's scenario. The movement, lock and firing rules of
the variant call them:

- `well_move` / `well_move_in`: a course at impulse through a well, cut and charged (lines
  190-192);
- `lock_need` / `lock_need_in`: the highest lock roll that locks (line 193);
- `to_hit_change` / `range_change`: what a shot loses into or out of a well (line 194).

Readings where the text is unclear are in docs/rules-decisions.md (Battlestations!, Gravity
wells), each named here where it is made.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from engine.hexgrid import Hex, MapBounds, line_of_fire_clear
from engine.rulesets.fasa.values.bodies import Body

if TYPE_CHECKING:
    from engine.rulesets.fasa.values.state import FasaState

LOCK_ROLL = 6
"""Away from wells a lock is a roll "of 1-6" (01B, line 133; 01A-3b, line 91)."""
LOCK_FROM_WELL = 4
"""Line 193: "Sensor lock on any ship outside the gravity well now occurs on a roll of 1-4" ...
"The exception is if the two ships are within line of sight, in which case the roll of 1-4
applies"."""
LOCK_IN_SAME_WELL = 3
"""Line 193: "a sensor lock on any other vessel within the same gravity well succeeds on a roll
of 1-3"."""
STRESS_HEXES = 3
"""Line 190: "it immediately loses one (1) superstructure point for every three (3) hexes of
movement above the limit"."""
HEXES_A_PHASE = 1
"""Line 190: "it can move no faster than one (1) hex per phase"."""
TO_HIT_OUT, TO_HIT_IN = -1, -3
"""Line 194: torpedoes and plasma "reduce all firing rolls by one (1) if firing out of a gravity
well, and by three (3) if firing into a gravity well"."""
RANGE_IN, RANGE_OUT = -2, -4
"""Line 194: "subtract two (2) hexes of range if firing into a gravity well, and subtract four
(4) hexes of range if firing out"."""
WELL_KINDS = frozenset({"missile", "plasma"})
"""Line 194: "Phaser and disruptor weapons (or equivalents) are not affected by gravity wells.
Photon torpedoes and plasma weapons (or equivalents)" are: FASA's missile and plasma kinds
(its beams are the phasers and disruptors). Plasma counts among the "missile weapons" whose
ranges shrink, as in Book Two's sensor question 5 (docs/rules-decisions.md)."""


def wells_at(bodies: Sequence[Body], h: Hex) -> frozenset[str]:
    """The names of the bodies whose wells hold hex `h` (wells may overlap)."""
    return frozenset(b.name for b in bodies if b.holds(h))


def in_well(bodies: Sequence[Body], h: Hex) -> bool:
    return any(b.holds(h) for b in bodies)


def well_hexes(body: Body, bounds: MapBounds) -> frozenset[Hex]:
    """The hexes of the map in `body`'s well (line 184: one to four hexes deep round it)."""
    return body.hexes(bounds)


# --- Movement at impulse (lines 190-192) -------------------------------------------------------

@dataclass(frozen=True, slots=True)
class WellMove:
    """A course through wells: the hexes the ship really moves (`hexes`, a prefix of the course),
    the superstructure points it loses (`damage`) and why, in words ("" if the well changed
    nothing)."""

    hexes: tuple[Hex, ...]
    damage: int
    why: str


def well_move(bodies: Sequence[Body], start: Hex, course: Sequence[Hex], warp: int) -> WellMove:
    """What the wells do to a course of hexes entered in one Movement Phase (turns in place are
    not hexes of movement) from `start` at warp `warp` (0 is impulse).

    Only impulse is ruled ("IMPULSE SPEEDS", line 188; the warp rules the text speaks of at line
    184 are not in the seed): at warp the course is unchanged.

    - Already in a well (line 190, a): the ship may move one hex a phase. Moving more is the
      captain's deliberate choice (line 192: "unless deliberately moving their ship more than one
      (1) hex per phase (as detailed above)") and costs 1 superstructure point for every full 3
      hexes above the one (line 190). The movement allocated above one hex is simply lost
      (line 192: "lose all movement above one (1) hex ... but do not incur stress related
      damage"): the course the captain gives is the deliberate one.
    - Entering a well (line 192, b): the ship stops in the first hex of the well it enters
      ("immediately slow to one hex of movement"), and each hex of the course it still had to
      move is a superstructure point ("those points are converted to superstructure damage on a
      point-for-point basis"); a course that ends in that hex costs nothing ("If, however, the
      ship ended its movement phase one (1) hex inside the gravity well, no damage is
      incurred"). Movement points allocated but not plotted are not counted: the captain who
      plots a stop one hex inside has ended the phase there (docs/rules-decisions.md)."""
    path = tuple(course)
    if warp or not path or not bodies:
        return WellMove(path, 0, "")
    if in_well(bodies, start):
        over = len(path) - HEXES_A_PHASE
        if over <= 0:
            return WellMove(path, 0, "")
        damage = over // STRESS_HEXES
        where = ", ".join(sorted(wells_at(bodies, start)))
        return WellMove(path, damage,
                        f"in the gravity well of {where} a ship moves one hex a phase: "
                        f"{over} hex{'es' if over != 1 else ''} above it cost "
                        f"{damage} superstructure (1 for every 3)")
    for n, h in enumerate(path):
        if in_well(bodies, h):
            cut = len(path) - (n + 1)
            where = ", ".join(sorted(wells_at(bodies, h)))
            if not cut:
                return WellMove(path, 0, f"entered the gravity well of {where}: stops there")
            return WellMove(path[:n + 1], cut,
                            f"entered the gravity well of {where} and stopped at once: the "
                            f"{cut} hex{'es' if cut != 1 else ''} of movement left become "
                            f"{cut} superstructure damage")
    return WellMove(path, 0, "")


def well_move_in(state: FasaState, start: Hex, course: Sequence[Hex], warp: int) -> WellMove:
    """`well_move` over the bodies of the game's scenario."""
    return well_move(state.setup.bodies, start, course, warp)


def phase_hexes(bodies: Sequence[Body], at: Hex, warp: int, hexes: int) -> int:
    """The hexes a ship at `at` may move this phase without deliberately overdoing it: one in a
    well at impulse (lines 190, 192), else the `hexes` its movement gives."""
    return min(hexes, HEXES_A_PHASE) if not warp and in_well(bodies, at) else hexes


# --- Sensor locks (line 193) -------------------------------------------------------------------

def lock_need(bodies: Sequence[Body], obstacles: frozenset[Hex], sensing: Hex,
              target: Hex) -> int:
    """The highest d10 roll that obtains a lock from `sensing` on `target`.

    Line 193: "ships within a planet or star's gravity well have reduced sensor capability": a
    sensing ship outside every well locks on 1-6 (01B, line 133), whether or not the target is
    in a well (the seed reduces the capability of ships within; docs/rules-decisions.md). From
    inside a well: 1-4 on a ship outside it; 1-3 on a ship in the same well, but 1-4 when the
    two are "within line of sight" (no obstacle and no body's own hex between them)."""
    here = wells_at(bodies, sensing)
    if not here:
        return LOCK_ROLL
    if here & wells_at(bodies, target):
        blocking = obstacles | frozenset(b.pos for b in bodies)
        if line_of_fire_clear(sensing, target, blocking):
            return LOCK_FROM_WELL
        return LOCK_IN_SAME_WELL
    return LOCK_FROM_WELL


def lock_need_in(state: FasaState, sensing: Hex, target: Hex) -> int:
    return lock_need(state.setup.bodies, state.obstacles, sensing, target)


# --- Torpedoes, plasma and missile ranges (line 194) ------------------------------------------

def out_in(bodies: Sequence[Body], firer: Hex, target: Hex) -> tuple[bool, bool]:
    """(firing out of a well, firing into a well): out when the firer is in a well the target is
    not in; in when the target is in a well the firer is not in. Both at once (from one well into
    another) count both; two ships in the same well fire neither in nor out."""
    a, b = wells_at(bodies, firer), wells_at(bodies, target)
    return bool(a - b), bool(b - a)


def to_hit_change(bodies: Sequence[Body], firer: Hex, target: Hex, kind: str) -> int:
    """What a well adds to the to-hit number of a weapon of `kind` (negative: harder): -1 for a
    torpedo or plasma firing out of a well, -3 firing into one (line 194); beams unaffected."""
    if kind not in WELL_KINDS:
        return 0
    out, into = out_in(bodies, firer, target)
    return TO_HIT_OUT * out + TO_HIT_IN * into


def range_change(bodies: Sequence[Body], firer: Hex, target: Hex, kind: str) -> int:
    """What a well adds to a missile weapon's range in hexes: -2 firing into a well, -4 firing
    out (line 194); beams unaffected."""
    if kind not in WELL_KINDS:
        return 0
    out, into = out_in(bodies, firer, target)
    return RANGE_OUT * out + RANGE_IN * into


def to_hit_change_in(state: FasaState, firer: Hex, target: Hex, kind: str) -> int:
    return to_hit_change(state.setup.bodies, firer, target, kind)


def range_change_in(state: FasaState, firer: Hex, target: Hex, kind: str) -> int:
    return range_change(state.setup.bodies, firer, target, kind)
