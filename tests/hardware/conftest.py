"""Shared fixtures: a manual clock, gpiozero's own MockFactory with PWM pins, small pin maps."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin


class ManualClock:
    """Time that moves only when a test says so (nothing sleeps)."""

    def __init__(self, t: float = 100.0) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> float:
        self.t += seconds
        return self.t


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def factory() -> Iterator[Any]:
    f = MockFactory(revision="d04170", pin_class=MockPWMPin)
    yield f
    f.close()
