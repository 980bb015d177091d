"""Every seat's payload of one state asks the engine for each seat's view once (issue 16,
"Speed"): one publish builds up to a dozen payloads of the same state."""

from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

import consoles.payload as payload_module
import engine
from consoles.payload import SeatLog, payload, seat_key, side_seats
from consoles.tokens import INSTRUCTOR_SEAT, VIEW_SEAT
from engine import Seat

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))
from test_seat_api import seats
from test_secrets import game_states


def test_one_states_payloads_ask_each_seats_view_once(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(iter(game_states(3, 60, 1)))
    asked: Counter[Seat] = Counter()
    real = engine.view

    def counted(st: Any, seat: Seat) -> dict[str, Any]:
        asked[seat] += 1
        return real(st, seat)

    monkeypatch.setattr(payload_module, "view", counted)
    keys = [seat_key(s) for s in seats(state)] + [INSTRUCTOR_SEAT, VIEW_SEAT]
    logs = {k: SeatLog(k) for k in keys}
    first = {k: payload(state, k, logs[k]) for k in keys}
    assert set(side_seats(state).values()) <= set(asked), asked
    assert max(asked.values()) == 1, asked
    # and the views are only read: the same payloads again, asked of the engine no more
    again = {k: payload(state, k, logs[k]) for k in keys}
    assert again == first
    assert max(asked.values()) == 1, asked
