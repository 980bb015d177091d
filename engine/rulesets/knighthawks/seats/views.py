"""What a seat may know. In Knight Hawks every ship's roster is on the table; what a side keeps
to itself is where it laid mines and placed seekers not yet activated ("the player that placed
the mines must record the number of that hex on a sheet of paper", seed 002, line 41)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import Event
from engine.hexgrid import Hex, hex_to_offset
from engine.rulesets.knighthawks.firing.fire import current_roll
from engine.rulesets.knighthawks.flow.steps import prompts
from engine.rulesets.knighthawks.values.crew import stations_of
from engine.rulesets.knighthawks.values.events import Note
from engine.rulesets.knighthawks.values.state import KHState, Ship
from engine.stations import Seat


def seat_side(state: KHState, seat: Seat) -> str | None:
    """The side a seat plays, or None for the Instructor (who knows everything)."""
    if seat.is_instructor:
        return None
    ship = state.find(seat.ship)
    return ship.side if ship is not None else ""


def _at(h: Hex) -> list[int]:
    return list(hex_to_offset(h))


STEP_TITLES = {"seekers": "Seekers", "move": "Movement", "defensive": "Defensive fire",
               "offensive": "Offensive fire", "repair": "Repairs", "over": "Game over"}
OVERVIEW = {"columns": [["Hull", ""], ["Speed", ""], ["ADF", "· MR"], ["Screen", ""],
                       ["Weapons", "ready"]],
            "legend": "Screen: PS proton, ES electron, SS stasis, - none"}
"""The Instructor's overview of every ship: its columns (each ship's cells in `overview`)."""
SCREEN_NAMES = {"PS": "proton screen", "ES": "electron screen", "SS": "stasis screen"}


def _pair(now: int, most: int) -> str:
    return f"{now}/{most}"


def readings(state: KHState, s: Ship) -> dict[str, list[list[Any]]]:
    """What each station's panel reads of the ship: [label, value, alert] rows (the map shape's
    `readings`, docs/engine.md), the pilot's, the gunner's, the engineer's and the Captain's."""
    hull = ["Hull", _pair(s.hull, s.hull_max), s.hull * 2 < s.hull_max]
    weapons = [[state.tables.weapons[m.code].name,
                ("destroyed" if not m.intact else "fired" if m.fired else "ready")
                + ("" if m.ammo is None else f", {m.ammo} left"), not m.intact]
               for m in s.weapons]
    defences = [f"{d.code}{'' if d.count is None else f':{d.count}'}"
                + ("" if d.intact else " (destroyed)") for d in s.defences]
    damaged = [name for name, on in (
        ("electrical fire", s.fire), ("disastrous fire", s.disastrous),
        ("combat control", s.combat_control), ("navigation", s.navigation),
        ("damage control", s.dc_hit), ("power short circuit", s.power_short)) if on]
    out: dict[str, list[list[Any]]] = {
        "helm": [["Speed", f"{s.speed} hexes"],
                 ["ADF", _pair(s.adf, s.adf_max), s.adf < s.adf_max],
                 ["MR", _pair(s.mr, s.mr_max), s.mr < s.mr_max], hull,
                 ["Navigation", "out of control" if s.navigation else "working", s.navigation]],
        "weapons": [*weapons, ["Defences", " ".join(defences) or "none"]],
        "engineer": [hull, ["DCR", _pair(s.dcr, s.dcr_max), s.dcr < s.dcr_max],
                     ["Screen", SCREEN_NAMES.get(s.screen or "", s.screen or "none")],
                     ["Defences", " ".join(defences) or "none"],
                     ["Damage", ", ".join(damaged) or "none", bool(damaged)]],
        "captain": [hull, ["Speed", f"{s.speed} hexes"], ["ADF · MR", f"{s.adf} · {s.mr}"],
                    ["Weapons ready", str(sum(1 for m in s.weapons if m.intact and not m.fired))],
                    ["Damage", ", ".join(damaged) or "none", bool(damaged)],
                    ["Status", s.status, s.status != "active"]],
    }
    for rows in out.values():
        for row in rows:
            if len(row) == 2:
                row.append(False)
    return out


def ship_view(state: KHState, s: Ship) -> dict[str, Any]:
    col, row = hex_to_offset(s.pos)
    return {
        "id": s.id, "class": s.cls, "name": s.name, "side": s.side, "status": s.status,
        "at": _at(s.pos), "facing": s.facing, "speed": s.speed,
        "col": col, "row": row, "heading": s.facing,   # the map shape (docs/engine.md)
        "summary": f"hull {s.hull}/{s.hull_max}", "readings": readings(state, s),
        "overview": [f"{s.hull} of {s.hull_max}", f"{s.speed}", f"{s.adf} · {s.mr}",
                     s.screen or "-",
                     f"{sum(1 for m in s.weapons if m.intact and not m.fired)} of "
                     f"{len(s.weapons)}"],
        "hurt": s.hull < s.hull_max,
        "hull": s.hull, "hull_max": s.hull_max, "hull_size": s.hull_size,
        "adf": s.adf, "adf_max": s.adf_max, "mr": s.mr, "mr_max": s.mr_max,
        "dcr": s.dcr, "dcr_max": s.dcr_max, "screen": s.screen,
        "weapons": [{"id": m.id, "code": m.code, "name": state.tables.weapons[m.code].name,
                     "ammo": m.ammo, "intact": m.intact, "fired": m.fired,
                     "range": state.tables.weapons[m.code].range,
                     "forward": state.tables.weapons[m.code].ff} for m in s.weapons],
        "defences": [{"code": d.code, "count": d.count, "intact": d.intact}
                     for d in s.defences],
        "damaged_systems": [name for name, on in (
            ("electrical fire", s.fire), ("disastrous fire", s.disastrous),
            ("combat control", s.combat_control), ("navigation", s.navigation),
            ("damage control", s.dc_hit), ("power short circuit", s.power_short)) if on],
        "severely_damaged": s.severely_damaged,
        "path": [_at(h) for h in s.path], "moved": s.moved, "done": s.done,
    }


def view(state: KHState, seat: Seat) -> dict[str, Any]:
    side = seat_side(state, seat)
    roll = current_roll(state)
    return {
        "ruleset": state.ruleset, "scenario": state.scenario_id, "name": state.name,
        "turn": state.turn, "max_turns": state.max_turns, "step": state.step,
        "step_title": STEP_TITLES.get(state.step, state.step),   # the map shape (docs/engine.md)
        "moving_side": state.moving_side,
        "sides": [{"id": s, "name": state.side_name(s), "gunnery": state.skill(s)}
                  for s in state.sides],
        "map": {"width": state.width, "height": state.height,
                "cols": state.width, "rows": state.height},   # the map shape (docs/engine.md)
        "counters": [
            *({"col": hex_to_offset(m.pos)[0], "row": hex_to_offset(m.pos)[1],
               "side": m.side, "mine": True, "shown": False} for m in state.mines
              if side is None or m.side == side),
            *({"col": hex_to_offset(k.pos)[0], "row": hex_to_offset(k.pos)[1], "side": k.side,
               "kind": "seeker missile" if k.active else "seeker missile (idle)",
               "shown": k.active} for k in state.seekers
              if side is None or k.active or k.side == side)],
        "ships": [ship_view(state, s) for s in state.ships],
        "mines": [{"side": m.side, "at": _at(m.pos)} for m in state.mines
                  if side is None or m.side == side],
        "seekers": [{"id": k.id, "side": k.side, "at": _at(k.pos), "active": k.active,
                     "moves": k.moves} for k in state.seekers
                    if side is None or k.active or k.side == side],
        "masks": [{"ship": m.ship, "at": _at(m.pos)} for m in state.masks],
        "attack": None if state.attack is None else {
            "label": state.attack.label, "target": state.attack.target,
            "stage": state.attack.stage, "icms": state.attack.icms},
        "roll": None if roll is None else {"purpose": roll.purpose, "kind": roll.kind,
                                           "needs": list(roll.needs) if roll.needs else None},
        "outcome": state.outcome, "points": dict(state.points), "overview": OVERVIEW,
        # who the table waits for (no Knight Hawks prompt holds a secret)
        "pending": [{"ship": p.ship, "station": str(p.station), "action": p.action,
                     "what": p.what} for p in prompts(state)],
        "seat": {"station": str(seat.station), "ship": seat.ship, "side": side},
    }


def events_for(state: KHState, events: Sequence[Event], seat: Seat) -> tuple[Event, ...]:
    side = seat_side(state, seat)
    if side is None:
        return tuple(events)
    return tuple(e for e in events if not (isinstance(e, Note) and e.side not in (None, side)))


def to_json(state: KHState) -> dict[str, Any]:
    out = view(state, _INSTRUCTOR)
    out["checks"] = [{"kind": c.kind, "ship": c.ship, "chance": c.chance} for c in state.checks]
    out["hazards"] = [{"label": h.label, "target": h.target} for h in state.hazards]
    if state.attack is not None:
        a = state.attack
        out["attack"] |= {"weapon": a.weapon, "dice": list(a.dice), "double": a.double,
                          "half": a.half, "askers": list(a.askers), "range": a.range}
    out["seekers_decided"] = state.seekers_decided
    out["fires_done"] = state.fires_done
    out["mover"] = state.mover
    out["crews"] = {s.id: [s.crew, *stations_of(s.crew)] for s in state.ships}
    out["screened"] = {s.id: s.screened for s in state.ships}
    out["nav_turn"] = {s.id: s.nav_turn for s in state.ships}
    del out["seat"]
    return out


_INSTRUCTOR = Seat("instructor")
