"""The basic game's replay by the engine of commit d9805f9, before the expert and Command &
Control rules went in, measured in the same run as today's (`starbridge bench engine`): a basic
game must pay nothing for the higher levels, so today's basic replay is held to at least that
engine's rate (docs/benchmarks.md).

That engine's source is taken from the checkout's own history (`git archive`) into a scratch
folder and run in a process of its own, replaying the same recorded game's actions, parsed, for
the same CPU time. Two fields it did not know are left out (the scenario's and each fire
declaration's `weaponry`, which the basic skirmish leaves at their defaults). Without git or that
commit (an installed copy, a shallow clone) the figure is not measured, and says why.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from typing import Any

BASELINE = "d9805f9"
"""The commit whose engine a basic game is measured against."""

CHECKOUT = Path(__file__).resolve().parents[1]

_REPLAY = """
import json, sys, time
from engine import action_from_json, apply_all, new_game
data = json.load(open(sys.argv[1], encoding="utf-8"))
start = new_game(data["scenario"])
actions = [action_from_json(a) for a in data["actions"]]
apply_all(start, actions)
runs, t0 = 0, time.process_time()
while time.process_time() - t0 < float(sys.argv[2]):
    apply_all(start, actions)
    runs += 1
print(runs * len(actions) / (time.process_time() - t0))
"""
"""Run in the old engine's folder: actions per CPU second replaying the game's actions."""


def _without_weaponry(data: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in data.items() if k != "weaponry"}


def baseline_replay(scenario: dict[str, Any], actions: list[dict[str, Any]],
                    seconds: float) -> tuple[float | None, str]:
    """(actions per CPU second of `BASELINE`'s engine replaying the game, "") or (None, why
    it could not be measured)."""
    try:
        archive = subprocess.run(["git", "-C", str(CHECKOUT), "archive", BASELINE, "engine"],
                                 capture_output=True, timeout=120, check=False)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return None, f"git could not read commit {BASELINE}: {exc}"
    if archive.returncode != 0:
        return None, (f"commit {BASELINE} is not in this checkout's history "
                      f"({archive.stderr.decode(errors='replace').strip()[:120]})")
    with tempfile.TemporaryDirectory(prefix="starbridge-baseline-") as folder:
        with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
            if hasattr(tarfile, "data_filter"):   # Python 3.11.4 and later
                tar.extractall(folder, filter="data")
            else:   # the checkout's own archive
                tar.extractall(folder)
        game = Path(folder) / "game.json"
        game.write_text(json.dumps({"scenario": _without_weaponry(scenario),
                                    "actions": [_without_weaponry(a) for a in actions]}),
                        encoding="utf-8")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
        try:
            done = subprocess.run([sys.executable, "-c", _REPLAY, str(game), str(seconds)],
                                  cwd=folder, env=env, capture_output=True, text=True,
                                  timeout=600, check=False)
        except subprocess.TimeoutExpired:
            return None, f"{BASELINE}'s engine took over 10 minutes to replay the game"
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return None, f"{BASELINE}'s engine could not replay the game: {last[:160]}"
    try:
        return float(done.stdout.strip().splitlines()[-1]), ""
    except (ValueError, IndexError):
        return None, f"{BASELINE}'s engine printed no rate: {done.stdout[-120:]!r}"
