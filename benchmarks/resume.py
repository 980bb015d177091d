"""Resuming a saved game from the SQLite save store, timed beside floors measured on the same file.

`starbridge bench saves` plays a long game into a real store file (every action saved as the app
saves it) and then times, each the median of REPEAT runs on that file, the four taken in turn:

- resume: the store opened and the game resumed (`SavedGame.resume`: its rows read, the newest
  snapshot far enough back checked against the log's hash chain and read, the actions after it
  checked and replayed to the exact state), what `play --resume` does;
- the floor: the file opened with sqlite3 and the game's rows read, nothing else (the least any
  resume from this store must do);
- the resume from the log alone, as with no snapshot to be trusted (every line checked, every
  action replayed), and its two parts: rows read and lines checked (`Store.load`), and the
  replay alone (`engine.log.replay` of the parsed actions).

The file is in the operating system's cache by then (it was just written): the first resume
after a power cut also reads it from the card.
"""

from __future__ import annotations

import sqlite3
import statistics
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from benchmarks.figures import Figure, budget
from companion.saves.saved_game import SavedGame
from companion.saves.store import FILE_NAME, Store
from engine.log import replay

REPEAT = 5


@dataclass(frozen=True)
class ResumeTimes:
    """Median seconds of each way of reading the game back, and how many actions it has."""

    actions: int
    resume: float
    rows: float
    load: float
    replay: float
    log_alone: float = 0.0


def _timed(run: Callable[[], Any]) -> float:
    t0 = time.perf_counter()
    run()
    return time.perf_counter() - t0


def time_resume(folder: Path, game: int, repeat: int = REPEAT) -> ResumeTimes:
    """Time resuming saved game `game` from the store in `folder`; each way `repeat` times."""
    actions = 0

    def resume() -> None:
        nonlocal actions
        store, _ = Store.open_folder(folder)
        try:
            actions = len(SavedGame.resume(store, game).actions)
        finally:
            store.close()

    def rows() -> None:
        with closing(sqlite3.connect(folder / FILE_NAME)) as db:
            got = db.execute("SELECT seq, line, by FROM actions WHERE game = ? ORDER BY seq",
                             (game,)).fetchall()
        if not got:
            raise RuntimeError(f"saved game {game} has no actions to read")

    def log_alone() -> None:
        from companion.saves.resume import read_game

        store, _ = Store.open_folder(folder)
        try:
            read_game(store, game, use_snapshots=False)
        finally:
            store.close()

    def load() -> None:
        store, _ = Store.open_folder(folder)
        try:
            store.load(game)
        finally:
            store.close()

    store, _ = Store.open_folder(folder)
    try:
        saved = store.load(game)
    finally:
        store.close()
    ways: dict[str, Callable[[], Any]] = {
        "resume": resume, "rows": rows, "log_alone": log_alone, "load": load,
        "replay": lambda: replay(saved.scenario, saved.actions, "bench")}
    times: dict[str, list[float]] = {k: [] for k in ways}
    for _ in range(max(1, repeat)):   # in turn, so that a busier moment falls on all alike
        for k, way in ways.items():
            times[k].append(_timed(way))
    median = {k: statistics.median(v) for k, v in times.items()}
    return ResumeTimes(actions, median["resume"], median["rows"], median["load"],
                       median["replay"], median["log_alone"])


def resume_figures(times: ResumeTimes) -> list[Figure]:
    n = f"{times.actions:,}"
    return [Figure("saves", f"resume a {n}-action game", times.resume * 1000, "ms",
                   times.rows * 1000, budget(100.0, pi=None),
                   floor_is="the store file opened and the game's rows read, nothing else"),
            Figure("saves", "resume the same from its log alone (no snapshot)",
                   times.log_alone * 1000, "ms", times.rows * 1000,
                   floor_is="the store file opened and the game's rows read, nothing else"),
            Figure("saves", "  of which: rows read, lines checked", times.load * 1000, "ms"),
            Figure("saves", "  of which: replay of the parsed actions", times.replay * 1000, "ms")]


def resume_line(times: ResumeTimes) -> str:
    return (f"  resume a {times.actions}-action game: {times.resume * 1000:.1f} ms (median of "
            f"{REPEAT}); floor, its rows read alone: {times.rows * 1000:.1f} ms; from its log "
            f"alone: {times.log_alone * 1000:.1f} ms, of which rows read and lines checked: "
            f"{times.load * 1000:.1f} ms, replay: {times.replay * 1000:.1f} ms\n")
