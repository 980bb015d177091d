"""A small fight made to order for the away team's rules tests: a map, characters of the
packaged templates, and a state in play with the action order given (no rolls for it)."""

from __future__ import annotations

from typing import Any

import engine
from engine.actions import Action
from engine.events import Event
from engine.rulesets.strpg import setup
from engine.rulesets.strpg.actions import Choose, Do
from engine.rulesets.strpg.datafiles import class_dicts, table_texts
from engine.rulesets.strpg.state import ONCE, PLAY, RPGState, replace

OPEN = ["#" * 12] + ["#" + "." * 10 + "#"] * 8 + ["#" * 12]


def arena(chars: list[dict[str, Any]], rows: list[str] | None = None,
          **more: Any) -> RPGState:
    """A state in play: `chars` act in the order given, once for the fight."""
    ships = []
    for n, c in enumerate(chars):
        entry = {"class": "starfleet-security", "side": "federation", "station": "captain",
                 "facing": "E", "name": c.get("id", f"c{n}").title(), **c}
        ships.append(entry)
    scenario = {"ruleset": "strpg", "id": "arena", "name": "Arena", "map": rows or OPEN,
                "sides": {"federation": {"name": "Federation"}, "klingon": {"name": "Klingons"}},
                "ships": ships, "classes": class_dicts(None), "tables": table_texts(None),
                "victory": [{"side": "federation", "when": "down"},
                            {"side": "klingon", "when": "down"}], "max_turns": 20, **more}
    state = setup.new_game(scenario)
    return replace(state, stage=PLAY, method="characters", when=ONCE,
                   order=tuple(c["id"] for c in chars))


def act(state: RPGState, kind: str, **details: str) -> tuple[RPGState, tuple[Event, ...]]:
    """The acting character chooses `kind`, then gives `details` (when it needs any)."""
    c = state.acting()
    assert c is not None, "nobody's slot"
    state, events = _apply(state, Choose(c.station, c.id, kind))
    if state.plan:
        state, more = _apply(state, Do(c.station, c.id, **details))
        events += more
    return state, events


def roll(state: RPGState, *faces: int) -> tuple[RPGState, tuple[Event, ...]]:
    """Answer the rolls asked, in turn, with `faces`."""
    events: tuple[Event, ...] = ()
    for face in faces:
        p = engine.pending(state)[0]
        assert p.roll is not None, f"no roll asked: {p}"
        state, more = _apply(state, engine.RollResult(p.roll.station, face, "script"))
        events += more
    return state, events


def _apply(state: RPGState, action: Action) -> tuple[RPGState, tuple[Event, ...]]:
    new, events = engine.apply(state, action)
    assert isinstance(new, RPGState)
    return new, events


def asked(state: RPGState) -> str:
    """What the game waits for: the first prompt's words."""
    return engine.pending(state)[0].what


def texts(events: tuple[Event, ...]) -> str:
    return "\n".join(e.text for e in events)
