"""Where the Command & Control officers' rules join the game turn (Book Two, Sequence Of Play,
seed lines 1403-1449): the arming that waits for the Captain's orders (whose prompt is declared
with their rule, `orders_rule.py`), and the end of a turn for a crewed ship (the orders given, the rolls made,
the Engineer's extra power and repairs coming into the next turn)."""

from __future__ import annotations

from engine.actions import Action
from engine.events import Event
from engine.rulesets.fasa.command import helm_rolls, orders
from engine.rulesets.fasa.skills import engineer_roll
from engine.rulesets.fasa.values.actions import ArmWeapons
from engine.rulesets.fasa.values.state import FasaState, Ship


def decision(state: FasaState, ship: Ship, action: Action, station: str) -> None:
    """Arming waits for the Captain's order (raises when it may not go on). The Captain's orders and
    the Chief Engineer's choice of roll are declared with their rules (`orders_rule.py`,
    `skills/engineer_roll_rule.py`)."""
    if isinstance(action, ArmWeapons):
        orders.check_arming(state, ship, action, station)


def end_of_turn(state: FasaState, ships: tuple[Ship, ...]) -> tuple[tuple[Ship, ...], list[Event]]:
    events: list[Event] = []
    out = []
    for ship in ships:
        ship, more = engineer_roll.end_of_turn(helm_rolls.end_of_turn(orders.end_of_turn(ship)))
        events += more
        out.append(ship)
    return tuple(out), events
