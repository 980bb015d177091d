"""Advanced-level moments built through engine actions, for the display tests: a ship that made an
emergency heading change and fires, a torpedo its target evades, a ship below 0 superstructure
after a barrage. Real games of the packaged ship classes; only the dice are scripted."""

from __future__ import annotations

from typing import Any

import engine
from engine import RollResult
from engine.events import Event
from engine.rulesets.fasa.flow import setup
from engine.rulesets.fasa.flow.turn import advance
from engine.rulesets.fasa.values.actions import (
    AllocatePower,
    ArmWeapons,
    DeclareFire,
    Evade,
    Move,
    Sense,
    SetShields,
    Target,
    WeaponPower,
)
from engine.rulesets.fasa.values.state import ACTIVE, DISABLED, RESOLVE, SENSE, FasaState, replace

Step = tuple[FasaState, FasaState, tuple[Event, ...]]


def game(*ships: tuple[Any, ...]) -> FasaState:
    """An advanced game of `ships` (id, class, side, col, row, heading) on a 16x16 map."""
    entries = [{"id": s[0], "name": s[0].upper(), "class": s[1], "side": s[2], "col": s[3],
                "row": s[4], "heading": s[5]} for s in ships]
    built = setup.build_scenario({"id": "test", "map": {"cols": 16, "rows": 16},
                                  "obstacles": [], "ships": entries},
                                 setup.ship_dicts(None), level="advanced")
    state = engine.new_game(built)
    assert isinstance(state, FasaState)
    return state


def act(state: FasaState, action: Any) -> tuple[FasaState, FasaState, tuple[Event, ...]]:
    after, events = engine.apply(state, action)
    assert isinstance(after, FasaState)
    return state, after, tuple(events)


def roll(state: FasaState, value: int) -> tuple[FasaState, FasaState, tuple[Event, ...]]:
    prompt = engine.pending(state)[0]
    assert prompt.roll is not None, prompt
    return act(state, RollResult(prompt.station, value, source="script"))


def ready(state: FasaState, ship: str, movement: int = 0, shields: int = 0, weapons: int = 0,
          arm: tuple[tuple[str, int], ...] = (), points: tuple[int, ...] = (0,) * 6) -> FasaState:
    for action in (AllocatePower("engineer", ship, movement, shields, weapons),
                   ArmWeapons("helm", ship, tuple(WeaponPower(w, p) for w, p in arm)),
                   SetShields("science", ship, tuple(points))):
        state = act(state, action)[1]
    return state


def advantage(state: FasaState, first: int, second: int) -> FasaState:
    """The tactical advantage rolls, then the Sensor Phase with no sensor lock tried (Advanced:
    Sequence Of Play steps 2-3)."""
    state = roll(roll(state, first)[1], second)[1]
    while state.step == SENSE:
        prompt = engine.pending(state)[0]
        state = act(state, Sense(prompt.station, prompt.ship or "", ""))[1]
    return state


def hard_turned() -> FasaState:
    """The Klingon D-7A has turned hard to starboard (R); it declares its targets now."""
    state = game(("kl", "d7a", "Klingon", 5, 8, 1), ("ent", "constitution", "Federation",
                                                     9, 8, 0))
    cls = state.ship("kl").cls
    movement = -(-3 // cls.movement_points(cls.movement_step)) * cls.movement_step
    state = ready(state, "kl", movement, 0, 6, (("d1", 2), ("d2", 2), ("d3", 2)))
    state = ready(state, "ent")
    state = advantage(state, 2, 1)
    state = act(state, Move("helm", "kl", "R"))[1]
    assert state.ship("kl").hard_turned
    return state


def hard_turn_and_fire() -> FasaState:
    """After `hard_turned`, a disruptor's shot is declared: its to-hit roll waits."""
    from engine.rulesets.fasa.firing import fire_rule
    state = hard_turned()
    shot = next(o for o in fire_rule.fire_options(state, state.ship("kl")) if len(o) == 1)
    return act(state, DeclareFire("helm", "kl", shot))[1]


def torpedo_evaded(direction: str = "port") -> FasaState:
    """The Enterprise's photon torpedo at the D-7A 4 hexes ahead; the D-7A evades to
    `direction`, its evasion roll waits."""
    state = game(("kl", "d7a", "Klingon", 5, 4, 3), ("ent", "constitution", "Federation",
                                                     5, 8, 0))
    state = ready(state, "kl", 0, 3, 2, (("d1", 2),), (1, 0, 1, 0, 0, 0))
    state = ready(state, "ent", 0, 0, 1, (("pt1", 1),))
    state = advantage(state, 1, 2)
    state = act(state, DeclareFire("helm", "kl", (Target("d1", "ent"),)))[1]
    state = act(state, DeclareFire("helm", "ent", (Target("pt1", "kl"),)))[1]
    return act(state, Evade("helm", "kl", direction))[1]


def below_zero(points: int, *ships: tuple[Any, ...]) -> FasaState:
    """The D-7A `points` superstructure after a barrage (below 0: its explosion roll waits);
    the Enterprise 1 hex off its bow unless `ships` are given."""
    state = game(*(ships or (("kl", "d7a", "Klingon", 5, 5, 0),
                             ("ent", "constitution", "Federation", 5, 4, 0))))
    kl = state.ship("kl")
    state = state.with_ship(replace(kl, superstructure=points, blast_roll=points < 0,
                                    status=ACTIVE if points > 0 else DISABLED))
    state = replace(state, step=RESOLVE, phase=1, advantage=tuple(s.id for s in state.ships))
    state, _ = advance(state)
    return state
