"""The warp speed, declared once (Book Two, Expert: Helm Display, seed 000 line 759; Command &
Control: Changing Warp Speed, line 1143; `warp.py` is the rule itself, this its part in the game:
`rule.Rule`).

"If warp speed is to be changed, erase the warp speed circled and circle the new warp speed": in
each Power Allocation Phase of the expert game the Helm may set the ship's warp speed (the
`set_warp` decision), before or after the ship's allocation; the phase does not wait for it.

The autopilot's speed is declared here (`warp_choice`): the speed decides only the stress of an
emergency heading change (lines 735-743), so the Helm steps toward the speed at which a heading
change costs least, one step a turn; on a tie it holds.

Once accepted the speed is set, then the game's end is checked, for a scenario that scores
breaking off at warp (`ending.check_game_over`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.ending import check_game_over
from engine.rulesets.fasa.moving import warp
from engine.rulesets.fasa.moving.stress import stress_of
from engine.rulesets.fasa.rule import LEVELS_FROM_EXPERT, Disclosure, Result, Rule, Told, active
from engine.rulesets.fasa.values.actions import SetWarp
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import POWER, FasaState, Ship, replace
from engine.stations import title


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    """Expert: the Helm may change the warp speed (line 759; warp.py), before or after the
    ship's allocation; the phase does not wait for it. Listed before the allocation, as it comes
    first."""
    return tuple(Prompt(s.id, state.station_for(s.id, Duty.MOVEMENT),
                        f"warp speed of {s.name} this turn (now {s.warp}; "
                        f"{warp.reach_words(state, s)})", None, "set_warp")
                 for s in state.ships if warp.may_set(state, s))


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    # A scenario may score breaking off at warp (victory.py: broke_off).
    assert isinstance(action, SetWarp)
    state, events = warp.set_warp(state, ship, action.warp, station)
    state, more = check_game_over(state)
    return state, [*events, *more]


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    low, high = warp.bounds(state, ship)
    return [SetWarp(station, ship.id, w) for w in range(low, high + 1)]


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The warp speed for this turn (Expert: Helm Display, line 759, no limit; a crewed ship's
    Helmsman one step, two with the Chief Engineer, line 1143; `warp.py`); the stress of an
    emergency heading change is read at it."""
    low, high = warp.bounds(state, ship)

    def build(v: Mapping[str, Value]) -> Action:
        return SetWarp(station, ship.id, cast(int, v["warp"]))

    two = "; two steps ask the Chief Engineer's roll" if warp.helmsman_limited(state, ship) \
        else ""
    field = Field("warp", f"Warp speed (0 = sub-light; safe cruising {ship.cls.max_safe_warp}, "
                          f"emergency {ship.cls.emergency_warp}{two})", FieldKind.INT, ship.warp,
                  low, high)
    return Decision(prompt, "set_warp", station, f"{title(station)}: {ship.name}'s warp speed",
                    (field,), (), build, optional=True)  # the phase does not wait for it


def warp_choice(state: FasaState, ship: Ship) -> int:
    """The warp speed to set this turn: the reachable speed whose emergency heading change costs
    least (engine power and superstructure together), the present one on a tie."""
    low, high = warp.bounds(state, ship)

    def cost(speed: int) -> tuple[int, int]:
        s = stress_of(state.tables, replace(ship, warp=speed), state.level)
        return (s.power + s.superstructure, 0 if speed == ship.warp else 1)

    return min(range(low, high + 1), key=cost)


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return SetWarp(station, ship.id, warp_choice(state, ship))


RULE = Rule(
    name="Expert: the warp speed (Helm Display, line 759)",
    levels=LEVELS_FROM_EXPERT,
    step_of={"set_warp": POWER},
    prompts={POWER: _prompts},
    decisions={"set_warp": active(_decide)},
    options={"set_warp": _options},
    controls={"set_warp": _controls},
    disclosure={"set_warp": Disclosure(Told.ACTS, "setting the warp speed")},
    autopilot={"set_warp": _autopilot},
)
