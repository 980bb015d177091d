"""The Science Officer/Navigator of a crewed ship in the turn (Book Two, Command & Control,
seed lines 1165-1301): what Command & Control's hooks call in the turn
(`layers/command_hooks.py`), and the answer to each of his rolls (`FasaState.science_wait`).
The rules are in science_roll.py (the Skill Roll Phase), damage_control.py, sensors_rating.py,
explosion_roll.py and hard_comms.py.
"""

from __future__ import annotations

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.command import science_roll
from engine.rulesets.fasa.firing import damage_control, explosions
from engine.rulesets.fasa.sensing import sensors_rating
from engine.rulesets.fasa.skills import explosion_roll, hard_comms
from engine.rulesets.fasa.values.actions import (
    SCIENCE_USES,
    CommsTask,
    Cut,
    DamageControl,
    ExtraShields,
    ScienceRoll,
)
from engine.rulesets.fasa.values.state import ACTIVE, DISABLED, RESOLVE, SKILL, FasaState, Step, replace

STEPS: dict[str, Step] = {"science_roll": SKILL, "extra_shields": SKILL,
                          "damage_control": RESOLVE}
"""The step of the turn in which each of the Science Officer's decisions is taken (a
difficult communications task is named at any step)."""
PROMPTS = ("science_roll", "extra_shields", "damage_control")
"""His prompts, which only his ship's side is told are open (views.py)."""


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    """The roll awaited by `science_wait`."""
    assert len(state.science_wait) == 2
    ship_id, what = state.science_wait
    state = replace(state, science_wait=(), roll=None)
    ship = state.ship(ship_id)
    if what in ("skill", "dc_die"):
        return science_roll.on_roll(state, ship, what, value)
    if what == "lock":
        return sensors_rating.on_lock_roll(state, ship, value)
    if what == "question":
        return sensors_rating.on_question_roll(state, ship, value)
    if what == "scan":
        return sensors_rating.on_arc_scan_roll(state, ship, value)
    if what == "comms":
        return hard_comms.on_roll(state, ship, value)
    held, state, events = explosion_roll.on_roll(state, ship, value)
    if held:
        return state, events
    state, more = explosions.explode(state, state.ship(ship_id))
    return state, events + more


def skill_phase(state: FasaState) -> tuple[FasaState, list[Event], bool]:
    """The Skill Roll Phase's Science part: the next roll asked, or whether decisions are
    awaited (True: the phase waits)."""
    ship = hard_comms.due(state)
    if ship is not None:
        state, events = hard_comms.ask(state, ship)
        return state, events, True
    asked = science_roll.next_roll(state)
    if asked is not None:
        return asked[0], asked[1], True
    return state, [], bool(science_roll.prompts(state))


def prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The Science decisions open now (the Skill Roll Phase's, a Firing Phase's damage
    control)."""
    if state.step == SKILL:
        return science_roll.prompts(state)
    if state.step == RESOLVE:
        return damage_control.prompts(state)
    return ()


def decide(state: FasaState, action: Action, station: str) -> tuple[FasaState, list[Event]]:
    """A Science decision, in its step (turn.py checked the station and the step)."""
    assert hasattr(action, "ship")
    ship = state.ship(action.ship)
    if isinstance(action, ScienceRoll):
        return science_roll.choose(state, ship, action, station)
    if isinstance(action, ExtraShields):
        return science_roll.place(state, ship, action, station)
    if isinstance(action, DamageControl):
        return damage_control.assign(state, ship, action, station)
    if isinstance(action, CommsTask):
        return hard_comms.name_task(state, ship, action)
    raise IllegalAction(f"{station}: not a Science Officer's decision")


def end_of_turn(state: FasaState) -> FasaState:
    """The panel reset for the Science Officer's counters (line 1301), for every ship still on
    the map (as the panels' reset is: a ship gone keeps its last turn's)."""
    return replace(state, ships=tuple(
        science_roll.end_of_turn(sensors_rating.end_of_turn(state, s))
        if s.status in (ACTIVE, DISABLED) else s for s in state.ships))


def legal_for(state: FasaState, ship_id: str, action: str, station: str) -> list[Action]:
    """A sample of the Science Officer's decisions for `legal_actions`: every use of the Skill
    Roll that may be chosen; the autopilot's placement and all on each shield with room; no
    damage control, the autopilot's, and all the points on each shot."""
    ship = state.ship(ship_id)
    if action == "science_roll":
        return [ScienceRoll(station, ship.id, u) for u in SCIENCE_USES
                if not science_roll.use_problem(ship, u)]
    if action == "extra_shields":
        out = [ExtraShields(station, ship.id, science_roll.autopilot_place(state, ship))]
        for n, free in enumerate(science_roll.room(ship)):
            if free >= ship.extra_shields:
                p = [0] * 6
                p[n] = ship.extra_shields
                out.append(ExtraShields(station, ship.id, (p[0], p[1], p[2], p[3], p[4], p[5])))
        return list(dict.fromkeys(out))
    out2: list[Action] = [DamageControl(station, ship.id, ()),
                          damage_control.autopilot_cuts(state, ship, station)]
    out2 += [DamageControl(station, ship.id, (Cut(s.firer, s.weapon, ship.dc_points),))
             for s in damage_control.incoming(state, ship)]
    return list(dict.fromkeys(out2))


def autopilot(state: FasaState, ship_id: str, action: str, station: str) -> Action:
    """The autopilot's Science decisions (from what its seat may know)."""
    ship = state.ship(ship_id)
    if action == "science_roll":
        return ScienceRoll(station, ship.id, science_roll.autopilot_use(state, ship))
    if action == "extra_shields":
        return ExtraShields(station, ship.id, science_roll.autopilot_place(state, ship))
    return damage_control.autopilot_cuts(state, ship, station)
