"""The dice bridge: the configured trays' links, one queue, and the router, for the main loop.

    with DiceBridge(config) as dice:
        for outcome in dice.poll(pending(state), timeout=0.05):
            if isinstance(outcome, Answer):
                state, events = apply(state, outcome.action)
            show(outcome.text)
        lamp = dice.status(seat)        # tray connected / tray lost / manual / virtual

`poll` stops at the first answer, so the next event is matched against the prompts that
follow it, never against a request already answered.
"""

from __future__ import annotations

import queue
from collections.abc import Sequence

from engine import Prompt
from engine.stations import Seat
from firmware_bridge.link import LinkEvent, TrayLink
from firmware_bridge.router import Answer, DiceConfig, DiceRouter, DiceStatus, Outcome


class DiceBridge:
    def __init__(self, config: DiceConfig, *, heartbeat_timeout: float = 3.0,
                 retry: float = 0.25) -> None:
        self.config = config
        self.events: queue.Queue[LinkEvent] = queue.Queue()
        self.router = DiceRouter(config)
        self.links = [TrayLink(t.id, t.url, self.events, dice=t.dice, expect_tray=t.id,
                               heartbeat_timeout=heartbeat_timeout, retry=retry)
                      for t in config.trays]

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

    def poll(self, prompts: Sequence[Prompt], timeout: float = 0.0) -> list[Outcome]:
        """What the trays said since the last poll, waiting up to `timeout` for the first of it;
        ends with the first `Answer` if there is one (apply it, then poll again)."""
        out: list[Outcome] = []
        try:
            event = self.events.get(timeout=timeout) if timeout > 0 else self.events.get_nowait()
        except queue.Empty:
            return out
        while True:
            outcome = self.router.on_event(event, prompts)
            if outcome is not None:
                out.append(outcome)
                if isinstance(outcome, Answer):
                    return out
            try:
                event = self.events.get_nowait()
            except queue.Empty:
                return out

    def status(self, seat: Seat) -> DiceStatus:
        return self.router.status(seat)
