"""The Command & Control officers' decisions with their limits, for panels and screens
(`engine.controls`): the Captain's orders (line 1415: hold fire, fire on order, fire at will)
and the Chief Engineer's choice of Skill Roll (lines 1029-1041), each choice greyed with the
reason the rules refuse it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.ruleset import Prompt
from engine.rulesets.fasa.command import orders
from engine.rulesets.fasa.skills import engineer_roll, skill_words
from engine.rulesets.fasa.values.cc_actions import FIRE_ORDERS, EngineerRoll, GiveOrders
from engine.rulesets.fasa.values.cc_events import FIRE_WORDS
from engine.rulesets.fasa.values.officers import rating
from engine.rulesets.fasa.values.state import FasaState, Ship
from engine.stations import title

Maker = Callable[[FasaState, Ship, Prompt, str], Decision]


def _orders(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The fire order (line 1101): by default the standing one, else fire on order."""
    choices = tuple(Choice(o, FIRE_WORDS[o]) for o in FIRE_ORDERS)

    def build(v: Mapping[str, Value]) -> Action:
        return GiveOrders(station, ship.id, cast(str, v["fire"]))

    field = Field("fire", "Fire order (the Helmsman never arms or fires without it)",
                  FieldKind.CHOICE, orders.standing(ship) or orders.FIRE, choices=choices)
    return Decision(prompt, "orders", station, f"{title(station)}: {ship.name}'s orders",
                    (field,), (), build, optional=bool(orders.standing(ship)))


ROLL_WORDS = {"none": "no roll", "power": "extra power next turn (warp drive {warp_drive})",
              "repair": "repair an engine from next turn (engineering {engineering})"}


def _engineer(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The roll (none, extra power, engine repair) and the damaged engine a repair is for."""
    damaged = engineer_roll.damaged_engines(ship)
    first = damaged[0] if damaged else 0
    skills = {k: rating(state, ship, k) for k in ("warp_drive", "engineering")}

    def make(v: Mapping[str, Value]) -> EngineerRoll:
        roll = cast(str, v["roll"])
        return EngineerRoll(station, ship.id, roll,
                            cast(int, v.get("engine", 0)) if roll == "repair" else 0)

    def why(roll: str) -> str | None:
        return engineer_roll.problem(state, ship, make({"roll": roll, "engine": first})) or None

    choices = tuple(Choice(r, w.format(**skills), why(r), explain=skill_words.engineer_explain(
        state, ship, r, "engineering" if r == "repair" else "warp_drive"))
        for r, w in ROLL_WORDS.items())
    engines = (Choice(0, "none"),
               *(Choice(n, f"{spec.name} ({now}/{spec.power})",
                        None if n in damaged else "undamaged")
                 for n, (spec, now) in enumerate(zip(ship.cls.engines, ship.engines,
                                                     strict=True), 1)))
    fields = (
        Field("roll", "The Chief Engineer's Skill Roll", FieldKind.CHOICE, "power",
              choices=choices),
        Field("engine", "Engine to repair", FieldKind.CHOICE, first, choices=engines),
    )
    return Decision(prompt, "engineer_roll", station,
                    f"{title(station)}: {ship.name}'s Skill Roll", fields, (), make)


MAKERS: dict[str, Maker] = {"orders": _orders, "engineer_roll": _engineer}
