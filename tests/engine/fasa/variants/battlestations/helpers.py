"""A Battlestations! game for the tests: the duel scenario with bodies and captains added."""

from __future__ import annotations

import copy
import functools
from typing import Any

import engine
from companion.session import load_scenario, prepare
from engine.rulesets.fasa.values.state import FasaState


@functools.lru_cache(maxsize=4)
def _prepared(level: str) -> dict[str, Any]:
    return prepare(load_scenario("duel", None), None, level, None, 3)


def scenario(level: str = "expert", bodies: list[dict[str, Any]] | None = None,
             captains: dict[str, dict[str, Any]] | None = None, **more: Any) -> dict[str, Any]:
    out = copy.deepcopy(_prepared(level))
    ships = [({**s, "captain": captains[s["id"]]} if captains and s["id"] in captains else s)
             for s in out["ships"]]
    out = {**out, "ships": ships, **more}
    if bodies is not None:
        out["bodies"] = bodies
    return out


def game(level: str = "expert", bodies: list[dict[str, Any]] | None = None,
         captains: dict[str, dict[str, Any]] | None = None, **more: Any) -> FasaState:
    state = engine.new_game(scenario(level, bodies, captains, **more))
    assert isinstance(state, FasaState)
    return state
