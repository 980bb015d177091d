"""engine.checks: an input's checks as a table, tried in order, the first fault refused in its
own words."""

from __future__ import annotations

import pytest

from engine.checks import Check, first_fault, refuse
from engine.errors import DataError

CHECKS: tuple[Check[int], ...] = (
    Check(lambda n: n < 0, "must not be negative"),
    Check(lambda n: n % 2, lambda n: f"must be even, not {n}"),
    Check(lambda n: n > 10, lambda n: f"must be at most 10, not {n}"),
)


def test_a_value_that_passes_every_check_has_no_fault() -> None:
    assert first_fault(4, CHECKS) == ""
    refuse("here", 4, CHECKS)


def test_the_first_fault_in_the_tables_order_is_the_one_said() -> None:
    assert first_fault(-3, CHECKS) == "must not be negative"   # odd too, but negative first
    assert first_fault(13, CHECKS) == "must be even, not 13"    # over 10 too, but odd first
    assert first_fault(12, CHECKS) == "must be at most 10, not 12"


def test_refuse_names_where_the_value_came_from() -> None:
    with pytest.raises(DataError, match=r"^ships/a\.toml, field n: must be even, not 3$"):
        refuse("ships/a.toml, field n", 3, CHECKS)


def test_checks_after_a_fault_are_not_tried() -> None:
    tried: list[int] = []

    def faulty(mark: int) -> Check[int]:
        def fault(n: int) -> bool:
            tried.append(mark)
            return True
        return Check(fault, f"fault {mark}")

    checks = (faulty(1), faulty(2))
    assert first_fault(0, checks) == "fault 1"
    assert tried == [1]
