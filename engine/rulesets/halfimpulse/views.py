"""What a seat may know. Everything on the map is public but a side's mines and T-bombs
(until detected or gone off) and how many it has left to lay, the speeds a player has entered
before every player has entered his (line 107: they are announced together), what is done in
the steps the seed has done in secret (allocating energy and repairs, plotting a
self-destruction: lines 101-104), and the scenario's script for a side's autopilot.

The view carries the map shape every screen reads (docs/engine.md): `step_title`, `map`,
`ships` (with `readings` and `overview` for the panels), `counters`, `pending`; and `chart`,
the movement chart of the half phase under way (docs/engine.md, "The half-impulse referee")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import Event
from engine.hexgrid import hex_to_offset
from engine.rulesets.halfimpulse import order
from engine.rulesets.halfimpulse.controls import prompts
from engine.rulesets.halfimpulse.events import Note
from engine.rulesets.halfimpulse.flow import current_roll, current_step
from engine.rulesets.halfimpulse.mines import known
from engine.rulesets.halfimpulse.sequence import Who, step_number
from engine.rulesets.halfimpulse.state import (
    DRONES,
    HIDDEN_LOADS,
    KIND_NAMES,
    PHASE_NAMES,
    SHIP,
    SHIPS,
    STAGE_NAMES,
    ZERO,
    HalfState,
    Unit,
)
from engine.stations import CAPTAIN, Seat

OVERVIEW = {"columns": [["Speed", ""], ["Moved", "this phase"], ["Initiative", ""],
                        ["Loads", ""]],
            "legend": "Speed: this turn's, - until announced"}
STATUS = {"done": "moved", "moving": "moving", "next": "to move", "held": "may not move",
          "tie": "roll-off"}


def seat_side(state: HalfState, seat: Seat) -> str | None:
    """The side whose secrets `seat` may know (None: the Instructor's, every side's)."""
    if seat.is_instructor:
        return None
    player = state.find_player(seat.ship)
    if player is not None:
        return player.side
    unit = state.find(seat.ship)
    return unit.side if unit is not None else ""


def _speed(state: HalfState, u: Unit) -> str:
    return "-" if u.speed < 0 else str(u.speed)


def _loads(u: Unit, whole: bool) -> str:
    return ", ".join(f"{ld.name} x{ld.count if whole or ld.kind not in HIDDEN_LOADS else '?'}"
                     for ld in u.loads) or "none"


def step_line(state: HalfState) -> str:
    """Where the turn is, in a few words for the phase bar ("Phase 1 · speed 8", "Phase 2 ·
    drones", "Step 2"): the step itself is the prompt's, and the panel's."""
    if state.over:
        return "Game over"
    step = current_step(state)
    if not state.phase:
        return f"Step {step_number(step)}" if step is not None else STAGE_NAMES[state.stage]
    where = {SHIPS: f"speed {state.slot.speed}" if state.slot is not None else "ships",
             ZERO: "speed 0", DRONES: "drones"}.get(state.stage, "")
    return f"Phase {state.phase} · {where}"


def order_row(state: HalfState) -> str:
    """The movement chart in one line, for a panel and a console."""
    rows = order.chart(state)
    marks = {"done": " done", "moving": " now", "held": " held", "tie": " roll-off"}
    return " · ".join(f"{r.speed} {who(state, r)}{marks.get(r.status, '')}"
                      for r in rows) or "-"


def who(state: HalfState, row: order.ChartRow) -> str:
    """Who a chart row moves: its units' names; at Speed Zero, the player (lines 207-208)."""
    if state.stage == ZERO:
        return state.player(row.player).name
    return ", ".join(state.unit(u).name for u in row.units)


def who_acts(state: HalfState) -> str:
    step = current_step(state)
    if step is None:
        return ""
    mover = state.moving_player
    name = state.player(mover).name if mover else ""
    if state.responding:
        return f"in response to {name}" if name else "in response"
    if step.who in (Who.MOVING, Who.MOVING_OR_RESPONSE):
        return f"moving player: {name}" if name else str(step.who)
    if step.who == Who.RESPONSE:
        return f"response to {name}" if name else "response"
    return "anyone" if step.who == Who.ANYONE else "anyone affected"


def readings(state: HalfState, player: str, whole: bool) -> list[list[Any]]:
    """The player's panel: the step, who acts, the moving unit, and each of his units."""
    step = current_step(state)
    slot = state.slot
    rows: list[list[Any]] = []
    if step is not None and step.group:
        rows.append(["Fire", step.group, False])
    rows += [["Step", step.title if step is not None else step_line(state), False],
             ["Who acts", who_acts(state) or "-", player in state.waiting]]
    if slot is not None and state.stage != ZERO:
        rows.append(["Moving", ", ".join(state.unit(u).name for u in slot.units)
                     + f", space {min(slot.moved + 1, slot.spaces)} of {slot.spaces}", False])
    if state.phase:
        rows.append(["Order", order_row(state), False])
    for u in state.of_player(player):
        what = f"speed {_speed(state, u)}"
        if u.held:
            what += ", may not move this phase"
        elif state.phase and u.seeking == (state.stage == "drones"):
            what += f", moved {u.moved} of {order.spaces(u, state.phase)}"
        if u.loads:
            what += f" · {_loads(u, whole)}"
        rows.append([u.name, what, False])
    return rows


def unit_view(state: HalfState, u: Unit, side: str | None) -> dict[str, Any]:
    col, row = hex_to_offset(u.pos)
    whole = side is None or side == u.side
    entry: dict[str, Any] = {
        "id": u.id, "name": u.name, "kind": u.kind, "side": u.side, "player": u.player,
        "status": "active" if u.on_map else "gone", "col": col, "row": row,
        "heading": u.facing, "speed": None if u.speed < 0 else u.speed,
        "max_speed": u.max_speed, "launcher": u.launcher, "origin": u.origin, "held": u.held,
        "launched_now": state.slot is not None and u.launched_in == state.slot.number,
        "moved": u.moved, "spaces": order.spaces(u, state.phase) if state.phase else 0,
        "stopped": u.stopped, "race": u.race,
        "loads": [{"name": ld.name, "kind": ld.kind, "speed": ld.speed,
                   "count": ld.count if whole or ld.kind not in HIDDEN_LOADS else None}
                  for ld in u.loads],
        "summary": f"speed {_speed(state, u)}",
        "overview": [_speed(state, u),
                     f"{u.moved} of {order.spaces(u, state.phase)}" if state.phase else "-",
                     str(state.player(u.player).initiative), _loads(u, whole)],
        "hurt": False,
    }
    if whole:
        entry["script"] = [{"turn": s.turn, "phase": s.phase, "after": s.after,
                            "during": s.during, "load": s.load, "count": s.count,
                            "speed": s.speed} for s in u.script]
        entry["speeds"] = list(u.speeds)
        if u.id == u.player and u.kind == SHIP:
            entry["readings"] = {CAPTAIN: readings(state, u.player, whole)}
    return entry


def chart_view(state: HalfState) -> dict[str, Any]:
    """The movement chart of the half phase under way, in order (order.chart)."""
    if not state.phase:
        return {"title": "", "rows": []}
    stage = {SHIPS: "ships", ZERO: "Speed Zero", DRONES: "drones and plasmas"}
    title = f"{PHASE_NAMES[state.phase]} · {stage.get(state.stage, state.stage)}"
    return {"title": title, "rows": [
        {"speed": r.speed, "units": [who(state, r)] if state.stage == ZERO else
         [state.unit(u).name for u in r.units],
         "player": state.player(r.player).name, "side": state.player(r.player).side,
         "spaces": r.spaces, "moved": r.moved, "status": r.status,
         "status_title": STATUS[r.status]} for r in order.chart(state)]}


def view(state: HalfState, seat: Seat) -> dict[str, Any]:
    side = seat_side(state, seat)
    roll = current_roll(state)
    step = current_step(state)
    units = [unit_view(state, u, side) for u in state.units if u.on_map]
    gone = [unit_view(state, u, side) | {"col": None, "row": None, "heading": None}
            for u in state.units if not u.on_map and u.kind == SHIP]
    return {
        "ruleset": state.ruleset, "scenario": state.scenario_id, "name": state.name,
        "turn": state.turn, "max_turns": state.max_turns, "phase": state.phase,
        "stage": state.stage, "step": step.key if step is not None else state.stage,
        "step_title": step_line(state), "step_line": step.line if step is not None else 0,
        "step_who": who_acts(state),
        "moving_player": state.moving_player, "moving_units": list(state.moving_units()),
        "map": {"cols": state.cols, "rows": state.rows},
        # the ships on the map, and those gone from it with no place (a seat's panel keeps its
        # readings when its first ship is gone)
        "ships": [u for u in units if u["kind"] == SHIP] + gone,
        "counters": [{"id": u["id"], "name": u["name"], "col": u["col"], "row": u["row"],
                      "side": u["side"], "kind": KIND_NAMES[u["kind"]], "shown": True}
                     for u in units if u["kind"] != SHIP]
                    + [{"col": hex_to_offset(m.pos)[0], "row": hex_to_offset(m.pos)[1],
                        "side": m.side, "mine": True, "shown": side is not None
                        and m.side != side, "name": m.name}
                       for m in state.mines if known(m, side)],
        "units": units,
        "players": [{"id": p.id, "name": p.name, "side": p.side, "initiative": p.initiative,
                     "entered": any(e.player == p.id for e in state.entries),
                     "rolloff": list(dict(state.ranks).get(p.id, ()))} for p in state.players],
        "entered": [{"player": e.player, "initiative": e.initiative,
                     "speeds": [[u, v] for u, v in e.speeds]} for e in state.entries
                    if side is None or state.player(e.player).side == side],
        "chart": chart_view(state),
        "roll": None if roll is None else {"purpose": roll.purpose, "kind": roll.kind},
        "outcome": state.outcome, "overview": OVERVIEW,
        # who the table waits for: no prompt of this game holds a secret
        "pending": [{"ship": p.ship, "station": str(p.station), "action": p.action,
                     "what": p.what} for p in prompts(state)],
        "seat": {"station": str(seat.station), "ship": seat.ship, "side": side},
    }


def events_for(state: HalfState, events: Sequence[Event], seat: Seat) -> tuple[Event, ...]:
    side = seat_side(state, seat)
    if side is None:
        return tuple(events)
    return tuple(e for e in events if not (isinstance(e, Note) and e.side not in (None, side)))


def to_json(state: HalfState) -> dict[str, Any]:
    """The whole state (the Instructor's knowledge and the referee's bookkeeping)."""
    out = view(state, Seat("instructor"))
    del out["seat"]
    out["all_units"] = [{"id": u.id, "on_map": u.on_map, "first": u.first, "done": u.done,
                         "held": u.held, "launched_in": u.launched_in, "origin": u.origin,
                         "moved": u.moved, "stopped": u.stopped, "speed": u.speed,
                         "pos": [u.pos.q, u.pos.r], "facing": u.facing,
                         "loads": [[ld.name, ld.count] for ld in u.loads]}
                        for u in state.units]
    out["mines"] = [{"id": m.id, "side": m.side, "at": [m.pos.q, m.pos.r], "trigger": m.trigger,
                     "blast": m.blast, "known_to": list(m.known_to)} for m in state.mines]
    out["bookkeeping"] = {
        "step": state.step, "waiting": list(state.waiting), "responding": state.responding,
        "acted": [list(a) for a in state.acted], "struck": list(state.struck),
        "ranks": [[p, list(d)] for p, d in state.ranks], "zero": list(state.zero),
        "rolloff": None if state.rolloff is None else {
            "players": list(state.rolloff.players),
            "rolls": [list(r) for r in state.rolloff.rolls]},
        "first_space": state.first_space, "slots": state.slots, "counter": state.counter,
        "slot": None if state.slot is None else {
            "number": state.slot.number, "player": state.slot.player,
            "units": list(state.slot.units), "speed": state.slot.speed,
            "spaces": state.slot.spaces, "moved": state.slot.moved},
        "past": [[s.number, s.player, list(s.units), s.moved] for s in state.past]}
    return out
