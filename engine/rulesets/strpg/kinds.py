"""An action of the seed's table, declared once (seed 004 lines 208-210, "Action Descriptions and
AP Costs"): its words, its AP cost, what it needs to be told (its `fields` of `Do`), why it
cannot be done now, what it does, and what it counts as for the movement modifiers.

Each rule module (position.py, evasion.py, gear.py, attacks.py, other.py) declares its kinds;
catalog.py puts them in the table's order. `apply` and the decisions find a kind by its key."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from engine.events import Event
from engine.rulesets.strpg.actions import Do
from engine.rulesets.strpg.state import STILL, Character, RPGState

Details = Mapping[str, str]
"""A `Do`'s fields by name (direction, target, item...): what a kind is told."""
Cost = Callable[[RPGState, Character, Details], int]
Check = Callable[[RPGState, Character, Details], "str | None"]
Perform = Callable[[RPGState, Character, Do], "tuple[RPGState, list[Event]]"]
Samples = Callable[[RPGState, Character], Iterable[dict[str, str]]]
Able = Callable[[RPGState, Character], "str | None"]

DETAILS = ("direction", "facing", "target", "item", "setting", "hand", "ending", "message",
           "pattern", "attack", "device")
"""The fields of `Do` a kind may need."""


def details(do: Do) -> dict[str, str]:
    return {name: str(getattr(do, name)) for name in DETAILS}


def no_check(state: RPGState, c: Character, d: Details) -> str | None:
    return None


def always(state: RPGState, c: Character) -> str | None:
    return None


def one_sample(state: RPGState, c: Character) -> Iterable[dict[str, str]]:
    return ({},)


@dataclass(frozen=True, slots=True)
class Kind:
    """One action of the table. `able` says cheaply why it cannot be chosen at all now (None:
    it may be); `samples` gives the detail values worth offering (every one for a small choice),
    of which `check` says why one is refused; `perform` does it (its AP already spent); `moves`
    is what it counts as for the target and attacker movement modifiers (line 222); `attack`
    true for an attack (line 214), `evasive` for an evasive action (line 220); `held` true for
    one a character held in a grapple may still take (line 214: "the opponent is grappled and
    can do nothing but move while grappled ... or attempt to break the grapple"; waiting, and a
    short word, are ours)."""

    key: str
    label: str
    group: str
    line: int
    cost: Cost
    perform: Perform
    fields: tuple[str, ...] = ()
    check: Check = no_check
    samples: Samples = one_sample
    able: Able = always
    moves: str = STILL
    attack: bool = False
    evasive: bool = False
    held: bool = False
    note: str = ""


HELD = "he is held in a grapple: only Move while grappling or Break a grapple"
"""Why a character held in a grapple may not take an action not marked `held`."""


def flat(quarters: int) -> Cost:
    """A cost that does not depend on the details."""
    return lambda state, c, d: quarters
