"""A game being played and saved: the state, its log, and the save store behind it.

    game = SavedGame.new(store, scenario, seed=7, seats={"enterprise/helm": "panel"})
    events = game.accept(action, by="panel")     # applied, then durable, then returned to show
    game = SavedGame.resume(store, game_id)      # replays the saved log to the exact state
    game.undo_last()  /  game.undo_phase()       # the Instructor's undo, recorded in the save

Virtual dice are seeded per action number (`roll`): the n-th action's roll depends only on the
game's seed and n, so a game resumed after a power cut rolls on exactly as it would have.
With no store (attract mode) nothing is written.
"""

from __future__ import annotations

import logging
import random
import time
from collections.abc import Mapping, MutableSequence, Sequence
from typing import TYPE_CHECKING, Any

from companion.saves import snapshots
from companion.saves.store import ABANDONED, OVER, Store
from engine import (
    Action,
    Event,
    GameState,
    Prompt,
    RollRequest,
    RollResult,
    apply,
    decide,
    new_game,
    pending,
)
from engine.log import action_line, header_line, replay

if TYPE_CHECKING:
    from companion.saves.resume import ReplayedStep

AUTOPILOT = "autopilot"


log = logging.getLogger(__name__)


class SavedGame:
    def __init__(self, store: Store | None, game_id: int, scenario: Mapping[str, Any], seed: int,
                 seats: Mapping[str, str], actions: MutableSequence[Action], by: list[str],
                 state: GameState | None = None, *, links: list[bytes] | None = None,
                 replayed: Sequence[ReplayedStep] = (), notes: Sequence[str] = ()) -> None:
        """`links`: the log's hash chain; `replayed`, `notes`: a resume's last replayed steps
        (for the display) and what it has to say (companion/saves/resume.py)."""
        self.store, self.id, self.scenario, self.seed = store, game_id, dict(scenario), seed
        self.seats = dict(seats)
        self.actions, self.by = actions, by
        self.state: GameState = state if state is not None else \
            replay(scenario, actions, f"saved game {game_id}")
        self.ended_saved = False
        self.notes: list[str] = list(notes)   # what the resume has to say (a snapshot not used)
        self.replayed: Sequence[ReplayedStep] = replayed   # the resume's last steps, for the display
        self.links: list[bytes] | None = links   # the log's hash chain (companion/saves/snapshots.py)
        self.snapshot_failed = False

    @classmethod
    def new(cls, store: Store | None, scenario: Mapping[str, Any], seed: int,
            seats: Mapping[str, str] | None = None) -> SavedGame:
        new_game(scenario)  # refuse a bad scenario before it is saved
        gid = store.new_game(scenario, seed, seats) if store is not None else 0
        links = [snapshots.chain_start(header_line(scenario))] if store is not None else None
        return cls(store, gid, scenario, seed, seats or {}, [], [], links=links)

    @classmethod
    def resume(cls, store: Store, game_id: int) -> SavedGame:
        """The saved game at its exact state: from a snapshot where one is trusted, the actions
        after it replayed, else its whole log replayed (companion/saves/resume.py); one replay."""
        from companion.saves.resume import read_game

        read = read_game(store, game_id)
        return cls(store, game_id, read.scenario, read.seed, read.seats, read.actions, read.by,
                   read.state, links=read.links, replayed=read.steps, notes=read.notes)

    def left(self) -> None:
        """The table left this game on purpose (Escape twice, the window closed, the kiosk's
        exit combination): kept, and `play --resume N` goes on with it, but the next start does
        not take it for a game cut off by a power cut (`Store.unfinished`)."""
        if self.store is not None and not self.over:
            self.store.set_status(self.id, ABANDONED)

    def take_replayed(self) -> Sequence[ReplayedStep]:
        """The resume's replayed steps, once (the display rebuilds its history from them)."""
        steps, self.replayed = self.replayed, ()
        return steps

    @property
    def over(self) -> bool:
        return self.state.over

    def roll(self, request: RollRequest, source: str = "virtual") -> RollResult:
        """The virtual die for the next action: a function of the seed and the action number."""
        rng = random.Random(f"{self.seed}/{len(self.actions) + 1}")
        return RollResult(request.station, rng.randint(1, request.sides), source)

    def accept(self, action: Action, by: str = "") -> tuple[Event, ...]:
        """Apply `action` (IllegalAction if the rules refuse it: nothing is saved), save it, and
        only then return its events to be shown."""
        state, events = apply(self.state, action)
        seq = len(self.actions) + 1
        if self.store is not None:
            snap = self._snapshot(state, seq, action) \
                if self.links is not None and seq % snapshots.EVERY == 0 else None
            if snap is not None:
                snapshots.save_with_snapshot(self.store, self.id, seq, snap[0], by, time.time(),
                                             snap[1])
            else:
                self.store.append(self.id, seq, action, by)
            if self.links is not None:
                self.links.append(snap[2] if snap is not None else
                                  snapshots.chain_next(self.links[-1], action_line(seq, action)))
        self.state = state
        self.actions.append(action)
        self.by.append(by)
        if state.over and self.store is not None and not self.ended_saved:
            self.store.set_status(self.id, OVER)
            self.ended_saved = True
        return events

    def _snapshot(self, state: GameState, seq: int, action: Action,
                  ) -> tuple[str, snapshots.Snapshot, bytes] | None:
        """Action `seq`'s line, the snapshot of the state after it, and the chain's link; None
        when the state cannot be written (said once in the log; the game goes on without)."""
        assert self.links is not None
        line = action_line(seq, action)
        link = snapshots.chain_next(self.links[-1], line)
        try:
            text = snapshots.encode(state, new_game(self.scenario))
        except snapshots.SnapshotError as exc:
            if not self.snapshot_failed:
                log.warning("saved game %s: no snapshot after action %s: %s", self.id, seq, exc)
                self.snapshot_failed = True
            return None
        return line, snapshots.Snapshot(seq, link.hex(), snapshots.snapshot_format(),
                                        snapshots.digest(text), text), link

    def set_seats(self, changes: Mapping[str, str]) -> None:
        """Who plays which seat ("ship/station" -> mode) from now on, saved before it is used."""
        seats = {**self.seats, **changes}
        if self.store is not None:
            self.store.set_seats(self.id, seats)
        self.seats = seats

    # -- the Instructor's undo ---------------------------------------------------------------
    def undo_to(self, back_to: int, why: str) -> int:
        """Keep the first `back_to` actions; the state is the shortened log replayed."""
        back_to = max(0, min(back_to, len(self.actions)))
        taken = len(self.actions) - back_to
        if taken == 0:
            return 0
        if self.store is not None:
            self.store.undo(self.id, back_to, why)
            snapshots.drop_after(self.store.db, self.id, back_to)
            if self.ended_saved:
                self.store.set_status(self.id, "playing")
                self.ended_saved = False
        del self.actions[back_to:]
        del self.by[back_to:]
        if self.links is not None:
            del self.links[back_to + 1:]
        self.state = replay(self.scenario, self.actions, f"saved game {self.id}")
        return taken

    def undo_last(self) -> int:
        """Take back the last action a person took (with what the autopilots and virtual dice
        did after it); with none, the last action."""
        people = [n for n, b in enumerate(self.by) if b not in (AUTOPILOT, "virtual")]
        back_to = people[-1] if people else len(self.actions) - 1
        return self.undo_to(back_to, "last action")

    def undo_phase(self) -> int:
        """Back to the start of the phase (or, at its start already, of the phase before)."""
        state = new_game(self.scenario)
        starts: list[tuple[Any, int]] = [(phase_key(state), 0)]
        for n, action in enumerate(self.actions, 1):
            state = apply(state, action)[0]
            key = phase_key(state)
            if key != starts[-1][0]:
                starts.append((key, n))
        n_now = len(self.actions)
        back_to = starts[-1][1]
        if back_to == n_now and len(starts) > 1:
            back_to = starts[-2][1]
        return self.undo_to(back_to, "phase")


def phase_key(state: GameState) -> tuple[Any, ...]:
    """Which phase a state is in: (turn, phase name, phase number). A Firing Phase's declaring,
    resolving and damage choice are one phase (Book Two, Sequence Of Play)."""
    step = str(getattr(state, "step", ""))
    name = "fire" if step in ("declare", "resolve", "choose") else step
    number = getattr(state, "phase", 0) if name in ("move", "fire") else 0
    return (getattr(state, "turn", 0), name, number)


def autopilot_action(game: SavedGame, prompt: Prompt) -> Action:
    """What the autopilot does for `prompt`: decide, or roll the virtual die."""
    if prompt.roll is not None:
        return game.roll(prompt.roll)
    return decide(game.state, prompt)   # the ruleset's autopilot (StateError: it has none)


def autopilot_step(game: SavedGame) -> tuple[Event, ...] | None:
    """The autopilot answers the first pending prompt; None when the game is over."""
    prompts = pending(game.state)
    if not prompts:
        return None
    prompt = prompts[0]
    return game.accept(autopilot_action(game, prompt),
                       "virtual" if prompt.roll is not None else AUTOPILOT)
