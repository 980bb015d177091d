"""The game turn: who acts when, and the automatic steps between decisions.

Book Two, Advanced: Sequence Of Play — Power Allocation Phase, Tactical Advantage Phase, then
five Movement and Firing Phases alternating, then a new game turn; Ending The Game.
"""

from __future__ import annotations

from engine.actions import Action, RollResult
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa import (
    hooks,
    layers,  # noqa: F401  (registers each level's hooks)
    rules,
    victory,
)
from engine.rulesets.fasa.command import (
    aftermath,
    cc_turn,
    comms,
    frozen_panels,
    helm_rolls,
    ruling,
    science,
)
from engine.rulesets.fasa.ending import check_game_over, finish
from engine.rulesets.fasa.engineering import power, power_spent
from engine.rulesets.fasa.firing import combat, explosions
from engine.rulesets.fasa.flow import decide, rolls
from engine.rulesets.fasa.flow.prompts import all_prompts
from engine.rulesets.fasa.moving import advantage, movement
from engine.rulesets.fasa.rule import Flow, StepFlow
from engine.rulesets.fasa.sensing import arc_scan, cloak, sensors_rating
from engine.rulesets.fasa.skills import bonus_place, engineer_roll, skill_roll
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.actions import (
    CommsTask,
)
from engine.rulesets.fasa.values.crew import ACTION_DUTY
from engine.rulesets.fasa.values.events import Note, Rolled
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    AFTERMATH,
    CHOOSE,
    DISABLED,
    HAZARD,
    MOVE,
    OVER,
    POWER,
    RATINGS,
    RESOLVE,
    SCAN,
    SENSE,
    SKILL,
    FasaState,
    Ship,
    Step,
    replace,
)
from engine.stations import INSTRUCTOR, Seat, title

STEP_OF: dict[str, Step] = rules.every_rule({
}, lambda r: r.step_of)
"""The step of the game turn in which each action is taken (Advanced: Sequence Of Play)."""

STEP_WORDS = rules.every_rule({
    HAZARD: "the blast of a mine or an explosion",
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
        return by_side(state, action)
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
    its own (`STEP_FLOWS`, a lookup by the step)."""
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


def _power_note(state: FasaState) -> Note:
    return Note(f"Turn {state.turn}: Power Allocation Phase")


def _power(state: FasaState) -> Flow:
    layer = hooks.of(state)
    if opening := layer.opening_words(state):  # Campaign Advancement's points, the ratings
        return replace(state, step=RATINGS), [Note(opening)], False
    if comms.due(state):  # an optional rule: the turn's team rolls come first
        state, more = comms.start(state)
        return state, more, False
    # C&C: panels that keep last turn's settings (frozen_panels.py, lines 1357, 1401).
    state, events = frozen_panels.settle(state)
    if any(s.status == ACTIVE and not s.allocated for s in state.ships):
        return state, events, True
    if layer.awaits_order(state):  # a disabled ship's Captain's order (advanced_hooks.py)
        return state, events, True
    state, more = cloak.engage(state)
    events += more
    if skill := layer.skill_phase(state):  # Expert's Skill Roll Phase, Campaign's crew roll
        state = skill_roll.start(state)
        return state, [*events, Note(skill)], False
    state, more = advantage.start(state)
    return state, events + more, False


def _skill(state: FasaState) -> Flow:
    if state.queue:
        state, more = skill_roll.ask(state)
        return state, more, True
    if skill_roll.waiting(state) or bonus_place.placing(state):
        return state, [], True
    state, events, wait = engineer_roll.step(state)  # C&C: the Chief Engineer's roll
    if wait:
        return state, events, True
    state, more, wait = science.skill_phase(state)  # C&C: the Science Officer's roll
    events += more
    if wait:
        return state, events, True
    state, more = advantage.start(state)
    return state, events + more, False


def _sensing(state: FasaState) -> Flow:
    if hooks.of(state).sensors_open(state):  # the advanced game's Sensor Phase
        return state, [], True
    state, events = _start_movement(state)
    return state, events, False


def _scanning(state: FasaState) -> Flow:
    state = arc_scan.settle(state)
    if state.step == SCAN:
        return state, [], True
    # No ship has moved yet: the order is made again, so a ship whose scan found a cloaked ship
    # (a lock and its questions) has its place to ask (sensor_ask.py).
    return replace(state, queue=movement.movement_order(state)), [], False


def _blasts(state: FasaState) -> Flow:
    """Mines set off in a Movement Phase, then explosions, before the next ship moves."""
    if state.shots:
        state, events = combat.next_roll(state)
        return state, events, False
    state, events = explosions.next_check(state)
    if state.roll is not None or state.shots:
        return state, events, False
    state, more = check_game_over(replace(state, step=Step(state.after), after=""))
    return state, events + more, False


def _resolving(state: FasaState) -> Flow:
    if science.prompts(state):  # C&C: damage control decided before the dice
        return state, [], True
    if state.shots:  # a shot's to-hit roll, or a blast, which may need no roll
        state, events = combat.next_roll(state)
        return state, events, False
    # After the barrage: explosion rolls and blasts (Advanced: Ship Explosions).
    state, events = explosions.next_check(state)
    if state.roll is not None or state.shots:
        return state, events, False
    if aftermath.in_play(state):
        # C&C: bridge hits, repairs and powering down at the end of the Firing Phase.
        state, more = aftermath.start(state)
        return state, events + more, False
    state, more = _end_of_firing_phase(state)
    return state, events + more, False


def _aftermath(state: FasaState) -> Flow:
    state, events, done = aftermath.advance(state)
    if not done:
        return state, events, True
    state, more = _end_of_firing_phase(state)
    return state, events + more, False


_BASE_FLOWS: dict[Step, StepFlow] = {
    POWER: _power,
    SKILL: _skill,
    SENSE: _sensing,
    SCAN: _scanning,
    HAZARD: _blasts,
    RESOLVE: _resolving,
    AFTERMATH: _aftermath,
}
STEP_FLOWS: dict[Step, StepFlow] = rules.every_rule(_BASE_FLOWS, lambda r: r.steps)
"""The automatic work of each step of the turn (Advanced: Sequence Of Play; Expert: the Skill
Roll Phase; C&C: the end of a Firing Phase), by the step: the steps not yet declared by their
rules here, and those a rule declares with its module (`rule.Rule.steps`, `rules.RULES`)."""
FLOWS: dict[str, dict[Step, StepFlow]] = rules.per_level(_BASE_FLOWS, lambda r: r.steps)
"""`STEP_FLOWS` of each level: the steps of the rules that level switches on."""


def _start_movement(state: FasaState) -> tuple[FasaState, list[Event]]:
    state = power_spent.start_turn(replace(state, step=MOVE, phase=1))
    state = arc_scan.start_phase(replace(state, queue=movement.movement_order(state)))
    return state, [Note(f"Movement Phase 1 of turn {state.turn}")]


def _end_of_firing_phase(state: FasaState) -> tuple[FasaState, list[Event]]:
    state, sensing = sensors_rating.end_of_firing_phase(state)  # C&C: the Sensors Counter
    state, events = _end_of_firing_phase_rest(state)
    return state, sensing + events


end_of_firing_phase = _end_of_firing_phase
"""The end of a Firing Phase, for a variant's step that comes after it (values/variant_tables.py)."""


def _end_of_firing_phase_rest(state: FasaState) -> tuple[FasaState, list[Event]]:
    # An emergency heading change costs to-hit in the Firing Phase after it; an evasion costs
    # that Firing Phase's fire (Advanced: Evading Missile Fire): both end with the phase.
    state = helm_rolls.end_of_phase(replace(state, ships=tuple(
        replace(s, hard_turned=False, evading=False) if s.hard_turned or s.evading else s
        for s in state.ships)))
    state, events = check_game_over(state)
    if state.step == OVER:
        return state, events
    if state.phase < state.phases:
        state = replace(state, step=MOVE, phase=state.phase + 1)
        state = arc_scan.start_phase(replace(state, queue=movement.movement_order(state)))
        return state, [*events, Note(f"Movement Phase {state.phase} of turn {state.turn}")]
    state, more = check_game_over(state, turn_over=True)   # a clause's after_turn (victory.py)
    if state.step == OVER:
        return state, [*events, *more]
    if state.max_turns and state.turn >= state.max_turns:
        return finish(state, victory.at_turn_limit(state.max_turns))
    # Every ship still on the map resets its panel, a disabled one included: it allocates no
    # power, so it must not keep last turn's shields (C&C: Resetting The Panel).
    # The Master Control Panel's column for the turn is kept first (Expert; mcp.py).
    closed = hooks.of(state).turn_closed
    ships = tuple(power.end_of_turn(closed(s, state.turn)) if s.status in (ACTIVE, DISABLED)
                  else s for s in state.ships)
    ships, more = cc_turn.end_of_turn(state, ships)  # C&C: orders, officers' rolls, repairs
    events += more
    ships = science.end_of_turn(replace(state, ships=ships)).ships  # C&C: Science's counters
    # A lock on a ship no longer on the map, or held by sensors knocked out, is gone (Advanced:
    # Sensors: "until the sensors are knocked out by enemy fire").
    gone = {s.id for s in ships if not combat.targetable(s)}
    ships = tuple(replace(s, lock="") if s.lock and (s.lock in gone or s.sensors_out) else s
                  for s in ships)
    state = cloak.new_turn(replace(state, ships=ships, turn=state.turn + 1, phase=0, step=POWER,
                                   advantage=()))
    return state, [*events, Note(f"Turn {state.turn}: Power Allocation Phase")]


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


