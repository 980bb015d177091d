"""Actions: what a station does. Typed, immutable, and serialisable as one JSON object each.

Every action names the station that takes it. Rulesets define their own actions as subclasses
of `Action` and register them with `action_type`, so a log can name them by a short type string.
The one action every ruleset shares is `RollResult`, the answer to a `RollRequest`.
"""

from __future__ import annotations

import dataclasses
import types
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from engine.dice import SOURCES
from engine.errors import DataError
from engine.stations import STATION_NAMES, title

_REGISTRY: dict[str, type[Action]] = {}

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
    """The answer to the pending roll request: the die's value (1..sides) and where it came from.

    `detail` says more of the source for the log, e.g. the tray and its sequence number
    ("tray-1#42"); it never changes what the roll does."""

    value: int
    source: str = "virtual"
    detail: str = ""


def action_problem(action: object) -> str | None:
    """What is malformed about an action built outside the engine (a panel, a script, a test),
    or None: a registered action type, a known station, and every field of its declared type
    (whole numbers, not floats or booleans; lists of the right shape; a known roll source).

    `engine.apply` refuses a malformed action with this reason, so that nothing it accepts can
    fail to round-trip through the log.
    """
    if not isinstance(action, Action):
        return f"not an action: {type(action).__name__}"
    cls = type(action)
    if _REGISTRY.get(cls.type_name) is not cls:
        return f"{cls.__name__} is not a registered action type"
    station = getattr(action, "station", None)
    if type(station) is not str and not isinstance(station, str):
        return f"an action's station is a station name, not {station!r}"
    if station not in STATION_NAMES:
        return f"unknown station {station!r}; stations are: {', '.join(STATION_NAMES)}"
    who = title(station)
    _, fields = _spec_of(cls)
    for name, _required, convert in fields:
        try:
            convert(getattr(action, name))
        except (TypeError, ValueError) as exc:
            return f"{who}: {cls.type_name.replace('_', ' ')}: {name}: {exc}"
    if isinstance(action, RollResult) and action.source not in SOURCES:
        return f"{who}: roll source {action.source!r} is not one of {', '.join(SOURCES)}"
    return None


def action_from_json(data: Mapping[str, Any], where: str = "action") -> Action:
    """Rebuild an action from its JSON form, or raise `DataError` naming `where` and the field."""
    if not isinstance(data, Mapping):
        raise DataError(f"{where}: expected a JSON object, got {type(data).__name__}")
    kind = data.get("type")
    cls = _REGISTRY.get(kind) if isinstance(kind, str) else None
    if cls is None:
        known = ", ".join(sorted(_REGISTRY))
        raise DataError(f"{where}: unknown action type {kind!r} (known: {known})")
    names, fields = _spec_of(cls)
    extra = data.keys() - names
    if extra:
        raise DataError(f"{where}: {kind} has no field(s) {', '.join(sorted(extra))}")
    kwargs: dict[str, Any] = {}
    for name, required, convert in fields:
        if name not in data:
            if required:
                raise DataError(f"{where}: {kind} is missing the field {name!r}")
            continue
        try:
            kwargs[name] = convert(data[name])
        except (TypeError, ValueError) as exc:
            raise DataError(f"{where}: {kind}.{name}: {exc}") from None
    action = cls(**kwargs)
    if action.station not in STATION_NAMES:
        raise DataError(f"{where}: unknown station {action.station!r}")
    if isinstance(action, RollResult) and action.source not in SOURCES:
        raise DataError(f"{where}: roll source {action.source!r} is not one of {SOURCES}")
    return action


Converter = Callable[[Any], Any]
_SPECS: dict[type[Action], tuple[frozenset[str], tuple[tuple[str, bool, Converter], ...]]] = {}


def _spec_of(cls: type[Action]) -> tuple[frozenset[str], tuple[tuple[str, bool, Converter], ...]]:
    spec = _SPECS.get(cls)
    if spec is None:
        spec = _SPECS[cls] = _spec(cls)
    return spec


def _spec(cls: type[Action]) -> tuple[frozenset[str], tuple[tuple[str, bool, Converter], ...]]:
    """The field names and, per field, whether it is required and how to check its value."""
    hints = typing.get_type_hints(cls)
    fields = tuple((f.name, f.default is dataclasses.MISSING, _converter(hints[f.name]))
                   for f in dataclasses.fields(cls))
    return frozenset({"type", "seq"} | {f[0] for f in fields}), fields


def _converter(hint: Any) -> Converter:
    """A checker for a simple annotation: int, str, bool, X | None, tuple[X, ...], tuple[X, Y],
    or a record (a frozen dataclass of such fields), given as an object with exactly its fields,
    as a list of its fields in order, or as the record itself."""
    if dataclasses.is_dataclass(hint) and isinstance(hint, type):
        return _record_converter(hint)
    if hint is int:
        def whole(value: Any) -> int:
            if type(value) is not int:
                raise TypeError(f"expected a whole number, got {value!r}")
            return value
        return whole
    if hint is str:
        def text(value: Any) -> str:
            if not isinstance(value, str):
                raise TypeError(f"expected text, got {value!r}")
            return value if type(value) is str else str.__str__(value)
        return text
    if hint is bool:
        def truth(value: Any) -> bool:
            if type(value) is not bool:
                raise TypeError(f"expected true or false, got {value!r}")
            return value
        return truth
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin is typing.Union or isinstance(hint, types.UnionType):
        inner = _converter(next(a for a in args if a is not type(None)))
        return lambda value: None if value is None else inner(value)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            item = _converter(args[0])

            def many(value: Any) -> tuple[Any, ...]:
                if not isinstance(value, list | tuple):
                    raise TypeError(f"expected a list, got {value!r}")
                return tuple(item(v) for v in value)
            return many
        items = tuple(_converter(a) for a in args)

        def fixed(value: Any) -> tuple[Any, ...]:
            if not isinstance(value, list | tuple):
                raise TypeError(f"expected a list, got {value!r}")
            if len(value) != len(items):
                raise TypeError(f"expected {len(items)} items, got {len(value)}")
            return tuple(c(v) for c, v in zip(items, value, strict=True))
        return fixed
    raise TypeError(f"unsupported field type {hint!r}")


def _record_converter(cls: type[Any]) -> Converter:
    hints = typing.get_type_hints(cls)
    parts = tuple((f.name, _converter(hints[f.name])) for f in dataclasses.fields(cls))
    names = frozenset(n for n, _ in parts)

    def record(value: Any) -> Any:
        if isinstance(value, cls):
            values = [getattr(value, n) for n, _ in parts]
        elif isinstance(value, Mapping):
            if set(value) != names:
                raise TypeError(f"expected the fields {', '.join(n for n, _ in parts)}, "
                                f"got {', '.join(map(str, value)) or 'none'}")
            values = [value[n] for n, _ in parts]
        elif isinstance(value, list | tuple):
            if len(value) != len(parts):
                raise TypeError(f"expected {len(parts)} items, got {len(value)}")
            values = list(value)
        else:
            raise TypeError(f"expected {cls.__name__} fields, got {value!r}")
        return cls(*(c(v) for (_, c), v in zip(parts, values, strict=True)))
    return record


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value
