"""Variants of FASA's game laid over its rules: each a `Variant`, the tables it adds to or
replaces in FASA's own, found by the name a scenario gives as `variant` (the seeds' *Battlestations!*
is the first: `variants/battlestations/`).

FASA's tables are looked up through `layered` and the functions below, one line where each table
is read (flow/turn.py, flow/rolls.py, flow/prompts.py, decisions/, autopilots/, seats/views.py):
the variant's line for a step or a kind of decision comes first, FASA's otherwise. A variant
registers itself (`register`) when its package is imported (the ruleset's `__init__` imports
every variant), so no module of FASA's core imports a variant: the lower layer never imports the
higher (python-chess's variants, over its board).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from engine.actions import Action
from engine.controls import Decision
from engine.errors import DataError
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import Step

if TYPE_CHECKING:
    from engine.rulesets.fasa.data.ships import WeaponSpec
    from engine.rulesets.fasa.values.state import FasaState, Ship

Result = tuple["FasaState", list[Event]]
Start = Callable[["FasaState"], Result]
StepFlow = Callable[["FasaState"], tuple["FasaState", list[Event], bool]]
Decide = Callable[["FasaState", "Ship", Action, str], Result]
RollHook = tuple[Callable[["FasaState"], bool], Callable[["FasaState", int], Result]]
Prompts = Callable[["FasaState"], tuple[Prompt, ...]]
Options = Callable[["FasaState", "Ship", str, str], list[Action]]
Controls = Callable[["FasaState", "Ship", Prompt, str], Decision]
Choose = Callable[["FasaState", "Ship", str, str], Action]
Redact = Callable[["FasaState", "str | None"], "FasaState"]
ViewPart = Callable[["FasaState", "str | None"], dict[str, object]]


class ShotChange(NamedTuple):
    """What a variant's rules do to one shot: `to_hit` added to the to-hit number (negative:
    harder), `reach` added to the weapon's longest range in hexes (negative: shorter), and each
    in words for the roll, the refusal and the explanation ("-3 torpedo into the well of Cestus
    III")."""

    to_hit: int = 0
    reach: int = 0
    why: tuple[str, ...] = ()


ShotTerms = Callable[["FasaState", "Ship", "WeaponSpec", "Ship"], ShotChange]
Spared = Callable[["FasaState", "Ship", str], bool]
MayDisengage = Callable[["FasaState", "Ship"], bool]
Rated = Callable[["FasaState", "Ship"], "Ship"]



def _nothing(state: FasaState, side: str | None) -> dict[str, object]:
    return {}


def _as_is(state: FasaState, side: str | None) -> FasaState:
    return state


@dataclass(frozen=True)
class Variant:
    """A variant's rules as FASA's tables see them: each mapping adds lines to the table of the
    same name in FASA's core, or replaces one (a step's flow, a kind of decision)."""

    name: str
    title: str
    notice: str                           # what the table is told when the game starts
    levels: tuple[str, ...]               # the levels it is played at
    default_level: str                    # the level of a game that names none it plays at
    phases: int = 0                       # the Movement Phases of its turn (0: the table's)
    sensor_question: bool = False         # its Sensors Phase's lock carries a question at every
    #                                       level (sensing/sensors.phase_question)
    advantage: Start | None = None  # moving/advantage.start: its own
    #                                                           Tactical Advantage Phase
    step_flows: Mapping[Step, StepFlow] = field(default_factory=dict)      # flow/turn.STEP_FLOWS
    step_words: Mapping[Step, str] = field(default_factory=dict)           # flow/turn.STEP_WORDS
    step_of: Mapping[str, Step] = field(default_factory=dict)              # flow/turn.STEP_OF
    duties: Mapping[str, Duty] = field(default_factory=dict)              # values/crew.ACTION_DUTY
    decisions: Mapping[str, Decide] = field(default_factory=dict)         # flow/decide.DECISIONS
    rolls: Mapping[Step, RollHook] = field(default_factory=dict)           # flow/rolls.BY_STEP
    prompts: Mapping[Step, Prompts] = field(default_factory=dict)          # flow/prompts
    options: Mapping[str, Options] = field(default_factory=dict)          # decisions/legal
    controls: Mapping[str, Controls] = field(default_factory=dict)        # decisions/controls
    choices: Mapping[str, Choose] = field(default_factory=dict)           # autopilots/autopilot
    acts: Mapping[str, str] = field(default_factory=dict)  # decisions/disclosure: what another
    #                                                        side reads of an open decision
    shot: ShotTerms | None = None          # firing/combat.need_to_hit and shot_problem: what
    #                                        its rules add to a shot's to-hit number and range
    spared: Spared | None = None           # firing/bridge_hits: a Systems Shaken result that
    #                                        passes the ship by (its system named)
    may_disengage: MayDisengage | None = None  # autopilots/autopilot: whether a ship's captain
    #                                            may break off (follow an order to withdraw)
    rated: Rated | None = None             # flow/setup, skills/ratings: a ship's ratings at the
    #                                        start, once known (given or rolled)
    redact: Redact = _as_is                # seats/views.redacted: the variant's own secrets
    view: ViewPart = _nothing              # seats/views: the variant's part of a seat's view


NONE = Variant("", "", "", (), "")
"""FASA's game as the books have it: no table changed."""

_VARIANTS: dict[str, Variant] = {}


def register(variant: Variant) -> Variant:
    _VARIANTS[variant.name] = variant
    return variant


def names() -> tuple[str, ...]:
    return tuple(sorted(_VARIANTS))


def named(name: str, where: str = "game") -> Variant:
    """The variant called `name` ("" for none), or a `DataError` that names those there are."""
    if not name:
        return NONE
    if name not in _VARIANTS:
        known = ", ".join(names()) or "none"
        raise DataError(f"{where}: variant must be one of {known} (or left out), not {name!r}")
    return _VARIANTS[name]


def title_of(name: str) -> str:
    """The title of the variant called `name` ("Battlestations!"), "" for none or an unknown
    name."""
    found = _VARIANTS.get(name)
    return found.title if found is not None else ""


def of(state: FasaState) -> Variant:
    """The variant a game is played with (`NONE` for FASA's own game)."""
    return _VARIANTS.get(state.setup.variant, NONE)


K = TypeVar("K")
V = TypeVar("V")


def layered(own: Mapping[K, V], base: Mapping[K, V], key: K) -> V | None:
    """A table's line for `key`: the variant's own first, FASA's otherwise."""
    found = own.get(key)
    return found if found is not None else base.get(key)


def rated_at_start(state: FasaState, ships: tuple[str, ...]) -> FasaState:
    """`ships`, their ratings now known (given by the scenario or just rolled), as the game's
    variant changes them at the start (`Variant.rated`); as they are in FASA's own game."""
    rated = of(state).rated
    if rated is None:
        return state
    for ship in ships:
        state = state.with_ship(rated(state, state.ship(ship)))
    return state
