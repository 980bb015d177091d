"""The actions of the Command & Control officers (Book Two, seed lines 875-1563), each taken by
one station of a crewed ship (the Instructor may act for any ship)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, action_type

FIRE_ORDERS = ("hold", "fire", "at_will")
"""The Captain's fire order (line 1101; line 941: "The Captain usually tells the Helmsman when to
fire, but many times, the Captain will tell him to 'Fire at will'"): hold fire; fire on his
order, this turn; fire at will, which stands in the turns after until he gives another."""


@action_type("orders")
@dataclass(frozen=True, slots=True)
class GiveOrders(Action):
    """Captain: his general orders for this game turn, given in the Power Allocation Phase
    (Sequence Of Play step 4, line 1415): the fire order, one of `FIRE_ORDERS`."""

    ship: str
    fire: str


ENGINEER_ROLLS = ("none", "power", "repair")
"""The Chief Engineer's roll of the Skill Roll Phase (lines 1029-1041): none; extra power
(WARP DRIVE TECHNOLOGY); engine repair (STARSHIP ENGINEERING). The two-step warp change (line
1045) is the Helmsman's request, rolled without a choice."""


@action_type("engineer_roll")
@dataclass(frozen=True, slots=True)
class EngineerRoll(Action):
    """Chief Engineer: which Skill Roll he makes this turn, one of `ENGINEER_ROLLS`; `engine` is
    the damaged engine a repair is for (1-based, in the class's engine order)."""

    ship: str
    roll: str
    engine: int = 0
