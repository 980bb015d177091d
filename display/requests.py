"""What the bridge display hands the app (`Output`): an engine action to apply, or a `Request`
for something only the app can do."""

from __future__ import annotations

from dataclasses import dataclass

from engine import Action


@dataclass(frozen=True, slots=True)
class Request:
    """Something the display asks of the app: "roll" (roll the table's dice for the pending
    request), "undo" (the Instructor takes back the last action), "undo-phase" (back to the
    start of the phase), "network" (the consoles' links on the machine's next address) or
    "seat" (the Instructor asks that the seat `ship`/`station` be played by `mode` from the
    next turn)."""

    kind: str
    station: str = ""
    ship: str | None = None
    mode: str = ""


Output = Action | Request
