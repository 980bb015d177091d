"""Rulesets: one package per game system, found by name through package metadata.

A ruleset is offered by an installed package as an entry point of the group
`starbridge.rulesets` (as gpiozero finds its pin factories): the entry point's name is the
ruleset's name, its value the ruleset object, e.g. in the offering package's pyproject.toml

    [project.entry-points."starbridge.rulesets"]
    mygame = "mygame.rules:RULESET"

The ones this project ships are declared the same way in its own pyproject.toml. The kernel
never imports a ruleset by itself: a ruleset's module is imported when the ruleset is first
asked for. A third-party entry point that cannot be used (its module does not import, it names
something that is not a ruleset, its ruleset calls itself by another name, or another package
offers the same name) is skipped with one line saying which package and why (logged as a
warning, and kept in `refusals()`), never a traceback.

The registration hook, for a ruleset that is not installed (a test's toy ruleset, an
application's own): `register(ruleset)` makes it known by its `name` for the rest of the process,
`registered(ruleset)` only inside a `with` block (then `unregister` forgets it again), so that
what a test adds is not seen by the next one. See docs/engine.md, "Adding a ruleset".
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint, distributions
from typing import Any

from engine.ruleset import Ruleset

GROUP = "starbridge.rulesets"
"""The entry-point group an installed package offers a ruleset in."""

DEFAULT = "fasa"
"""The ruleset a scenario or a log that names none plays: FASA's, whose files came before any
other game system's and say no ruleset (engine.game.scenario_ruleset)."""

DISTRIBUTION = "starbridge"
"""The distribution whose own rulesets (`packaged()`) win a name another package also offers."""

REQUIRED = ("new_game", "apply", "pending", "legal_actions", "controls", "view", "events_for",
            "crew_stations", "to_json", "example_scenario")
"""What an object must have callable to be taken for a ruleset (engine.ruleset.Ruleset)."""

_log = logging.getLogger(__name__)
_RULESETS: dict[str, Ruleset[Any]] = {}   # loaded from an entry point, or registered
_offered: dict[str, EntryPoint] | None = None   # the usable entry points by name, once read
_refused: dict[str, str] = {}   # an entry point (its package, name, value) -> why it is skipped


def _package(ep: EntryPoint) -> str:
    dist = getattr(ep, "dist", None)
    if dist is None:
        return f"the package offering {ep.value!r}"
    return f"package {dist.name} {dist.version}"


def _is_ours(ep: EntryPoint) -> bool:
    dist = getattr(ep, "dist", None)
    return dist is not None and str(dist.name).lower() == DISTRIBUTION


def _key(ep: EntryPoint) -> str:
    return f"{_package(ep)}: {ep.name} = {ep.value}"


def _refuse(ep: EntryPoint, why: str) -> None:
    key = _key(ep)
    if key not in _refused:
        _refused[key] = f"ruleset {ep.name!r} of {_package(ep)} skipped: {why}"
        _log.warning(_refused[key])


def offered() -> dict[str, EntryPoint]:
    """The installed packages' rulesets by name (read once; `rescan` reads again). Of two
    packages offering one name, this project's own wins; two others are both skipped."""
    global _offered
    if _offered is None:
        by_name: dict[str, list[EntryPoint]] = {}
        seen: set[str] = set()
        for dist in distributions():   # importlib's entry_points() folds equal ones together
            key = re.sub(r"[-_.]+", "-", str(dist.name or "")).lower()
            if key in seen:   # the same package further down sys.path: shadowed, as on import
                continue
            seen.add(key)
            for ep in dist.entry_points.select(group=GROUP):
                by_name.setdefault(ep.name, []).append(ep)
        _offered = {}
        for name, eps in sorted(by_name.items()):
            ours = [e for e in eps if _is_ours(e)]
            keep = ours[0] if ours else eps[0] if len(eps) == 1 else None
            for ep in eps:
                if ep is not keep:
                    _refuse(ep, f"{_package(keep) if keep else 'another package'} offers a "
                                f"ruleset of that name too; uninstall one of them")
            if keep is not None:
                _offered[name] = keep
    return _offered


def packaged() -> tuple[str, ...]:
    """The names of the rulesets this project itself ships (its own entry points)."""
    return tuple(name for name, ep in offered().items() if _is_ours(ep))


def rescan() -> None:
    """Read the installed packages' entry points again (after installing one into a running
    process, or in a test that puts a package on sys.path); forgets what was loaded from them."""
    global _offered
    for name in list(offered()):
        _RULESETS.pop(name, None)
    _offered = None
    _refused.clear()


def refusals() -> tuple[str, ...]:
    """One line for each offered ruleset skipped so far, naming its package and why."""
    return tuple(_refused.values())


def _load(ep: EntryPoint) -> Ruleset[Any] | None:
    """The ruleset `ep` names, or None (refused, with its line) when it cannot be used."""
    if _key(ep) in _refused:   # tried once: not imported again
        return None
    try:
        found = ep.load()
    except Exception as exc:   # any fault of a third party's module is its own, not the table's
        where = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
        _refuse(ep, f"{ep.value} does not load ({where})")
        return None
    if isinstance(found, type):
        _refuse(ep, f"{ep.value} is a class, not a ruleset object; point at an instance")
        return None
    missing = [m for m in REQUIRED if not callable(getattr(found, m, None))]
    if missing:
        _refuse(ep, f"{ep.value} is a {type(found).__name__}, not a ruleset (it has no "
                    f"{', '.join(missing[:3])}{', ...' if len(missing) > 3 else ''})")
        return None
    said = getattr(found, "name", None)
    if said != ep.name:
        _refuse(ep, f"{ep.value} calls itself {said!r}, not {ep.name!r}")
        return None
    return found   # type: ignore[no-any-return]


def register(ruleset: Ruleset[Any]) -> None:
    """Make a ruleset available under its `name`."""
    _RULESETS[ruleset.name] = ruleset


def unregister(name: str) -> None:
    """Forget the ruleset registered under `name` by `register` (nothing if none is). An
    installed one (an entry point) cannot be forgotten: it is found again when asked for."""
    if name in offered():
        raise ValueError(f"the {name} ruleset is installed (entry point {GROUP}); it stays")
    _RULESETS.pop(name, None)


@contextmanager
def registered(ruleset: Ruleset[Any]) -> Iterator[Ruleset[Any]]:
    """`ruleset` known by its name inside the block, forgotten after it:

        with rulesets.registered(TOY):
            state = engine.new_game({"ruleset": "toy", ...})
    """
    if ruleset.name in offered():
        raise ValueError(f"the name {ruleset.name!r} is an installed ruleset's")
    register(ruleset)
    try:
        yield ruleset
    finally:
        unregister(ruleset.name)


def get(name: str) -> Ruleset[Any]:
    """The ruleset called `name`, importing its package's module on first use; KeyError names
    the known ones (an installed one that cannot be used among none of them)."""
    if isinstance(name, str) and name not in _RULESETS and name in offered():
        found = _load(offered()[name])
        if found is not None:
            _RULESETS[name] = found
    try:
        return _RULESETS[name]
    except (KeyError, TypeError):
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(names())}") from None


def names() -> tuple[str, ...]:
    """The names of the usable rulesets: each installed one that loads, and each registered."""
    for name, ep in offered().items():
        if name not in _RULESETS and (found := _load(ep)) is not None:
            _RULESETS[name] = found
    return tuple(sorted(_RULESETS))
