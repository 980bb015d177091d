"""Movement with ADF and MR (the Basic Game's movement; docs/rules-decisions.md, Knight Hawks:
movement), with the seed's navigation hits (line 192), drifting (line 180) and breaking apart
(lines 162-168).

A course is a string of steps: F moves one hex ahead, P and S turn one hexside to port or
starboard in the hex the ship is in. The number of F steps is the ship's new speed, which may
differ from its old speed by at most its ADF; it makes at most MR turns, each after it enters
a hex and one in any hex; a ship at speed 0 through the whole turn may rotate to face any
hexside (UPF Tactical Operations Manual, Basic Game: Turning; docs/rules-decisions.md).
"""

from __future__ import annotations

from engine.hexgrid import Hex, MapBounds, turn
from engine.rulesets.knighthawks.values.state import KHState, Ship

STEPS = "FPS"   # the letters of a FASA course that mean the same: panels share them


def drifting(ship: Ship) -> bool:
    """Lost all of both ADF and MR: it goes on at the same speed and heading (line 180)."""
    return ship.adf == 0 and ship.mr == 0


def speed_range(ship: Ship) -> tuple[int, int]:
    return max(0, ship.speed - ship.adf), ship.speed + ship.adf


def forced_course(ship: Ship, speed: int) -> str:
    """The course a ship with a navigation hit must fly: it turns the rolled way in each hex it
    enters until its MR is used up (line 192)."""
    way = "P" if ship.nav_turn < 0 else "S"
    out, turns = "", 0
    for _ in range(speed):
        out += "F"
        if turns < ship.mr:
            out += way
            turns += 1
    return out


def out_of_control(ship: Ship) -> bool:
    """A navigation hit binds a ship that is not stopped (line 192)."""
    return ship.navigation and ship.speed > 0


def course_problem(ship: Ship, speed: int, course: str) -> str | None:
    """Why this speed and course are not allowed for `ship` now, in a player's words."""
    low, high = speed_range(ship)
    if not low <= speed <= high:
        why = "its ADF is 0" if ship.adf == 0 else f"ADF {ship.adf} from speed {ship.speed}"
        return f"{ship.name} can fly at speed {low} to {high} now ({why})"
    if any(c not in STEPS for c in course):
        return "a course is made of F (ahead), P and S (turn one hexside to port or starboard)"
    if course.count("F") != speed:
        return f"the course must move {speed} hexes ahead (F) at speed {speed}, not " \
               f"{course.count('F')}"
    turns = len(course) - speed
    if ship.speed == 0 and speed == 0:   # stopped all turn: any facing, whatever its MR
        if turns > 3:
            return f"{ship.name} is stopped and may turn to face any hexside: at most 3 " \
                   f"turns (P or S), not {turns}"
        return None
    if turns > ship.mr:
        return f"{ship.name} can turn {ship.mr} hexsides this turn (MR {ship.mr}), not {turns}"
    if course[:1] in ("P", "S") or any(pair in course for pair in ("PP", "PS", "SP", "SS")):
        return f"{ship.name} turns one hexside at most in each hex it enters: an F before " \
               f"every P or S (e.g. FPFF)"
    if out_of_control(ship) and course != forced_course(ship, speed):
        way = "port (P)" if ship.nav_turn < 0 else "starboard (S)"
        return (f"{ship.name} is out of control (navigation hit): it must turn to {way} in each "
                f"hex it enters until its MR is used up: {forced_course(ship, speed) or 'stay'}")
    return None


def walk(ship: Ship, course: str) -> tuple[tuple[Hex, ...], int]:
    """The hexes the course passes through (the start first) and the final facing."""
    here, facing, path = ship.pos, ship.facing, [ship.pos]
    for c in course:
        if c == "F":
            here = here.neighbor(facing)
            path.append(here)
        else:
            facing = turn(facing, -1 if c == "P" else 1)
    return tuple(path), facing


def points_used(ship: Ship, speed: int, course: str) -> int:
    """ADF and MR points used this turn: the change of speed and the turns (line 165)."""
    return abs(speed - ship.speed) + (len(course) - course.count("F"))


def breakup_chance(ship: Ship, points: int) -> int:
    """The percent chance a severely damaged ship breaks apart maneuvering (lines 164-166)."""
    if not ship.severely_damaged or points <= 0:
        return 0
    return (ship.damage - ship.hull_max // 2) * points


def bounds(state: KHState) -> MapBounds:
    return MapBounds(state.width, state.height)


def courses(ship: Ship, limit: int = 40) -> list[tuple[int, str]]:
    """A sample of legal (speed, course) pairs: each speed with turns at the start, the middle
    or the end of the move."""
    low, high = speed_range(ship)
    if drifting(ship):
        return [(ship.speed, "F" * ship.speed)]
    out: list[tuple[int, str]] = []
    for speed in range(low, high + 1):
        if out_of_control(ship):
            out.append((speed, forced_course(ship, speed)))
            continue
        for k in range(-min(ship.mr, 2), min(ship.mr, 2) + 1):
            for at in (0, speed // 2, speed):
                out.append((speed, spread(speed, k, at)))
    seen: list[tuple[int, str]] = []
    for c in out:
        if c not in seen and course_problem(ship, *c) is None:
            seen.append(c)
    return seen[:limit]


def spread(speed: int, turns: int, at: int) -> str:
    """A course at `speed` turning |turns| hexsides (to port when negative), one in each hex
    entered from the `at`-th on (as many as there are hexes; a stopped ship turns in place)."""
    way = "P" if turns < 0 else "S"
    if speed == 0:
        return way * abs(turns)
    first = max(1, min(at, speed - abs(turns) + 1))
    return "".join("F" + (way if first <= n < first + abs(turns) else "")
                   for n in range(1, speed + 1))
