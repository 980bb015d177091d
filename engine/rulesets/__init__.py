"""Rulesets: one package per game system, found by name.

The kernel never imports a ruleset by itself: `KNOWN` maps each name to the module that
implements it, imported on first use; that module calls `register` with its ruleset. A second
game system is a package and one line here (or a `register` call from the application), not a
change to the kernel.
"""

from __future__ import annotations

import importlib
from typing import Any

from engine.ruleset import Ruleset

KNOWN: dict[str, str] = {"fasa": "engine.rulesets.fasa", "knighthawks": "engine.rulesets.knighthawks"}
"""Ruleset name -> the module that registers it when imported."""

_RULESETS: dict[str, Ruleset[Any]] = {}


def register(ruleset: Ruleset[Any]) -> None:
    """Make a ruleset available under its `name`."""
    _RULESETS[ruleset.name] = ruleset


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
