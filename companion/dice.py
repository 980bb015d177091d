"""Dice sources outside the engine. Virtual dice: seeded, so a seed replays the same game."""

from __future__ import annotations

import random

from engine import RollRequest, RollResult


class VirtualDice:
    """Seeded pseudo-random dice; every result says it came from "virtual"."""

    source = "virtual"

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def roll(self, request: RollRequest) -> RollResult:
        return RollResult(request.station, self._rng.randint(1, request.sides), self.source)
