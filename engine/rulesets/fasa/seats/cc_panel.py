"""What a crewed ship's own seats read of its officers' rules (Book Two, Command & Control: the
Command Control Panels, seed lines 901-905, 1049-1301), and what no other side may know of them:
the Captain's fire order, the Engineer's roll and what it gives, the Helmsman's rolls. "The
captain may ask at any time for a status report from any crew member or for any information on
that player's Command Control Panel" (line 929): every seat of the ship's side reads all of it
(`views.full_ship`)."""

from __future__ import annotations

from typing import Any

from engine.rulesets.fasa.command import orders
from engine.rulesets.fasa.command.helm_rolls import WEAPONRY_ROLLS
from engine.rulesets.fasa.values.cc_events import EngineerChose, EngineRepaired, OfficerRolled, OrdersGiven
from engine.rulesets.fasa.values.state import Ship

CC_PRIVATE_EVENTS = (OrdersGiven, OfficerRolled, EngineerChose, EngineRepaired)
"""Events only the ship's side (and the Instructor) is told of."""

def unknown_command(ship: Ship) -> dict[str, Any]:
    """The ship's C&C fields as a seat of another side knows them (`views.redacted`): what the
    table sees (whether its Captain has given his orders and its Helmsman may arm, whether its
    Chief Engineer is still to choose his roll or its Helmsman has rolled at an emergency heading
    change), and nothing of the orders, ratings or results."""
    order = orders.standing(ship)
    return {
        "fire_order": orders.AT_WILL if order else "", "orders_given": ship.orders_given,
        "engineer_roll": ship.engineer_roll and "none", "repair_engine": 0,
        "warp_asked": ship.warp_asked, "power_next": 0, "extra_power": 0, "repairs": (),
        "weaponry_rolls": 0, "helm_steps": ship.helm_steps, "helm_success": False,
    }


def command_json(ship: Ship) -> dict[str, Any] | None:
    """The ship's Command Control Panel entries of the officers' rules; None for a ship without
    a player crew."""
    if not ship.officers:
        return None
    return {
        "fire_order": ship.fire_order or None, "orders_given": ship.orders_given,
        "engineer_roll": ship.engineer_roll or None,
        "repair_engine": ship.repair_engine or None,
        "warp_asked": ship.warp_asked if ship.warp_asked >= 0 else None,
        "extra_power_next_turn": ship.power_next, "extra_power": ship.extra_power,
        "repairs_next_turn": [{"engine": ship.cls.engines[i].name, "points": p}
                              for i, p in ship.repairs],
        "weaponry_rolls_left": WEAPONRY_ROLLS - ship.weaponry_rolls,
        "helm_roll_used": ship.helm_rolled,
    }
