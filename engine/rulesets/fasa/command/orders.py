"""The Captain's general orders (Book Two, Command & Control: Captain; Helmsman; Sequence Of Play
step 4, seed lines 1009-1013, 1101, 1415).

"Captain gives the other officers his general orders, including where to move and which weapons
to arm and shields to energize" (line 1415), each Power Allocation Phase of a crewed ship. Where
to move and which shields to raise are said at the table; the engine records the one order the
rules make binding: "The Helmsman NEVER arms or fires weapons without a direct order from the
Captain! Firing ship's weaponry is always a command-level decision, but after the order to open
fire is given, the Helmsman makes all the actual decisions concerning firing" (line 1101).

The fire order is one of hold fire, fire on his order this turn, or fire at will (line 941: "The
Captain usually tells the Helmsman when to fire, but many times, the Captain will tell him to
'Fire at will'"). Our reading (docs/rules-decisions.md, Command & Control): the order is given
once in each Power Allocation Phase, before the Helmsman arms (step 4 comes before step 5); the
Helmsman cannot arm until it is given; under hold fire he arms nothing and declares no target;
fire at will stands in the turns after, so that the Helmsman may arm at once, until the Captain
gives another order. The Captain is the station with the command duty (crew.py: in a crew of
three, Helm). A ship the Instructor runs needs no order.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa.values.actions import ArmWeapons
from engine.rulesets.fasa.values.cc_actions import FIRE_ORDERS
from engine.rulesets.fasa.values.cc_events import FIRE_WORDS, OrdersGiven
from engine.rulesets.fasa.values.officers import command_level, crewed
from engine.rulesets.fasa.values.state import ACTIVE, POWER, FasaState, Ship, replace

HOLD, FIRE, AT_WILL = FIRE_ORDERS
LINE = "Command & Control, line 1101"


def applies(state: FasaState, ship: Ship) -> bool:
    """Whether `ship` plays by its Captain's orders: a crewed ship at the command level."""
    return command_level(state.level) and crewed(ship)


def standing(ship: Ship) -> str:
    """The fire order in force: this turn's, or a standing fire at will; "" for none."""
    return ship.fire_order if ship.orders_given or ship.fire_order == AT_WILL else ""


def may_give(state: FasaState, ship: Ship) -> bool:
    """Whether the Captain is offered this turn's orders now."""
    return (applies(state, ship) and state.step == POWER and ship.status == ACTIVE
            and not ship.orders_given)


def awaited(state: FasaState, ship: Ship) -> bool:
    """Whether the Helmsman waits for the Captain's fire order before he may arm."""
    return applies(state, ship) and not standing(ship)


def order_problem(state: FasaState, ship: Ship, fire: str) -> str:
    if not applies(state, ship):
        return (f"{ship.name} has no player crew: its orders are the Instructor's (Master "
                "Control Panel)")
    if ship.orders_given:
        return f"the Captain has given {ship.name}'s orders for this turn"
    if fire not in FIRE_ORDERS:
        return f"the fire order must be one of {', '.join(FIRE_ORDERS)}, not {fire!r}"
    return ""


def give(state: FasaState, ship: Ship, fire: str,
         station: str) -> tuple[FasaState, list[Event]]:
    why = order_problem(state, ship, fire)
    if why:
        raise IllegalAction(f"{station}: {why}")
    state = state.with_ship(replace(ship, fire_order=fire, orders_given=True))
    return state, [OrdersGiven(ship.id, ship.name, fire)]


def arm_problem(state: FasaState, ship: Ship, powered: bool) -> str:
    """Why the Helmsman may not arm now (`powered`: he puts power into a weapon), or ""."""
    if not applies(state, ship):
        return ""
    order = standing(ship)
    if not order:
        return (f"the Helmsman never arms or fires without the Captain's order ({LINE}): "
                f"{ship.name}'s Captain has given no fire order this turn")
    if order == HOLD and powered:
        return (f"the Captain ordered hold fire ({LINE}): no weapon of {ship.name} may be armed "
                "this turn")
    return ""


def fire_problem(state: FasaState, ship: Ship) -> str:
    """Why the Helmsman may not declare a target now, or ""."""
    if not applies(state, ship):
        return ""
    order = standing(ship)
    if order in (FIRE, AT_WILL):
        return ""
    said = "ordered hold fire" if order == HOLD else "has given no fire order"
    return f"the Captain {said} ({LINE}): {ship.name} may not fire"


def check_arming(state: FasaState, ship: Ship, action: ArmWeapons, station: str) -> None:
    why = arm_problem(state, ship, any(w.power for w in action.power))
    if why:
        raise IllegalAction(f"{station}: {why}")


def note(state: FasaState, ship: Ship) -> str:
    """The fire order for a panel's title: " (Captain: hold fire)", or ""."""
    order = standing(ship) if applies(state, ship) else ""
    return f" (Captain: {FIRE_WORDS[order]})" if order else ""


def end_of_turn(ship: Ship) -> Ship:
    """A new turn wants new orders; fire at will stands."""
    if not ship.orders_given:
        return ship
    return replace(ship, orders_given=False,
                   fire_order=AT_WILL if ship.fire_order == AT_WILL else "")


def choose(state: FasaState, ship: Ship) -> str:
    """The autopilot's order: fire at will (it arms what can reach the enemy, and fires when
    it can hit)."""
    return AT_WILL
