"""A fast copy of a frozen state value with some fields changed: the one `replace` every FASA
module uses (`state.replace`). A module of its own so that a module `state.py` imports may copy
values too without importing the state."""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

T = TypeVar("T")

_FIELDS: dict[type, tuple[str, ...]] = {}
"""Field names of each state class, in order (a memo: the same for every game)."""


def replace(obj: T, **changes: Any) -> T:
    """A copy of a frozen state value with some fields changed, as `dataclasses.replace` makes it,
    and refusing as it does a field the class does not have (TypeError, never ignored).

    Written out rather than calling `dataclasses.replace`, which runs `__init__` and takes about
    half the replay time; the engine's state classes have no `__post_init__` and no `init=False`
    fields, so the two give equal values (tested against each other).
    """
    cls = type(obj)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(f.name for f in dataclasses.fields(cls))  # type: ignore[arg-type]
    unknown = changes.keys() - set(names) if len(changes) > 0 else ()
    if unknown:
        raise TypeError(f"{cls.__name__} has no field(s) {', '.join(sorted(unknown))}")
    new = object.__new__(cls)
    for name in names:
        object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new
