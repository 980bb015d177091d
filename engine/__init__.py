"""starbridge's rules engine: pure, deterministic, standard library only.

    from engine import new_game, apply, pending, legal_actions, view
"""

from engine.actions import Action, RollResult, action_from_json
from engine.dice import RollRequest
from engine.errors import DataError, EngineError, IllegalAction, LogError
from engine.events import Event
from engine.game import (
    GameState,
    Prompt,
    apply,
    apply_all,
    legal_actions,
    new_game,
    pending,
    state_to_json,
    view,
)
from engine.stations import Seat

__all__ = [
    "Action", "DataError", "EngineError", "Event", "GameState", "IllegalAction", "LogError",
    "Prompt", "RollRequest", "RollResult", "Seat", "action_from_json", "apply", "apply_all",
    "legal_actions", "new_game", "pending", "state_to_json", "view",
]
