"""The Captain's orders, declared once (Book Two, Command & Control: the Captain's orders, seed
lines 1101, 1403-1449: hold fire, fire on order, fire at will; `orders.py` is the rule itself,
this its part in the game: `rule.Rule`).

In each Power Allocation Phase the Captain of a crewed ship gives his fire order (`orders`); the
Helmsman arms and fires nothing without it. Its prompt comes after the ships' power and before the
self-destruct order, the order the table has always seen them in: the rule is registered after
the power's and before the self-destruct order's (`rules.RULES`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.command import orders
from engine.rulesets.fasa.rule import COMMAND_LEVEL, Disclosure, Result, Rule, Told, active
from engine.rulesets.fasa.values.cc_actions import FIRE_ORDERS, GiveOrders
from engine.rulesets.fasa.values.cc_events import FIRE_WORDS
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import POWER, FasaState, Ship
from engine.stations import title


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The Captain's orders, open in each Power Allocation Phase (the Helmsman's arming waits for
    them, but for a standing fire at will)."""
    out = []
    for s in state.ships:
        if orders.may_give(state, s):
            now = orders.standing(s)
            standing = f" (standing: {FIRE_WORDS[now]})" if now else ""
            out.append(Prompt(s.id, state.station_for(s.id, Duty.COMMAND),
                              f"the Captain's orders for {s.name} this turn: hold fire, open fire "
                              f"(this turn), or fire at will{standing}", None, "orders"))
    return tuple(out)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, GiveOrders)
    return orders.give(state, ship, action.fire, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [GiveOrders(station, ship.id, o) for o in FIRE_ORDERS]


def _orders(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The fire order (line 1101): by default the standing one, else fire on order."""
    choices = tuple(Choice(o, FIRE_WORDS[o]) for o in FIRE_ORDERS)

    def build(v: Mapping[str, Value]) -> Action:
        return GiveOrders(station, ship.id, cast(str, v["fire"]))

    field = Field("fire", "Fire order (the Helmsman never arms or fires without it)",
                  FieldKind.CHOICE, orders.standing(ship) or orders.FIRE, choices=choices)
    return Decision(prompt, "orders", station, f"{title(station)}: {ship.name}'s orders",
                    (field,), (), build, optional=bool(orders.standing(ship)))


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return GiveOrders(station, ship.id, orders.choose(state, ship))


RULE = Rule(
    name="C&C: the Captain's orders (orders.py)",
    levels=COMMAND_LEVEL,
    step_of={"orders": POWER},
    prompts={POWER: _prompts},  # after the power's, before the self-destruct order
    decisions={"orders": active(_decide)},
    options={"orders": _options},
    controls={"orders": _orders},
    autopilot={"orders": _autopilot},
    disclosure={"orders": Disclosure(Told.NOTHING, "giving orders")},
)
