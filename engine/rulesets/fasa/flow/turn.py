"""The game turn: who acts when, and the automatic steps between decisions.

Book Two, Advanced: Sequence Of Play — Power Allocation Phase, Tactical Advantage Phase, then
five Movement and Firing Phases alternating, then a new game turn; Ending The Game. Each step's
automatic work is its rule's (`rule.Rule.steps`, looked up by the step in `FLOWS[level]`), and
each higher level's part in it a hook of its layer (docs/engine.md, "The flow of a turn").
"""

from __future__ import annotations

from engine.actions import Action, RollResult
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa import (
    layers,  # noqa: F401  (registers each level's hooks)
    rules,
    victory,
)
from engine.rulesets.fasa.command import (
    ruling,
    science,
)
from engine.rulesets.fasa.ending import finish
from engine.rulesets.fasa.flow import decide, rolls
from engine.rulesets.fasa.flow.prompts import all_prompts
from engine.rulesets.fasa.phases import phase_end
from engine.rulesets.fasa.rule import StepFlow
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    CommsTask,
)
from engine.rulesets.fasa.values.crew import ACTION_DUTY
from engine.rulesets.fasa.values.events import Rolled
from engine.rulesets.fasa.values.state import (
    CHOOSE,
    MOVE,
    OVER,
    FasaState,
    Ship,
    Step,
)
from engine.stations import INSTRUCTOR, Seat, title

STEP_OF: dict[str, Step] = rules.every_rule({
}, lambda r: r.step_of)
"""The step of the game turn in which each action is taken (Advanced: Sequence Of Play)."""

STEP_WORDS = rules.every_rule({
}, lambda r: r.step_words)


def apply(state: FasaState, action: Action) -> tuple[FasaState, tuple[Event, ...]]:
    """One action: checked, applied, then the game runs on to the next decision or roll."""
    if state.step == OVER:
        raise IllegalAction(f"{title(action.station)}: the game is over ({state.outcome})")
    if isinstance(action, ruling.EndGame):  # C&C: the Instructor ends the game (line 1453)
        state, over = finish(state, ruling.verdict(state, action))
        return state, tuple(over)
    if isinstance(action, RollResult):
        state, events = _roll(state, action)
    else:
        state, events = _decision(state, action)
    state, more = advance(state)
    return state, tuple(events + more)


def _roll(state: FasaState, action: RollResult) -> tuple[FasaState, list[Event]]:
    req = state.roll
    if req is None:
        raise IllegalAction(f"{title(action.station)}: no roll is wanted now")
    if action.station not in (req.station, INSTRUCTOR):
        raise IllegalAction(
            f"{title(action.station)}: this roll is for {title(req.station)} ({req.purpose})")
    if not 1 <= action.value <= req.sides:
        raise IllegalAction(
            f"{title(action.station)}: a {req.kind} shows 1 to {req.sides}, not {action.value}")
    state, more = rolls.owner(state).on_roll(state, action.value)  # the rule whose roll it is
    return state, [Rolled(req, action.value, action.source), *more]


def _decision(state: FasaState, action: Action) -> tuple[FasaState, list[Event]]:
    """Check the seat, the ship and the step of a decision; the rule that applies it is a lookup
    by its kind (`decide.DECISIONS`)."""
    kind = action.type_name
    by_side = decide.BY_SIDE.get(kind)  # a side's decision, with no ship: the Admiral's (line 437)
    if by_side is not None:
        return by_side.decide(state, action)
    words = kind.replace("_", " ")
    station = title(action.station)
    variant = variant_tables.of(state)  # a variant's decisions beside FASA's (values/variant_tables.py)
    duty = variant_tables.layered(variant.duties, ACTION_DUTY, kind)
    ship_id = getattr(action, "ship", None)
    if duty is None or not isinstance(ship_id, str):
        raise IllegalAction(f"{station}: {words} is not an action of this game")
    if not state.has_ship(ship_id):
        raise IllegalAction(f"{station}: there is no ship {ship_id!r}")
    ship = state.ship(ship_id)
    owner = state.station_for(ship_id, duty)
    if action.station not in (owner, INSTRUCTOR):
        raise IllegalAction(f"{station}: {words} on {ship.name} is for {title(owner)}")
    if isinstance(action, CommsTask):  # C&C: named by the Instructor at any step (hard_comms.py)
        return science.decide(state, action, station)
    if state.roll is not None:
        raise IllegalAction(f"{station}: waiting for a roll first ({state.roll.purpose})")
    if (state.step != variant_tables.layered(variant.step_of, STEP_OF, kind)
            and not (kind == "sense" and state.step == MOVE)):
        # (C&C: a lock tried again in a Movement Phase, sensors_rating.relock, line 1249)
        words_now = variant_tables.layered(variant.step_words, STEP_WORDS, state.step) or state.step
        raise IllegalAction(f"{station}: {words} is not possible during {words_now}")
    rule = variant_tables.layered(variant.decisions, decide.DECISIONS, kind)
    if rule is None:
        raise IllegalAction(f"{station}: {words} is not an action of this game")
    return rule(state, ship, action, station)


def advance(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Run the automatic steps until somebody must decide or roll: each step of the turn runs
    its own (`FLOWS` of the game's level, a lookup by the step; a variant's first)."""
    events: list[Event] = []
    flows = variant_tables.of(state).step_flows  # a variant's steps before FASA's
    while state.roll is None and state.step not in (OVER, CHOOSE):
        flow = variant_tables.layered(flows, FLOWS[state.level], state.step)
        assert flow is not None, state.step  # every step has its flow
        state, more, wait = flow(state)
        events += more
        if wait:
            break
    return state, events


_BASE_FLOWS: dict[Step, StepFlow] = {
}
STEP_FLOWS: dict[Step, StepFlow] = rules.every_rule(_BASE_FLOWS, lambda r: r.steps)
"""The automatic work of each step of the turn (Advanced: Sequence Of Play; Expert: the Skill
Roll Phase; C&C: the end of a Firing Phase), by the step: each declared by its rule
(`rule.Rule.steps`, `rules.RULES`); the base table is empty, every step having its rule."""
FLOWS: dict[str, dict[Step, StepFlow]] = rules.per_level(_BASE_FLOWS, lambda r: r.steps)
"""`STEP_FLOWS` of each level: the steps of the rules that level switches on."""

end_of_firing_phase = phase_end.end_of_firing_phase
"""The end of a Firing Phase, for a variant's step that comes after it (values/variant_tables.py)."""


def fighting(ship: Ship) -> bool:
    """On the map with superstructure and power: a ship at zero power is disabled (Advanced
    Scenarios, Raiders: "disable (reduce to zero power or superstructure)")."""
    return victory.fighting(ship)


def pending(state: FasaState, seat: Seat | None = None) -> tuple[Prompt, ...]:
    """Who must act now; with a seat, only what that seat must do (the Instructor may act for
    every ship, so its seat lists everything, or one ship's prompts when the seat names one)."""
    prompts = all_prompts(state)
    if seat is None:
        return prompts
    return tuple(p for p in prompts if seat_may_act(seat, p))


def seat_may_act(seat: Seat, prompt: Prompt) -> bool:
    """Whether `seat` may answer `prompt`: its own station on its own ship, or the Instructor."""
    if seat.ship is not None and seat.ship != prompt.ship:
        return False
    if seat.side is not None and seat.side != prompt.side:  # an Admiral: its own side's
        return False
    return seat.station in (INSTRUCTOR, prompt.station)


