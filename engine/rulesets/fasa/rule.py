"""What a rule declares: one declaration, beside the rule's module, of everything it takes part in.

A rule (or rule area) of FASA states in one `Rule` what it adds to the game: the steps of the turn
it adds or changes (`steps`, the step's automatic work; `step_of`, the step each of its decisions
is taken in; `step_words`, the step in a refusal's words), the rolls it owns and what their
results do (`rolls`, by the step; `rolls_anywhere`, `rolls_between`, `rolls_otherwise`, those not
of one step), the decisions it opens (`prompts` by the step; `decisions`, what
an accepted action does; `options`, its legal actions; `controls`, its fields and limits;
`autopilot`, the autopilot's choice; `disclosure`, what another side may know of it while it is
open; `side_decisions`, the decisions a side takes with no ship of its own), what it adds to a
seat's view (`view`) and to the explanations of its rolls (`explain`),
the hooks of a lower level it changes (`hooks`), and the levels that switch it on (`levels`; a
house rule also needs the table to name it, `house_rule`). The turn assembles its tables from the rules
switched on for the game's level (`rules.py`): which rule owns a step, a roll or a decision is a
lookup, and a key two rules declare is refused when the package loads.

This module is of the basic layer: it names the shapes, no rule.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, TypeVar

from engine.actions import Action
from engine.controls import Decision
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.hooks import Hooks
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, Ship, Step
from engine.stations import Seat

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
ViewPart = Callable[[FasaState, Seat], Mapping[str, Any]]
"""What a rule adds to a seat's view: keys of the view, JSON-ready, as that seat may know them."""


def _nothing_more(state: FasaState) -> list[str]:
    return []


@dataclass(frozen=True)
class Explains:
    """What a rule adds to the explanations of a roll it owns (the bridge display's Rolls list
    and its "WHY?", `explanations/explain.py`)."""

    claims: Callable[[FasaState], bool]
    """Whether the roll now asked is this rule's (the state before the roll)."""
    lines: Callable[[FasaState, int], list[str]]
    """The rule and what the rolled value did: the state before the roll and the value."""
    label: Callable[[FasaState, Sequence[Event]], tuple[str, str]]
    """The roll in a few words and its outcome, for the Rolls list's row."""
    pending: Callable[[FasaState], list[str]] = _nothing_more
    """While the roll is asked: what it needs beyond its purpose's words (nothing more)."""


@dataclass(frozen=True)
class SideDecision:
    """A decision a side takes with no ship of its own (the optional Admiral's fleet orders): its
    prompt names the side (`Prompt.side`), not a ship, and its rule checks the seat, the side and
    the step itself."""

    decide: Callable[[FasaState, Action], Result]
    """What the accepted action does, checked by the rule (refused with `IllegalAction`)."""
    options: Callable[[FasaState, Prompt, str], list[Action]]
    """Its legal actions (a sample where many): state, prompt, station."""
    controls: Callable[[FasaState, Prompt, str], Decision]
    """Its fields, limits and presets: state, prompt, station."""
    autopilot: Callable[[FasaState, Prompt], Action]
    """The autopilot's answer, from the state as the side's seat may know it (the caller
    redacts it: `autopilots/autopilot.decide`)."""


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
    rolls_anywhere: tuple[RollOwner, ...] = ()
    """Its rolls that may come at any step, tried before the step's own (C&C's officers')."""
    rolls_between: tuple[RollOwner, ...] = ()
    """Its rolls that come between the moves or shots of a step, tried after the step's own (a
    sensor roll, an explosion roll)."""
    rolls_otherwise: RollOwner | None = None
    """The owner of every roll no other rule claims (one rule a level: the basic game's combat
    roll)."""
    prompts: Mapping[Step, Prompts] = field(default_factory=dict)
    decisions: Mapping[str, Decide] = field(default_factory=dict)
    options: Mapping[str, Options] = field(default_factory=dict)
    controls: Mapping[str, Make] = field(default_factory=dict)
    autopilot: Mapping[str, Choose] = field(default_factory=dict)
    disclosure: Mapping[str, Disclosure] = field(default_factory=dict)
    side_decisions: Mapping[str, SideDecision] = field(default_factory=dict)
    """The decisions a side takes with no ship, by their kind (`SideDecision`); their step is in
    `step_of`, what another side is told in `disclosure`, as a ship's decision's."""
    view: ViewPart | None = None
    """What it adds to a seat's view (`seats/views.py` adds it in the games that play it)."""
    explain: Explains | None = None
    """What it adds to the explanations of its rolls (`explanations/explain.py`)."""
    hooks: type[Hooks] | None = None
    """The lower levels' named hooks it changes (`hooks.py`), laid under the level's own in the
    games that play it, as an optional rule's are (`hooks.register_option`)."""
    house_rule: str = ""
    """A house rule's name, which a table lists in the scenario's `[options] house_rules` (or the
    app's `[game] house_rules`) to play it in a game of its `levels`; "" for the book's rules,
    which their levels switch on. A house rule changes the game through `hooks`, `view` and
    `explain` (and decisions reached from them); its steps, rolls and prompts would be in every
    game of its levels, so `rules.py` refuses them."""


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
