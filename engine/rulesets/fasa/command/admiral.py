"""The Admiral, an optional rule of the advanced game (Book Two, Advanced: Optional Rules And Hints
On Play, seed 000 line 437, `cat -n`): "one of the players does not actually command a ship, but
acts as an Admiral, coordinating the movements of all the ships, leaving the details of the
movements to the individual ship captains."

With the scenario's `options.admiral` (every side) or `options.admirals` (the sides named), a
side's Admiral sits at a seat with no ship, `Seat("admiral", side=...)`. In each Power Allocation
Phase it may give each of its side's ships in play one fleet order (`FleetOrders`): close on the
enemy, hold, or withdraw, with an enemy ship to engage or none. The orders bind nobody: the
captains leave "the details" to themselves, the engine never refuses a ship's action for them.
They are logged, told to the side's seats alone (`FleetOrdered`, the view's `fleet_orders`), and
hold for that game turn. The Power Allocation Phase does not wait for them: an Admiral who gives
none (an empty `FleetOrders`, or no answer) has skipped the turn. These readings are in
docs/rules-decisions.md, "The advanced game's optional rules".
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from engine.actions import Action, action_type
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.firing.combat import targetable
from engine.rulesets.fasa.firing.hiding import hidden_from
from engine.rulesets.fasa.values.state import ACTIVE, POWER, FasaState, Ship, replace
from engine.stations import ADMIRAL, INSTRUCTOR, title

CLOSE, HOLD, WITHDRAW = "close", "hold", "withdraw"
ORDERS = (CLOSE, HOLD, WITHDRAW)
"""A fleet order's kinds: close on the enemy (or on the ship named), hold the ship's place,
withdraw from the fight."""

ORDER_WORDS = {CLOSE: "close", HOLD: "hold", WITHDRAW: "withdraw"}
NONE = "none"
"""A control's value for a ship left without an order this turn."""


@dataclass(frozen=True, slots=True)
class Order:
    """One ship's fleet order: `order` (close, hold, withdraw) and the enemy ship to engage, ""
    for none."""

    ship: str
    order: str
    target: str = ""


@action_type("fleet_orders")
@dataclass(frozen=True, slots=True)
class FleetOrders(Action):
    """The Admiral of `side`: this turn's fleet orders, at most one a ship; none is a skip."""

    side: str
    orders: tuple[Order, ...] = ()

    def __post_init__(self) -> None:
        items = self.orders
        if isinstance(items, tuple | list):
            object.__setattr__(self, "orders", tuple(
                Order(*o) if isinstance(o, tuple | list) and len(o) in (2, 3) else o
                for o in items))


@dataclass(frozen=True, slots=True)
class FleetOrdered(Event):
    """The Admiral's orders for the turn, told to its side alone."""

    side: str
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        said = "; ".join(self.lines) if self.lines else "no orders this turn"
        return f"Admiral of the {self.side} side: {said}"


def sides(state: FasaState) -> tuple[str, ...]:
    """The sides that have an Admiral in this game (the optional rule's option)."""
    return state.setup.options.admiral_sides(state.setup.sides)


def _open(state: FasaState, side: str) -> bool:
    return (state.step == POWER and state.roll is None and (side, state.turn) not in state.ordered
            and any(s.side == side and s.status == ACTIVE for s in state.ships))


def prompts(state: FasaState) -> tuple[Prompt, ...]:
    """Each Admiral's open offer of fleet orders in this Power Allocation Phase."""
    return tuple(Prompt(None, ADMIRAL, f"fleet orders for the {side} side's ships this turn "
                        "(close, hold or withdraw, an enemy to engage; the captains decide)",
                        None, "fleet_orders", side=side)
                 for side in sides(state) if _open(state, side))


def _name(state: FasaState, ship_id: str) -> str:
    return state.ship(ship_id).name if state.has_ship(ship_id) else ship_id


def order_line(state: FasaState, order: Order) -> str:
    """An order in words: "Enterprise: close on Bird of Prey"."""
    words = {CLOSE: "close", HOLD: "hold", WITHDRAW: "withdraw"}[order.order]
    target = f" on {_name(state, order.target)}" if order.target and order.order == CLOSE else (
        f", engage {_name(state, order.target)}" if order.target else "")
    return f"{_name(state, order.ship)}: {words}{target}"


def targets(state: FasaState, side: str) -> tuple[Ship, ...]:
    """The enemy ships the side may name: on the map, and not a cloaked ship it cannot place."""
    return tuple(s for s in state.ships if s.side != side and targetable(s)
                 and not hidden_from(state, s, side))


def problem(state: FasaState, action: FleetOrders) -> str:
    """Why `apply` refuses the orders, or ""."""
    who = title(action.station)
    if action.station not in (ADMIRAL, INSTRUCTOR):
        return f"{who}: fleet orders are the Admiral's ({title(ADMIRAL)} seat)"
    if action.side not in sides(state):
        having = ", ".join(sides(state)) or "no side"
        return (f"{who}: the {action.side!r} side has no Admiral in this game (an optional rule; "
                f"Admirals: {having})")
    if state.step != POWER or state.roll is not None:
        return f"{who}: fleet orders are given in the Power Allocation Phase"
    if not _open(state, action.side):
        return f"{who}: the {action.side} side's fleet orders for turn {state.turn} are given"
    seen: set[str] = set()
    named = {s.id for s in targets(state, action.side)}
    for o in action.orders:
        if not state.has_ship(o.ship) or state.ship(o.ship).side != action.side:
            return f"{who}: {o.ship!r} is not a ship of the {action.side} side"
        ship = state.ship(o.ship)
        if ship.status != ACTIVE:
            return f"{who}: {ship.name} is {ship.status}: it takes no orders"
        if o.ship in seen:
            return f"{who}: one order a ship; {ship.name} has two"
        seen.add(o.ship)
        if o.order not in ORDERS:
            return f"{who}: {ship.name}'s order is one of {', '.join(ORDERS)}, not {o.order!r}"
        if o.target and o.target not in named:
            return (f"{who}: {o.target!r} is no enemy ship the {action.side} side can name "
                    f"(on the map and seen); leave the target empty for none")
    return ""


def give(state: FasaState, action: FleetOrders) -> tuple[FasaState, list[Event]]:
    """The orders, checked (`problem`), kept for this turn and told to the side."""
    why = problem(state, action)
    if why:
        raise IllegalAction(why)
    kept = tuple(o for o in state.fleet_orders if o[0] != action.side)
    new = tuple((action.side, state.turn, o.ship, o.order, o.target) for o in action.orders)
    state = replace(state, fleet_orders=kept + new,
                    ordered=tuple(o for o in state.ordered if o[0] != action.side)
                    + ((action.side, state.turn),))
    return state, [FleetOrdered(action.side, tuple(order_line(state, o) for o in action.orders))]


def current(state: FasaState, side: str | None) -> tuple[Order, ...]:
    """This turn's orders of `side` (None: every side's, for the Instructor)."""
    return tuple(Order(ship, order, target)
                 for s, turn, ship, order, target in state.fleet_orders
                 if turn == state.turn and (side is None or s == side))


def order_of(state: FasaState, ship: Ship) -> Order | None:
    """The order `ship`'s Admiral gave it this turn, if any (for its captain and autopilot)."""
    return next((o for o in current(state, ship.side) if o.ship == ship.id), None)


def known_orders(state: FasaState, side: str | None) -> tuple[tuple[str, int, str, str, str], ...]:
    """The kept orders a seat of `side` may know (None: all): its own side's."""
    return tuple(o for o in state.fleet_orders if side is None or o[0] == side)


def orders_json(state: FasaState, side: str | None) -> list[dict[str, Any]]:
    """This turn's orders as a view tells them: its own side's, all for the Instructor."""
    return [{"ship": o.ship, "order": o.order, "target": o.target or None,
             "text": order_line(state, o)} for o in current(state, side)]


def decision(state: FasaState, prompt: Prompt, station: str) -> Decision:
    """The Admiral's decision: an order and a target per ship of the side in play."""
    side = cast(str, prompt.side)
    ships = tuple(s for s in state.ships if s.side == side and s.status == ACTIVE)
    foes = targets(state, side)
    fields: list[Field] = []
    for s in ships:
        fields.append(Field(f"order:{s.id}", f"{s.name}: order", FieldKind.CHOICE, NONE,
                            choices=(Choice(NONE, "no order"),)
                            + tuple(Choice(o, ORDER_WORDS[o]) for o in ORDERS)))
        fields.append(Field(f"target:{s.id}", f"{s.name}: engage", FieldKind.CHOICE, "",
                            choices=(Choice("", "no target"),)
                            + tuple(Choice(f.id, f.name) for f in foes)))

    def build(v: Mapping[str, Value]) -> Action:
        orders = tuple(Order(s.id, str(v.get(f"order:{s.id}")), str(v.get(f"target:{s.id}") or ""))
                       for s in ships if v.get(f"order:{s.id}") not in (NONE, None))
        return FleetOrders(station, side, orders)

    return Decision(prompt, "fleet_orders", station,
                    f"{title(ADMIRAL)}: fleet orders of the {side} side (the captains decide)",
                    tuple(fields), (), build, optional=True)


def options(state: FasaState, prompt: Prompt, station: str) -> list[Action]:
    """A sample of the Admiral's legal orders: none, and each order to every ship at once."""
    side = cast(str, prompt.side)
    ships = [s.id for s in state.ships if s.side == side and s.status == ACTIVE]
    foes = [f.id for f in targets(state, side)] or [""]
    out: list[Action] = [FleetOrders(station, side)]
    for o in ORDERS:
        out.append(FleetOrders(station, side, tuple(Order(s, o, foes[0]) for s in ships)))
    return out
