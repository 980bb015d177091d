"""The FASA decisions with their limits, for panels and screens (`engine.controls`): a lookup
by the decision's kind of the fields each rule declares with itself (`rule.Rule.controls`: the
Power Allocation Phase's in `engineering/power_controls.py`, the Firing rule's, the Movement
rule's, ...), a variant's first; and the roll typed in at the table, which is no rule's.

Each field's bounds come from the rule that `apply` enforces, so a stepper that stays within them
builds an action the rules accept, but for what depends on several fields at once (a budget, a
path blocked by an obstacle, a target out of arc), which `problem` explains.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action, RollResult
from engine.controls import Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import ruling
from engine.rulesets.fasa.flow.decide import BY_SIDE
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.rule import Make
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.state import FasaState
from engine.stations import INSTRUCTOR, Seat


def controls(state: FasaState, seat: Seat) -> tuple[Decision, ...]:
    """One decision for each prompt `seat` faces now, made as that seat's station."""
    return (tuple(decision(state, prompt, seat.station) for prompt in pending(state, seat))
            + ruling.offer(state, seat))  # C&C: the Instructor may end the game (ruling.py)


def decision(state: FasaState, prompt: Prompt, station: str) -> Decision:
    if prompt.roll is not None:
        return _roll(prompt, station)
    by_side = BY_SIDE.get(prompt.action)  # a side's decision, with no ship: the Admiral's
    if by_side is not None:
        return by_side.controls(state, prompt, station)
    assert prompt.ship is not None  # every other FASA decision belongs to a ship
    ship = state.ship(prompt.ship)
    own = variant_tables.of(state).controls.get(prompt.action)  # a variant's (values/variant_tables.py)
    if own is not None:
        return own(state, ship, prompt, station)
    make = _MAKERS[prompt.action]
    return make(state, ship, prompt, station)


def _int(v: Value) -> int:
    """A field value passed on as it is: a value of the wrong type is refused by the kernel's
    type check with a reason (`problem`), never raised here."""
    return cast(int, v)


def _roll(prompt: Prompt, station: str) -> Decision:
    req = prompt.roll
    assert req is not None

    def build(v: Mapping[str, Value]) -> Action:
        # A die typed in at the table is "manual"; the Instructor setting another station's roll
        # is an override, and logged as one (docs/rules-decisions.md, Crews).
        return RollResult(station, _int(v["value"]),
                          "override" if station == INSTRUCTOR else "manual")

    value = Field("value", f"{req.kind} roll", FieldKind.INT, 1, 1, req.sides)
    return Decision(prompt, "roll", station, req.purpose, (value,), (), build)


_MAKERS_BASE: dict[str, Make] = {
}
_MAKERS: dict[str, Make] = rules.every_rule(_MAKERS_BASE, lambda r: r.controls)
"""Each decision's fields and limits, by its kind, each declared by its rule
(`rule.Rule.controls`; the base table is empty)."""
