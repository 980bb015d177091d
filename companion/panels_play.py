"""Play a game at the station panels: the loop that joins the panels, the engine, the dice and
the autopilot, on the main thread.

    state = play(state, bridges, roller, clock, idle)

Every prompt that an open panel answers waits for that panel's buttons (a roll waits for its
roll or confirm button, then `roller` makes it); every other prompt (a ship with no crew at the
table, a station with no panel) is played by the autopilot, or rolled at once. `idle` runs when
nothing is left but to wait for a press (on the Pi: a short sleep; the display: one frame).
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from companion.dice import VirtualDice
from companion.session import Roller, account_lines, load_scenario, prepare
from engine import (
    Action,
    Event,
    GameState,
    Prompt,
    apply,
    crew_stations,
    decide,
    new_game,
    pending,
)
from hardware.devices import factory_or_mock
from hardware.panel import Outcome
from hardware.pinmap import PinMapError, load_pinmap
from hardware.ship_bridge import Bridge, crews_of, pump_all

Report = Callable[[GameState, Action, tuple[Event, ...]], None]


def answered_by_panel(state: GameState, prompt: Prompt, bridges: Sequence[Bridge]) -> bool:
    return any(prompt in st.model.prompts(state) for b in bridges for st in b.stations.values())


def play(state: GameState, bridges: Sequence[Bridge], roller: Roller, clock: Callable[[], float],
         idle: Callable[[], None], on_events: Report | None = None,
         max_idle: int | None = None) -> GameState:
    """Play until the game is over (or `max_idle` waits in a row with nothing pressed)."""
    idle_count = 0

    def apply_reported(action: Action) -> tuple[GameState, tuple[Event, ...]]:
        nonlocal state
        state, events = apply(state, action)
        if on_events is not None:
            on_events(state, action, events)
        for b in bridges:
            b.show(state, events, clock())
        return state, events

    def act(out: Outcome) -> tuple[GameState, tuple[Event, ...]] | None:
        if out.action is not None:
            return apply_reported(out.action)
        if out.roll is not None and out.roll.roll is not None:
            return apply_reported(roller(out.roll.roll))
        return None

    while not state.over:
        before = state
        for prompt in pending(state):
            if not answered_by_panel(state, prompt, bridges):
                apply_reported(roller(prompt.roll) if prompt.roll else decide(state, prompt))
                break
        else:
            state = pump_all(bridges, state, clock(), act)
        if state is before:
            idle_count += 1
            if max_idle is not None and idle_count > max_idle:
                return state
            idle()
        else:
            idle_count = 0
    return state


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scenario", default="duel", help="scenario name (default duel)")
    p.add_argument("--ship", action="append", default=None,
                   help="the ship whose crew sits at the panels (repeat for two crews on one "
                        "Pi: the first of them in the scenario is the pin map's crew 1, the "
                        "next crew 2); default: the first ship")
    p.add_argument("--factory", choices=("auto", "lgpio", "rpigpio", "mock"), default=None,
                   help="pin factory (default: the pin map's [board] factory)")
    p.add_argument("--seed", type=int, default=1, help="virtual dice seed (default 1)")
    p.add_argument("--turns", type=int, default=10, help="stop after this many game turns")


def run_play(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    """`starbridge panels play`: a game at the panels; the account on stdout."""
    try:
        pins = load_pinmap(args.pins)
    except PinMapError as exc:
        print("\n".join(exc.problems), file=sys.stderr)
        return 2
    scenario = prepare(load_scenario(args.scenario, data_dir), data_dir, "basic", None,
                       args.turns, None)
    state = new_game(scenario)
    ids = [str(s["id"]) for s in scenario["ships"]]
    ships = args.ship or ids[:1]
    unknown = [s for s in ships if s not in ids]
    if unknown:
        print(f"starbridge: no ship {', '.join(map(repr, unknown))} in {args.scenario} "
              f"(ships: {', '.join(ids)})", file=sys.stderr)
        return 2
    say: Callable[[str], None] = lambda line: print(line, file=sys.stderr)  # noqa: E731
    factory = factory_or_mock(pins, say, args.factory)
    bridges = []
    crews = crews_of(ids, ships, {ship: crew_stations(state, ship) for ship in ships})
    for ship in dict.fromkeys(ships):
        bridge = Bridge(pins, factory, ship, crew_stations(state, ship), crew=crews[ship])
        bridge.open(say)
        bridges.append(bridge)

    def report(state: GameState, action: Action, events: tuple[Event, ...]) -> None:
        for line in account_lines(events):
            print(line, flush=True)

    try:
        play(state, bridges, VirtualDice(args.seed).roll, time.monotonic,
             lambda: time.sleep(0.01), report)
    except KeyboardInterrupt:
        print("stopped", file=sys.stderr)
    finally:
        for b in bridges:
            b.close()
        close: Any = getattr(factory, "close", None)
        if close is not None:
            close()
    return 0
