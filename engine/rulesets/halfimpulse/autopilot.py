"""The autopilot of a player, for `simulate` and for a seat nobody takes: it announces the
speeds the scenario scripts, moves each unit toward the nearest unit of another side, launches
what the scenario scripts when it scripts it, strikes with a drone or plasma that has reached an
enemy, and otherwise passes (it fires at nothing: what fire does is the table's). It decides
from its seat's view and controls alone."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.actions import Action
from engine.controls import Decision
from engine.hexgrid import Hex, offset_to_hex
from engine.ruleset import Prompt
from engine.rulesets.halfimpulse.controls import SEP, controls
from engine.rulesets.halfimpulse.moves import WAYS, step
from engine.rulesets.halfimpulse.state import HalfState
from engine.rulesets.halfimpulse.views import view
from engine.stations import Seat


def _at(u: Mapping[str, Any]) -> Hex:
    return offset_to_hex(int(u["col"]), int(u["row"]))


def decide(state: HalfState, prompt: Prompt) -> Action:
    assert prompt.ship is not None and prompt.roll is None
    seat = Seat(prompt.station, prompt.ship)
    seen = view(state, seat)
    (d,) = [d for d in controls(state, seat) if d.prompt == prompt]
    if d.action == "half_move":
        return d.make(_course(seen, d))
    if d.action == "half_launch":
        return d.make(_scripted(seen, d, prompt.ship))
    if d.action == "half_remove":
        return d.make(_impact(seen, d))
    return d.make()   # speeds as entered (the script's); done elsewhere


def _course(seen: Mapping[str, Any], d: Decision) -> dict[str, Any]:
    """Each unit's way toward the nearest unit of another side (F where none is)."""
    units = {u["id"]: u for u in seen["units"]}
    values: dict[str, Any] = {}
    for f in d.fields:
        if not f.name.startswith("way:"):
            continue
        me = units[f.name[4:]]
        enemies = [_at(u) for u in seen["units"] if u["side"] != me["side"]]
        if not enemies:
            continue
        here, facing = _at(me), int(me["heading"])
        values[f.name] = min("FPS", key=lambda w: (_nearest(step(here, facing, w)[0], enemies),
                                                   "FPS".index(w)))
    assert all(v in WAYS for v in values.values())
    return values


def _nearest(pos: Hex, others: list[Hex]) -> int:
    return min(pos.distance(e) for e in others)


def _scripted(seen: Mapping[str, Any], d: Decision, player: str) -> dict[str, Any]:
    """The launch the scenario scripts for now, if any, once."""
    units = {u["id"]: u for u in seen["units"]}
    for u in seen["units"]:
        offered = {c.value for c in d.field_named("launch").choices if c.allowed}
        if u["player"] != player:
            continue
        for s in u.get("script", ()):
            during = units.get(s["during"] or u["id"])
            if during is None or during["id"] not in seen["moving_units"] or \
                    (s["turn"], s["phase"], s["after"]) != (seen["turn"], seen["phase"],
                                                           during["moved"]):
                continue
            load = next((ld for ld in u["loads"] if ld["name"] == s["load"]), None)
            if load is None or not load["count"] or f"{u['id']}{SEP}{s['load']}" not in offered:
                continue
            if any(c["launcher"] == u["id"] and c["origin"] == s["load"] and c["launched_now"]
                   for c in seen["units"]):
                continue
            return {"launch": f"{u['id']}{SEP}{s['load']}",
                    "count": min(s["count"], load["count"]), "speed": s["speed"]}
    return {}


def _impact(seen: Mapping[str, Any], d: Decision) -> dict[str, Any]:
    """A drone or plasma in a hex with a unit of another side strikes it."""
    offered = {c.value for c in d.field_named("leaves").choices if c.allowed}
    for u in seen["units"]:
        if f"{u['id']}{SEP}impact" in offered and any(
                o["side"] != u["side"] and (o["col"], o["row"]) == (u["col"], u["row"])
                and o["kind"] not in ("drone", "plasma") for o in seen["units"]):
            return {"leaves": f"{u['id']}{SEP}impact"}
    return {}
