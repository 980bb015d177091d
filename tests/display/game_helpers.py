"""Real games for the display tests: scenarios from the data pack, autopilots, seeded dice."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import GameState, Prompt, apply, new_game, pending
from engine.events import Event
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.values.state import FasaState


def scenario(name: str = "duel", turns: int = 3, level: str = "basic") -> dict[str, Any]:
    """A packaged scenario at the basic level (or `level`), ready for `new_game`."""
    return prepare(load_scenario(name, None), None, level, None, turns)


def start(name: str = "duel", turns: int = 3) -> GameState:
    return new_game(scenario(name, turns))


def play(state: GameState, seed: int = 1,
         until: Callable[[GameState, Prompt], bool] | None = None,
         limit: int = 10_000) -> tuple[GameState, list[tuple[int, Event]]]:
    """Autopilots and seeded dice act until `until(state, prompt)` or the game ends."""
    dice = VirtualDice(seed)
    history: list[tuple[int, Event]] = []
    for _ in range(limit):
        prompts = pending(state)
        if not prompts or (until is not None and until(state, prompts[0])):
            break
        prompt = prompts[0]
        assert isinstance(state, FasaState)
        action = dice.roll(prompt.roll) if prompt.roll else autopilot.decide(state, prompt)
        state, events = apply(state, action)
        history.extend((state.turn, e) for e in events)  # type: ignore[attr-defined]
    return state, history
