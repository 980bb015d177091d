"""A fast copy of a frozen state value with some fields changed: the one `replace` every FASA
module uses (`state.replace`). A module of its own so that a module `state.py` imports may copy
values too without importing the state."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
"""Field names of each state class, in order (a memo: the same for every game)."""

_NAMES: dict[type, frozenset[str]] = {}
"""The same names as a set, to check a copy's changes against."""

_DICTS: set[type] = set()
"""The state classes without slots, whose fields are copied as their instance's dict."""


def replace(obj: T, **changes: Any) -> T:
    """A copy of a frozen state value with some fields changed, as `dataclasses.replace` makes it,
    and refusing as it does a field the class does not have (TypeError, never ignored).

    Written out rather than calling `dataclasses.replace`, which runs `__init__` and takes about
    half the replay time; the engine's state classes have no `__post_init__` and no `init=False`
    fields, so the two give equal values (tested against each other). A class without slots
    (`Ship`, `FasaState`: the values with the most fields, copied at almost every action) is
    copied as its dict, in C: a ship of the basic game costs what a ship of 31 fields did before
    the expert and C&C rules added theirs (`starbridge bench engine`).
    """
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
        _NAMES[cls] = frozenset(names)
        if not hasattr(cls, "__slots__"):
            _DICTS.add(cls)
    unknown = changes.keys() - _NAMES[cls] if changes else ()
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
    new = object.__new__(cls)
    if cls in _DICTS:
        # The large values (a ship, the game's state) keep their fields in a dict: the copy is
        # one dict copy in C, whatever the number of fields the higher levels' rules add.
        object.__setattr__(new, "__dict__", {**obj.__dict__, **changes})
        return new
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new
