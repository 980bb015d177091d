"""The Admiral, declared once (Book Two, the optional rules: a side's Admiral, seed 000 line 437;
`admiral.py` is the rule itself, this its part in the game: `rule.Rule`).

A side with an Admiral (a seat with no ship) is offered its fleet orders in each Power Allocation
Phase, first of the phase's decisions: an order (close, hold, withdraw) and an enemy to engage for
each of its ships; the captains decide. Its decision is a side's, not a ship's: what it does, its
legal actions, its fields and the autopilot's orders are declared as a side's decision
(`rule.SideDecision`), which the turn, the legal actions, the controls and the autopilot look up
by its kind (`flow/decide.BY_SIDE`); another side is not told of it.

The autopilot at an Admiral's seat plays from what its side knows (the state redacted for its
seat by `autopilots/autopilot.decide`): it names one enemy for the whole side to close on, the
seen enemy nearest its ships all together (fire gathered on one ship), and orders a ship that has
lost two thirds of its superstructure, or a ship the scenario scores for leaving the map, to
withdraw; with no enemy in sight it orders its ships to close with no target named (each captain
finds the enemy its own way). What a ship's autopilot makes of the orders is
`autopilots/admiral_autopilot.py`'s.
"""

from __future__ import annotations

from engine.actions import Action
from engine.hexgrid import distance
from engine.ruleset import Prompt
from engine.rulesets.fasa import victory
from engine.rulesets.fasa.command import admiral
from engine.rulesets.fasa.command.admiral import CLOSE, WITHDRAW, FleetOrders, Order, targets
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Disclosure, Result, Rule, SideDecision, Told
from engine.rulesets.fasa.values.state import ACTIVE, POWER, FasaState

BATTERED = 3
"""A ship at a third of its superstructure or less is ordered to withdraw."""


def _decide(state: FasaState, action: Action) -> Result:
    assert isinstance(action, FleetOrders)
    return admiral.give(state, action)


def orders(state: FasaState, prompt: Prompt) -> FleetOrders:
    """The Admiral's orders for its side this turn, from `state` as its seat may know it."""
    side = prompt.side or ""
    ships = [s for s in state.ships if s.side == side and s.status == ACTIVE]
    foes = [f for f in targets(state, side) if f.status == ACTIVE]
    escapers = victory.escapers(state.setup.victory)
    focus = min(foes, key=lambda f: (sum(distance(s.pos, f.pos) for s in ships), f.id),
                default=None)
    out = []
    for s in ships:
        if s.id in escapers or s.superstructure * BATTERED <= s.cls.superstructure:
            out.append(Order(s.id, WITHDRAW))
        else:
            out.append(Order(s.id, CLOSE, focus.id if focus is not None else ""))
    return FleetOrders(prompt.station, side, tuple(out))


RULE = Rule(
    name="Optional: the Admiral (line 437)",
    levels=LEVELS_FROM_BASIC,  # an option of the table's, offered at every level (options.py)
    step_of={"fleet_orders": POWER},
    prompts={POWER: admiral.prompts},  # first of the phase's decisions
    side_decisions={"fleet_orders": SideDecision(_decide, admiral.options, admiral.decision,
                                                 orders)},
    disclosure={"fleet_orders": Disclosure(Told.NOTHING, "giving fleet orders")},
)
