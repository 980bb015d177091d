"""`starbridge bench engine`: replay speed over a long recorded game, and autopilot turns/s, at
each of FASA's levels (the skirmish: 4 ships, full-scale data), so that what a level costs, and
a regression at any of them, shows.

Each level's higher figures stand beside the basic game's, measured in the same run: the ratio
is what the level's rules cost over the basic game's. The rates are of this process's own CPU
time (`time.process_time`), not of the wall clock: on a shared machine the time other processes
take the CPU for is not counted, so a regression shows through the noise. Figures, not
pass/fail.
"""

from __future__ import annotations

import io
import time
from dataclasses import dataclass
from typing import Any

from benchmarks.engine_baseline import BASELINE, baseline_replay
from benchmarks.figures import Figure
from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from companion.table.crew_play import with_crews
from engine import Action, apply_all, levels, new_game, scenario_ruleset
from engine.log import parse

MIN_SECONDS = 2.0
"""How long each rate is measured for, at least."""

RECORDED = 10
"""Autopilot games played at each level; the longest is the one replayed."""

SCENARIO = "skirmish"
BASE = "basic"


@dataclass(frozen=True)
class Recorded:
    """A level's recorded game: its scenario, log text, actions and turns."""

    level: str
    scenario: dict[str, Any]
    log: str
    actions: list[Action]
    turns: int


def level_scenario(level: str) -> dict[str, Any]:
    """The skirmish at `level`, full scale, 60 turns at most; at the command level its crewed
    ship with officers (ratings rolled from a fixed seed, as `play` rolls a new crew's)."""
    scenario = prepare(load_scenario(SCENARIO, None), None, level, "1", 60)
    scenario, _ = with_crews(scenario, {}, None, 0, lambda _: None, save=False)
    return scenario


def _record(scenario: dict[str, Any], seed: int) -> tuple[str, list[Action], int]:
    log = io.StringIO()
    state, actions = autopilot_game(scenario, VirtualDice(seed).roll, log=log)
    return log.getvalue(), actions, getattr(state, "turn", 0)


def record(level: str) -> Recorded:
    """The longest of `RECORDED` autopilot games of the skirmish at `level`."""
    scenario = level_scenario(level)
    text, actions, turns = max((_record(scenario, seed) for seed in range(RECORDED)),
                               key=lambda r: len(r[1]))
    return Recorded(level, scenario, text, actions, turns)


CLOCK = time.process_time
"""This process's CPU time: what other processes on a shared machine take is not counted."""


def _rate(work: Any, per_run: int) -> tuple[float, float]:
    """Runs of `work()` for at least MIN_SECONDS of CPU time: (units per CPU second, CPU
    seconds per run), each run counting `per_run` units."""
    runs, t0 = 0, CLOCK()
    while CLOCK() - t0 < MIN_SECONDS:
        work()
        runs += 1
    elapsed = CLOCK() - t0
    return runs * per_run / elapsed, elapsed / runs


def replay_rate(game: Recorded) -> float:
    """Actions per second replaying the game's parsed actions from its scenario."""
    start = new_game(game.scenario)
    rate, _ = _rate(lambda: apply_all(start, game.actions), len(game.actions))
    return rate


def log_rate(game: Recorded) -> tuple[float, float]:
    """Actions per second replaying the game from its JSON-lines log (parsed and checked line
    by line), and the seconds one resume of it takes."""
    def resume() -> None:
        sc, parsed = parse(game.log.splitlines(), "bench")
        apply_all(new_game(sc), parsed)
    return _rate(resume, len(game.actions))


def simulate_rate(scenario: dict[str, Any]) -> tuple[float, int]:
    """Game turns per CPU second of whole autopilot games with virtual dice, and how many
    games."""
    games = turns = 0
    t0 = CLOCK()
    while CLOCK() - t0 < MIN_SECONDS:
        state, _ = autopilot_game(scenario, VirtualDice(1000 + games).roll)
        turns += getattr(state, "turn", 0)
        games += 1
    return turns / (CLOCK() - t0), games


def _against_baseline(game: Recorded, replay: float, out: Any) -> Figure:
    """The basic replay beside `BASELINE`'s engine replaying the same game in the same run, its
    rate the budget: a basic game pays nothing for the higher levels (issue: levels as
    layers)."""
    old, why = baseline_replay(game.scenario, [a.to_json() for a in game.actions], MIN_SECONDS)
    if old is None:
        print(f"{game.level}: replay by {BASELINE}'s engine not measured: {why}", file=out)
    else:
        print(f"{game.level}: replay (parsed actions) by {BASELINE}'s engine: {old:,.0f} "
              "actions/s", file=out)
    return Figure("engine", f"replay, parsed actions, {game.level}", replay, "actions/s",
                  floor=old, budget=old, higher_is_better=True,
                  floor_is=(f"the same game replayed by commit {BASELINE}'s engine (before the "
                            "expert and Command & Control rules), same run; at least its rate"
                            if old is not None else ""))


def engine_bench(out: Any) -> list[Figure]:
    figures: list[Figure] = []
    base_replay = base_simulate = None
    for level in levels(scenario_ruleset(load_scenario(SCENARIO, None)), playable=True):
        game = record(level)
        print(f"{level}: recorded game: the longest of {RECORDED} autopilot games of "
              f"{SCENARIO} (4 ships, full-scale data): {game.turns} turns, "
              f"{len(game.actions)} actions", file=out)
        replay = replay_rate(game)
        print(f"{level}: replay (parsed actions): {replay:,.0f} actions/s", file=out)
        floor_is = f"the {BASE} game's, measured in the same run"
        if level == BASE:
            figures.append(_against_baseline(game, replay, out))
        else:
            figures.append(Figure("engine", f"replay, parsed actions, {level}", replay,
                                  "actions/s", floor=base_replay, higher_is_better=True,
                                  floor_is=floor_is if base_replay else ""))
        if level == BASE:
            logged, per_resume = log_rate(game)
            print(f"{level}: replay (from the JSON-lines log): {logged:,.0f} actions/s",
                  file=out)
            print(f"{level}: resume of this game from its log: {per_resume * 1000:.1f} ms of CPU",
                  file=out)
            figures.append(Figure(
                "engine", f"replay from the JSON-lines log, {level}", logged, "actions/s",
                floor=replay, higher_is_better=True,
                floor_is="the same actions replayed already parsed (the log's checks left out)"))
        simulate, games = simulate_rate(game.scenario)
        print(f"{level}: simulate (autopilots, virtual dice): {simulate:,.1f} game turns/s "
              f"over {games} games", file=out)
        figures.append(Figure("engine", f"simulate, autopilots, {level}", simulate,
                              "game turns/s", floor=base_simulate, higher_is_better=True,
                              floor_is=floor_is if base_simulate else ""))
        if level == BASE:
            base_replay, base_simulate = replay, simulate
    return figures
