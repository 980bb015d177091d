"""The turn as the referee runs it: the steps of the Sequence of Play one after another, for
each space of each unit's movement, phase by phase, until somebody must answer or roll.

A turn (seed lines 96-199): Steps 1-3 once (speeds are announced in Step 2); then the First
Phase: each unit in the order of movement goes through Step 4 once for each space of the half
of its speed it moves (lines 189-194), then Speed Zero (each player in turn, lines 207-208,
394-396), then the Drone and Plasma movement (line 194); the Second Phase the same ("until
everyone has completed their full movement", line 196); then Steps 5 and 6 (lines 197-199).

The seed's replay has the First Phase's Speed Zero after its Drone and Plasma movement (lines
385-396) and the Second Phase's before it (lines 452-457); the referee follows the rule (line
194: "Then Drone and Plasma movement is completed") and plays Speed Zero, the last speed of the
ships' movement (line 207), before the drones and plasmas in both phases.
"""

from __future__ import annotations

from engine.dice import Die, RollRequest
from engine.events import Event
from engine.rulesets.halfimpulse import mines, order
from engine.rulesets.halfimpulse.events import GameOver, OrderSet, StepBegan
from engine.rulesets.halfimpulse.sequence import Does, Part, Step, Who, used
from engine.rulesets.halfimpulse.state import (
    DRONES,
    END,
    OVER,
    PHASE_NAMES,
    SHIP,
    SHIPS,
    START,
    ZERO,
    HalfState,
    Rolloff,
    Unit,
    replace,
)
from engine.rulesets.halfimpulse.targets import first_answer, responders
from engine.stations import CAPTAIN
from engine.words import plural

MAX_AUTOMATIC = 100_000
PART = {START: Part.START, SHIPS: Part.IMPULSE, ZERO: Part.IMPULSE, DRONES: Part.DRONES,
        END: Part.END, OVER: Part.END}


def part_steps(state: HalfState) -> tuple[Step, ...]:
    return used(state.steps, PART[state.stage])


def current_step(state: HalfState) -> Step | None:
    steps = part_steps(state)
    return steps[state.step] if 0 <= state.step < len(steps) else None


def current_roll(state: HalfState) -> RollRequest | None:
    r = state.rolloff
    if r is None or state.over:
        return None
    who = r.next
    names = ", ".join(state.player(p).name for p in r.players)
    return RollRequest(Die.D6, who, CAPTAIN,
                       f"Roll-off for initiative ({names}): {state.player(who).name} rolls a "
                       f"d6, the highest moves first", public=True)


def judge(state: HalfState) -> str | None:
    """How the game ended, or None: the referee judges no victory, only that a side has no
    ship left on the map, or that the scenario's turns are played."""
    sides = list(dict.fromkeys(p.side for p in state.players))
    left = [s for s in sides if any(u.kind == SHIP and u.side == s for u in state.on_map())]
    if len(left) > 1:
        return None
    if not left:
        return "no ship is left on the map"
    return f"{left[0]} holds the field: no ship of another side is left on the map"


def advance(state: HalfState) -> tuple[HalfState, list[Event]]:
    """Run the game on until somebody must answer or roll, or it is over."""
    events: list[Event] = []
    for _ in range(MAX_AUTOMATIC):
        if state.over:
            return state, events
        outcome = judge(state)
        if outcome is not None:
            return _over(state, outcome), events + [GameOver(outcome)]
        if state.rolloff is not None or state.waiting:
            return state, events
        state, more = _transition(state)
        events += more
    raise AssertionError("the turn ran on without anybody to act")  # pragma: no cover


def _over(state: HalfState, outcome: str) -> HalfState:
    return replace(state, stage=OVER, outcome=outcome, slot=None, waiting=(), rolloff=None)


def _transition(state: HalfState) -> tuple[HalfState, list[Event]]:
    """One move of the sequence: the next step, space, slot, stage, phase or turn."""
    if state.stage in (SHIPS, ZERO, DRONES) and state.slot is None:
        return _choose_slot(state)
    step = current_step(state)
    if step is not None and step.who == Who.MOVING_OR_RESPONSE and not state.responding:
        return replace(state, responding=True, waiting=responders(state, step)), []
    steps = part_steps(state)
    if state.step + 1 < len(steps):
        return _enter(replace(state, step=state.step + 1, responding=False, acted=()),
                      steps[state.step + 1])
    if state.stage == START:
        return _begin_phase(state, 1)
    if state.stage == END:
        return _next_turn(state)
    return _space_done(state)


def _enter(state: HalfState, step: Step) -> tuple[HalfState, list[Event]]:
    """A step begins: the referee does what is his (mines going off), then asks who answers."""
    events: list[Event] = []
    if step.does == Does.MINES:
        state, events = mines.set_off(state)
        return state, events
    waiting = first_answer(state, step)
    if not waiting:
        return state, events
    return replace(state, waiting=waiting), [StepBegan(step.heading, step.line, str(step.who))]


def names(state: HalfState, units: tuple[str, ...]) -> str:
    return ", ".join(state.unit(u).name for u in units)


def order_line(state: HalfState) -> str:
    """The movement chart of the stage under way in one line."""
    rows = order.chart(state)
    parts = [f"{r.speed} {names(state, r.units)} ({r.spaces})" for r in rows
             if r.status in ("next", "tie", "moving")]
    held = [names(state, r.units) for r in rows if r.status == "held"]
    return "; ".join(parts) + (f"; may not move: {', '.join(held)}" if held else "")


def _begin_phase(state: HalfState, phase: int) -> tuple[HalfState, list[Event]]:
    units = tuple(replace(u, moved=0, done=False, held=False, launched_in=-1)
                  for u in state.units)
    state = replace(state, phase=phase, stage=SHIPS, units=units, slot=None, slots=0, past=(),
                    zero=(), step=-1, waiting=(), responding=False, acted=(), struck=())
    return state, [OrderSet(f"{PHASE_NAMES[phase]}: order of movement (speed, spaces): "
                            f"{order_line(state) or 'no ship moves'}")]


def _choose_slot(state: HalfState) -> tuple[HalfState, list[Event]]:
    tied = order.tie(state)
    if tied:
        return replace(state, rolloff=Rolloff(tied)), []
    slot = order.next_slot(state)
    if slot is None:
        return _stage_done(state)
    changed: dict[str, Unit] = {}
    for uid in slot.units:
        u = state.unit(uid)
        first = u.first
        if state.phase == 1 and state.stage != ZERO and first < 0:
            first = order.spaces(u, 1)
        changed[uid] = replace(u, moved=0, first=first)
    state = replace(state.with_units(changed), slot=slot, slots=slot.number, step=-1,
                    struck=(), acted=(), responding=False)
    who = state.player(slot.player).name
    if state.stage == ZERO:
        text = f"Speed Zero: {who} takes his actions (lines 207-208)"
    else:
        kind = "" if state.stage == SHIPS else "drones and plasmas, "
        text = (f"{PHASE_NAMES[state.phase]}, {kind}speed {slot.speed}: "
                f"{names(state, slot.units)} ({who}) moves {slot.spaces} "
                f"space{'s' if slot.spaces != 1 else ''}")
    return state, [OrderSet(text)]


def _space_done(state: HalfState) -> tuple[HalfState, list[Event]]:
    """A unit's (or a stack's) space of movement has been through the whole of its steps."""
    slot = state.slot
    assert slot is not None
    moved = slot.moved + 1
    going = tuple(u for u in slot.units if (x := state.find(u)) is not None and x.on_map
                  and not x.stopped and x.moved < order.spaces(x, state.phase))
    if state.stage != ZERO and moved < slot.spaces and going:
        return replace(state, slot=replace(slot, moved=moved, units=going), step=-1,
                       struck=(), acted=(), responding=False), []
    done = {} if state.stage == ZERO else {u: replace(state.unit(u), done=True)
                                            for u in slot.units}
    zero = state.zero + ((slot.player,) if state.stage == ZERO else ())
    return replace(state.with_units(done), slot=None, past=state.past + (replace(
        slot, moved=min(moved, slot.spaces)),), zero=zero, step=-1, struck=(), acted=(),
        responding=False), []


def _stage_done(state: HalfState) -> tuple[HalfState, list[Event]]:
    if state.stage == SHIPS:
        state = replace(state, stage=ZERO, past=(), step=-1)
        return state, [OrderSet(f"{PHASE_NAMES[state.phase]}, Speed Zero: each player in "
                                f"turn of initiative (lines 207-208)")]
    if state.stage == ZERO:
        state = replace(state, stage=DRONES, past=(), step=-1)
        line = order_line(state)
        return state, [OrderSet(f"{PHASE_NAMES[state.phase]}, Drone and Plasma movement"
                                + (f": {line}" if line else ": nothing to move"))]
    if state.phase == 1:
        return _begin_phase(state, 2)
    return replace(state, phase=0, stage=END, step=-1, past=(), slots=0), []


def _next_turn(state: HalfState) -> tuple[HalfState, list[Event]]:
    turn = state.turn + 1
    if turn > state.max_turns:
        outcome = f"the scenario's turns are played ({plural(state.max_turns, 'turn')})"
        return _over(replace(state, turn=state.max_turns), outcome), [GameOver(outcome)]
    units = tuple(replace(u, speed=u.speed if u.seeking else -1, last=u.speed, first=-1,
                          moved=0, done=False,
                          held=False, stopped=False, launched_in=-1) for u in state.units)
    return replace(state, turn=turn, phase=0, stage=START, step=-1, units=units, entries=(),
                   ranks=(), first_space=False, slot=None, slots=0, past=(), zero=(),
                   waiting=(), responding=False, acted=(), struck=()), [
        OrderSet(f"Turn {turn}")]
