"""What a panel's lights show, as pure data: which light is on, how bright, and which blinks.

    plan = status_plan(your_move=True, roll_now=False, alert=False, flash=False, amber=False)
    levels(plan, t, blink_s)   # the level of every light at time t (blinking worked out here)

The inputs come from the seat's own view of the game (hardware.panel), so a light never shows
what that seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from hardware.functions import AMBER, GREEN, RED, SHIELD_LEDS, WEAPON_LEDS


@dataclass(frozen=True, slots=True)
class Lamp:
    level: float = 0.0   # 0 off .. 1 full
    blink: bool = False  # blink at `level` (the "roll now" rhythm)


OFF = Lamp()
ON = Lamp(1.0)
BLINK = Lamp(1.0, True)


def status_plan(your_move: bool, roll_now: bool, alert: bool, flash: bool,
                amber: bool) -> dict[str, Lamp]:
    """The status light: "your move" steady green, "roll now" blinking amber, "alert" red, and
    the short red "not now" flash. `amber` says whether the panel has its own amber LED; if not,
    its red/green LED makes amber with both legs (so one colour shows at a time: the flash, then
    the roll, then the alert, then "your move")."""
    if amber:
        return {GREEN: ON if your_move else OFF, AMBER: BLINK if roll_now else OFF,
                RED: ON if alert or flash else OFF}
    if flash:
        return {GREEN: OFF, RED: ON}
    if roll_now:
        return {GREEN: BLINK, RED: BLINK}
    if alert:
        return {GREEN: OFF, RED: ON}
    return {GREEN: ON if your_move else OFF, RED: OFF}


def strength_plan(roles: Sequence[str], values: Sequence[int], full: int) -> dict[str, Lamp]:
    """Lights lit by strength: value / full (six shield lights at Science, power at Engineering)."""
    top = max(full, 1)
    return {role: _steady(max(0.0, min(1.0, v / top)))
            for role, v in zip(roles, values, strict=False)}


def _steady(level: float) -> Lamp:
    return OFF if level == 0 else ON if level == 1 else Lamp(level)


def shields_plan(points: Sequence[int], full: int) -> dict[str, Lamp]:
    return strength_plan(SHIELD_LEDS, points, full)


def weapons_plan(armed: Sequence[bool]) -> dict[str, Lamp]:
    """Helm's armed-weapon lights, in the order of the ship's weapons; the rest stay off."""
    return {role: ON if i < len(armed) and armed[i] else OFF for i, role in enumerate(WEAPON_LEDS)}


def levels(plan: Mapping[str, Lamp], t: float, blink_s: float) -> dict[str, float]:
    """Every light's level at time `t`: a blinking light is on for `blink_s`, off for `blink_s`."""
    phase_on = int(t / blink_s) % 2 == 0 if blink_s > 0 else True
    return {role: (lamp.level if (phase_on or not lamp.blink) else 0.0)
            for role, lamp in plan.items()}
