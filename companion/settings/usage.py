"""The command line's own errors and argument types: a usage error is one "starbridge: ..."
line (with where to find help), never argparse's usage dump or a traceback."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NoReturn, overload


class UsageError(Exception):
    """A command line that does not parse; main prints it as one line."""


class CommandLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one "starbridge: ..." line (with where to find help)
    instead of the usage dump, like every other error of the command."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(f"{printable(message)} (see: {self.prog} --help)")


def named(what: str) -> Callable[[str], str]:
    """An argparse type for a name that may not be empty (an empty --scenario chose the duel)."""
    def check(text: str) -> str:
        if not text.strip():
            raise argparse.ArgumentTypeError(f"{what} may not be empty")
        return text
    check.__name__ = what
    return check


def folder(text: str) -> Path:
    """An argparse type for a folder's path: "" is no folder (Path("") is the current one)."""
    if not text.strip():
        raise argparse.ArgumentTypeError("a folder's path may not be empty")
    return Path(text)


def printable(text: str) -> str:
    """`text` on one line: control characters from the command line (a stray carriage return,
    an escape sequence) are shown escaped, never sent to the terminal."""
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


class LazyChoices(Sequence[str]):
    """An argparse `choices` found only when they are needed (an option given, --help shown):
    the levels come from a ruleset, which the command line does not load to parse `play`.
    Give the argument a `metavar`, or argparse lists the choices while it is built."""

    def __init__(self, find: Callable[[], Sequence[str]]) -> None:
        self._find = find
        self._found: tuple[str, ...] | None = None

    def _choices(self) -> tuple[str, ...]:
        if self._found is None:
            self._found = tuple(self._find())
        return self._found

    @overload
    def __getitem__(self, index: int) -> str: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[str]: ...

    def __getitem__(self, index: int | slice) -> str | Sequence[str]:
        return self._choices()[index]

    def __len__(self) -> int:
        return len(self._choices())

    def __contains__(self, value: object) -> bool:
        return value in self._choices()
