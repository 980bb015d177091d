"""The kernel API, the same for every ruleset.

    state = new_game(scenario)
    state, events = apply(state, action)      # never changes `state`; raises IllegalAction
    problem(state, action)                    # why apply would refuse it, or None
    pending(state, seat)                      # what that seat must do now (a decision or a roll)
    awaited(state, seat)                      # those of them the game waits for (no offers)
    controls(state, seat)                     # those decisions' fields, with bounds and choices
    legal_actions(state, seat)                # a sample of what that seat may do now
    view(state, seat)                         # what that seat may know
    events_for(state, events, seat)           # what that seat is told of what just happened
    explain(before, told, side)               # "Why?": the rule and numbers behind a roll
    explain_pending(state, side)              # what the roll now asked for is and needs
    roll_label(before, told)                  # a roll in a few words and its outcome
    decide(state, prompt)                     # the autopilot's action for a prompt (no roll)
    levels(ruleset, playable)                 # the levels a ruleset's scenarios may name
    level_notice(ruleset, level)              # what a level's rules still lack
    officer_needs(scenario)                   # the players' ships: each station's skills
    victory_points(state, side)               # what a side won in a finished game
    course_path(view, ship, steps)            # a course being entered, hex by hex
    course_reach(view, ship, planned, n, abc) # where that ship may still end its move
    arc_hexes(view, ship, weapon, range)      # the hexes a weapon may fire into

Book Two's sequence of play is the model: the game is a list of actions (roll results
included) applied to the scenario's starting state; replaying the list rebuilds the state.
`view`, `pending` and `events_for` are the only ways a seat is told anything, and they all go
through the ruleset's one filter of what a seat may know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import rulesets
from engine.actions import Action, action_problem
from engine.controls import Decision
from engine.errors import DataError, IllegalAction, StateError
from engine.events import Event
from engine.ruleset import (
    Crewing,
    Deciding,
    Described,
    Explaining,
    GameState,
    Levelled,
    Previewing,
    Prompt,
    Ruleset,
    Varied,
)
from engine.stations import Seat

__all__ = [
    "GameState",
    "Prompt",
    "apply",
    "apply_all",
    "arc_hexes",
    "awaited",
    "captain_station",
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
    "officer_needs",
    "pending",
    "problem",
    "rating_range",
    "roll_label",
    "ruleset_named",
    "ruleset_names",
    "ruleset_of",
    "scenario_ruleset",
    "skill_names",
    "state_to_json",
    "variant_title",
    "victory_points",
    "view",
]


def ruleset_of(state: GameState) -> Ruleset[Any]:
    """The ruleset that plays `state`; StateError when `state` is not a game state."""
    name = getattr(state, "ruleset", None)
    if not isinstance(name, str) or not isinstance(getattr(state, "over", None), bool):
        raise StateError(f"not a game state: {type(state).__name__} (new_game(scenario) makes "
                         f"one, apply(state, action) the next)")
    try:
        return rulesets.get(name)
    except KeyError as exc:
        raise StateError(f"not a game state of a known ruleset: {exc.args[0]}") from None


def ruleset_named(name: str) -> Ruleset[Any]:
    """The ruleset called `name` (KeyError naming the known ones): how an application chooses
    a game system by name without importing it."""
    return rulesets.get(name)


def ruleset_names() -> tuple[str, ...]:
    """The names of the rulesets the registry knows."""
    return rulesets.names()


def scenario_ruleset(scenario: Mapping[str, Any]) -> str:
    """The name of the ruleset `scenario` (a scenario, a seat's view, a log header) plays: its
    "ruleset", else the one a scenario that names none plays (`engine.rulesets.DEFAULT`)."""
    return str(scenario.get("ruleset") or rulesets.DEFAULT)


def new_game(scenario: Mapping[str, Any]) -> GameState:
    """The starting state of a scenario (a mapping with a "ruleset" key, `scenario_ruleset`);
    DataError when `scenario` is not one."""
    if not isinstance(scenario, Mapping):
        raise DataError(f"a scenario is a table of settings (a mapping with ships and sides), "
                        f"not {type(scenario).__name__}")
    try:
        ruleset = rulesets.get(str(scenario.get("ruleset", rulesets.DEFAULT)))
    except KeyError as exc:
        raise DataError(f"scenario: {exc.args[0]}") from None
    state: GameState = ruleset.new_game(scenario)
    return state


def problem(state: GameState, action: object) -> str | None:
    """Why `apply` would refuse `action` now, in words for the player, or None if it would not.

    The state is never changed: `apply` is pure, so this is `apply` with the refusal caught.
    """
    malformed = action_problem(action)
    if malformed is not None:
        return malformed
    assert isinstance(action, Action)  # action_problem checked it
    try:
        ruleset_of(state).apply(state, action)
    except IllegalAction as exc:
        return str(exc)
    return None


def apply(state: GameState, action: object) -> tuple[GameState, tuple[Event, ...]]:
    """The state after `action`, and what happened. Raises `IllegalAction` with exactly the
    reason `problem` gives, for a malformed action as for one the rules do not allow now."""
    malformed = action_problem(action)
    if malformed is not None:
        raise IllegalAction(malformed)
    assert isinstance(action, Action)  # action_problem checked it
    return ruleset_of(state).apply(state, action)


def apply_all(state: GameState, actions: Sequence[Action]) -> GameState:
    """Apply actions in order (replay)."""
    for action in actions:
        state = apply(state, action)[0]
    return state


def pending(state: GameState, seat: Seat | None = None) -> tuple[Prompt, ...]:
    """What `seat` must do now (the Instructor's seat: everything); with no seat, every prompt
    of the game, for the loop that asks each seat in turn. Empty when the game is over."""
    return ruleset_of(state).pending(state, seat)


def awaited(state: GameState, seat: Seat | None = None) -> tuple[Prompt, ...]:
    """The prompts of `pending(state, seat)` that the game waits for: every roll, and every
    decision that `controls` does not mark `optional` (an offer the game goes on without, such
    as FASA's self-destruct order or a warp speed Helm may leave as it is). What a screen names
    as "who must act" is exactly these."""
    prompts = pending(state, seat)
    offers: list[Prompt] = []
    asked: set[tuple[str, str | None, str | None]] = set()
    for p in prompts:
        who = (str(p.station), p.ship, p.side)
        if p.roll is not None or who in asked:
            continue
        asked.add(who)
        offers.extend(d.prompt for d in controls(state, Seat(*who)) if d.optional)
    return tuple(p for p in prompts if p.roll is not None or p not in offers)


def controls(state: GameState, seat: Seat) -> tuple[Decision, ...]:
    """Each decision `seat` faces now, with its fields' bounds or choices (`engine.controls`)."""
    return ruleset_of(state).controls(state, seat)


def legal_actions(state: GameState, seat: Seat) -> tuple[Action, ...]:
    """Legal actions for `seat` now: all of a small choice, a sample of a large one (see the
    ruleset); `controls` gives the whole range."""
    return ruleset_of(state).legal_actions(state, seat)


def view(state: GameState, seat: Seat) -> dict[str, Any]:
    """What `seat` may know, as plain JSON-ready data; hidden information is left out."""
    return ruleset_of(state).view(state, seat)


def events_for(state: GameState, events: Sequence[Event], seat: Seat) -> tuple[Event, ...]:
    """What `seat` is told of `events` (from one `apply`; `state` is the state after it)."""
    return ruleset_of(state).events_for(state, events, seat)


def crew_stations(state: GameState, ship: str) -> tuple[str, ...]:
    """The stations of that ship's crew in this game, one panel each."""
    return ruleset_of(state).crew_stations(state, ship)


def state_to_json(state: GameState) -> dict[str, Any]:
    """The whole state as plain JSON-ready data (the Instructor's knowledge)."""
    return ruleset_of(state).to_json(state)


def explain(before: GameState, told: Sequence[Event], side: str | None) -> tuple[str, ...]:
    """The lines that explain the roll answered in `told` (the events of one `apply` as told to
    the seat: `events_for`), from `before`, the state just before it: the rule, the table row,
    the numbers. `side`: whose secrets they may hold (a side, None: every side's, "": none).
    Empty when there was no roll, or the ruleset explains none (`engine.ruleset.Explaining`)."""
    ruleset = ruleset_of(before)
    return ruleset.explain(before, told, side) if isinstance(ruleset, Explaining) else ()


def explain_pending(state: GameState, side: str | None) -> tuple[str, ...]:
    """What the roll now asked for is and what it needs (`side` as for `explain`); empty when
    no roll is asked for or the ruleset explains none."""
    ruleset = ruleset_of(state)
    return ruleset.explain_pending(state, side) if isinstance(ruleset, Explaining) else ()


def roll_label(before: GameState, told: Sequence[Event]) -> tuple[str, str] | None:
    """The roll answered in `told` in a few words and its outcome word ("explosion",
    "EXPLODED"), for a list of rolls; None where the ruleset has no words of its own for it
    (the list then reads the roll's purpose)."""
    ruleset = ruleset_of(before)
    return ruleset.roll_label(before, told) if isinstance(ruleset, Explaining) else None


Offset = tuple[int, int]


def _previewing(view: Mapping[str, Any]) -> Previewing | None:
    """The ruleset that made `view`, if it previews decisions (None for an unknown name)."""
    try:
        ruleset = rulesets.get(scenario_ruleset(view))
    except KeyError:
        return None
    return ruleset if isinstance(ruleset, Previewing) else None


def course_path(view: Mapping[str, Any], ship: str,
                steps: str) -> tuple[tuple[Offset, int], ...]:
    """Where each letter of a course being entered (`steps`) takes `ship`: its place (col, row)
    and heading after each step, worked out from a seat's `view` alone. A course the rules
    refuse is shown as its letters say (`problem` names what is wrong); empty when the ruleset
    previews no course or the seat cannot place the ship."""
    ruleset = _previewing(view)
    return ruleset.course_path(view, ship, steps) if ruleset is not None else ()


def course_reach(view: Mapping[str, Any], ship: str, planned: str, points: int,
                 letters: str) -> frozenset[Offset]:
    """Every place `ship` may still end a course of up to `points` letters of `letters` (the
    course field's `maximum` and `alphabet`) after the `planned` ones, from the seat's `view`."""
    ruleset = _previewing(view)
    return (ruleset.course_reach(view, ship, planned, points, letters) if ruleset is not None
            else frozenset())


def arc_hexes(view: Mapping[str, Any], ship: str, weapon: str,
              max_range: int) -> frozenset[Offset]:
    """The places within `max_range` that `ship`'s `weapon` may fire into, from the seat's
    `view` (empty when the view does not tell the seat the weapon's arcs)."""
    ruleset = _previewing(view)
    return (ruleset.arc_hexes(view, ship, weapon, max_range) if ruleset is not None
            else frozenset())


def decide(state: GameState, prompt: Prompt) -> Action:
    """The ruleset's autopilot's action for `prompt` (a decision, never a roll: a roll comes
    from the dice), decided from what the prompt's seat may know. StateError when the ruleset
    has no autopilot or `prompt` asks for a roll."""
    ruleset = ruleset_of(state)
    if prompt.roll is not None:
        raise StateError(f"{prompt.what}: a roll comes from the dice, not the autopilot")
    if not isinstance(ruleset, Deciding):
        raise StateError(f"the {ruleset.name} ruleset has no autopilot: every seat needs a "
                         f"player")
    return ruleset.decide(state, prompt)


def levels(ruleset: str | None = None, playable: bool = False) -> tuple[str, ...]:
    """The levels of the ruleset called `ruleset` a scenario may name (`playable`: only those
    whose rules are built); empty for a ruleset without levels, KeyError for an unknown name.
    No ruleset named: every level of any ruleset, each once (what a command line or a
    configuration may say before its scenario, and so its ruleset, is known)."""
    if ruleset is None:
        found_all = (rulesets.get(name) for name in rulesets.names())
        return tuple(dict.fromkeys(lv for found in found_all if isinstance(found, Levelled)
                                   for lv in found.levels(playable)))
    found = rulesets.get(ruleset)
    return found.levels(playable) if isinstance(found, Levelled) else ()


def default_level(ruleset: str | None = None) -> str:
    """The level a table plays when nobody names one: the ruleset's fullest level whose rules are
    built (the last it offers: FASA's command level, its Command & Control rules); "" for a
    ruleset without levels. No ruleset named: the one a scenario naming none plays."""
    offered = levels(ruleset or rulesets.DEFAULT, playable=True)
    return offered[-1] if offered else ""


def level_notice(ruleset: str, level: str) -> str:
    """One line saying which rules of `level` are not in play yet, "" when all are."""
    found = rulesets.get(ruleset)
    return found.level_notice(level) if isinstance(found, Levelled) else ""


def game_title(ruleset: str) -> str:
    """The game system `ruleset` plays, as a table reads it ("Star Frontiers: Knight Hawks"); its
    name when it says none. KeyError for an unknown name."""
    found = rulesets.get(ruleset)
    return str(found.title) if isinstance(found, Described) else ruleset


def level_line(ruleset: str, level: str) -> str:
    """A line on what `level` of `ruleset` plays, for a table choosing its game ("" when the
    ruleset says nothing of it)."""
    found = rulesets.get(ruleset)
    return found.level_line(level) if isinstance(found, Described) else ""


def variant_title(ruleset: str, name: str) -> str:
    """The title of `ruleset`'s variant `name` ("Battlestations!"), "" when it has none such."""
    found = rulesets.get(ruleset)
    return found.variant_title(name) if name and isinstance(found, Varied) else ""


def _crewing(name: str) -> Crewing | None:
    found = rulesets.get(name)
    return found if isinstance(found, Crewing) else None


def officer_needs(scenario: Mapping[str, Any]) -> dict[str, dict[str, tuple[str, ...]]]:
    """For a prepared scenario: each ship the players crew -> each station of its crew -> the
    skills its officer must be rated in (empty for a ruleset without player crews, or a level
    without officers). DataError names a scenario that says it wrongly."""
    found = _crewing(scenario_ruleset(scenario))
    return found.officer_needs(scenario) if found is not None else {}


def captain_station(scenario: Mapping[str, Any], ship: str) -> str:
    """The station of `ship`'s crew that is its Captain ("" without player crews)."""
    found = _crewing(scenario_ruleset(scenario))
    return found.captain_station(scenario, ship) if found is not None else ""


def skill_names(ruleset: str = rulesets.DEFAULT) -> tuple[tuple[str, str], ...]:
    """(key, name) of each skill an officer may be rated in (empty without player crews)."""
    found = _crewing(ruleset)
    return found.skill_names() if found is not None else ()


def rating_range(ruleset: str = rulesets.DEFAULT) -> tuple[int, int]:
    """The lowest and highest skill rating."""
    found = _crewing(ruleset)
    return found.rating_range() if found is not None else (0, 0)


def victory_points(state: GameState, side: str) -> tuple[tuple[str, int], ...]:
    """(ship name, points) for each ship `side` vanquished, once the game is over (empty
    before, or for a ruleset without campaigns)."""
    found = _crewing(ruleset_of(state).name)
    return found.victory_points(state, side) if found is not None else ()
