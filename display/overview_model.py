"""The Instructor's overview of every ship, from the Instructor's `view`: pure, no pygame.

For each ship: its superstructure, power and how it is allocated, its six shields, its weapons
(armed, fired, damaged) and which of its stations the table waits for. Words, not codes ("SS"
was the Master Control Panel's shorthand; a new Instructor reads "superstructure").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.stations import title
from readouts.colour import Colour
from readouts.sides import side_colours

COLUMNS = (("Super-", "structure"), ("Power", "(M/S/W)"), ("Shields 1-6", "x: damaged"),
           ("Weapons", "armed"))
"""The overview's columns, named over them in two lines."""
LEGEND = "Power: total (to movement/shields/weapons), once allocated"


@dataclass(frozen=True, slots=True)
class ShipOverview:
    id: str
    name: str
    side: str
    colour: Colour
    status: str                  # "active", "disabled", ...
    acting: str                  # the stations the table waits for ("Engineering"), or ""
    cells: tuple[str, ...]       # one per COLUMNS entry
    hurt: bool                   # superstructure below its maximum, or not active


def _power(s: Mapping[str, Any]) -> str:
    alloc = s.get("allocation")
    if isinstance(alloc, Mapping):
        return (f"{s.get('power', '?')} ({alloc.get('movement', 0)}/{alloc.get('shields', 0)}/"
                f"{alloc.get('weapons', 0)})")
    return f"{s.get('power', '?')}"


def _shields(s: Mapping[str, Any]) -> str:
    damaged = {int(n) for n in s.get("shields_damaged") or ()}
    return " ".join(f"{v}{'x' if n in damaged else ''}"
                    for n, v in enumerate(s.get("shields") or (), 1)) or "-"


def _weapons(s: Mapping[str, Any]) -> str:
    weapons = list(s.get("weapons") or ())
    armed = sum(1 for w in weapons if int(w.get("power") or 0) > 0 and not w.get("damaged"))
    fired = sum(1 for w in weapons if w.get("fired"))
    damaged = sum(1 for w in weapons if w.get("damaged"))
    text = f"{armed} of {len(weapons)}"
    extra = [f"{fired} fired"] * bool(fired) + [f"{damaged} hit"] * bool(damaged)
    return text + (f" ({', '.join(extra)})" if extra else "")


def overview(view: Mapping[str, Any]) -> tuple[ShipOverview, ...]:
    """Every ship of the Instructor's `view`, in the scenario's order."""
    ships = [s for s in view.get("ships", ()) if isinstance(s, Mapping)]
    colours = side_colours([str(s.get("side")) for s in ships])
    out = []
    for s in ships:
        sid = str(s.get("id"))
        acting = ", ".join(title(str(p.get("station"))) for p in view.get("pending", ())
                           if str(p.get("ship")) == sid)
        status = str(s.get("status", "active"))
        ss, most = s.get("superstructure"), s.get("superstructure_max")
        cells: tuple[str, ...] = (f"{ss} of {most}" if ss is not None else "?", _power(s),
                                  _shields(s), _weapons(s))
        hurt = status != "active" or (ss is not None and most is not None and ss < most)
        if isinstance(s.get("overview"), list):   # the ruleset's own cells (overview_heads)
            cells = tuple(str(c) for c in s["overview"])
            hurt = status != "active" or bool(s.get("hurt"))
        out.append(ShipOverview(sid, str(s.get("name", sid)), str(s.get("side", "")),
                                colours[str(s.get("side"))], status, acting, cells, hurt))
    return tuple(out)


def overview_heads(view: Mapping[str, Any]) -> tuple[tuple[tuple[str, ...], ...], str]:
    """The overview's columns and legend: the view's own (`overview`: {columns, legend}, each
    ship's cells in its `overview`), else FASA's, the first ruleset's (COLUMNS, LEGEND)."""
    own = view.get("overview")
    if isinstance(own, Mapping) and isinstance(own.get("columns"), list):
        return (tuple(tuple(str(w) for w in c) for c in own["columns"] if isinstance(c, list)),
                str(own.get("legend", "")))
    return COLUMNS, LEGEND


def short_name(name: str) -> str:
    """A ship's name short enough for a tab: without a registry prefix ("USS", "IKS"), then its
    first word of two ("Kronos One" -> "Kronos") or its last of more ("Bird of Prey Talon" ->
    "Talon", which tells it from the "Bird of Prey Shrike"); a person's without his rank ("Lt.
    Giotto" -> "Giotto")."""
    words = name.split()
    if len(words) > 1 and words[0].isupper() and len(words[0]) <= 4:
        words = words[1:]
    if len(words) > 1 and words[0].endswith(".") and len(words[0]) <= 5:   # "Lt.", "Ens."
        words = words[1:]
    return words[-1] if len(words) > 2 else words[0] if words else name


def tab_notes(view: Mapping[str, Any], tab_ship: Mapping[str, str | None]) -> dict[str, str]:
    """For the Instructor's station tabs: the (short) name of the ship whose panel each tab
    shows now (`tab_ship`: station -> ship id)."""
    names = {str(s.get("id")): str(s.get("name", s.get("id"))) for s in view.get("ships", ())}
    return {st: short_name(names[sid]) for st, sid in tab_ship.items()
            if sid is not None and sid in names}
