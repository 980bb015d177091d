"""`starbridge simulate --games N`: many seeded autopilot games of one scenario, summed up.

For a scenario designer: who wins how often and how (decisive, marginal, draw), how long the
games last, and how they end. Game k uses virtual dice seeded with `seed + k`, so any one game
can be watched again with `starbridge simulate --scenario NAME --seed SEED+k`.
"""

from __future__ import annotations

import statistics
import sys
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from companion.dice import VirtualDice
from companion.session import autopilot_game
from engine import Action, Event, GameState

DRAW = "draw"


@dataclass(frozen=True, slots=True)
class GameResult:
    """How one game ended: `kind` of result for `winner` ("" for a draw), the game turn it
    ended in, the ending in a few words, and the engine's full sentence."""

    seed: int
    kind: str
    winner: str
    turns: int
    ending: str
    outcome: str


def play(scenario: Mapping[str, Any], seed: int) -> GameResult:
    """One autopilot game with virtual dice seeded `seed`."""
    over: list[Event] = []

    def watch(state: GameState, action: Action, events: tuple[Event, ...]) -> None:
        over.extend(e for e in events if type(e).__name__ == "GameOver")   # the ruleset's own

    state, _ = autopilot_game(scenario, VirtualDice(seed).roll, on_events=watch)
    turns = int(getattr(state, "turn", 0))
    if not over:  # cannot happen: autopilot_game plays until nothing is pending
        return GameResult(seed, DRAW, "", turns, "unfinished", "the game did not end")
    ev = over[-1]   # its judgement: kind, winner, ending and outcome (docs/engine.md)
    winner = str(getattr(ev, "winner", ""))
    kind = str(getattr(ev, "kind", "")) if winner else DRAW
    return GameResult(seed, kind, winner, turns, str(getattr(ev, "ending", "")),
                      str(getattr(ev, "outcome", "")))


def survey(scenario: Mapping[str, Any], games: int, seed: int) -> list[GameResult]:
    """`games` seeded games, told on a terminal as they go (companion.headless.progress)."""
    from companion.headless.progress import Progress

    out = []
    with Progress("simulate", games) as progress:
        for k in range(games):
            progress.step(k, f"game {k + 1}, seed {seed + k}")
            out.append(play(scenario, seed + k))
        progress.step(games)
    return out


def summary_lines(title: str, sides: tuple[str, ...], results: list[GameResult]) -> list[str]:
    """The summary: results by side and kind, game length, and how the games ended."""
    n = len(results)
    out = [f"{title}: {n} game{'s' if n != 1 else ''}"]
    if not n:
        return out

    def pct(k: int) -> str:
        return f"{k} ({100 * k / n:.0f}%)"

    kinds = Counter((r.winner, r.kind) for r in results)
    draws = sum(1 for r in results if not r.winner)
    out.append("results by side:")
    for side in sides:
        won = sorted((kind, c) for (w, kind), c in kinds.items() if w == side)
        lost = sum(1 for r in results if r.winner and r.winner != side)
        parts = [f"{kind} {pct(c)}" for kind, c in won] or ["no victory"]
        parts.append(f"draw {pct(draws)}")
        parts.append(f"defeat {pct(lost)}")
        out.append(f"  {side}: " + ", ".join(parts))
    turns = sorted(r.turns for r in results)
    first = sum(1 for t in turns if t <= 1)
    out.append(f"turns per game: median {statistics.median(turns):g}, range {turns[0]}-{turns[-1]}"
               f"; ended in turn 1: {pct(first)}")
    out.append("how the games ended:")
    for ending, c in Counter(r.ending for r in results).most_common():
        out.append(f"  {ending}: {pct(c)}")
    return out


def print_survey(scenario: Mapping[str, Any], games: int, seed: int) -> int:
    """What `starbridge simulate --games N` prints."""
    if games < 1:
        print("starbridge: --games must be 1 or more", file=sys.stderr)
        return 2
    sides = tuple(dict.fromkeys(str(s["side"]) for s in scenario.get("ships", [])))
    title = (f"{scenario.get('name', scenario.get('id'))} ({scenario.get('level', 'basic')} "
             f"rules, seeds {seed}-{seed + games - 1})")
    for line in summary_lines(title, sides, survey(scenario, games, seed)):
        print(line)
    return 0
