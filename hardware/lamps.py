"""What a panel's lights show, as pure data: which light is on, how bright, and which blinks.

    plan = model.lamps(state, t, has_amber)   # role -> Lamp, from the panels' lights file
    levels(plan, t, blink_s)                  # the level of every light at time t (blinking
                                              # worked out here)

The plan comes from the panels' lights file over the seat's own view of the game
(hardware.rule_lamps), so a light never shows what that seat may not know.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Lamp:
    level: float = 0.0   # 0 off .. 1 full
    blink: bool = False  # blink at `level` (the "roll now" rhythm)


OFF = Lamp()
ON = Lamp(1.0)
BLINK = Lamp(1.0, True)


def levels(plan: Mapping[str, Lamp], t: float, blink_s: float) -> dict[str, float]:
    """Every light's level at time `t`: a blinking light is on for `blink_s`, off for `blink_s`."""
    phase_on = int(t / blink_s) % 2 == 0 if blink_s > 0 else True
    return {role: (lamp.level if (phase_on or not lamp.blink) else 0.0)
            for role, lamp in plan.items()}
