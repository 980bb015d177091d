"""Rulesets: one package per game system, registered by name.

A ruleset supplies `new_game`, `apply`, `legal_actions`, `pending`, `view` and `to_json`; the
kernel API in `engine.game` dispatches to the ruleset named by the state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.game import Ruleset

_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> None:
    """Make a ruleset available under its `name`."""
    _RULESETS[ruleset.name] = ruleset


def get(name: str) -> Ruleset:
    """The ruleset called `name`; FASA is loaded on first use."""
    if "fasa" not in _RULESETS:
        import engine.rulesets.fasa  # noqa: F401  (registers itself)
    try:
        return _RULESETS[name]
    except KeyError:
        raise KeyError(f"unknown ruleset {name!r}; known: {', '.join(sorted(_RULESETS))}") from None


def names() -> tuple[str, ...]:
    return tuple(sorted(_RULESETS))
