"""Resuming a saved game with one replay, from a snapshot where one can be trusted.

    saved = read_game(store, game_id)     # the rows, the state, the replayed steps, notes

The newest snapshot at least HISTORY actions before the end is tried (companion/saves/snapshots.py
says what makes one trusted); the actions after it are read, checked and replayed from it.
With none to be used, the whole log is read and checked (`Store.load`, which marks a damaged
game) and replayed, as every resume did before snapshots. A snapshot that was there and could
not be used is said in one line (`notes`), never a traceback, and never changes the state: the
log is replayed instead.

The last STEPS replayed steps (state before, state after, events) are kept for the bridge
display: its ticker and Rolls list are rebuilt from them, not from a second replay.
"""

from __future__ import annotations

import json
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from companion.saves.log_actions import LogActions
from companion.saves.snapshots import HISTORY, SnapshotError, chain_next, chain_start, checked, snapshots
from companion.saves.store import Store
from engine import Action, Event, GameState, IllegalAction, apply, new_game
from engine.errors import LogError
from engine.log import parse, parse_actions

STEPS = 2 * HISTORY
"""replayed steps kept for the display."""

ReplayedStep = tuple[GameState | None, GameState, tuple[Event, ...]]
"""One action replayed: the state before it (None: the game's start), after it, and its events."""


@dataclass
class ReadGame:
    """A saved game read back: what SavedGame is made from."""

    scenario: dict[str, Any]
    seed: int
    seats: dict[str, str]
    actions: LogActions
    by: list[str]
    state: GameState
    header: str
    links: list[bytes]                 # the log's hash chain: links[n] after n actions
    steps: deque[ReplayedStep] = field(default_factory=lambda: deque(maxlen=STEPS))
    notes: list[str] = field(default_factory=list)
    from_snapshot: int = 0             # the action the snapshot was taken after (0: none)


def replay_steps(state: GameState, actions: Iterable[Action], steps: deque[ReplayedStep]) -> GameState:
    """Apply `actions` from `state`, keeping each step in `steps`; IllegalAction if refused."""
    for action in actions:
        before = state
        state, events = apply(state, action)
        steps.append((before, state, events))
    return state


def read_game(store: Store, game: int, use_snapshots: bool = True) -> ReadGame:
    """The game `game` of `store`, from a snapshot where one is trusted, else from its log
    (always, with `use_snapshots` False: the benchmark's comparison). StoreError (from
    Store.load) when the log itself is damaged."""
    header, seed, seats_text, rows = store.game_rows(game)
    lines = [line for _, line, _ in rows]
    by = [b for _, _, b in rows]
    links = [chain_start(header)]
    for line in lines:
        links.append(chain_next(links[-1], line))
    name = f"saved game {game}"
    note = ""
    for snap in snapshots(store.db, game, len(lines) - HISTORY) if use_snapshots else ():
        try:
            seats = json.loads(seats_text)
            if not isinstance(seats, dict):
                raise SnapshotError("the game's seats are not a table")
            scenario = parse([header + "\n"], name).scenario
            initial = new_game(scenario)
            state = checked(snap, links, initial)
            k = snap.seq
            tail = parse_actions(lines[k:], k + 1, name)
            steps: deque[ReplayedStep] = deque(maxlen=STEPS)
            state = replay_steps(state, tail, steps)
        except (SnapshotError, LogError, IllegalAction, ValueError, RecursionError) as exc:
            note = note or (f"game {game}: its snapshot after action {snap.seq} could not be "
                            f"used ({exc}); the game was replayed from its log")
            continue
        read = ReadGame(scenario, seed, {str(a): str(b) for a, b in seats.items()},
                        LogActions(tail, lines[:k], header, name), by, state, header, links,
                        steps, [note] if note else [], k)
        return read
    saved = store.load(game)
    steps = deque(maxlen=STEPS)
    state = new_game(saved.scenario)
    for n, action in enumerate(saved.actions, 1):
        try:
            state = replay_steps(state, (action,), steps)
        except IllegalAction as exc:   # as engine.log.replay says it
            raise LogError(f"{name}: action {n} ({action.type_name}) is refused: {exc}") \
                from None
    return ReadGame(saved.scenario, saved.seed, saved.seats, LogActions(saved.actions), saved.by,
                    state, header, links, steps, [note] if note else [])
