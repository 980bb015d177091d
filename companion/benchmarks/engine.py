"""`starbridge bench engine`: replay speed over a long recorded game, and autopilot turns/s.

Figures, not pass/fail: the machines are shared and noisy.
"""

from __future__ import annotations

import io
import time
from typing import Any

from companion.benchmarks.figures import Figure
from companion.dice import VirtualDice
from companion.session import autopilot_game, load_scenario, prepare
from engine import Action, apply_all, new_game
from engine.log import parse

MIN_SECONDS = 2.0


def _record(scenario: dict[str, Any], seed: int) -> tuple[str, list[Action], int]:
    log = io.StringIO()
    state, actions = autopilot_game(scenario, VirtualDice(seed).roll, log=log)
    return log.getvalue(), actions, getattr(state, "turn", 0)


def engine_bench(out: Any) -> list[Figure]:
    scenario = prepare(load_scenario("skirmish", None), None, "basic", "1", 60)
    text, actions, turns = max((_record(scenario, seed) for seed in range(10)),
                               key=lambda r: len(r[1]))
    print(f"recorded game: the longest of 10 autopilot games of skirmish (4 ships, full-scale "
          f"data): {turns} turns, {len(actions)} actions", file=out)

    start = new_game(scenario)
    runs, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < MIN_SECONDS:
        apply_all(start, actions)
        runs += 1
    elapsed = time.perf_counter() - t0
    parsed_rate = runs * len(actions) / elapsed
    print(f"replay (parsed actions): {parsed_rate:,.0f} actions/s", file=out)

    runs, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < MIN_SECONDS:
        sc, parsed = parse(text.splitlines(), "bench")
        apply_all(new_game(sc), parsed)
        runs += 1
    elapsed = time.perf_counter() - t0
    log_rate = runs * len(actions) / elapsed
    print(f"replay (from the JSON-lines log): {log_rate:,.0f} actions/s", file=out)
    print(f"resume of this game from its log: {elapsed / runs * 1000:.1f} ms", file=out)

    games = turns_total = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < MIN_SECONDS:
        state, _ = autopilot_game(scenario, VirtualDice(1000 + games).roll)
        turns_total += getattr(state, "turn", 0)
        games += 1
    elapsed = time.perf_counter() - t0
    print(f"simulate (autopilots, virtual dice): {turns_total / elapsed:,.1f} game turns/s "
          f"over {games} games", file=out)
    return [
        Figure("engine", "replay, parsed actions", parsed_rate, "actions/s", higher_is_better=True),
        Figure("engine", "replay from the JSON-lines log", log_rate, "actions/s",
               floor=parsed_rate, higher_is_better=True,
               floor_is="the same actions replayed already parsed (the log's checks left out)"),
        Figure("engine", "simulate, autopilots", turns_total / elapsed, "game turns/s",
               higher_is_better=True),
    ]
