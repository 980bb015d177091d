"""A saved game's actions, the earliest kept as their log lines until one of them is asked for.

A game resumed from a snapshot (companion/saves/snapshots.py) replays only the actions after it; the
ones before are its log's lines, already known to be the lines the snapshot was made from (the
hash chain). They are read and checked, all of them as `engine.log.parse` reads a log, only
when something needs them (the Instructor's undo, an export): counting them, adding actions
and reading the newest never does.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, MutableSequence
from typing import Any, overload

from engine import Action
from engine.log import parse


class LogActions(MutableSequence[Action]):
    def __init__(self, actions: Iterable[Action] = (), unread: list[str] | None = None,
                 header: str = "", name: str = "log") -> None:
        self._unread = unread or []          # lines of actions 1..k, not parsed yet
        self._actions = list(actions)        # actions k+1.., or all of them once read
        self._header, self._name = header, name

    @property
    def unread(self) -> int:
        """How many of the earliest actions are still lines."""
        return len(self._unread)

    def _read(self) -> None:
        if self._unread:
            read = parse([self._header + "\n"] + [line + "\n" for line in self._unread],
                         self._name)
            self._actions[:0] = read.actions
            self._unread = []

    def __len__(self) -> int:
        return len(self._unread) + len(self._actions)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> MutableSequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | MutableSequence[Action]:
        if isinstance(index, int) and self._unread:
            k = len(self._unread)
            i = index + len(self) if index < 0 else index
            if k <= i < len(self):
                return self._actions[i - k]
        self._read()
        return self._actions[index]

    @overload
    def __setitem__(self, index: int, value: Action) -> None: ...

    @overload
    def __setitem__(self, index: slice, value: Iterable[Action]) -> None: ...

    def __setitem__(self, index: int | slice, value: Any) -> None:
        self._read()
        self._actions[index] = value

    def __delitem__(self, index: int | slice) -> None:
        self._read()
        del self._actions[index]

    def insert(self, index: int, value: Action) -> None:
        if index >= len(self):
            self._actions.append(value)
            return
        self._read()
        self._actions.insert(index, value)

    def append(self, value: Action) -> None:
        self._actions.append(value)

    def __iter__(self) -> Iterator[Action]:
        self._read()
        return iter(self._actions)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, LogActions)):
            return list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"LogActions({len(self)} actions, {len(self._unread)} still lines)"
