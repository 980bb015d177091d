"""starbridge's rules engine: pure, deterministic, standard library only.

    from engine import new_game, apply, problem, pending, controls, view, events_for, Seat
"""

from engine.actions import Action, RollResult, action_from_json, action_problem
from engine.controls import Budget, Choice, Decision, Field, FieldKind, Preset, Together
from engine.dice import RollRequest
from engine.errors import DataError, EngineError, IllegalAction, LogError, SeatError, StateError
from engine.events import Event
from engine.game import (
    apply,
    apply_all,
    arc_hexes,
    awaited,
    controls,
    course_path,
    course_reach,
    crew_stations,
    decide,
    events_for,
    explain,
    explain_pending,
    game_title,
    legal_actions,
    level_line,
    level_notice,
    levels,
    new_game,
    pending,
    problem,
    roll_label,
    scenario_ruleset,
    state_to_json,
    view,
)
from engine.ruleset import GameState, Prompt, Ruleset
from engine.stations import Seat, Station

__all__ = [
    "Action",
    "Budget",
    "Choice",
    "DataError",
    "Decision",
    "EngineError",
    "Event",
    "Field",
    "FieldKind",
    "GameState",
    "IllegalAction",
    "LogError",
    "Preset",
    "Prompt",
    "RollRequest",
    "RollResult",
    "Ruleset",
    "Seat",
    "SeatError",
    "StateError",
    "Station",
    "Together",
    "action_from_json",
    "action_problem",
    "apply",
    "apply_all",
    "arc_hexes",
    "awaited",
    "controls",
    "course_path",
    "course_reach",
    "crew_stations",
    "decide",
    "events_for",
    "explain",
    "explain_pending",
    "game_title",
    "legal_actions",
    "level_line",
    "level_notice",
    "levels",
    "new_game",
    "pending",
    "problem",
    "roll_label",
    "scenario_ruleset",
    "state_to_json",
    "view",
]
