"""`starbridge bench saves`: what a durable save costs, and how long a long game takes to resume.

Printed beside the floor measured in the same run on the same disk: one fsync'd write of a line
to a plain file (the least any durable save can cost there). The figures:

- append: an accepted action saved (SQLite WAL, synchronous=FULL: on the disk when it returns);
- resume: opening the store, reading and checking every line, replaying to the state, for a
  300-action game (about an evening's duel) and a 3,000-action one (about four hours).
"""

from __future__ import annotations

import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import IO, Any

from companion.saved_game import SavedGame, autopilot_step
from companion.session import load_scenario, prepare
from companion.store import Store


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


def saves_bench(out: IO[str], folder: Path | None = None) -> dict[str, float]:
    """Measured in a scratch folder inside `folder` (default: the user data folder, where the
    saves live, so the figures are of that disk); nothing is left behind."""
    if folder is None:
        from companion.paths import user_data_dir

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
        while len(game.actions) < 3000 and not game.over:
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
        store.close()
        resume = {}
        for n in (300, len(game.actions)):
            st, _ = Store.open_folder(base)
            if n < len(game.actions):
                short = SavedGame.new(st, long_scenario(320), 1)
                for a in game.actions[:n]:
                    short.accept(a)
                gid = short.id
            else:
                gid = game.id
            st.close()
            t0 = time.perf_counter()
            st, _ = Store.open_folder(base)
            SavedGame.resume(st, gid)
            resume[n] = time.perf_counter() - t0
            st.close()
    save_med = statistics.median(appends) - statistics.median(plain)
    f_med, f_p99 = _ms(floor)
    a_med, a_p99 = _ms(appends)
    out.write("saves (SQLite WAL, synchronous=FULL), on this disk:\n")
    out.write(f"  floor: fsync'd line to a plain file   median {f_med:7.3f} ms  p99 {f_p99:7.3f} ms\n")
    out.write(f"  accept: apply + durable save          median {a_med:7.3f} ms  p99 {a_p99:7.3f} ms"
              f"  ({len(appends)} actions)\n")
    out.write(f"  of which the save (minus bare apply)  median {save_med * 1000:7.3f} ms  "
              f"= {save_med / max(statistics.median(floor), 1e-9):.1f}x the floor\n")
    for n, secs in resume.items():
        out.write(f"  resume a {n}-action game            {secs * 1000:8.1f} ms\n")
    return {"floor_ms": f_med, "accept_ms": a_med, "save_ms": save_med * 1000,
            **{f"resume_{n}_ms": s * 1000 for n, s in resume.items()}}
