"""What a rule declares: one declaration, beside the rule's module, of everything it takes part in.

A rule (or rule area) of FASA states in one `Rule` what it adds to the game: the steps of the turn
it adds or changes (`steps`, the step's automatic work; `step_of`, the step each of its decisions
is taken in; `step_words`, the step in a refusal's words), the rolls it owns and what their
results do (`rolls`, by the step), the decisions it opens (`prompts` by the step; `decisions`, what
an accepted action does; `options`, its legal actions; `controls`, its fields and limits;
`autopilot`, the autopilot's choice; `disclosure`, what another side may know of it while it is
open) and the levels that switch it on (`levels`). The turn assembles its tables from the rules
switched on for the game's level (`rules.py`): which rule owns a step, a roll or a decision is a
lookup, and a key two rules declare is refused when the package loads.

This module is of the basic layer: it names the shapes, no rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeVar

from engine.actions import Action
from engine.controls import Decision
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship, Step

Result = tuple[FasaState, list[Event]]
"""What a decision or a roll does: the state after it and its events."""
Flow = tuple[FasaState, list[Event], bool]
"""A step's automatic work: the state after it, its events, and whether the game now waits for
a decision or a roll (False: run on)."""
StepFlow = Callable[[FasaState], Flow]
Decide = Callable[[FasaState, Ship, Action, str], Result]
"""What an accepted decision does, once the turn has checked its seat, ship and step."""
Prompts = Callable[[FasaState], tuple[Prompt, ...]]
"""The decisions open in a step."""
Options = Callable[[FasaState, Ship, str, str], list[Action]]
"""A decision's legal actions (all where few, a sample where many): state, ship, station, kind."""
Make = Callable[[FasaState, Ship, Prompt, str], Decision]
"""A decision's fields, limits and presets for a seat's station."""
Choose = Callable[[FasaState, Ship, str, str], Action]
"""The autopilot's answer to a decision: state (as its seat knows it), ship, station, kind."""


@dataclass(frozen=True)
class RollOwner:
    """A rule's roll: when the roll wanted now is its own, and what its result does."""

    rule: str
    claims: Callable[[FasaState], bool]
    on_roll: Callable[[FasaState, int], Result]


class Told(Enum):
    """What another side is told of an open decision."""

    NOTHING = "nothing"
    """Not that it is open: the decision stays its own side's."""
    ACTS = "acts"
    """That the ship acts (the station and the words of `Disclosure`), not what it may choose."""


@dataclass(frozen=True, slots=True)
class Disclosure:
    """What another side sees of one kind of decision."""

    told: Told
    words: str
    """What another side reads of it ("using the sensors")."""
    seen_as: str = ""
    """The decision another side sees instead, when the decision's kind itself tells a secret
    ("" for the decision as it is)."""
    seen_at: Duty | None = None
    """The duty whose station another side sees act instead (with `seen_as`)."""


LEVELS_FROM_BASIC = frozenset({"basic", "advanced", "expert", "command"})
LEVELS_FROM_ADVANCED = frozenset({"advanced", "expert", "command"})
LEVELS_FROM_EXPERT = frozenset({"expert", "command"})
COMMAND_LEVEL = frozenset({"command"})


@dataclass(frozen=True)
class Rule:
    """One rule's part in the game, declared once beside its module (see the module's words)."""

    name: str
    """The rule as the book names it, with its seed lines ("Advanced: Evading Missile Fire")."""
    levels: frozenset[str]
    """The levels whose games it is in."""
    step_of: Mapping[str, Step] = field(default_factory=dict)
    step_words: Mapping[Step, str] = field(default_factory=dict)
    steps: Mapping[Step, StepFlow] = field(default_factory=dict)
    rolls: Mapping[Step, RollOwner] = field(default_factory=dict)
    prompts: Mapping[Step, Prompts] = field(default_factory=dict)
    decisions: Mapping[str, Decide] = field(default_factory=dict)
    options: Mapping[str, Options] = field(default_factory=dict)
    controls: Mapping[str, Make] = field(default_factory=dict)
    autopilot: Mapping[str, Choose] = field(default_factory=dict)
    disclosure: Mapping[str, Disclosure] = field(default_factory=dict)


def active(decide: Decide) -> Decide:
    """`decide`, for a ship in play only (a disabled ship allocates, arms, senses nothing)."""
    def checked(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
        if ship.status != ACTIVE:
            raise IllegalAction(f"{station}: {ship.name} is {ship.status}")
        return decide(state, ship, action, station)
    return checked


def in_turn(decide: Decide) -> Decide:
    """`decide`, for the ship whose turn it is to move or declare (Advanced: Sequence Of Play)."""
    def checked(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
        if not state.queue or state.queue[0] != ship.id:
            now = state.ship(state.queue[0]).name if state.queue else "nobody"
            raise IllegalAction(f"{station}: it is {now}'s turn to act, not {ship.name}'s")
        return decide(state, ship, action, station)
    return checked


K = TypeVar("K")
V = TypeVar("V")


def gather(base: Mapping[K, V], parts: Iterable[tuple[str, Mapping[K, V]]]) -> dict[K, V]:
    """`base` with each rule's entries (`parts`: the rule's name and its table) added; an entry
    that `base` or another rule already holds is a mistake in the declarations, refused with both
    names (ValueError)."""
    out = dict(base)
    owner: dict[K, str] = {}
    for name, table in parts:
        for key, value in table.items():
            if key in out:
                raise ValueError(f"{name} declares {key!r}, already declared by "
                                 f"{owner.get(key, 'the base table')}")
            out[key] = value
            owner[key] = name
    return out
