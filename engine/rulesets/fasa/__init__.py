"""FASA *Star Trek Starship Tactical Combat Simulator* (Book Two: Advanced, Expert, C&C; Book One's
basic game where it must be inferred). See docs/rules-decisions.md for every number we chose."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine import rulesets
from engine.actions import Action
from engine.events import Event
from engine.game import Prompt
from engine.rulesets.fasa import legal, setup, turn, views
from engine.rulesets.fasa.state import FasaState
from engine.stations import Seat


class FasaRuleset:
    name = "fasa"

    def new_game(self, scenario: Mapping[str, Any]) -> FasaState:
        state = setup.new_game(scenario)
        return turn.advance(state)[0]

    def apply(self, state: FasaState, action: Action) -> tuple[FasaState, tuple[Event, ...]]:
        return turn.apply(state, action)

    def pending(self, state: FasaState) -> tuple[Prompt, ...]:
        return turn.pending(state)

    def legal_actions(self, state: FasaState, seat: Seat) -> tuple[Action, ...]:
        return legal.legal_actions(state, seat)

    def view(self, state: FasaState, seat: Seat) -> dict[str, Any]:
        return views.view(state, seat)

    def to_json(self, state: FasaState) -> dict[str, Any]:
        return views.to_json(state)


RULESET = FasaRuleset()
rulesets.register(RULESET)
