"""`starbridge bench saves`: what a durable save costs, and how long a long game takes to resume.

Printed beside the floor measured in the same run on the same disk: one fsync'd write of a line
to a plain file (the least any durable save can cost there). The figures:

- append: an accepted action saved (SQLite WAL, synchronous=FULL: on the disk when it returns);
- resume: opening the store, reading and checking every line, replaying to the state, for a
  300-action game (about an evening's duel) and a 3,000-action one (about four hours), beside
  the floor of reading the game's rows alone (benchmarks/resume.py).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from benchmarks.figures import Figure
from benchmarks.resume import resume_figures, resume_line, time_resume
from companion.saves.saved_game import SavedGame, autopilot_step
from companion.saves.store import Store
from companion.session import load_scenario, prepare

ACTIONS = 3000   # the long game: about four hours at the table


def long_scenario(turns: int) -> dict[str, Any]:
    """The duel on the largest map with the ships in far corners: a game that goes on for
    `turns` turns (about ten actions each) without anyone being destroyed."""
    sc = dict(load_scenario("duel", None))
    sc["map"] = {"cols": 200, "rows": 200}
    sc["ships"] = [dict(sc["ships"][0], col=2, row=2), dict(sc["ships"][1], col=197, row=197)]
    return prepare(sc, None, "basic", None, turns)


def _ms(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered) * 1000, ordered[int(len(ordered) * 0.99) - 1] * 1000


def saves_bench(out: IO[str], folder: Path | None = None) -> list[Figure]:
    """Measured in a scratch folder inside `folder` (default: the user data folder, where the
    saves live, so the figures are of that disk); nothing is left behind."""
    if folder is None:
        from companion.settings.paths import user_data_dir

        folder = user_data_dir()
        folder.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=folder, prefix=".bench-") as tmp:
        base = Path(tmp)
        floor: list[float] = []
        with (base / "floor.txt").open("ab") as fh:
            for _ in range(300):
                t = time.perf_counter()
                fh.write(b'{"seq": 1, "type": "roll", "value": 4}\n')
                fh.flush()
                os.fsync(fh.fileno())
                floor.append(time.perf_counter() - t)
        store, _ = Store.open_folder(base)
        game = SavedGame.new(store, long_scenario(320), 1)
        appends: list[float] = []
        while len(game.actions) < ACTIONS and not game.over:
            before = len(game.actions)
            t0 = time.perf_counter()
            autopilot_step(game)
            if len(game.actions) > before:
                appends.append(time.perf_counter() - t0)
        # the same steps without a store: what is left is the save's cost
        bare = SavedGame.new(None, long_scenario(320), 1)
        plain: list[float] = []
        while len(bare.actions) < len(game.actions):
            t0 = time.perf_counter()
            autopilot_step(bare)
            plain.append(time.perf_counter() - t0)
        short = SavedGame.new(store, long_scenario(320), 1)
        for a in game.actions[:min(300, len(game.actions) // 10)]:
            short.accept(a)
        store.close()
        resume = [time_resume(base, short.id), time_resume(base, game.id)]
    save_med = statistics.median(appends) - statistics.median(plain)
    f_med, f_p99 = _ms(floor)
    a_med, a_p99 = _ms(appends)
    out.write("saves (SQLite WAL, synchronous=FULL), on this disk:\n")
    out.write(f"  floor: fsync'd line to a plain file   median {f_med:7.3f} ms  p99 {f_p99:7.3f} ms\n")
    out.write(f"  accept: apply + durable save          median {a_med:7.3f} ms  p99 {a_p99:7.3f} ms"
              f"  ({len(appends)} actions)\n")
    out.write(f"  of which the save (minus bare apply)  median {save_med * 1000:7.3f} ms  "
              f"= {save_med / max(statistics.median(floor), 1e-9):.1f}x the floor\n")
    for times in resume:
        out.write(resume_line(times))
    return [Figure("saves", "accept: apply + durable save, median", a_med, "ms"),
            Figure("saves", "the durable save alone, median", save_med * 1000, "ms", f_med,
                   floor_is="an fsync'd line appended to a plain file on the same disk"),
            *resume_figures(resume[-1])]
