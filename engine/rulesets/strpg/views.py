"""What a seat may know. A seat is a character: it sees its own side whole (a party keeps in
touch) and, of the others, only those its character sees now (sight.py: a line of sight not
completely concealed; a hidden enemy only once spotted or next to him), each as he looks from
outside: where he stands, which way he faces, his position, what is in his hands, whether he is
still in the fight; never his scores, AP or wounds. Where an enemy stands in the action order
is told only while he is seen. The Instructor sees everything.

The map is public: the table has it in front of it (seed 004 line 204, Tactical Scale and Maps).
The view gives it in the kernel's square-map shape (docs/engine.md, "The map shape": `grid`
"square", walls, doors, consoles, cover, ground, zones), and the squares the seat's character
sees (`seen`), so a screen may shade the rest."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.strpg.catalog import KINDS
from engine.rulesets.strpg.flow import current_roll, prompts
from engine.rulesets.strpg.ground import door_open
from engine.rulesets.strpg.moving import grapple_group, held_by
from engine.rulesets.strpg.sight import concealment, sees
from engine.rulesets.strpg.state import (
    ACTIVE,
    INITIATIVE,
    OVER,
    PLAY,
    SETUP,
    STANDING,
    Character,
    Item,
    RPGState,
    ap_text,
)
from engine.squaregrid import FACING_NAMES
from engine.stations import Seat

OVERVIEW = {"columns": [["AP", ""], ["END", "op · max"], ["Pos.", ""], ["In hand", ""]],
            "legend": "END: OP END (END less wounds and temporary damage) · MAX OP END"}
POSITION_WORDS = {"standing": "up", "kneeling": "kneel", "sitting": "sit", "prone": "prone"}
GROUND = {"swim": "water", "climb": "climb"}


def seat_side(state: RPGState, seat: Seat) -> str | None:
    """The side a seat plays, or None for the Instructor (who knows everything)."""
    if seat.is_instructor:
        return None
    c = state.find(seat.ship)
    return c.side if c is not None else ""


def viewer(state: RPGState, seat: Seat) -> Character | None:
    return None if seat.is_instructor else state.find(seat.ship)


def knows(state: RPGState, seat: Seat, c: Character) -> bool:
    """Whether the seat may know where `c` is now (everybody, once the fight is over)."""
    if seat.is_instructor or state.stage == OVER:
        return True
    me = viewer(state, seat)
    return me is not None and sees(state, me, c)


def _item(state: RPGState, i: Item) -> str:
    name = state.tables.item_name(i.kind)
    w = state.tables.weapons.get(i.kind)
    if w is not None and len(state.tables.settings_of(i.kind)) > 1:
        name += f" ({state.tables.settings[i.kind, i.setting].name})"
    if w is not None and w.load:
        name += f" [{i.loaded}/{w.load}]"
    return name


def status(c: Character) -> str:
    return c.status


def readings(state: RPGState, c: Character) -> dict[str, list[list[Any]]]:
    """What the character's panel reads: [label, value, alert] rows (the map shape's
    `readings`), under his own station."""
    holders = [h.name for h in held_by(state, c)]
    holding = [x.name for x in grapple_group(state, c) if x.id != c.id and x.name not in holders]
    rows: list[list[Any]] = [
        ["AP", f"{ap_text(c.ap)} of {ap_text(c.ap_full)}", c.ap == 0],
        ["OP END", f"{c.op_end} (MAX {c.max_op_end}, END {c.endurance})", c.op_end <= 20],
        ["Position", f"{c.posture}, facing {FACING_NAMES[c.facing]}", c.posture != STANDING],
        ["In hand", ", ".join(_item(state, i) for i in c.ready) or "nothing", False],
        ["Carried", ", ".join(_item(state, i) for i in c.carried) or "nothing", False],
    ]
    if holders:
        rows.append(["Held by", ", ".join(holders), True])
    elif holding:
        rows.append(["Grappling", ", ".join(holding), False])
    if c.evading:
        rows.append(["Evading", "-15 to be hit", False])
    if c.hidden:
        rows.append(["Hidden", "spotted by " + str(len(c.spotted_by)) if c.spotted_by
                     else "unseen", False])
    if c.skip_next:
        rows.append(["Next action", "taken by a response", True])
    if c.status != ACTIVE:
        rows.append(["Status", c.status, True])
    return {c.station: rows}


def _whole(state: RPGState, c: Character) -> dict[str, Any]:
    return {
        "station": c.station, "species": c.species, "class": c.cls, "size": c.size,
        "ap": c.ap, "ap_full": c.ap_full, "ap_text": ap_text(c.ap),
        "scores": {"STR": c.strength, "END": c.endurance, "INT": c.intellect,
                   "DEX": c.dexterity, "CHA": c.charisma, "LUC": c.luck},
        "skills": {"unarmed": c.unarmed, "armed": c.armed, "modern": c.modern,
                   "archaic": c.archaic},
        "armor": c.armor, "wounds": c.wounds, "temporary": c.temporary,
        "max_op_end": c.max_op_end, "op_end": c.op_end, "crippled": c.crippled,
        "carried": [_item(state, i) for i in c.carried], "skip_next": c.skip_next,
        "hidden": c.hidden, "last_action": c.last_kind, "aimed_at": c.aimed_at,
        "readings": readings(state, c),
        "summary": f"{ap_text(c.ap)} AP, OP END {c.op_end}/{c.max_op_end}, {c.posture}",
        "overview": [ap_text(c.ap), f"{c.op_end} · {c.max_op_end}",
                     POSITION_WORDS.get(c.posture, c.posture),
                     ", ".join(state.tables.item_name(i.kind) for i in c.ready) or "-"],
        "hurt": c.wounds + c.temporary > 0,
    }


def character_view(state: RPGState, c: Character, whole: bool) -> dict[str, Any]:
    col, row = c.pos
    out: dict[str, Any] = {
        "id": c.id, "name": c.name, "side": c.side, "status": status(c),
        "col": col, "row": row, "heading": c.facing, "facing": FACING_NAMES[c.facing],
        "posture": c.posture, "species": c.species,
        "in_hand": [_item(state, i) for i in c.ready], "evading": c.evading,
        "moving": c.last, "grappled": bool(held_by(state, c)),
        "weapons": [{"id": i.id, "name": _item(state, i)} for i in c.ready
                    if i.kind in state.tables.weapons],
    }
    if whole:
        out.update(_whole(state, c))
    return out


def map_view(state: RPGState, me: Character | None) -> dict[str, Any]:
    """The square map in the kernel's shape (docs/engine.md)."""
    walls, cover, ground = [], [], []
    for r, line in enumerate(state.rows):
        for col, sym in enumerate(line):
            t = state.tables.terrain[sym]
            if t.feature:
                continue
            if t.cover == "full":
                walls.append([col, r])
            elif t.move == "none" or t.cover != "none":
                cover.append({"col": col, "row": r, "height": t.cover, "name": t.name,
                              "passable": t.move != "none"})
            if t.move in GROUND or (t.move == "walk" and t.factor > 1):
                ground.append({"col": col, "row": r, "kind": GROUND.get(t.move, "rough"),
                               "name": t.name, "factor": t.factor})
    out: dict[str, Any] = {
        "cols": state.width, "rows": state.height, "grid": "square",
        "walls": walls, "cover": cover, "ground": ground,
        "doors": [{"col": d.pos[0], "row": d.pos[1], "kind": d.kind,
                   "open": door_open(state, d), "locked": bool(d.held) or d.kind != "automatic"}
                  for d in state.doors],
        "consoles": [{"col": k.pos[0], "row": k.pos[1], "name": k.name, "side": k.side}
                     for k in state.consoles],
        "zones": [{"name": "beam-out", "side": v.side, "squares": [list(s) for s in v.zone]}
                  for v in state.victories if v.zone],
    }
    out["goals"] = [{"side": v.side, "when": v.when, "at": list(v.at) if v.at else None,
                     "text": v.text} for v in state.victories]
    if me is not None:
        out["seen"] = [[c, r] for r in range(state.height) for c in range(state.width)
                       if me.up and concealment(state, me.pos, me.posture, (c, r),
                                                STANDING) is not None]
    return out


STEP_TITLES = {SETUP: "Setting up", INITIATIVE: "Action order", OVER: "Game over"}


def step_title(state: RPGState) -> str:
    if state.stage == PLAY:
        return f"Round {state.round}"
    return STEP_TITLES.get(state.stage, state.stage)


def told_pending(state: RPGState, seat: Seat, found: Sequence[Prompt]) -> list[dict[str, Any]]:
    """Who the table waits for, in words the seat may read: an unseen character's prompt is
    "someone unseen"."""
    out = []
    side = seat_side(state, seat)
    for p in found:
        c = state.find(p.ship)
        if c is None or side is None or (c.side == side):
            out.append({"ship": p.ship, "station": str(p.station), "action": p.action,
                        "what": p.what})
        elif knows(state, seat, c):   # what he is about to do is his side's
            out.append({"ship": p.ship, "station": str(p.station), "action": p.action,
                        "what": p.what if p.roll is not None else f"{c.name} acts"})
        else:
            out.append({"ship": None, "station": "", "action": "",
                        "what": "someone the seat does not see"})
    return out


def view(state: RPGState, seat: Seat) -> dict[str, Any]:
    side = seat_side(state, seat)
    me = viewer(state, seat)
    shown = [c for c in state.characters if knows(state, seat, c)]
    acting = state.acting()
    roll = current_roll(state)
    return {
        "ruleset": state.ruleset, "scenario": state.scenario_id, "name": state.name,
        "turn": state.turn, "max_turns": state.max_turns, "round": state.round,
        "step": state.stage, "step_title": step_title(state),
        "method": state.method, "when": state.when,
        "sides": [{"id": s, "name": state.side_name(s)} for s in state.sides],
        "map": map_view(state, me),
        "ships": [character_view(state, c, side is None or c.side == side) for c in shown],
        "counters": [{"col": sq[0], "row": sq[1], "kind": f"{state.tables.item_name(i.kind)} "
                      "(dropped)", "shown": True, "side": ""}
                     for sq, i in state.floor
                     if me is None or concealment(state, me.pos, me.posture, sq, "prone")
                     is not None],
        "order": [{"id": cid, "name": state.character(cid).name,
                   "acting": acting is not None and acting.id == cid}
                  for cid in state.order if knows(state, seat, state.character(cid))],
        "acting": acting.id if acting is not None and knows(state, seat, acting) else None,
        "choosing": state.plan and KINDS[state.plan].label if (
            acting is not None and (side is None or acting.side == side)) else "",
        "roll": None if roll is None or not _roll_known(state, seat, roll.ship) else {
            "purpose": roll.purpose, "kind": roll.kind,
            "needs": list(roll.needs) if roll.needs else None},
        "outcome": state.outcome, "overview": OVERVIEW,
        "winner": state.side_name(state.winner) if state.winner else "",
        "pending": told_pending(state, seat, prompts(state)),
        "seat": {"station": str(seat.station), "ship": seat.ship, "side": side},
    }


def _roll_known(state: RPGState, seat: Seat, cid: str | None) -> bool:
    c = state.find(cid)
    return c is None or knows(state, seat, c)


def events_for(state: RPGState, events: Sequence[Event], seat: Seat) -> tuple[Event, ...]:
    """Every event for the Instructor; for a character, those his side is told and those he
    saw (each event's `seen` and `side`, set when it happened: events.py)."""
    if seat.is_instructor:
        return tuple(events)
    side = seat_side(state, seat)
    out = []
    for e in events:
        seen = getattr(e, "seen", None)
        owner = getattr(e, "side", None)
        if seen is None or (owner is not None and owner == side) or seat.ship in seen:
            out.append(e)
    return tuple(out)


def to_json(state: RPGState) -> dict[str, Any]:
    """The whole state as plain data (a replay is checked against it)."""
    return {
        "ruleset": state.ruleset, "scenario": state.scenario_id, "stage": state.stage,
        "turn": state.turn, "round": state.round, "slot": state.slot, "acted": state.acted,
        "method": state.method, "when": state.when, "order": list(state.order),
        "rolls": {k: list(v) for k, v in state.rolls},
        "side_orders": {k: list(v) for k, v in state.side_orders},
        "queue": [s.to_json() for s in state.queue], "plan": state.plan, "group": state.group,
        "characters": [_raw(c) for c in state.characters],
        "floor": [[list(sq), i.id, i.kind, i.setting, i.loaded] for sq, i in state.floor],
        "grapples": [list(g) for g in state.grapples],
        "passing": [list(p) for p in state.passing], "blocks": [list(b) for b in state.blocks],
        "doors": [[list(d.pos), d.kind, d.side, d.work, d.held, dict(d.done)]
                  for d in state.doors],
        "consoles": [[list(k.pos), k.name, k.side, k.work, dict(k.done)]
                     for k in state.consoles],
        "called": state.called, "outcome": state.outcome, "winner": state.winner,
    }


def _raw(c: Character) -> dict[str, Any]:
    from dataclasses import fields

    out: dict[str, Any] = {}
    for f in fields(c):
        v = getattr(c, f.name)
        if isinstance(v, Item):
            v = [v.id, v.kind, v.setting, v.loaded]
        elif isinstance(v, tuple):
            v = [[i.id, i.kind, i.setting, i.loaded] if isinstance(i, Item) else i for i in v]
        out[f.name] = v
    return out
