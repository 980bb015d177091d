"""The movement chart of a half phase, as a strip over the map: pure, no pygame.

A ruleset whose turn moves its units in an order it keeps (the half-impulse referee: fastest
first, half the movement each phase) gives it in its view as `chart`: a `title` ("First Phase ·
Ship movement") and `rows` in the order they move, each with its `speed`, its `units`' names,
its `player`, `side`, `spaces` and `moved` this phase and a `status` (done, moving, next, held:
may not move this phase, tie: a roll-off first). A view without one has no strip.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from display import theme
from display.theme import Colour
from readouts.sides import side_colours

MARKS = {"done": "done", "moving": "now", "next": "", "held": "held", "tie": "roll-off"}
"""A word after each entry that says where it stands (colour is never the only cue)."""


@dataclass(frozen=True, slots=True)
class ChartEntry:
    text: str           # "8 Tiger 4": the speed, who moves, how many spaces
    mark: str           # "now 2/4", "done", "held", "roll-off" or ""
    status: str
    colour: Colour      # the side's colour (dimmed once done)


@dataclass(frozen=True, slots=True)
class Chart:
    title: str
    entries: tuple[ChartEntry, ...]


def _units(given: Sequence[Any]) -> str:
    """"PF 1, PF 2" as "PF x2"; one name as it is; several of no common stem joined."""
    names = [str(n) for n in given]
    if len(names) == 1:
        return names[0]
    stems = {n.rsplit(" ", 1)[0] for n in names}
    if len(stems) == 1 and all(" " in n for n in names):
        return f"{next(iter(stems))} x{len(names)}"
    return ", ".join(names)


def chart_model(view: Mapping[str, Any]) -> Chart | None:
    """The view's movement chart, or None where it has none (or no rows)."""
    chart = view.get("chart")
    if not isinstance(chart, Mapping):
        return None
    rows = [r for r in chart.get("rows", ()) or () if isinstance(r, Mapping)]
    if not rows:
        return None
    sides = [str(s.get("side")) for s in view.get("ships", ()) if isinstance(s, Mapping)]
    colours = side_colours([*sides, *(str(r.get("side")) for r in rows)])
    entries = []
    for r in rows:
        status = str(r.get("status", ""))
        try:
            speed, spaces, moved = int(r["speed"]), int(r["spaces"]), int(r.get("moved", 0))
        except (KeyError, TypeError, ValueError):
            continue
        mark = MARKS.get(status, status)
        if status == "moving":
            mark = f"now {moved}/{spaces}"
        text = f"{speed} {_units(r.get('units', ()) or ('?',))}"
        if status not in ("held",):
            text += f" ({spaces})"
        colour = colours.get(str(r.get("side")), theme.TEXT_DIM)
        entries.append(ChartEntry(text, mark, status,
                                  theme.TEXT_DIM if status in ("done", "held") else colour))
    return Chart(str(chart.get("title", "")), tuple(entries)) if entries else None
