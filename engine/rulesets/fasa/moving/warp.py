"""Changing the warp speed (Book Two, Expert: Helm Display, seed lines 599, 657, 759; Command &
Control: Changing Warp Speed, line 1143).

"The ship's warp speed is recorded on the Warp Speed Track"; "If warp speed is to be changed,
erase the warp speed circled and circle the new warp speed" (line 759). The warp speed decides the
stress of an emergency heading change (lines 735-743). The expert text gives no limit: any speed
from sub-light (0) to the class's Emergency Speed, once a game turn. Command & Control limits a
crewed ship's Helmsman: "Warp speed may be increased or decreased one step per combat turn, but if
a Helmsman desires a two-step change, he may ask the Chief Engineer" (line 1143:
`engineer_roll.py`); the Instructor's ships keep the expert rule (line 897). Set by the Helm
(movement duty) in the Power Allocation Phase, before or after the allocation (the warp speed gives
no power: line 1141), so his card never closes because the Engineer allocated first
(docs/rules-decisions.md, Expert). A scenario with obstacle counters is fought at sub-light (line
369): its ships cannot go to warp. The warp speed is public ("The players announce to one another
the speeds of their ships").
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.values.cc_events import EngineerChose
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.officers import command_level, crewed
from engine.rulesets.fasa.values.shaken import duty_out
from engine.rulesets.fasa.values.state import ACTIVE, POWER, FasaState, Ship, replace

MAX_STEP = 1
"""A crewed ship's Helmsman changes the speed one step a turn without the Engineer (line 1143)."""
TOP = 10
"""The Heading Change Stress Chart stops at warp 10."""


def may_set(state: FasaState, ship: Ship) -> bool:
    """Whether the ship's Helm is offered the warp speed now: at the expert levels, in the Power
    Allocation Phase, once a turn."""
    return (expert(state.level) and state.step == POWER and ship.status == ACTIVE
            and not ship.warp_set)


def helmsman_limited(state: FasaState, ship: Ship) -> bool:
    """Whether the ship's warp speed changes by steps: a crewed ship at the command level (line
    1143); at the expert level, and for the Instructor's ships, line 759 sets no limit."""
    return command_level(state.level) and crewed(ship)


def max_step(state: FasaState, ship: Ship) -> int:
    """How many steps the speed may change this turn: any at the expert level (line 759); for
    a crewed ship one, or two asked of the Chief Engineer (C&C, line 1143: "if a Helmsman desires
    a two-step change, he may ask the Chief Engineer")."""
    return MAX_STEP + 1 if helmsman_limited(state, ship) else TOP


def reach_words(state: FasaState, ship: Ship) -> str:
    """How far the warp speed may change this turn, in words for the prompt."""
    return ("one step, two with the Chief Engineer's roll" if helmsman_limited(state, ship)
            else "any speed the ship can make")


def bounds(state: FasaState, ship: Ship) -> tuple[int, int]:
    """The lowest and highest warp speed the ship may set (or ask for) this turn."""
    if duty_out(state, ship, Duty.MOVEMENT):
        # C&C: a shaken Helmsman may not "change his ship's speed" (line 1357): the prompt stays
        # (so another side cannot tell), the speed with it.
        return ship.warp, ship.warp
    top = 0 if state.obstacles else min(TOP, max(ship.cls.emergency_warp, ship.warp))
    step = max_step(state, ship)
    return max(0, ship.warp - step), max(0, min(top, ship.warp + step))


def problem(state: FasaState, ship: Ship, warp: int) -> str:
    if not expert(state.level):
        return "the warp speed changes only at the expert level"
    if ship.warp_set:
        return f"{ship.name}'s warp speed is set for this turn"
    low, high = bounds(state, ship)
    if type(warp) is not int or not low <= warp <= high:
        why = " (obstacles: this battle is fought at sub-light)" if state.obstacles else ""
        return (f"warp {warp!r} is out of reach: from warp {ship.warp}, {low} to {high} this "
                f"turn{why}")
    return ""


def set_warp(state: FasaState, ship: Ship, warp: int, station: str) -> tuple[FasaState, list[Event]]:
    why = problem(state, ship, warp)
    if why:
        raise IllegalAction(f"{station}: {why}")
    changed = warp != ship.warp
    if helmsman_limited(state, ship) and abs(warp - ship.warp) > MAX_STEP:
        # C&C: the second step waits for the Engineer's roll (engineer_roll.py); the first is
        # made now.
        step = MAX_STEP if warp > ship.warp else -MAX_STEP
        state = state.with_ship(replace(ship, warp=ship.warp + step, warp_set=True,
                                        warp_asked=warp))
        now = ship.warp + step
        return state, [Note(f"{ship.name} goes to {f'warp {now}' if now else 'sub-light'}"),
                       EngineerChose(ship.id, ship.name, "warp",
                                     f"is asked by Helm for warp {warp}: his roll in the Skill "
                                     "Roll Phase")]
    state = state.with_ship(replace(ship, warp=warp, warp_set=True))
    speed = f"warp {warp}" if warp else "sub-light"
    words = f"{ship.name} goes to {speed}" if changed else f"{ship.name} holds {speed}"
    return state, [Note(words)]
