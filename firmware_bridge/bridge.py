"""The dice bridge: the configured trays' links, one queue, and the router, for the main loop.

    with DiceBridge(config) as dice:
        for outcome in dice.poll(pending(state), timeout=0.05):
            if isinstance(outcome, TrayAnswer):
                state, events = apply(state, outcome.action)
                dice.track(pending(state), outcome.action)
            show(outcome.text)
        lamp = dice.status(seat)        # tray connected / starting / lost / manual / virtual
        dice.call(prompt)               # ROLL THE DICE: the tray's light asks for the roll

`poll` stops at the first answer, so the next event is matched against the prompts that
follow it, never against a request already answered. A roll answers only a request that was
pending when it arrived: the bridge notes when it first sees each roll request (`track`, which
`poll` calls too; call it after every action applied so that a new request is noted at once),
and the router compares that with the time the link read the roll.
"""

from __future__ import annotations

import queue
import time
from collections.abc import Callable, Sequence

from engine import Action, Prompt, RollRequest, RollResult
from engine.stations import INSTRUCTOR, Seat
from firmware_bridge.link import LinkEvent, TrayLink
from firmware_bridge.router import (
    TRAY_CONNECTED,
    DiceConfig,
    DiceOutcome,
    DiceRouter,
    DiceStatus,
    TrayAnswer,
)


class DiceBridge:
    def __init__(self, config: DiceConfig, *, heartbeat_timeout: float = 3.0,
                 retry: float = 0.25, clock: Callable[[], float] = time.monotonic,
                 events: queue.Queue[LinkEvent] | None = None) -> None:
        """`events`: the queue the trays' reader threads put on (the app's, which wakes its
        loop); a plain queue when none is given."""
        self.config = config
        self.clock = clock
        self.events: queue.Queue[LinkEvent] = queue.Queue() if events is None else events
        self.router = DiceRouter(config)
        self.links = [TrayLink(t.id, t.url, self.events, dice=t.dice, expect_tray=t.id,
                               heartbeat_timeout=heartbeat_timeout, retry=retry, clock=clock)
                      for t in config.trays]
        self.since: dict[RollRequest, float] = {}   # each pending roll request: first seen
        self.called: dict[str, RollRequest] = {}    # tray id -> the request its light asks for

    def start(self) -> DiceBridge:
        for link in self.links:
            link.start()
        return self

    def stop(self) -> None:
        for link in self.links:
            link.stop()

    def __enter__(self) -> DiceBridge:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def track(self, prompts: Sequence[Prompt], applied: Action | None = None) -> None:
        """Note the roll requests pending now: one not seen before is stamped now, one no longer
        pending is forgotten. `applied`: the action just applied; a roll answers its station's
        request (the Instructor's override, any request), so an equal request pending after it
        is a new one, stamped now. A tray whose called request is gone is told so."""
        now = self.clock()
        if isinstance(applied, RollResult):
            for r in [r for r in self.since
                      if applied.station in (r.station, INSTRUCTOR)]:
                del self.since[r]
        wanted = {p.roll for p in prompts if p.roll is not None}
        for r in [r for r in self.since if r not in wanted]:
            del self.since[r]
        for r in wanted:
            self.since.setdefault(r, now)
        for tray, r in list(self.called.items()):
            if r not in self.since:
                del self.called[tray]
                self._link(tray, lambda link: link.call(0))

    def poll(self, prompts: Sequence[Prompt], timeout: float = 0.0) -> list[DiceOutcome]:
        """What the trays said since the last poll, waiting up to `timeout` for the first of it;
        ends with the first `TrayAnswer` if there is one (apply it, then poll again)."""
        self.track(prompts)
        out: list[DiceOutcome] = []
        try:
            event = self.events.get(timeout=timeout) if timeout > 0 else self.events.get_nowait()
        except queue.Empty:
            return out
        while True:
            outcome = self.router.on_event(event, prompts, self.since)
            if outcome is not None:
                out.append(outcome)
                if isinstance(outcome, TrayAnswer):
                    return out
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                return out

    def status(self, seat: Seat) -> DiceStatus:
        return self.router.status(seat)

    def call(self, prompt: Prompt) -> str:
        """ROLL THE DICE with a tray answering: the tray's light asks for the roll (CALL), and
        the words for the display. Returns "" when no connected tray serves the seat."""
        request = prompt.roll
        status = self.status(Seat(prompt.station, prompt.ship))
        if request is None or status.mode != TRAY_CONNECTED or status.tray is None:
            return ""
        self.since.setdefault(request, self.clock())
        self.called[status.tray] = request
        dice = next(t.dice for t in self.config.trays if t.id == status.tray)
        sides = request.sides if request.sides in dice else max(dice)  # a d20 reads as a d10
        self._link(status.tray, lambda link: link.call(sides))
        return f"Roll the tray now ({status.tray}): its light blinks until it is rolled"

    def _link(self, tray: str, do: Callable[[TrayLink], object]) -> None:
        for link in self.links:
            if link.name == tray:
                do(link)
