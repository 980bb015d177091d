"""The panels' lights as they were wired in code before the lights file (hardware/panel.py's
`lamps`, kept as the oracle that the packaged lights file must agree with:
test_panel_rules.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from engine import GameState
from hardware import engine_api as api
from hardware import functions as fn
from hardware.functions import (
    AMBER,
    GREEN,
    GRID_OUT_LED,
    RED,
    SHAKEN_LED,
    SHIELD_LEDS,
    SYSTEM_OUT_LED,
    WEAPON_LEDS,
)
from hardware.lamps import BLINK, OFF, ON, Lamp
from hardware.panel import Editor, PanelModel


def coded_plan(model: PanelModel, state: GameState, editor: Editor | None, alert: bool,
               flash: bool, sent: bool, has_amber: bool) -> dict[str, Lamp]:
    prompts = model.prompts(state)
    # "your move" only for what the game waits for: an offer (a self-destruct order, a warp
    # speed left as it is) lights nothing
    waits = any(not d.optional for d in model.decisions(state)) if any(
        p.roll is None for p in prompts) else False
    plan = status_plan(your_move=not sent and waits,
                       roll_now=any(p.roll is not None for p in prompts),
                       alert=alert, flash=flash, amber=has_amber)
    plan.update(indicators(model, state, editor))
    if model.seat.station != "instructor":
        plan.update(command_plan(api.own_ship_of(state, model.seat), model.seat.station))
    return plan


def indicators(model: PanelModel, state: GameState, editor: Editor | None) -> dict[str, Lamp]:
    station = model.seat.station
    wanted = fn.STATION_LEDS.get(station, ())
    if not wanted:
        return {}
    ship = api.own_ship_of(state, model.seat)
    editing = editor.decision.action if editor is not None else None
    values = editor.values if editor is not None else {}
    if fn.STATION_LEDS[station] == fn.SHIELD_LEDS:
        if editing == "set_shields" and editor is not None:
            names = [f"shield{i}" for i in range(1, 7)]
            full = max((f.maximum for f in editor.decision.fields), default=1)
            return shields_plan([int(values.get(n) or 0) for n in names], full)
        points = list(ship["shields"]) if ship else [0] * 6
        plan = shields_plan(points, max(points, default=0))
        chosen = values.get("shield") if editing == "bonus_shield" else None
        if isinstance(chosen, int) and 1 <= chosen <= len(fn.SHIELD_LEDS):
            plan[fn.SHIELD_LEDS[chosen - 1]] = BLINK
        return plan
    if fn.STATION_LEDS[station] == fn.WEAPON_LEDS:
        weapons = list(ship["weapons"]) if ship else []
        if editing == "arm_weapons":
            return weapons_plan([int(values.get(w["id"]) or 0) > 0 for w in weapons])
        return weapons_plan([w["power"] > 0 and not w["fired"] and not w["damaged"]
                             for w in weapons])
    if editing == "allocate_power" and editor is not None:
        total = sum(b.maximum for b in editor.decision.budgets[:1])
        return strength_plan(fn.POWER_LEDS, [int(values.get(n) or 0) for n in fn.POWER_LEDS],
                             total)
    alloc = ship.get("allocation") if ship else None
    if not alloc or not ship:
        return strength_plan(fn.POWER_LEDS, [0, 0, 0], 1)
    plan = strength_plan(fn.POWER_LEDS, [alloc[n] for n in fn.POWER_LEDS], ship["power"])
    if editing == "bonus_power":
        to = str(values.get("to") or "")
        plan["movement" if to == "movement" else "shields" if to.startswith("shield")
             else "weapons"] = BLINK
    return plan


# -- the status light and the indicators (hardware/lamps.py's plans) -----------------------
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


# -- Command & Control (hardware/command_lamps.py: Book Two, C&C, seed lines 1353-1401) ----
def systems_of(ship: Mapping[str, Any], station: str) -> tuple[str, ...]:
    """The systems whose officer in charge works at `station` (the view's `system_stations`)."""
    where = ship.get("system_stations")
    if not isinstance(where, Mapping):
        return ()
    return tuple(str(system) for system, st in where.items() if st == station)


def systems_out_at(ship: Mapping[str, Any] | None, station: str) -> tuple[str, ...]:
    """The systems out that `station`'s officer is in charge of."""
    if not ship:
        return ()
    out = ship.get("systems_out")
    if not isinstance(out, Mapping):
        return ()
    return tuple(s for s in systems_of(ship, station) if out.get(s) is True)


def officer_shaken(ship: Mapping[str, Any] | None, station: str) -> bool:
    shaken = ship.get("shaken_stations") if ship else None
    return isinstance(shaken, Mapping) and shaken.get(station) is True


def command_plan(ship: Mapping[str, Any] | None, station: str) -> dict[str, Lamp]:
    """The three lights of `station`'s panel on its own ship `ship` (the seat's view of it)."""
    grid = bool(ship) and ship is not None and ship.get("grid_out") is True
    return {SHAKEN_LED: ON if officer_shaken(ship, station) else OFF,
            SYSTEM_OUT_LED: ON if systems_out_at(ship, station) else OFF,
            GRID_OUT_LED: ON if grid else OFF}
