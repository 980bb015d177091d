"""Knight Hawks actions, each a line of the game log."""

from __future__ import annotations

from dataclasses import dataclass

from engine.actions import Action, action_type


@action_type("kh_move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move `ship` at its new `speed` along `course`: F one hex ahead, P/S one hexside to port or
    starboard. `drop` leaves a mine pattern ("M") or a seeker ("S") in the hex it ends in."""

    ship: str
    speed: int
    course: str
    drop: str = ""


@action_type("kh_screens")
@dataclass(frozen=True, slots=True)
class SetScreens(Action):
    """Before `ship` moves: which screen is on ("" none, PS, ES, SS) and whether it releases a
    masking screen."""

    ship: str
    screen: str
    mask: bool = False


@action_type("kh_fire")
@dataclass(frozen=True, slots=True)
class Fire(Action):
    """Fire weapon system `mount` of `ship` at `target`; mount "" ends the ship's fire."""

    ship: str
    mount: str
    target: str = ""


@action_type("kh_icm")
@dataclass(frozen=True, slots=True)
class LaunchICMs(Action):
    """`ship` launches `count` ICMs against the attack under way (0: none)."""

    ship: str
    count: int


@action_type("kh_seekers")
@dataclass(frozen=True, slots=True)
class ActivateSeekers(Action):
    """The side of `ship` activates the seekers named in `seekers` (may be none)."""

    ship: str
    seekers: tuple[str, ...]


@action_type("kh_repair")
@dataclass(frozen=True, slots=True)
class Repair(Action):
    """`ship`'s damage control tries to repair `system` ("" none this turn)."""

    ship: str
    system: str
