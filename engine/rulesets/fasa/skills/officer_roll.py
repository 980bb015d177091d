"""An officer's Skill Roll (Book Two, Command & Control: Skill Rolls, seed lines 957-959).

"Players will roll the die as percentile dice to see whether or not the skill in question is of
special benefit during that game turn ... A score on the percentile dice roll equal to or less
than the appropriate skill rating indicates success." Each roll is a `RollRequest` of kind d100
asked of the station whose duty the skill follows (officers.py), its purpose naming whose roll it
is and what it needs: "Engineering: WARP DRIVE TECHNOLOGY 80: 80 or less gives 1 more power next
turn (05 or less: 2)". The casualty modifier (+1 per full 10%, Expert: Casualties, lines
847-853) and any penalty go in its `modifiers`: success is the roll with them added at or under
the rating. The "05 or less" double bonuses read the die as rolled, "no matter what his skill
rating" (line 1033; docs/rules-decisions.md, Command & Control).

While a roll is awaited the ship's `awaiting` names it; `on_roll` hands the die to the rule
that asked it.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.dice import Die, RollRequest
from engine.events import Event
from engine.rulesets.fasa.skills.casualties import casualty_modifier, casualty_terms
from engine.rulesets.fasa.values.events import RollRequested
from engine.rulesets.fasa.values.officers import SKILLS, officer_for, rating
from engine.rulesets.fasa.values.state import FasaState, Ship, replace
from engine.stations import title

DOUBLE = 5
"""A roll of 05 or less, as rolled, gives the double bonus (lines 1033, 1039)."""

OnRoll = Callable[[FasaState, Ship, int], tuple[FasaState, list[Event]]]
HANDLERS: dict[str, OnRoll] = {}
"""Awaited roll kind -> the rule that takes its die (filled by the modules that ask them)."""


def handles(kind: str) -> Callable[[OnRoll], OnRoll]:
    """Decorator: `fn` takes the die of the officer's roll `kind`."""

    def register(fn: OnRoll) -> OnRoll:
        HANDLERS[kind] = fn
        return fn

    return register


def modifier(state: FasaState, ship: Ship, penalty: int = 0) -> int:
    """What is added to the die: the casualty modifier and a penalty."""
    return casualty_modifier(state.level, ship) + penalty


def need(state: FasaState, ship: Ship, skill: str, penalty: int = 0) -> int:
    """The highest percentile roll that succeeds (0: none does, but 05 or less where a double
    bonus is offered)."""
    return max(0, rating(state, ship, skill) - modifier(state, ship, penalty))


def ask(state: FasaState, ship: Ship, skill: str, kind: str, gives: str,
        double: bool = False, penalty: tuple[tuple[str, int], ...] = ()
        ) -> tuple[FasaState, list[Event]]:
    """Ask `ship`'s officer for his roll against `skill`; `gives` says what success gives,
    `double` that 05 or less always succeeds, `penalty` what is added and why."""
    officer = officer_for(state, ship, skill)
    mod = sum(p for _, p in penalty)
    top = need(state, ship, skill, mod)
    terms = casualty_terms(state.level, ship) + penalty
    added = "".join(f", {why}" for why, _ in terms)
    low = max(top, DOUBLE) if double else top
    wanted = f"{low} or less {gives}" if low else f"cannot succeed ({gives})"
    purpose = (f"{title(officer.station)}: {SKILLS[skill].name.upper()} "
               f"{rating(state, ship, skill)}{added}: {wanted}")
    req = RollRequest(Die.D100, ship.id, officer.station, purpose, (1, low) if low else None,
                      modifiers=terms)
    state = state.with_ship(replace(ship, awaiting=kind))
    return replace(state, roll=req), [RollRequested(req)]


def succeeded(state: FasaState, ship: Ship, skill: str, value: int, double: bool = False,
              penalty: int = 0) -> bool:
    """Whether `value` (as rolled) succeeds against `skill`."""
    return (double and value <= DOUBLE) or 0 < value + modifier(state, ship, penalty) <= rating(
        state, ship, skill)


def awaited(state: FasaState) -> Ship | None:
    """The ship whose officer's roll the state awaits, if any."""
    if state.roll is None:
        return None
    return next((s for s in state.ships if s.awaiting and s.id == state.roll.ship), None)


def on_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    """Hand the die to the rule that asked for it."""
    kind = ship.awaiting
    ship = replace(ship, awaiting="")
    return HANDLERS[kind](replace(state.with_ship(ship), roll=None), ship, value)
