"""Rulesets: one package per game system, found by name.

The kernel never imports a ruleset by itself: `KNOWN` maps each name to the module that
implements it, imported on first use; that module calls `register` with its ruleset. A second
game system is a package and one line here (or a `register` call from the application), not a
change to the kernel.

The registration hook, for a ruleset that lives outside this package (a test's toy ruleset, an
application's own): `register(ruleset)` makes it known by its `name` for the rest of the process,
`registered(ruleset)` only inside a `with` block (then `unregister` forgets it again), so that
what a test adds is not seen by the next one. See docs/engine.md, "Adding a ruleset".
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from engine.ruleset import Ruleset

KNOWN: dict[str, str] = {"fasa": "engine.rulesets.fasa", "knighthawks": "engine.rulesets.knighthawks",
                         "strpg": "engine.rulesets.strpg",
                         "halfimpulse": "engine.rulesets.halfimpulse"}
"""Ruleset name -> the module that registers it when imported."""

_RULESETS: dict[str, Ruleset[Any]] = {}


def register(ruleset: Ruleset[Any]) -> None:
    """Make a ruleset available under its `name`."""
    _RULESETS[ruleset.name] = ruleset


def unregister(name: str) -> None:
    """Forget the ruleset registered under `name` by `register` (nothing if none is). A packaged
    one (in `KNOWN`) cannot be forgotten: its module registers it only when first imported."""
    if name in KNOWN:
        raise ValueError(f"the {name} ruleset is packaged (engine.rulesets.KNOWN); it stays")
    _RULESETS.pop(name, None)


@contextmanager
def registered(ruleset: Ruleset[Any]) -> Iterator[Ruleset[Any]]:
    """`ruleset` known by its name inside the block, forgotten after it:

        with rulesets.registered(TOY):
            state = engine.new_game({"ruleset": "toy", ...})
    """
    if ruleset.name in KNOWN:
        raise ValueError(f"the name {ruleset.name!r} is a packaged ruleset's")
    register(ruleset)
    try:
        yield ruleset
    finally:
        unregister(ruleset.name)


def get(name: str) -> Ruleset[Any]:
    """The ruleset called `name`, importing its module on first use; KeyError names the known."""
    if name not in _RULESETS and isinstance(name, str) and name in KNOWN:
        importlib.import_module(KNOWN[name])
    try:
        return _RULESETS[name]
    except (KeyError, TypeError):
        known = ", ".join(sorted(set(KNOWN) | set(_RULESETS)))
        raise KeyError(f"unknown ruleset {name!r}; known: {known}") from None


def names() -> tuple[str, ...]:
    return tuple(sorted(set(KNOWN) | set(_RULESETS)))
