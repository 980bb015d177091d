"""`starbridge bench dice`: the tray's latency stands beside a bare pseudo-terminal's."""

from __future__ import annotations

import threading

from benchmarks.dice import pty_round_trips


def test_a_bare_pty_round_trip_is_measured_and_leaves_no_thread() -> None:
    before = threading.active_count()
    got = pty_round_trips(20)
    assert len(got) == 20 and all(ms > 0 for ms in got)
    assert threading.active_count() == before
