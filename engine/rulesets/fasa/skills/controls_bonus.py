"""The placement of a skill bonus's point, for the Engineer's and Science's panels
(`engine.controls`; the rules in `bonus_place.py`, Book Two, Expert: Skill Roll Phase, lines
509-510).

Each decision is one choice field, so a panel's up/down buttons step through the places and its
confirm button places the point; a place the rules refuse carries the reason (`Choice.problem`),
and the default is the first place they accept.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.skills.skill_roll import power_places, power_problem, shield_problem
from engine.rulesets.fasa.values.actions import BonusPower, BonusShield
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.stations import title


def _power_value(part: str, shield: int) -> str:
    return f"shield{shield}" if part == "shield" else part


def _power_label(ship: Ship, part: str, shield: int) -> str:
    if part == "movement":
        return "movement"
    if part == "shield":
        return f"shield {shield}"
    return ship.cls.weapon(part).name


def bonus_power(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """Where the one more power point goes: movement, a shield (within its maximum) or a beam
    weapon (within its full power)."""
    places = power_places(ship)
    parts = {_power_value(p, n): (p, n) for p, n in places}
    choices = tuple(Choice(_power_value(p, n), _power_label(ship, p, n),
                           power_problem(ship, p, n) or None) for p, n in places)
    default = next((c.value for c in choices if c.problem is None), choices[0].value)

    def build(v: Mapping[str, Value]) -> Action:
        chosen = v["to"]
        part, shield = parts.get(chosen, (chosen, 0)) if isinstance(chosen, str) else ("", 0)
        return BonusPower(station, ship.id, part, shield)

    field = Field("to", "The bonus power point goes to", FieldKind.CHOICE, default,
                  choices=choices)
    return Decision(prompt, "bonus_power", station,
                    f"{title(station)}: place {ship.name}'s bonus power point", (field,), (),
                    build)


def bonus_shield(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The shield that takes one more point, past its maximum: any shield whose generator
    works."""
    choices = tuple(Choice(n, f"shield {n}",
                           shield_problem(ship, n) or None) for n in range(1, 7))
    default = next((c.value for c in choices if c.problem is None), 2)

    def build(v: Mapping[str, Value]) -> Action:
        shield = v["shield"]
        return BonusShield(station, ship.id, shield if isinstance(shield, int) else 0)

    field = Field("shield", "The bonus shield point goes on", FieldKind.CHOICE, default,
                  choices=choices)
    return Decision(prompt, "bonus_shield", station,
                    f"{title(station)}: place {ship.name}'s bonus shield point", (field,), (),
                    build)
