"""`starbridge simulate --ruleset NAME`: a game of any ruleset that offers scenarios and an
autopilot (`engine.ruleset.Playable`), played headless by autopilots on every ship with virtual
dice. The ruleset is found by name through the kernel (`engine.game.ruleset_named`); nothing here
imports a ruleset or knows its rules.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path
from typing import Any, TextIO

from companion.dice import VirtualDice
from companion.headless.progress import Progress
from engine import Action, GameState, apply, new_game, pending
from engine.errors import DataError
from engine.game import ruleset_named
from engine.log import action_line, header_line
from engine.ruleset import Playable


def playable(name: str) -> Playable:
    """The named ruleset, if it offers scenarios and an autopilot; DataError otherwise."""
    try:
        ruleset = ruleset_named(name)
    except KeyError as exc:
        raise DataError(str(exc.args[0])) from None
    if not isinstance(ruleset, Playable):
        raise DataError(f"the {name} ruleset offers no scenarios or autopilot of its own")
    return ruleset


def play(ruleset: Playable, scenario: dict[str, Any], seed: int,
         out: TextIO | None = None, log: TextIO | None = None) -> tuple[GameState, list[Action]]:
    """One game to its end; `out` gets the account, `log` the game log."""
    dice = VirtualDice(seed)
    state = new_game(scenario)
    actions: list[Action] = []
    if log is not None:
        log.write(header_line(scenario) + "\n")
    while prompts := pending(state):
        p = prompts[0]
        action = dice.roll(p.roll) if p.roll is not None else ruleset.decide(state, p)
        state, events = apply(state, action)
        actions.append(action)
        if log is not None:
            log.write(action_line(len(actions), action) + "\n")
        if out is not None:
            for e in events:
                if not e.quiet:
                    out.write(e.text + "\n")
    return state, actions


def run(args: argparse.Namespace, data_dir: Path | None) -> int:
    ruleset = playable(args.ruleset)
    names = ruleset.scenario_names(data_dir)
    name = args.scenario or names[0]
    if name not in names:
        raise DataError(f"no {args.ruleset} scenario {name!r}; there are: {', '.join(names)}")
    if args.turns is not None and not 0 <= args.turns <= 200:
        raise DataError("--turns must be 0 (the scenario's limit) to 200")
    scenario = ruleset.load_scenario(name, data_dir, args.turns or None)
    if args.games:
        outcomes: Counter[str] = Counter()
        steps = 0
        with Progress("simulate", args.games) as progress:
            for k, seed in enumerate(range(args.seed, args.seed + args.games)):
                progress.step(k, f"game {k + 1}, seed {seed}")
                state, actions = play(ruleset, scenario, seed)
                outcome = str(getattr(state, "outcome", "")).split(":")[0]
                outcomes[re.sub(r" \(.*\)$", "", outcome)] += 1
                steps += len(actions)
        print(f"{scenario.get('name', name)}: {args.games} games, seeds {args.seed} to "
              f"{args.seed + args.games - 1}, {steps // args.games} actions a game on average")
        for outcome, n in outcomes.most_common():
            print(f"  {n:4}  {outcome}")
        return 0
    print(f"{scenario.get('name', name)} ({args.ruleset}), seed {args.seed}")
    fh = args.log.open("w", encoding="utf-8") if args.log else None
    try:
        _, actions = play(ruleset, scenario, args.seed, sys.stdout, fh)
    finally:
        if fh is not None:
            fh.close()
    print(f"{len(actions)} actions" + (f"; log written to {args.log}" if args.log else ""))
    return 0
