"""The decisions *Battlestations!* adds to FASA's (seed 001, 01A): the Fire / No Fire counter
and the tactical heading change (with the cloak's switch) after a Movement Phase."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, action_type

TURNS = ("none", "port", "starboard")
"""A tactical heading change: none, or one hexside to port or to starboard (ours: the seed names
no size; docs/rules-decisions.md)."""

CLOAK = ("keep", "on", "off")
"""The cloak after a Movement Phase (seed line 100): as it is, activated or deactivated."""


@action_type("fire_counter")
@dataclass(frozen=True, slots=True)
class FireCounter(Action):
    """The Captain lays a Fire (`fire` true) or No Fire counter face down (seed line 104)."""

    ship: str
    fire: bool


@action_type("tactical_turn")
@dataclass(frozen=True, slots=True)
class TacticalTurn(Action):
    """The Helm after every ship has moved (seed lines 99-100): a tactical heading change to
    `turn` ("none", "port", "starboard"), and the cloak `cloak` ("keep", "on", "off")."""

    ship: str
    turn: str
    cloak: str = "keep"
