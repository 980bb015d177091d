"""Movement, declared once (Book Two, Advanced: Sequence Of Play steps 4-6; Moving The Starship
Silhouette Counters; Emergency Heading Changes; Reverse Movement; `movement.py` is the rule
itself, this its part in the game: `rule.Rule`).

In each Movement Phase the ships move one at a time in the movement order (`movement.movement_order`:
the fastest first, the tactical advantage later on equal movement); the ship first in the queue
is asked its course (the `move` decision: up to its movement points of the phase, F ahead, P and S
a hexside to port or starboard, at the advanced level L and R hard to port or starboard with
stress and B reverse). When every ship has moved the Firing Phase's declarations begin, the ship
with the tactical advantage last (Advanced, step 7).

An expert ship's sensor question about its locked target comes before its move (line 711; the
sensor question's own prompt, `sensing/sensor_ask_rule.py`): the move is neither asked nor taken
while it is open. An accepted course is flown (at a crewed ship's first emergency heading change
of the turn, C&C's helm operation roll first, lines 1121, 1503: the `course` hook of
`layers/command_hooks.py`), then the next ship moves, after the mines it set off, and a ship that
left the map may end the game (`ending.moved`). The autopilot's course (`autopilots/autopilot.py`)
is still in the central tables (docs/engine.md, "Adding a rule").
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Decision, Field, FieldKind, Value
from engine.errors import IllegalAction
from engine.ruleset import Prompt
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.ending import moved
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Disclosure, Flow, Result, Rule, Told, in_turn
from engine.rulesets.fasa.sensing import sensor_ask
from engine.rulesets.fasa.values.actions import Move
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.shaken import straight_line
from engine.rulesets.fasa.values.state import DECLARE, MOVE, FasaState, Ship, replace
from engine.stations import title
from engine.words import plural

MAX_FULL_PATHS = 5
"""Every course is listed among the legal actions up to this many movement points."""

COURSE_NOTE = (f"HARD P / HARD S: two hexsides to port / starboard, then ahead; stress damage, "
               f"{combat.EMERGENCY_TO_HIT} to hit in the next Firing Phase. REV: one hex straight back, "
               f"alone, after {movement.CHANGEOVER_PHASES} stationary Movement Phases")
"""What the advanced course letters do, for the legend under a course (Book Two, Advanced:
Emergency Heading Changes, Reverse Movement), in the names of the bridge's course buttons."""


def _flow(state: FasaState) -> Flow:
    """The ships move in turn; when none is left, the Firing Phase's declarations begin."""
    state = movement.skip_idle(state)  # a ship that only had a question to ask
    if state.queue:
        return state, [], True
    state = movement.end_of_movement_phase(state)
    return replace(state, step=DECLARE, queue=_declare_order(state)), [], False


def _declare_order(state: FasaState) -> tuple[str, ...]:
    """The ship with the tactical advantage declares its targets last (Advanced step 7)."""
    return tuple(sorted((s.id for s in state.ships if combat.can_fire(s)), key=state.rank))


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The ship first in the queue: its move, once its sensor question (Expert) is asked."""
    ship = state.ship(state.queue[0])
    if sensor_ask.open_for(state, ship):
        return ()
    n = movement.phase_points(state, ship)
    return (Prompt(ship.id, state.station_for(ship.id, Duty.MOVEMENT),
                   f"move {ship.name}: up to {plural(n, 'movement point')}", None, "move"),)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, Move)
    if sensor_ask.open_for(state, ship):
        # Expert: "the ship captain ... may ask a question about his target" before he moves
        # (line 711): the question (or none) comes first.
        raise IllegalAction(f"{station}: {ship.name}'s sensor question comes first (the Science "
                            "Officer asks one, or none, before the ship moves)")
    flown = hooks.of(state).course(state, ship, action.steps, station)  # C&C: the helm roll
    state, events = (flown if flown is not None
                     else movement.move(state, ship, action.steps, station))
    return moved(state, ship.id, events)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [Move(station, ship.id, p) for p in move_options(state, ship)]


def move_options(state: FasaState, ship: Ship) -> list[str]:
    """Every legal path when the phase allows few points; else straight and one-turn paths."""
    n = movement.phase_points(state, ship)
    candidates: list[str]
    if n <= MAX_FULL_PATHS:
        candidates = ["".join(p) for k in range(n + 1) for p in itertools.product("FPS", repeat=k)]
    else:
        candidates = ["", *("F" * i + t + "F" * (n - i - 1) for t in "FPS" for i in range(n))]
    if movement.alphabet(state) != movement.BASIC_ALPHABET and n > 0:
        # Advanced: one emergency heading change at each point of a straight course; a step
        # back; turns in place in reverse (too many to list every mix: `apply` checks any).
        candidates += ["F" * i + t + "F" * (k - i - 1) for t in "LR"
                       for k in range(1, n + 1) for i in range(k)]
        candidates += ["B", *("P" * k for k in range(1, min(n, 3) + 1)),
                       *("S" * k for k in range(1, min(n, 3) + 1))]
    if straight_line(state, ship):  # C&C: a shaken helm holds its course (shaken.py)
        candidates = [c for c in candidates if not set(c) - {"F", "B"}]
    out = []
    for steps in dict.fromkeys(candidates):
        try:
            movement.path(state, ship, steps)
        except IllegalAction:
            continue
        out.append(steps)
    return out


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    n = movement.phase_points(state, ship)

    def build(v: Mapping[str, Value]) -> Action:
        return Move(station, ship.id, cast(str, v["steps"]))

    letters = movement.alphabet(state)
    if ship.reverse:
        label = (f"Course in reverse: up to {plural(n, 'movement point')} (B one hex back, alone; "
                 f"P, S turn "
                 f"in place; F, L, R ahead after {movement.CHANGEOVER_PHASES} stationary phases)")
    elif letters == movement.BASIC_ALPHABET:
        label = f"Course: up to {plural(n, 'movement point')} (F ahead, P port, S starboard)"
    else:
        label = (f"Course: up to {plural(n, 'movement point')} (F ahead, P port, S starboard, "
                 f"L/R hard to "
                 f"port/starboard with stress, B reverse after "
                 f"{movement.CHANGEOVER_PHASES} stationary phases)")
    steps = Field("steps", label, FieldKind.STEPS, "", 0, n, 1, (), letters,
                  COURSE_NOTE if set(letters) - set(movement.BASIC_ALPHABET) else "")
    return Decision(prompt, "move", station, f"{title(station)}: move {ship.name}", (steps,), (),
                    build)


RULE = Rule(
    name="Basic: Movement (Moving The Starship Silhouette Counters)",
    levels=LEVELS_FROM_BASIC,
    step_of={"move": MOVE},
    step_words={MOVE: "a Movement Phase"},
    steps={MOVE: _flow},
    prompts={MOVE: _prompts},
    decisions={"move": in_turn(_decide)},
    options={"move": _options},
    controls={"move": _controls},
    disclosure={"move": Disclosure(Told.ACTS, "moving")},
)
