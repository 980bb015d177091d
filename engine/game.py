"""The kernel API, the same for every ruleset.

    state = new_game(scenario)
    state, events = apply(state, action)      # never changes `state`; raises IllegalAction
    pending(state)                            # who must act next: prompts, or one roll request
    legal_actions(state, seat)                # what that seat may do now
    view(state, seat)                         # what that seat may see

Book Two's sequence of play is the model: the game is a list of actions (roll results
included) applied to the scenario's starting state; replaying the list rebuilds the state.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine import rulesets
from engine.actions import Action
from engine.dice import RollRequest
from engine.events import Event
from engine.stations import Seat


class GameState(Protocol):
    """What every ruleset's state offers the kernel."""

    @property
    def ruleset(self) -> str: ...

    @property
    def over(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Prompt:
    """Somebody must act: `station` of `ship` (None: the Instructor), doing `what`.

    When `roll` is set the prompt is for that roll and nothing else.
    """

    ship: str | None
    station: str
    what: str
    roll: RollRequest | None = None


class Ruleset(Protocol):
    name: str

    def new_game(self, scenario: Mapping[str, Any]) -> GameState: ...

    def apply(self, state: Any, action: Action) -> tuple[Any, tuple[Event, ...]]: ...

    def pending(self, state: Any) -> tuple[Prompt, ...]: ...

    def legal_actions(self, state: Any, seat: Seat) -> tuple[Action, ...]: ...

    def view(self, state: Any, seat: Seat) -> dict[str, Any]: ...

    def to_json(self, state: Any) -> dict[str, Any]: ...


def ruleset_of(state: GameState) -> Ruleset:
    return rulesets.get(state.ruleset)


def new_game(scenario: Mapping[str, Any]) -> GameState:
    """The starting state of a scenario (a mapping with a "ruleset" key, default "fasa")."""
    return rulesets.get(str(scenario.get("ruleset", "fasa"))).new_game(scenario)


def apply(state: GameState, action: Action) -> tuple[GameState, tuple[Event, ...]]:
    """The state after `action`, and what happened. Raises `IllegalAction` with a reason."""
    return ruleset_of(state).apply(state, action)


def apply_all(state: GameState, actions: Sequence[Action]) -> GameState:
    """Apply actions in order (replay)."""
    rs = ruleset_of(state)
    for action in actions:
        state = rs.apply(state, action)[0]
    return state


def pending(state: GameState) -> tuple[Prompt, ...]:
    """Who must act next. Empty when the game is over."""
    return ruleset_of(state).pending(state)


def legal_actions(state: GameState, seat: Seat) -> tuple[Action, ...]:
    """Legal actions for `seat` now (see the ruleset for how large choices are sampled)."""
    return ruleset_of(state).legal_actions(state, seat)


def view(state: GameState, seat: Seat) -> dict[str, Any]:
    """What `seat` may see, as plain JSON-ready data; hidden information is left out."""
    return ruleset_of(state).view(state, seat)


def state_to_json(state: GameState) -> dict[str, Any]:
    """The whole state as plain JSON-ready data (the Instructor's knowledge)."""
    return ruleset_of(state).to_json(state)
