"""What a table may play next, as plain data (no pygame): the game systems with their levels
(a line each) and their scenarios (each with its goal and story), and the chooser's state over
them. The app builds the offer from the kernel (engine.game_title, engine.level_line and the
scenarios on offer); display.draw_game_offer draws it, for a new table's first game and the end
screen's ANOTHER SCENARIO.

A choice goes to the app as "scenario:<id>" or "scenario:<id>@<level>" (`choice_of`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

FIRST_LEVEL_NOTE = "suggested for a first game"


@dataclass(frozen=True, slots=True)
class LevelOffer:
    id: str          # "basic"
    line: str        # what its rules add

    @property
    def title(self) -> str:
        return self.id.upper()


@dataclass(frozen=True, slots=True)
class SystemOffer:
    """A game system: its ruleset, its title ("Star Frontiers: Knight Hawks") and levels."""

    ruleset: str
    title: str
    levels: tuple[LevelOffer, ...] = ()

    @property
    def head(self) -> str:
        """The title's first part ("Star Frontiers"), or all of it."""
        return self.title.partition(":")[0].strip()

    @property
    def tail(self) -> str:
        """The title's second part ("Knight Hawks"), or ""."""
        return self.title.partition(":")[2].strip()


@dataclass(frozen=True, slots=True)
class ScenarioOffer:
    id: str          # what the app loads it by ("duel", "knighthawks:patrol")
    name: str
    ruleset: str
    goal: str = ""
    story: str = ""


@dataclass(frozen=True, slots=True)
class GameOffer:
    systems: tuple[SystemOffer, ...]
    scenarios: tuple[ScenarioOffer, ...]

    def system(self, ruleset: str) -> SystemOffer:
        return next((s for s in self.systems if s.ruleset == ruleset),
                    SystemOffer(ruleset, ruleset))

    def of(self, ruleset: str) -> tuple[ScenarioOffer, ...]:
        return tuple(s for s in self.scenarios if s.ruleset == ruleset)

    def named(self, ruleset: str, scenario: str) -> str:
        """The name the offer knows a game's scenario by ("knighthawks:patrol" where two
        rulesets share "patrol"), "" when it offers no such scenario."""
        return next((s.id for s in self.scenarios if s.ruleset == ruleset and
                     s.id.rpartition(":")[2] == scenario), "")


@dataclass(frozen=True, slots=True)
class Chosen:
    """The chooser's state: the scenario in front and the level chosen for each system."""

    scenario: str
    levels: tuple[tuple[str, str], ...] = ()   # (ruleset, level)

    def level(self, ruleset: str) -> str:
        return dict(self.levels).get(ruleset, "")


def start(offer: GameOffer, scenario: str = "", level: str = "") -> Chosen:
    """The chooser's first state: `scenario` (else the first on offer) at `level` (else each
    system's first level: the basic game, for a first game)."""
    found = next((s for s in offer.scenarios if s.id == scenario),
                 offer.scenarios[0] if offer.scenarios else None)
    levels = tuple((sy.ruleset, sy.levels[0].id) for sy in offer.systems if sy.levels)
    chosen = Chosen(found.id if found is not None else "", levels)
    if found is not None and level:
        chosen = with_level(offer, chosen, level)
    return chosen


def current(offer: GameOffer, chosen: Chosen) -> ScenarioOffer | None:
    return next((s for s in offer.scenarios if s.id == chosen.scenario), None)


def with_level(offer: GameOffer, chosen: Chosen, level: str) -> Chosen:
    """`level` chosen for the system in front (unchanged when it has no such level)."""
    sc = current(offer, chosen)
    if sc is None or level not in {lv.id for lv in offer.system(sc.ruleset).levels}:
        return chosen
    levels = dict(chosen.levels)
    levels[sc.ruleset] = level
    return replace(chosen, levels=tuple(levels.items()))


def with_system(offer: GameOffer, chosen: Chosen, ruleset: str) -> Chosen:
    """The first scenario of `ruleset` in front (unchanged when it offers none)."""
    mine = offer.of(ruleset)
    sc = current(offer, chosen)
    if not mine or (sc is not None and sc.ruleset == ruleset):
        return chosen
    return replace(chosen, scenario=mine[0].id)


def stepped(offer: GameOffer, chosen: Chosen, step: int) -> Chosen:
    """The next (`step` 1) or last (-1) scenario of the system in front, round."""
    sc = current(offer, chosen)
    if sc is None:
        return chosen
    mine = offer.of(sc.ruleset)
    n = mine.index(sc)
    return replace(chosen, scenario=mine[(n + step) % len(mine)].id)


def choice_of(offer: GameOffer, chosen: Chosen) -> str:
    """What the app is told: "scenario:<id>" (a system without levels) or with "@<level>"."""
    sc = current(offer, chosen)
    if sc is None:
        return ""
    level = chosen.level(sc.ruleset)
    return f"scenario:{sc.id}" + (f"@{level}" if level else "")


def parse_choice(choice: str) -> tuple[str, str]:
    """(scenario, level) of a choice "scenario:<id>[@<level>]" ("" for what it leaves out)."""
    name, _, level = choice.removeprefix("scenario:").partition("@")
    return name, level


def next_level(offer: GameOffer, ruleset: str, level: str) -> str:
    """The level after `level` in `ruleset`'s order ("" at the top, or without levels)."""
    ids = [lv.id for lv in offer.system(ruleset).levels]
    return ids[ids.index(level) + 1] if level in ids and ids.index(level) + 1 < len(ids) else ""
