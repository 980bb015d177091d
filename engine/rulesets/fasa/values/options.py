"""The advanced game's optional rules a scenario or the table turns on (Book Two, Advanced:
Optional Rules And Hints On Play, seed lines 429-529; `cat -n` line numbers of
000_4373da4a9495c8f8.txt).

A scenario's `[options]` table holds them; `build_scenario` writes the table's choices into it
(simulate's flags, the app's `[game]` keys), so the log's header carries them and a replay plays
under the same options. Each is off unless turned on.

- `fire_limit` (lines 449-453, Firing Limitations): "the number of weapons fired per Firing
  Phase can be limited. This will cause maneuver to be more important, particularly if only two
  weapons or one bank may be fired at one time." N (1 to `MAX_FIRE_LIMIT`) is the most weapons
  one ship may declare in one Firing Phase; 0 is no limit. A class's own limits ("2 torps, 1 at
  a time") still hold inside it. Movement With Three Movement/Firing Phases (lines 455-480) is
  the older `phases = 3`.

- `rescues` (lines 525-529, Rescues During Combat): true lets a Captain abandon ship to a
  friendly ship no more than 4 hexes away (`rescues.py`).

- `team_communications` (line 447, Team Communications): true opens each game turn with a d10
  a side; on 1-3 the team must talk aloud (`comms.py`).

- `campaign` (lines 496-529, Campaign Advancement): true gives each captain and crew their
  Advancement Points (a ship entry's `advancement = { captain = N, crew = M }`, else rolled),
  the captain's points on a percentile Tactical Advantage roll, the crew's roll for a bonus each
  turn, and the Victory Points and totals for the next game at the end (`campaign_play.py`, the
  numbers in `campaign.py`).

- `house_rules` (not FASA's): the house rules a table plays, by name, e.g.
  `house_rules = ["alternating_advantage"]`. Each is a `Rule` with a `house_rule` name
  (`rules.py` registers it here, `register_house_rule`); a name none declares is refused, naming
  those there are. docs/rules-decisions.md, "House rules", says what each does.

- `admiral` / `admirals` (line 437, the Admiral): `admiral = true` gives every side an Admiral,
  `admirals = ["Federation"]` the sides named. An Admiral commands no ship; each Power Allocation
  Phase it may give its side's ships fleet orders, which bind nobody (`admiral.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.errors import DataError

MAX_FIRE_LIMIT = 12
"""The most weapons a limit may name (more than any class carries)."""

MAX_ADMIRALS = 8
"""The most sides an `admirals` list may name."""

MAX_HOUSE_RULES = 16
"""The most names a `house_rules` list may hold."""

OPTION_KEYS = ("fire_limit", "rescues", "team_communications", "campaign", "admiral", "admirals",
               "house_rules")

HOUSE_RULES: dict[str, str] = {}
"""The house rules a table may list (`house_rules`): each name and the rule's own name, filled by
`rules.py` from the rules that declare one when the ruleset loads."""


def register_house_rule(name: str, rule: str) -> None:
    """Let tables list the house rule `name` (the `Rule` named `rule` plays it)."""
    if name in HOUSE_RULES and HOUSE_RULES[name] != rule:
        raise ValueError(f"{rule} declares the house rule {name!r}, already {HOUSE_RULES[name]}'s")
    HOUSE_RULES[name] = rule


@dataclass(frozen=True, slots=True)
class Options:
    """The optional rules in play; the defaults are the advanced game without them."""

    fire_limit: int = 0   # weapons one ship may declare in one Firing Phase; 0 = no limit
    rescues: bool = False  # a Captain may abandon ship to a friendly ship 4 hexes away or less
    team_communications: bool = False  # each side rolls each turn: 1-3 it talks aloud
    campaign: bool = False  # Campaign Advancement: points, their rolls, Victory Points
    admiral: bool = False  # every side has an Admiral (line 437; admiral.py)
    admirals: tuple[str, ...] = ()  # or only these sides have one
    house_rules: tuple[str, ...] = ()  # house rules the table plays, by name (not FASA's)

    def admiral_sides(self, sides: tuple[str, ...]) -> tuple[str, ...]:
        """The sides of `sides` (the scenario's, in its order) that have an Admiral."""
        return sides if self.admiral else tuple(s for s in sides if s in self.admirals)

    def to_dict(self) -> dict[str, Any]:
        """The scenario's `[options]` table for these options (only those turned on)."""
        out: dict[str, Any] = {"fire_limit": self.fire_limit} if self.fire_limit else {}
        if self.rescues:
            out["rescues"] = True
        if self.team_communications:
            out["team_communications"] = True
        if self.campaign:
            out["campaign"] = True
        if self.admiral:
            out["admiral"] = True
        if self.admirals:
            out["admirals"] = list(self.admirals)
        if self.house_rules:
            out["house_rules"] = list(self.house_rules)
        return out


NO_OPTIONS = Options()


def options_from(raw: Any, where: str) -> Options:
    """The scenario's `options` table, checked: a DataError names the field and what is wrong."""
    if raw is None:
        return NO_OPTIONS
    if not isinstance(raw, Mapping):
        raise DataError(f"{where}: options must be a table of optional rules "
                        f"({', '.join(OPTION_KEYS)}), not {raw!r}")
    unknown = sorted(str(k) for k in raw if k not in OPTION_KEYS)
    if unknown:
        raise DataError(f"{where}: options: unknown optional rule(s) {', '.join(unknown)}; "
                        f"known: {', '.join(OPTION_KEYS)}")
    limit = raw.get("fire_limit", 0)
    if type(limit) is not int or not 0 <= limit <= MAX_FIRE_LIMIT:
        raise DataError(f"{where}: options: fire_limit must be a whole number 0 (no limit) to "
                        f"{MAX_FIRE_LIMIT} weapons a ship fires in one Firing Phase, "
                        f"not {limit!r}")
    flags = {}
    for key in ("rescues", "team_communications", "campaign", "admiral"):
        flags[key] = raw.get(key, False)
        if type(flags[key]) is not bool:
            raise DataError(f"{where}: options: {key} must be true or false, not {flags[key]!r}")
    admirals = raw.get("admirals", [])
    if (not isinstance(admirals, list | tuple) or len(admirals) > MAX_ADMIRALS
            or not all(isinstance(a, str) and 0 < len(a) <= 40 for a in admirals)):
        raise DataError(f"{where}: options: admirals must be a list of the sides that have an "
                        f"Admiral (e.g. [\"Federation\"]), not {admirals!r}")
    return Options(fire_limit=limit, rescues=flags["rescues"],
                   team_communications=flags["team_communications"],
                   campaign=flags["campaign"],
                   admiral=flags["admiral"], admirals=tuple(dict.fromkeys(admirals)),
                   house_rules=house_rules_from(raw.get("house_rules", []), where))


def house_rules_from(raw: Any, where: str) -> tuple[str, ...]:
    """A `house_rules` list, checked: each a house rule a `Rule` declares, once each."""
    known = ", ".join(sorted(HOUSE_RULES)) or "none"
    if (not isinstance(raw, list | tuple) or len(raw) > MAX_HOUSE_RULES
            or not all(isinstance(name, str) for name in raw)):
        raise DataError(f"{where}: options: house_rules must be a list of house rules' names "
                        f"(known: {known}), not {raw!r}")
    unknown = [name for name in raw if name not in HOUSE_RULES]
    if unknown:
        raise DataError(f"{where}: options: unknown house rule(s) "
                        f"{', '.join(repr(n[:40]) for n in unknown[:5])}; known: {known}")
    return tuple(dict.fromkeys(raw))


def fire_limit_problem(options: Options, firing: int) -> str:
    """Why a ship may not declare `firing` weapons in one Firing Phase, or "" (lines 449-453)."""
    if options.fire_limit and firing > options.fire_limit:
        return (f"the firing limit is {options.fire_limit} "
                f"weapon{'s' if options.fire_limit != 1 else ''} a ship in one Firing Phase "
                f"(an optional rule this game plays); declare {firing - options.fire_limit} "
                f"fewer")
    return ""


def limit_label(options: Options) -> str:
    """The words a fire decision's title adds when a firing limit is in play ("" without)."""
    if not options.fire_limit:
        return ""
    n = options.fire_limit
    return f" (at most {n} weapon{'s' if n != 1 else ''} this Firing Phase)"
