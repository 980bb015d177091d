"""Playing a game: the loop that asks whoever must act, applies, logs and reports.

Autopilots decide for every ship here; later the stations and the display take their seats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Protocol

from engine import Action, Event, GameState, RollRequest, RollResult, apply, decide, new_game, pending
from engine.errors import DataError
from engine.log import action_line, header_line
from engine.rulesets.fasa import setup
from engine.rulesets.fasa.datafiles import read_toml

Roller = Callable[[RollRequest], RollResult]


class LogSink(Protocol):
    """Where a game log is written: a text file, or anything with its write and flush."""

    def write(self, text: str, /) -> int: ...

    def flush(self) -> None: ...


def scenario_names(data_dir: Path | None) -> list[str]:
    return sorted(setup.scenario_files(data_dir))


def load_scenario(name: str, data_dir: Path | None) -> dict[str, Any]:
    files = setup.scenario_files(data_dir)
    if name not in files:
        raise DataError(f"no scenario {name!r}; scenarios: {', '.join(sorted(files))}")
    path = files[name]
    data = read_toml(path)
    setup.check_scenario_fields(data, str(path))
    return data


def ships_scenario(names: list[str],
                   classes: Mapping[str, Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """A free-for-all: each named class its own side, spread round the map's middle, facing in.
    Ships are named after their class (from `classes` where given) and numbered."""
    if len(names) < 2:
        raise DataError("--ships needs at least two ship classes, e.g. --ships constitution,d7a")
    spots = [(5, 12, 2), (26, 11, 5), (15, 2, 3), (15, 21, 0)]
    if len(names) > len(spots):
        raise DataError(f"--ships takes at most {len(spots)} ships")
    ships = []
    for n, (cls, (col, row, heading)) in enumerate(zip(names, spots, strict=False), 1):
        title = str((classes or {}).get(cls, {}).get("name", cls))
        ships.append({"id": f"{cls}-{n}", "name": f"{title} #{n}", "class": cls,
                      "side": f"Side {n} ({cls})",
                      "col": col, "row": row, "heading": heading})
    return {"id": "custom", "name": "Custom battle", "map": setup.DEFAULT_MAP, "ships": ships}


def prepare(scenario: Mapping[str, Any], data_dir: Path | None, level: str | None,
            scale: str | None, turns: int | None, phases: int | None = None,
            options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The scenario built for a game; `options` turns on optional rules (engine options.py)."""
    return setup.build_scenario(scenario, setup.ship_dicts(data_dir), level=level, scale=scale,
                                max_turns=turns, data_dir=str(data_dir) if data_dir else "",
                                phases=phases, options=options)


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
