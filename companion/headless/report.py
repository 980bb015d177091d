"""The after-action report of a logged game, as the bridge display shows it at the end."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import Action, Seat, apply, new_game, view
from engine.events import Event
from readouts.status_model import after_action


def report_lines(scenario: Mapping[str, Any], actions: Sequence[Action]) -> list[str]:
    """Replay `actions` (already checked by `engine.log.replay`) and report on the game."""
    state = new_game(scenario)
    history: list[tuple[int, Event]] = []
    for action in actions:
        state, events = apply(state, action)
        history.extend((int(getattr(state, "turn", 0)), e) for e in events)
    return after_action(view(state, Seat("instructor")), history).lines()
