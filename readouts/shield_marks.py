"""Each shield's points drawn round the seat's own ship on the map, so a crew sees which shield
faces where (Book Two, Expert: Deflector Shields: six shields round the ship). Pure: no pygame.

Where each shield faces comes from the engine's `view` of the ship (`shield_facings`: the
hexside, 0 dead ahead then clockwise, at the middle of shields 1..6), and only for a ship the
seat may know whole (its own side's: the view gives an enemy's shields to nobody). While Science
sets the shields, the points being entered are shown instead of the ship's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True, slots=True)
class ShieldMark:
    number: int        # shield 1..6
    col: int           # the ship's hex
    row: int
    side: int          # the hexside (0 N, clockwise) the shield faces on the map
    points: int
    damaged: bool      # its generator is damaged: it cannot be raised
    planned: bool      # the points are being entered, not yet set

    @property
    def text(self) -> str:
        return "x" if self.damaged else str(self.points)


def shield_marks(view: Mapping[str, Any], ship_id: str | None,
                 entering: Sequence[int] | None = None) -> tuple[ShieldMark, ...]:
    """The marks for the ship `ship_id` of `view`: none when the view does not say where it is
    or what its shields hold, or when every shield holds 0 and none is damaged or being entered
    (a ring of zeros would only hide the ship's name); `entering`: the six values Science is
    entering."""
    ship = next((s for s in view.get("ships", ()) if s.get("id") == ship_id), None)
    if ship is None or ship.get("col") is None or ship.get("heading") is None:
        return ()
    facings, points = ship.get("shield_facings"), ship.get("shields")
    if not isinstance(facings, list) or not isinstance(points, list) or \
            len(facings) != 6 or len(points) != 6:
        return ()
    planned = entering is not None and len(entering) == 6
    shown = list(entering) if planned and entering is not None else points
    damaged = set(ship.get("shields_damaged", ()))
    if not planned and not damaged and not any(int(v) for v in shown):
        return ()   # six zeros (before Science sets them) say nothing: no ring round the ship
    heading = int(ship["heading"])
    return tuple(ShieldMark(n, int(ship["col"]), int(ship["row"]),
                            (heading + int(facings[n - 1])) % 6, int(shown[n - 1]),
                            n in damaged, planned)
                 for n in range(1, 7))
