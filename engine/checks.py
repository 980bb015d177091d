"""Checks of an input as data: a table of the faults a value may have, each with the words that
say what is wrong, tried in order, the first fault found refused (as config validators declare
a schema's rules beside their messages, rather than in a chain of `if`s).

A data file's reader lists its fields' checks once (`Check(fault, says)`): `fault` tells
whether the value is wrong, `says` what is wrong with it, in words for the person who wrote
the file. `first_fault` answers those words, or "" when the value passes every check;
`refuse` raises them as a `DataError` naming where the value came from.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, TypeVar

from engine.errors import DataError

T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Check(Generic[T]):
    """One fault a value may have: `fault(value)` is true when it has it, and `says` is what is
    wrong, as words or made from the value."""

    fault: Callable[[T], object]
    says: str | Callable[[T], str]

    def words(self, value: T) -> str:
        return self.says if isinstance(self.says, str) else self.says(value)


def first_fault(value: T, checks: Iterable[Check[T]]) -> str:
    """What is wrong with `value` by the first of `checks` it fails, or "" if none."""
    return next((check.words(value) for check in checks if check.fault(value)), "")


def refuse(where: str, value: T, checks: Iterable[Check[T]]) -> None:
    """Raise DataError "`where`: what is wrong" at the first of `checks` `value` fails."""
    fault = first_fault(value, checks)
    if fault:
        raise DataError(f"{where}: {fault}")
