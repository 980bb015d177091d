"""Difficult communications tasks (Book Two, Command & Control: Difficult Communications Tasks,
seed lines 1229-1231).

"At any time that the Science Officer/Navigator attempts to perform some difficult communication
task, he must make a Skill Roll against his rating in STARSHIP COMMUNICATIONS PROCEDURES. If his
roll is less than or equal to his Skill Rating, the task may be performed with success. If the
roll is greater than his Skill Rating, the task was too difficult at that time and must be
performed in a later game turn." The rules name no task: the Instructor, who "judges" the game
(line 1453), names one for a crewed ship in a few words (`comms_task`, at any step when no roll
is awaited); the station holding communications rolls at once, and on a failure again in the
Skill Roll Phase of each later turn until it succeeds. The task and its rolls are the ship's
side's to know.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa.skills import science_dice
from engine.rulesets.fasa.values.actions import CommsTask
from engine.rulesets.fasa.values.crew_events import ScienceApplied
from engine.rulesets.fasa.values.officers import crewed
from engine.rulesets.fasa.values.state import ACTIVE, DISABLED, FasaState, Ship, replace
from engine.stations import INSTRUCTOR

MAX_TASK = 80
"""Characters of a task's words (a line on a panel)."""


def task_problem(state: FasaState, ship: Ship, action: CommsTask) -> str:
    if action.station != INSTRUCTOR:
        return "the Instructor names a difficult communications task"
    if not crewed(ship):
        return f"{ship.name} has no Science Officer to roll (a ship the Instructor runs)"
    if ship.status not in (ACTIVE, DISABLED):
        return f"{ship.name} is {ship.status}"
    if ship.comms_task:
        return f"{ship.name} is still at the task {ship.comms_task!r}"
    words = action.task.strip()
    if not words or len(words) > MAX_TASK or not words.isprintable():
        return f"name the task in 1 to {MAX_TASK} printable characters"
    return ""


def name_task(state: FasaState, ship: Ship, action: CommsTask) -> tuple[FasaState, list[Event]]:
    if state.roll is not None:
        raise IllegalAction(f"Instructor: waiting for a roll first ({state.roll.purpose})")
    why = task_problem(state, ship, action)
    if why:
        raise IllegalAction(f"Instructor: {why}")
    ship = replace(ship, comms_task=action.task.strip())
    state = state.with_ship(ship)
    named = ScienceApplied(ship.id, ship.name, f"difficult communications task: {ship.comms_task}")
    state, asked = ask(state, ship)
    return state, [named, *asked]


def ask(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    ship = replace(ship, comms_tried=state.turn)
    return science_dice.ask(state.with_ship(ship), ship, "communications", "comms", "succeeds")


def due(state: FasaState) -> Ship | None:
    """A crewed ship whose task failed in an earlier turn and is not yet tried this turn."""
    return next((s for s in state.ships if s.comms_task and s.comms_tried < state.turn
                 and s.status in (ACTIVE, DISABLED)), None)


def on_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    ok, event = science_dice.read(state, ship, "communications", value,
                                  f"done: {ship.comms_task}",
                                  f"too difficult this turn, again next turn: {ship.comms_task}")
    if ok:
        state = state.with_ship(replace(ship, comms_task=""))
    return state, [event]
