"""A game's makings through the kernel, and the headless game that autopilots play.

- The rulesets that offer scenarios and ship classes (`stocked`, `stocked_rulesets`), found by
  name through the kernel's registry: nothing here imports a ruleset.
- A scenario by its name (`find_scenario`, `load_scenario`: a name two rulesets share is asked
  for as "ruleset:name"), every scenario and ship class on offer, and a scenario prepared for
  `new_game` and a log (`prepare`: level, scale, turns, phases, optional rules).
- `autopilot_game`: the loop that asks whoever must act, applies, logs and reports, with an
  autopilot at every seat and the dice given (`simulate`, the survey, tests), and
  `account_lines`, the readable account of a game's events.

The table's own loop, where people play at panels, screens and phones, is companion/table/app.py.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from engine import Action, Event, GameState, RollRequest, RollResult, apply, decide, new_game, pending
from engine.errors import DataError
from engine.game import ruleset_named, ruleset_names, scenario_ruleset
from engine.log import action_line, header_line
from engine.ruleset import ShipClassInfo, Stocked

Roller = Callable[[RollRequest], RollResult]
QUALIFIER = ":"
"""A scenario name written "ruleset:name" (e.g. "knighthawks:patrol") names its ruleset: the
way to choose between two rulesets' scenarios of the same name."""


class LogSink(Protocol):
    """Where a game log is written: a text file, or anything with its write and flush."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


def stocked(name: str) -> Stocked:
    """The ruleset called `name`, found through the kernel, if it offers scenarios and ship
    classes (`engine.ruleset.Stocked`); DataError naming the known ones otherwise."""
    try:
        ruleset = ruleset_named(name)
    except KeyError as exc:
        raise DataError(str(exc.args[0])) from None
    if not isinstance(ruleset, Stocked):
        raise DataError(f"the {name} ruleset offers no scenarios of its own")
    return ruleset


def stocked_rulesets() -> tuple[str, ...]:
    """The names of the rulesets that offer scenarios, in the registry's order."""
    out = []
    for name in ruleset_names():
        try:
            stocked(name)
        except DataError:
            continue
        out.append(name)
    return tuple(out)


def setting_bounds(key: str) -> tuple[int, int] | None:
    """The bounds of the numeric table setting `key` (`TableSettings.numbers`) of the rulesets
    that offer it, the widest if they differ; None when none does."""
    found = [stocked(r).table_settings().numbers[key] for r in stocked_rulesets()
             if key in stocked(r).table_settings().numbers]
    return (min(b[0] for b in found), max(b[1] for b in found)) if found else None


def scenario_index(data_dir: Path | None) -> dict[str, tuple[str, ...]]:
    """Each scenario name -> the rulesets that have a scenario of that name."""
    index: dict[str, list[str]] = {}
    for ruleset in stocked_rulesets():
        for name in stocked(ruleset).scenario_names(data_dir):
            index.setdefault(name, []).append(ruleset)
    return {name: tuple(rs) for name, rs in index.items()}


def scenario_names(data_dir: Path | None, ruleset: str | None = None) -> list[str]:
    """The scenarios on offer: those of `ruleset`, or of every ruleset (None). A name two
    rulesets share is listed as "ruleset:name" for each, the way to ask for it."""
    if ruleset is not None:
        return sorted(stocked(ruleset).scenario_names(data_dir))
    out = []
    for name, rulesets in scenario_index(data_dir).items():
        out += [name] if len(rulesets) == 1 else [f"{r}{QUALIFIER}{name}" for r in rulesets]
    return sorted(out)


def find_scenario(name: str, data_dir: Path | None) -> tuple[str, str]:
    """(ruleset, scenario) for a scenario name: "ruleset:name" says both; a bare name picks the
    one ruleset that has it. A bare name two rulesets share is refused, naming both ways to ask
    for it; a name none has is refused, naming the scenarios on offer."""
    ruleset, colon, bare = name.rpartition(QUALIFIER)
    if colon:
        if bare not in stocked(ruleset).scenario_names(data_dir):
            raise DataError(f"no {ruleset} scenario {bare!r}; scenarios: "
                            f"{', '.join(scenario_names(data_dir, ruleset))}")
        return ruleset, bare
    owners = scenario_index(data_dir).get(name, ())
    if not owners:
        raise DataError(f"no scenario {name!r}; scenarios: "
                        f"{', '.join(scenario_names(data_dir))}")
    if len(owners) > 1:
        raise DataError(f"two rulesets have a scenario {name!r}: say which, "
                        + " or ".join(f"{r}{QUALIFIER}{name}" for r in owners))
    return owners[0], name


def ruleset_scenario(ruleset: str, asked: str | None, configured: str,
                     data_dir: Path | None) -> str:
    """The scenario `play --ruleset` plays, as "ruleset:name": the one asked for (`--scenario`,
    which must be that ruleset's), else the configuration's when it is that ruleset's, else the
    ruleset's first. DataError when the ruleset has no scenarios or not the one asked for."""
    names = scenario_names(data_dir, ruleset)
    if asked is not None:
        bare = asked.rpartition(QUALIFIER)[2]
        if (asked != bare and asked != f"{ruleset}{QUALIFIER}{bare}") or bare not in names:
            raise DataError(f"no {ruleset} scenario {asked!r}; scenarios: {', '.join(names)}")
        return f"{ruleset}{QUALIFIER}{bare}"
    if not names:
        raise DataError(f"the {ruleset} ruleset has no scenarios")
    bare = configured.rpartition(QUALIFIER)[2]
    return f"{ruleset}{QUALIFIER}{bare if bare in names else names[0]}"


def load_scenario(name: str, data_dir: Path | None,
                  ruleset: str | None = None) -> dict[str, Any]:
    """The named scenario as its file says (checked), with the ruleset it is played by under
    "ruleset" (see `find_scenario`; `ruleset` given: that ruleset's scenario of that name)."""
    if ruleset is None:
        ruleset, name = find_scenario(name, data_dir)
    data = stocked(ruleset).read_scenario(name, data_dir)
    return {**data, "ruleset": ruleset}


def ship_classes(data_dir: Path | None, ruleset: str | None = None) -> list[ShipClassInfo]:
    """The ship classes of `ruleset`, or of every ruleset (None), in order."""
    out: list[ShipClassInfo] = []
    for name in (ruleset,) if ruleset is not None else stocked_rulesets():
        out += stocked(name).ship_classes(data_dir)
    return out


def ships_scenario(names: list[str], titles: Mapping[str, str] | None = None) -> dict[str, Any]:
    """A free-for-all of the FASA game (the default ruleset): each named class its own side,
    spread round the map's middle, facing in. Ships are named after their class (its title
    from `titles` where given) and numbered."""
    if len(names) < 2:
        raise DataError("--ships needs at least two ship classes, e.g. --ships constitution,d7a")
    spots = [(5, 12, 2), (26, 11, 5), (15, 2, 3), (15, 21, 0)]
    if len(names) > len(spots):
        raise DataError(f"--ships takes at most {len(spots)} ships")
    ships = []
    for n, (cls, (col, row, heading)) in enumerate(zip(names, spots, strict=False), 1):
        title = (titles or {}).get(cls, cls)
        ships.append({"id": f"{cls}-{n}", "name": f"{title} #{n}", "class": cls,
                      "side": f"Side {n} ({cls})",
                      "col": col, "row": row, "heading": heading})
    return {"id": "custom", "name": "Custom battle", "ships": ships}   # the ruleset's map


def prepare(scenario: Mapping[str, Any], data_dir: Path | None, level: str | None,
            scale: str | None, turns: int | None, phases: int | None = None,
            options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The scenario built for a game by its ruleset (`engine.ruleset.Stocked.prepare`);
    `options` turns on optional rules where the ruleset has them. A setting the ruleset does
    not offer (a level or scale for Knight Hawks) is left out."""
    settings: dict[str, Any] = {"level": level, "scale": scale, "max_turns": turns,
                                "phases": phases, "options": dict(options or {})}
    return stocked(scenario_ruleset(scenario)).prepare(scenario, data_dir, settings)


def autopilot_game(scenario: Mapping[str, Any], roller: Roller,
                   log: LogSink | None = None,
                   on_events: Callable[[GameState, Action, tuple[Event, ...]], None] | None = None,
                   ) -> tuple[GameState, list[Action]]:
    """Play a scenario to the end with autopilots on every ship and `roller` for the dice."""
    state: GameState = new_game(scenario)
    actions: list[Action] = []
    if log is not None:
        log.write(header_line(scenario) + "\n")
    while True:
        prompts = pending(state)
        if not prompts:
            return state, actions
        prompt = prompts[0]
        action: Action = roller(prompt.roll) if prompt.roll else decide(state, prompt)
        state, events = apply(state, action)
        actions.append(action)
        if log is not None:
            log.write(action_line(len(actions), action) + "\n")
            log.flush()
        if on_events is not None:
            on_events(state, action, events)


def account_lines(events: tuple[Event, ...]) -> list[str]:
    """The readable account of what happened (roll requests left out: the result says it)."""
    return [e.text for e in events if not e.quiet]   # a roll asked for: its result says it
