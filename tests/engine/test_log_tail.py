"""`engine.log.parse_actions`: a log's action lines from a point on, checked as `parse` checks
them (a save's lines after its snapshot)."""

from __future__ import annotations

import pytest

from engine import RollResult
from engine.errors import LogError
from engine.log import action_line, parse_actions


def lines(first: int, n: int) -> list[str]:
    return [action_line(k, RollResult("helm", 1 + k % 20, "virtual"))
            for k in range(first, first + n)]


def test_the_lines_after_a_point_read_as_their_actions() -> None:
    got = parse_actions(lines(101, 3), 101, "saved game 1")
    assert [a.value for a in got] == [1 + k % 20 for k in (101, 102, 103)]  # type: ignore[attr-defined]


def test_a_line_out_of_order_is_named() -> None:
    with pytest.raises(LogError, match="saved game 1, action 101: action number 102 out of order"):
        parse_actions(lines(102, 2), 101, "saved game 1")


def test_a_damaged_line_is_named() -> None:
    bad = lines(101, 2)
    bad[1] = bad[1].replace('"value": ', '"value": 1')
    with pytest.raises(LogError, match="action 102: checksum does not match"):
        parse_actions(bad, 101, "saved game 1")
    with pytest.raises(LogError, match="action 101: not valid JSON"):
        parse_actions(["{nope"], 101, "saved game 1")
