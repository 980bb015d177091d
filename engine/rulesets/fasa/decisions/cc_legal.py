"""Legal actions of the Command & Control officers' decisions (the Captain's orders, the Chief
Engineer's choice of roll), listed whole."""

from __future__ import annotations

from engine.actions import Action
from engine.rulesets.fasa.skills import engineer_roll
from engine.rulesets.fasa.values.cc_actions import ENGINEER_ROLLS, FIRE_ORDERS, EngineerRoll, GiveOrders
from engine.rulesets.fasa.values.state import FasaState, Ship

ACTIONS = frozenset({"orders", "engineer_roll"})


def for_prompt(state: FasaState, ship: Ship, action: str, station: str) -> list[Action]:
    if action == "orders":
        return [GiveOrders(station, ship.id, o) for o in FIRE_ORDERS]
    rolls = [EngineerRoll(station, ship.id, r, n) for r in ENGINEER_ROLLS
             for n in ((0,) if r != "repair" else engineer_roll.damaged_engines(ship))]
    return [a for a in rolls if not isinstance(a, EngineerRoll)
            or not engineer_roll.problem(state, ship, a)]
