"""Playing the half-impulse referee in tests: scenarios built in a few lines, and a driver that
answers every step the plain way (speeds as entered, every unit ahead, "done" elsewhere) until a
test's condition holds, through the kernel API alone."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import engine
from engine import Seat
from engine.rulesets.halfimpulse.state import HalfState

Scenario = dict[str, Any]


def ship(uid: str, side: str, at: tuple[int, int], facing: int, speeds: list[int],
         **more: Any) -> dict[str, Any]:
    return {"id": uid, "name": uid.title(), "side": side, "at": list(at), "facing": facing,
            "speeds": speeds, **more}


def scenario(ships: list[dict[str, Any]], steps: list[str] | None = None,
             **more: Any) -> Scenario:
    sc: Scenario = {"ruleset": "halfimpulse", "id": "test", "name": "test", "turns": 1,
                    "map": {"cols": 30, "rows": 30}, "ships": ships, **more}
    if steps is not None:
        sc["steps"] = steps
    return sc


def start(sc: Scenario) -> HalfState:
    state = engine.new_game(sc)
    assert isinstance(state, HalfState)
    return state


def apply(state: HalfState, action: engine.Action) -> tuple[HalfState, tuple[engine.Event, ...]]:
    new, events = engine.apply(state, action)
    assert isinstance(new, HalfState)
    return new, events


def plain(state: HalfState, prompt: engine.Prompt) -> engine.Action:
    """The plain answer: the decision's defaults for speeds, every unit ahead for a move, done
    for everything else; in a roll-off, the scenario's first player rolls highest."""
    seat = Seat(prompt.station, prompt.ship)
    if prompt.roll is not None:
        rank = [p.id for p in state.players].index(str(prompt.ship))
        return engine.RollResult(prompt.roll.station, max(1, 6 - rank), "script")
    (d,) = [d for d in engine.controls(state, seat) if d.prompt == prompt]
    return d.make()   # speeds as entered, every unit ahead, else done


Answer = Callable[[HalfState, engine.Prompt], engine.Action | None]


def drive(state: HalfState, until: Callable[[HalfState], bool],
          answer: Answer | None = None, limit: int = 5000
          ) -> tuple[HalfState, list[engine.Event]]:
    """Answer the table's prompts (`answer` first, where it gives an action; else `plain`)
    until `until(state)` holds (checked before each answer); every event told."""
    told: list[engine.Event] = []
    for _ in range(limit):
        if until(state):
            return state, told
        prompts = engine.pending(state)
        assert prompts, f"the game ended before the condition held: {state.outcome}"
        p = prompts[0]
        action = (answer(state, p) if answer is not None else None) or plain(state, p)
        state, events = apply(state, action)
        told += events
    raise AssertionError("the condition never held")


def texts(events: list[engine.Event]) -> list[str]:
    return [e.text for e in events]


def at(state: HalfState, unit: str) -> tuple[int, int]:
    seen = engine.view(state, Seat("instructor"))
    u = next(u for u in seen["units"] if u["id"] == unit)
    return int(u["col"]), int(u["row"])


def step_is(key: str) -> Callable[[HalfState], bool]:
    return lambda s: engine.view(s, Seat("instructor"))["step"] == key and bool(s.waiting)


def seats(state: HalfState) -> Iterator[Seat]:
    for p in state.players:
        yield Seat("captain", p.id)
