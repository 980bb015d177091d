"""What a rule may read: the names its paths start with, and the engine events it may wait for.

Every name is the kernel's, the same for every game system (docs/lights.md, "What a rule
reads"); the events are every game system's, found through the kernel's registry, so a table's
own ruleset's events are known too.
"""

from __future__ import annotations

import dataclasses
from functools import cache

from engine.events import Event
from engine.game import ruleset_named, ruleset_names

CONTEXT_NAMES = ("view", "ship", "asked", "seat", "over", "panel", "event")
"""view: the seat's view (the room's: what every side may know); ship: the seat's own ship in
it (none for the room); asked: what the seat is asked now; seat: its station, ship and side;
over: the game is over; panel: a panel's own editing (panel lights only); event: the engine
event an event rule waits for (its `where` only)."""
EVENT_ONLY = ("event",)
PANEL_ONLY = ("panel",)


@cache
def event_types() -> dict[str, tuple[str, ...]]:
    """Every game system's event types by name, each with its fields' names."""
    for name in ruleset_names():
        try:
            ruleset_named(name)   # loads its modules, and so its events
        except (KeyError, ImportError):
            continue
    out: dict[str, tuple[str, ...]] = {}
    todo = list(Event.__subclasses__())
    while todo:
        cls = todo.pop()
        todo.extend(cls.__subclasses__())
        fields = tuple(f.name for f in dataclasses.fields(cls)) \
            if dataclasses.is_dataclass(cls) else ()
        out[cls.__name__] = tuple(dict.fromkeys(out.get(cls.__name__, ()) + fields))
    return out
