"""Actions: what a station does. Typed, immutable, and serialisable as one JSON object each.

Every action names the station that takes it. Rulesets define their own actions as subclasses
of `Action` and register them with `action_type`, so a log can name them by a short type string.
The one action every ruleset shares is `RollResult`, the answer to a `RollRequest`.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from engine.dice import SOURCES
from engine.errors import DataError
from engine.stations import STATION_NAMES

_REGISTRY: dict[str, type[Action]] = {}
_HINTS: dict[type[Action], dict[str, Any]] = {}

A = TypeVar("A", bound="Action")


@dataclass(frozen=True, slots=True)
class Action:
    """Base of all actions. `station` is who takes it (see `engine.stations`)."""

    type_name: ClassVar[str] = "action"
    station: str

    def to_json(self) -> dict[str, Any]:
        """The action as a JSON-ready dict: {"type": ..., fields...}; tuples become lists."""
        out: dict[str, Any] = {"type": self.type_name}
        for f in dataclasses.fields(self):
            out[f.name] = _plain(getattr(self, f.name))
        return out


def action_type(name: str) -> Callable[[type[A]], type[A]]:
    """Class decorator: register an action class under its log type name."""

    def register(cls: type[A]) -> type[A]:
        if name in _REGISTRY and _REGISTRY[name] is not cls:
            raise ValueError(f"action type {name!r} registered twice")
        cls.type_name = name
        _REGISTRY[name] = cls
        return cls

    return register


@action_type("roll")
@dataclass(frozen=True, slots=True)
class RollResult(Action):
    """The answer to the pending roll request: the die's value (1..sides) and where it came from."""

    value: int
    source: str = "virtual"


def action_from_json(data: Mapping[str, Any], where: str = "action") -> Action:
    """Rebuild an action from its JSON form, or raise `DataError` naming `where` and the field."""
    if not isinstance(data, Mapping):
        raise DataError(f"{where}: expected a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(sorted(_REGISTRY))
        raise DataError(f"{where}: unknown action type {kind!r} (known: {known})")
    hints = _HINTS.get(cls)
    if hints is None:
        hints = typing.get_type_hints(cls)
        _HINTS[cls] = hints
    names = {f.name for f in dataclasses.fields(cls)}
    extra = set(data) - names - {"type", "seq"}
    if extra:
        raise DataError(f"{where}: {kind} has no field(s) {', '.join(sorted(extra))}")
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.name not in data:
            if f.default is not dataclasses.MISSING:
                continue
            raise DataError(f"{where}: {kind} is missing the field {f.name!r}")
        try:
            kwargs[f.name] = _coerce(data[f.name], hints[f.name])
        except (TypeError, ValueError) as exc:
            raise DataError(f"{where}: {kind}.{f.name}: {exc}") from None
    action = cls(**kwargs)
    if action.station not in STATION_NAMES:
        raise DataError(f"{where}: unknown station {action.station!r}")
    if isinstance(action, RollResult) and action.source not in SOURCES:
        raise DataError(f"{where}: roll source {action.source!r} is not one of {SOURCES}")
    return action


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _coerce(value: Any, hint: Any) -> Any:
    """Check a JSON value against a simple annotation (int, str, bool, X | None, tuple[...])."""
    origin = typing.get_origin(hint)
    if hint is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"expected a whole number, got {value!r}")
        return value
    if hint is str:
        if not isinstance(value, str):
            raise TypeError(f"expected text, got {value!r}")
        return value
    if hint is bool:
        if not isinstance(value, bool):
            raise TypeError(f"expected true or false, got {value!r}")
        return value
    if origin is typing.Union or str(origin) == "<class 'types.UnionType'>":
        args = typing.get_args(hint)
        if value is None and type(None) in args:
            return None
        inner = [a for a in args if a is not type(None)]
        return _coerce(value, inner[0])
    if origin is tuple:
        if not isinstance(value, list | tuple):
            raise TypeError(f"expected a list, got {value!r}")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_coerce(v, args[0]) for v in value)
        if len(args) != len(value):
            raise TypeError(f"expected {len(args)} items, got {len(value)}")
        return tuple(_coerce(v, a) for v, a in zip(value, args, strict=True))
    raise TypeError(f"unsupported field type {hint!r}")
