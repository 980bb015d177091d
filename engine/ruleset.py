"""What a ruleset offers the kernel: the `Ruleset` protocol and the `Prompt` it answers `pending`
with. A ruleset package imports this module, never `engine.game`, so the kernel and its plug-ins
import in one direction only."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar, runtime_checkable

from engine.actions import Action
from engine.controls import Decision
from engine.dice import RollRequest
from engine.events import Event
from engine.stations import Seat


class GameState(Protocol):
    """What every ruleset's state offers the kernel."""

    @property
    def ruleset(self) -> str: ...

    @property
    def over(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Prompt:
    """Somebody must act: `station` of `ship` (None: the Instructor, or the Admiral of `side`),
    doing `what`, by an action
    of type `action` (its log type name, e.g. "allocate_power"; "roll" for a roll).

    When `roll` is set the prompt is for that roll and nothing else.
    """

    ship: str | None
    station: str
    what: str
    roll: RollRequest | None = None
    action: str = ""
    side: str | None = None  # an Admiral's prompt (station "admiral", no ship) names its side


def prompts_for(found: Sequence[Prompt], seat: Seat | None) -> tuple[Prompt, ...]:
    """What `pending(state, seat)` gives of a game's prompts `found`: all of them with no seat
    or the Instructor's; the Instructor with a ship, that ship's; any other seat, only its own
    station's of its own ship (docs/engine.md, "Adding a ruleset")."""
    if seat is None or (seat.is_instructor and seat.ship is None):
        return tuple(found)
    if seat.is_instructor:
        return tuple(p for p in found if p.ship == seat.ship)
    return tuple(p for p in found if p.ship == seat.ship and p.station == seat.station)


S = TypeVar("S", bound=GameState)


class Ruleset(Protocol[S]):
    """A game system. The kernel (`engine.game`) checks an action's shape, then dispatches here.

    `apply` raises `IllegalAction` for an action the rules refuse, and nothing else for any
    well-typed action; `pending`, `controls`, `view` and `events_for` tell a seat only what it
    may know.

    Optional attribute: `log_carries`, the names of the scenario parts a log header must hold
    (the ruleset's own data, e.g. ("classes", "tables")), read by `engine.log`; none if absent.
    Optional attributes `rules_revision` (an int written in each log's header as `rules`) and
    `older_rules(revision, scenario) -> str`: why a log of an older revision (absent: 1) cannot
    replay as it was played, "" when it can; `engine.log` refuses such a log with those words.
    """

    name: str

    def new_game(self, scenario: Mapping[str, Any]) -> S: ...

    def apply(self, state: S, action: Action) -> tuple[S, tuple[Event, ...]]: ...

    def pending(self, state: S, seat: Seat | None) -> tuple[Prompt, ...]: ...

    def legal_actions(self, state: S, seat: Seat) -> tuple[Action, ...]: ...

    def controls(self, state: S, seat: Seat) -> tuple[Decision, ...]: ...

    def view(self, state: S, seat: Seat) -> dict[str, Any]: ...

    def events_for(self, state: S, events: Sequence[Event], seat: Seat) -> tuple[Event, ...]: ...

    def crew_stations(self, state: S, ship: str) -> tuple[str, ...]: ...

    def to_json(self, state: S) -> dict[str, Any]: ...

    def example_scenario(self) -> dict[str, Any]:
        """A small self-contained scenario from the ruleset's own data, for tests that every
        ruleset must pass (the kernel's random playthroughs) and for demonstrations."""
        ...


@runtime_checkable
class Playable(Protocol):
    """What an application may also ask of a ruleset that offers it (Knight Hawks does): its
    scenarios by name, each made self-contained for `new_game` and a log, and its autopilot's
    decision for a prompt (never a roll). The application finds the ruleset by name through
    `engine.rulesets.get` and checks `isinstance(ruleset, Playable)`."""

    def scenario_names(self, user_dir: Path | None = None) -> tuple[str, ...]: ...

    def load_scenario(self, name: str, user_dir: Path | None = None,
                      max_turns: int | None = None) -> dict[str, Any]: ...

    def decide(self, state: Any, prompt: Prompt) -> Action: ...


@runtime_checkable
class Explaining(Protocol):
    """What a ruleset may also offer the bridge display's "Why?" (FASA does): each roll's
    explanation as plain lines, computed from the state just before the roll and the events as
    told to the seat. `side` says whose secrets the lines may hold: a side's name, None for
    every side's (the Instructor), "" for no side's (the viewscreen). The kernel's `explain`,
    `explain_pending` and `roll_label` (engine.game) answer nothing for a ruleset without it."""

    def explain(self, before: Any, events: Sequence[Event],
                side: str | None) -> tuple[str, ...]: ...

    def explain_pending(self, state: Any, side: str | None) -> tuple[str, ...]: ...

    def roll_label(self, before: Any, events: Sequence[Event]) -> tuple[str, str] | None: ...


@runtime_checkable
class Previewing(Protocol):
    """What a ruleset may also offer a map (FASA does): a preview of a decision being entered,
    worked out from a seat's `view` alone (so it shows nothing the seat may not know). Places are
    the view's (col, row) offsets; a heading is 0-5. The kernel's `course_path`, `course_reach`
    and `arc_hexes` (engine.game) answer nothing for a ruleset without it."""

    def course_path(self, view: Mapping[str, Any], ship: str,
                    steps: str) -> tuple[tuple[tuple[int, int], int], ...]: ...

    def course_reach(self, view: Mapping[str, Any], ship: str, planned: str, points: int,
                     letters: str) -> frozenset[tuple[int, int]]: ...

    def arc_hexes(self, view: Mapping[str, Any], ship: str, weapon: str,
                  max_range: int) -> frozenset[tuple[int, int]]: ...


@runtime_checkable
class Deciding(Protocol):
    """A ruleset with an autopilot (FASA's and Knight Hawks' have one): its decision for a
    prompt that is not a roll, from what the prompt's seat may know. The kernel's `decide`
    (engine.game) asks it."""

    def decide(self, state: Any, prompt: Prompt) -> Action: ...


@runtime_checkable
class Levelled(Protocol):
    """A ruleset played at levels of its rules (FASA: basic, advanced, expert, command): every
    level a scenario may name, those whose rules are built, and a line on what a level still
    lacks. The kernel's `levels` and `level_notice` (engine.game) ask it by the ruleset's name."""

    def levels(self, playable: bool) -> tuple[str, ...]: ...

    def level_notice(self, level: str) -> str: ...


@runtime_checkable
class Described(Protocol):
    """A ruleset that tells a table what it is: its game system's name as players know it
    (`title`: "Star Frontiers: Knight Hawks") and a line on each of its levels (`level_line`:
    what the level's rules add, for a table choosing its game; "" for a ruleset without levels).
    The kernel's `game_title` and `level_line` (engine.game) ask it by the ruleset's name."""

    title: str

    def level_line(self, level: str) -> str: ...


@runtime_checkable
class Varied(Protocol):
    """A ruleset with variants laid over its rules (FASA: *Battlestations!*): a variant's title as
    players know it, for a briefing to name what is played ("" for a name it does not know)."""

    def variant_title(self, name: str) -> str: ...


@dataclass(frozen=True, slots=True)
class ShipClassInfo:
    """One ship class as a list of them shows it: its id (what a scenario's `class` names), the
    race or faction that flies it, its name, and whether its numbers were checked against the
    published ones."""

    id: str
    faction: str
    name: str
    verified: bool = True


@dataclass(frozen=True, slots=True)
class TableSettings:
    """What a table may choose for a game of a ruleset beside the scenario, with the limits an
    application checks a configuration or a command line against before a game starts.

    `scales`: the data scales a game may be played at (FASA: "1", "1/2", "1/3", "1/4"; none:
    one scale only). `phases`: the Movement/Firing Phases a turn may have (none: the ruleset's
    own). `default_max_turns`: the turn limit of a scenario that sets none. `numbers`: each
    whole-number optional rule with its lowest and highest value (0 is off); `flags`: each
    on/off optional rule. A setting a ruleset does not list is not offered for it.
    """

    scales: tuple[str, ...] = ()
    phases: tuple[int, ...] = ()
    default_max_turns: int = 0
    numbers: Mapping[str, tuple[int, int]] = field(default_factory=dict)
    flags: tuple[str, ...] = ()


@runtime_checkable
class Stocked(Protocol):
    """What an application's commands ask of a ruleset's data (FASA and Knight Hawks offer it):
    its scenarios by name, as their files say and made ready for `new_game` with the table's
    settings; its ship classes; the settings a table may choose. `user_dir` is the table's own
    data folder (None: the packaged data only). Bad data raises `DataError` naming the file.

    A scenario read here carries its `ruleset` (the file says which; a FASA file may leave it
    out), so the application starts it with `new_game` and never names a ruleset itself."""

    def scenario_names(self, user_dir: Path | None = None) -> tuple[str, ...]: ...

    def read_scenario(self, name: str, user_dir: Path | None = None) -> dict[str, Any]:
        """The named scenario as its file says (checked), with `ruleset` set."""
        ...

    def prepare(self, scenario: Mapping[str, Any], user_dir: Path | None,
                settings: Mapping[str, Any]) -> dict[str, Any]:
        """`scenario` made self-contained for `new_game` and a log (ship classes and tables
        carried along). `settings` may hold "level", "scale", "max_turns", "phases" and
        "options" (a mapping of optional rules); a ruleset ignores what it does not offer
        (`table_settings()` says what it does)."""
        ...

    def ship_classes(self, user_dir: Path | None = None) -> tuple[ShipClassInfo, ...]: ...

    def table_settings(self) -> TableSettings: ...


@runtime_checkable
class Crewing(Protocol):
    """What a ruleset with player crews kept from game to game offers an application (FASA's
    Command & Control does): for a prepared scenario, each ship the players crew with what each
    station's officer must be rated in; the skills by key and name, the ratings' bounds; and
    the Victory Points a side earned in a finished game. The kernel's `officer_needs`,
    `captain_station`, `skill_names`, `rating_range` and `victory_points` (engine.game) ask it."""

    def officer_needs(self, scenario: Mapping[str, Any]) -> dict[str, dict[str, tuple[str, ...]]]:
        ...

    def captain_station(self, scenario: Mapping[str, Any], ship: str) -> str: ...

    def skill_names(self) -> tuple[tuple[str, str], ...]: ...

    def rating_range(self) -> tuple[int, int]: ...

    def victory_points(self, state: Any, side: str) -> tuple[tuple[str, int], ...]: ...
