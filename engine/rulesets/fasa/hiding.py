"""Who knows where a cloaked ship is, and how hard it is to hit (Book Two, Advanced: Romulan
Cloaking Device). Kept apart from `cloak.py` so that fire (`combat.py`) and the views can ask
without importing the Sensor Phase."""

from __future__ import annotations

from engine.rulesets.fasa.state import FasaState, Ship

MOVING_CLOAKED = -3
STATIONARY_CLOAKED = -5
"""To-hit modifiers against a detected cloaked ship (the 1986 firing chart: "-3 to hit moving
cloaked ship; -5 to hit stationary cloaked ship")."""


def hidden_from(state: FasaState, ship: Ship, side: str | None) -> bool:
    """Whether `side` does not know where `ship` is: it is cloaked, of another side, and `side`
    has not detected it this game turn ("He will know where the cloaked Romulan vessel is during
    all of its Movement Phases"). None (the Instructor) knows everything."""
    return (side is not None and ship.cloaked and ship.side != side
            and (side, ship.id) not in state.detected)


def to_hit_modifier(ship: Ship) -> int:
    """-3 if the (detected) cloaked ship has left its hex in this game turn, else -5; 0 if it is
    not cloaked."""
    if not ship.cloaked:
        return 0
    return MOVING_CLOAKED if ship.moved_turn else STATIONARY_CLOAKED
