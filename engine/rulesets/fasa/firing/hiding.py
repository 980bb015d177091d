"""Who knows where a cloaked ship is, and how hard it is to hit (Book Two, Advanced: Romulan
Cloaking Device). Kept apart from `cloak.py` so that fire (`combat.py`) and the views can ask
without importing the Sensor Phase."""

from __future__ import annotations

from engine.hexgrid import line_of_fire_clear
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship

MOVING_CLOAKED = -3
STATIONARY_CLOAKED = -5
"""To-hit modifiers against a detected cloaked ship (the 1986 firing chart: "-3 to hit moving
cloaked ship; -5 to hit stationary cloaked ship")."""


def hidden_from(state: FasaState, ship: Ship, side: str | None, viewer: str | None = None) -> bool:
    """Whether `side` (and `viewer`, a ship of it, when given) does not know where `ship` is: it
    is cloaked, of another side, and `side` has not detected it this game turn ("He will know
    where the cloaked Romulan vessel is during all of its Movement Phases"), nor has `viewer`
    itself: at the expert levels a detection is the sensing ship's alone ("its location is
    revealed ONLY TO THE SENSING CAPTAIN", seed line 783; `arc_scan.py`). None (the Instructor)
    knows everything."""
    return (side is not None and ship.cloaked and ship.side != side
            and (side, ship.id) not in state.detected
            and (viewer is None or (viewer, ship.id) not in state.detected_by))


def known_enemies(state: FasaState, ship: Ship) -> list[Ship]:
    """Enemies in play whose place the ship's side knows (a cloaked one not detected is not
    among them: Advanced, Romulan Cloaking Device)."""
    return [s for s in state.ships if s.side != ship.side and s.status == ACTIVE
            and not hidden_from(state, s, ship.side, ship.id)]


def in_sensor_shadow(state: FasaState, ship: Ship, target: Ship) -> bool:
    """Whether `target` is in the sensor shadow of an obstacle as `ship`'s sensors see it (Book
    Two, Advanced: Sensors, seed line 327: "Sometimes, at sub-light speeds, a vessel will be
    close enough that a moon, planet, sun, or other large obstacle will cast a substantial sensor
    'shadow.' Objects in the shadow do not register on the sensors"): at sub-light, every line
    from `ship` to `target` passes through an obstacle counter's hex, the test that blocks fire
    (line 369; `hexgrid.line_of_fire_clear`). Every obstacle counter casts one
    (docs/rules-decisions.md)."""
    return (ship.warp == 0 and bool(state.obstacles)
            and not line_of_fire_clear(ship.pos, target.pos, state.obstacles))


def undetected_by(state: FasaState, ship: Ship, firer: Ship) -> bool:
    """Whether `firer` may not fire at `ship` for want of its own detection: `ship` is a cloaked
    enemy that `firer`'s scan has not found this game turn. Line 403: "A ship may fire at a
    cloaked ship that it has detected" — the detecting ship's, not its side's, though the side
    sees where it is (docs/rules-decisions.md, The advanced game)."""
    return (ship.cloaked and ship.side != firer.side
            and (firer.id, ship.id) not in state.detected_by)


def to_hit_modifier(ship: Ship) -> int:
    """-3 if the (detected) cloaked ship has left its hex in this game turn, else -5; 0 if it is
    not cloaked."""
    if not ship.cloaked:
        return 0
    return MOVING_CLOAKED if ship.moved_turn else STATIONARY_CLOAKED
