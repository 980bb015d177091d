"""The station panels' lights as the display draws them when the panels are mocked: pure data.

The panels (`hardware.ship_bridge.Bridge.lit()`) give every open light's level by panel and role,
0..1; the app passes those plain numbers in (`BridgeDisplay.show_lights`), so the display needs
no gpiozero. Each panel becomes a label, its status light and its indicator lights:

- the status light: one red/green LED whose legs together make amber (or three LEDs when the
  panel has its own `amber`), drawn in Okabe-Ito colours with a shape each (green a circle,
  amber a diamond, red a square) so colour is never the only cue;
- the indicators (Science's six shields, Helm's armed weapons, Engineering's power), dimmed by
  their level (a light on an expander is only ever 0 or 1: no PWM there);
- the Command & Control lights (`shaken`, `system_out`, `grid_out`: docs/wiring.md), drawn as
  warnings: vermillion diamonds, so they stand apart from the indicators by shape as by colour.

Each indicator carries its mark (`Light.mark`: a shield's or weapon's number, M S W for the power
to movement, shields and weapons, O S G for an officer shaken, a system out, the power off the
grid), drawn in the light, and each panel's lights are told in words on the KEYS sheet
(`legend`), so no light is an unlabelled dot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

STATUS = ("green", "amber", "red")
LABELS = {"captain": "CAPT", "engineer": "ENG", "helm": "HELM", "science": "SCI",
          "instructor": "INST", "weapons": "WPN", "navigator": "NAV", "comms": "COMM",
          "admiral": "ADM"}
Levels = Mapping[str, Mapping[str, float]]
WARNINGS = ("shaken", "system_out", "grid_out")
"""The Command & Control lights of an officer's panel (lights/data/panel_lights.toml's roles)."""


MARKS = {"movement": "M", "shields": "S", "weapons": "W", "shaken": "O", "system_out": "S",
         "grid_out": "G"}
"""An indicator's mark, where its role does not end in its number (shield3: "3")."""


def mark_of(role: str) -> str:
    """The one or two characters drawn in an indicator light: its number, or its letter."""
    if role in MARKS:
        return MARKS[role]
    digits = role[len(role.rstrip("0123456789")):]
    return digits[-2:] if digits else role[:1].upper()


@dataclass(frozen=True, slots=True)
class Light:
    role: str      # "green", "amber", "red" (a status light) or the indicator's role
    colour: str    # "green", "amber", "red", "off", "indicator" or "warning" (C&C)
    level: float   # 0..1

    @property
    def mark(self) -> str:
        """What is written in it: "" for a status light, else `mark_of` its role."""
        return "" if self.role in STATUS else mark_of(self.role)


@dataclass(frozen=True, slots=True)
class PanelLights:
    panel: str
    label: str
    status: tuple[Light, ...]
    indicators: tuple[Light, ...]


def _level(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return 0.0
    return max(0.0, min(1.0, float(value)))


def status_lights(levels: Mapping[str, float]) -> tuple[Light, ...]:
    """A red/green LED as the eye sees it (both legs: amber), or three LEDs with `amber`."""
    g, r = _level(levels.get("green")), _level(levels.get("red"))
    if "amber" in levels:
        return tuple(Light(role, role if _level(levels.get(role)) > 0 else "off",
                           _level(levels.get(role))) for role in STATUS)
    if g > 0 and r > 0:
        return (Light("green", "amber", min(g, r)),)
    if r > 0:
        return (Light("green", "red", r),)
    if g > 0:
        return (Light("green", "green", g),)
    return (Light("green", "off", 0.0),)


def panel_label(panel: str) -> str:
    """A panel's short name: its station's ("HELM"), with a second crew's number ("helm2" ->
    "HELM2", docs/wiring.md "Two crews on one Pi"); another name's first four letters."""
    stem = panel.rstrip("0123456789")
    if stem in LABELS:
        return LABELS[stem] + panel[len(stem):][:2]
    return panel[:4].upper()


def lights_strip(levels: Levels) -> tuple[PanelLights, ...]:
    """Each panel's lights, in the order given (the panels' order in the pin map)."""
    out = []
    for panel, roles in levels.items():
        if not isinstance(roles, Mapping):
            continue
        has_status = any(r in roles for r in STATUS)
        status = status_lights(roles) if has_status else ()
        indicators = tuple(Light(str(role), "warning" if role in WARNINGS else "indicator",
                                 _level(v)) for role, v in roles.items() if role not in STATUS)
        out.append(PanelLights(str(panel), panel_label(str(panel)), status, indicators))
    return tuple(out)


GROUPS = (("shield", "the shields: brighter for more points"),
          ("weapon", "the weapons armed"),
          ("power", "power to movement, shields and weapons"),
          ("command", "its officer shaken, a system he runs shaken, the power off the grid"))
"""The kinds of indicator and what the KEYS sheet says of each."""

STATUS_WORDS = "green: your move; amber, blinking: roll now; red: alert"


def kind_of(role: str) -> str:
    """Which of GROUPS' kinds an indicator's role is ("" for none)."""
    stem = role.rstrip("0123456789")
    if stem != role and stem in ("shield", "weapon"):
        return stem
    if role in ("movement", "shields", "weapons"):
        return "power"
    return "command" if role in WARNINGS else ""


def legend(panel: PanelLights) -> tuple[tuple[str, str], ...]:
    """What `panel`'s indicators say, one (marks, words) a kind: ("1-6", "the shields: ...")."""
    out = []
    for kind, words in GROUPS:
        marks = [light.mark for light in panel.indicators if kind_of(light.role) == kind]
        if not marks:
            continue
        numbered = len(marks) > 2 and all(m.isdigit() for m in marks)
        out.append((f"{marks[0]}-{marks[-1]}" if numbered else " ".join(marks), words))
    return tuple(out)
