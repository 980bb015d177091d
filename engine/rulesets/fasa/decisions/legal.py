"""Legal actions for a seat. Small choices are listed whole (die faces, movement paths, the damaged
weapon); large ones (power, arming, shields, fire) as a sample that always holds the "nothing"
choice and the most forceful choices. `apply` checks any other action on its own."""

from __future__ import annotations

from collections.abc import Callable

from engine.actions import Action, RollResult
from engine.ruleset import Prompt
from engine.rulesets.fasa import rules
from engine.rulesets.fasa.flow.decide import BY_SIDE
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.stations import Seat


def legal_actions(state: FasaState, seat: Seat) -> tuple[Action, ...]:
    """What `seat` may do now: the actions for each prompt it may answer (`pending(state, seat)`),
    taken as the seat's own station (the Instructor acts as the Instructor)."""
    out: list[Action] = []
    for prompt in pending(state, seat):
        out.extend(for_prompt(state, prompt, seat.station))
    return tuple(out)


Options = Callable[[FasaState, Ship, str, str], list[Action]]
"""The legal actions of one kind of decision: (state, ship, station, the decision's kind)."""


def for_prompt(state: FasaState, prompt: Prompt, station: str) -> list[Action]:
    """The legal actions answering `prompt`: a roll's faces, or the options of its kind of
    decision (`OPTIONS`, a lookup by the kind)."""
    if prompt.roll is not None:
        return [RollResult(station, v) for v in range(1, prompt.roll.sides + 1)]
    by_side = BY_SIDE.get(prompt.action)  # a side's decision, with no ship: the Admiral's
    if by_side is not None:
        return by_side.options(state, prompt, station)
    assert prompt.ship is not None
    options = variant_tables.layered(variant_tables.of(state).options, OPTIONS, prompt.action)
    return options(state, state.ship(prompt.ship), station, prompt.action) if options else []




OPTIONS: dict[str, Options] = rules.every_rule({
}, lambda r: r.options)
"""The legal actions of each kind of decision, by its kind (`Prompt.action`)."""


