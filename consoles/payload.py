"""Each seat's console state (the `state` message's payload): pure, JSON-ready, built on the
main thread.

    log = SeatLog(seat_of("enterprise/helm"))
    log.record(before, after, events)        # after every accepted action (told to that seat)
    payload(state, "enterprise/helm", log, dice_status="virtual")

Everything comes from the engine's per-seat API (`view`, `pending`, `controls`, `events_for`) and
the seats' view-models (`readouts`: `phase_bar`, `station_facts`, `map_model`, `roll_dialog`, the
Rolls list and its explanations): the same words and numbers the panels and the bridge display
show, and nothing the seat may not know. The viewscreen ("view") is what every side may know:
each ship as its enemies see it, the counters every side knows, whose move it is in the words
told to the other side (`public_view`). No pygame here, and no import of a ruleset.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from consoles.tokens import INSTRUCTOR_SEAT, VIEW_SEAT
from consoles.volley import Volley
from engine import Decision, GameState, Seat, controls, events_for, pending, public, view
from engine.events import Event
from engine.ruleset import Prompt
from engine.stations import ADMIRAL, INSTRUCTOR, title
from readouts.map_model import map_model
from readouts.panel_model import station_facts
from readouts.roll_log import RollLog
from readouts.shield_marks import shield_marks
from readouts.shown_roll import ShownRoll, rolled_by, shown_roll
from readouts.square_model import SquareFeatures
from readouts.status_model import PhaseBar, last_roll, phase_bar, roll_dialog, ship_names

TICKER = 50
"""Lines of the ticker sent (newest last)."""
ROLLS = 50
"""Rolls of the Rolls list sent (newest first)."""
PUBLIC_SHIP = public.PUBLIC_SHIP
"""What the viewscreen shows of a ship: the keys every seat is given of any ship."""


def seat_of(key: str) -> Seat | None:
    """The engine's seat for a seat key; None for the viewscreen (no seat: `public_view`)."""
    if key == VIEW_SEAT:
        return None
    if key == INSTRUCTOR_SEAT:
        return Seat(INSTRUCTOR)
    ship, _, station = key.partition("/")
    if station == ADMIRAL:  # an Admiral's seat, "Side/admiral" (an optional rule)
        return Seat(station, side=ship)
    return Seat(station, ship)


def seat_key(seat: Seat) -> str:
    if seat.side is not None:
        return f"{seat.side}/{seat.station}"
    return INSTRUCTOR_SEAT if seat.ship is None else f"{seat.ship}/{seat.station}"


def seat_title(key: str, names: Mapping[str, str]) -> str:
    """"Helm · USS Enterprise", "Instructor", "Viewscreen"."""
    if key == VIEW_SEAT:
        return "Viewscreen"
    seat = seat_of(key)
    assert seat is not None
    if seat.side is not None:
        return f"{title(seat.station)} · {seat.side}"
    if seat.ship is None:
        return title(seat.station)
    return f"{title(seat.station)} · {names.get(seat.ship, seat.ship)}"


# -- the engine's views, each asked once per state --------------------------------------------
_memo: tuple[GameState | None, dict[Seat, dict[str, Any]]] = (None, {})


def seen_by(state: GameState, seat: Seat) -> dict[str, Any]:
    """`view(state, seat)`, asked of the engine once per state and seat: one publish asks the
    same views many times (each seat's payload, the viewscreen's sides, each log's side). The
    views of the newest state asked are kept (states are never changed in place: an action makes
    a new one). Read them, never change them."""
    global _memo
    memo = _memo   # one tuple, replaced whole: a state's views are only ever its own
    if memo[0] is not state:
        memo = _memo = (state, {})
    got = memo[1].get(seat)
    if got is None:
        got = memo[1][seat] = view(state, seat)
    return got


def prompt_seat(p: Prompt) -> Seat:
    """The seat a prompt asks (an Admiral's names its side)."""
    return Seat(p.station, side=p.side) if p.side is not None and p.ship is None \
        else Seat(p.station, p.ship)


_asked: tuple[GameState | None, dict[Seat, bool]] = (None, {})


def asked_now(state: GameState) -> dict[Seat, bool]:
    """The seats the game waits for now (a roll, or a decision that is not optional: the
    self-destruct offer is not waited for), each with whether the whole table sees what it
    is asked (a public roll). Asked of the engine once per state; only read it."""
    global _asked
    if _asked[0] is state:
        return _asked[1]
    out: dict[Seat, bool] = {}
    for p in pending(state):
        s = prompt_seat(p)
        if p.roll is not None:
            out[s] = out.get(s, False) or p.roll.public
        elif s not in out and any(not d.optional and d.prompt == p for d in controls(state, s)):
            out[s] = False
    _asked = (state, out)
    return out


def others_acting(state: GameState, seat: Seat, seen: Mapping[str, Any]) -> bool:
    """Whether the game waits for another seat as the seat may know it: a public roll, or a
    seat of its own side (an enemy's undecided card is its side's own business)."""
    sides = {str(s.get("id")): s.get("side") for s in seen.get("ships", ())}
    mine = sides.get(str(seat.ship)) if seat.ship is not None else seat.side
    for other, told_all in asked_now(state).items():
        if other == seat:
            continue
        theirs = sides.get(str(other.ship)) if other.ship is not None else other.side
        if told_all or (mine is not None and theirs == mine) or seat.is_instructor:
            return True
    return False


# -- the viewscreen: what every side may know (the kernel's public view) ------------------
def side_seats(state: GameState) -> dict[str, Seat]:
    """One seat per side (the Captain of its first ship), in the order of the ships."""
    return public.side_seats(state, seen_by)


def public_view(state: GameState) -> dict[str, Any]:
    """The viewscreen's view (engine.public), from the views asked once per state."""
    return public.public_view(state, seen_by)


def public_events(state: GameState, events: Sequence[Event]) -> tuple[Event, ...]:
    """What the viewscreen is told: the events every side is told (engine.public)."""
    return public.public_events(state, events, seen_by)


# -- what each seat has been told: the ticker and the Rolls list ----------------------------
class SeatLog:
    """The ticker and the Rolls list of one seat, as the bridge display keeps them
    (display.bridge_display: `_record`), from what `events_for` tells the seat."""

    def __init__(self, key: str) -> None:
        self.key = key
        self.seat = seat_of(key)
        self.lines: deque[str] = deque(maxlen=TICKER)
        self.rolls = RollLog(ROLLS)
        self.last_roll = ""
        self.rolled: ShownRoll | None = None   # the seat's own crew's newest roll, as it came out
        self.volley = Volley()   # the newest volley's shots and each ship's tally, as told
        self.side: str | None = None   # the seat's ship's side, once known

    def clear(self) -> None:
        self.lines.clear()
        self.rolls.clear()
        self.last_roll = ""
        self.rolled = None
        self.volley.clear()

    def told(self, after: GameState, events: Sequence[Event]) -> tuple[Event, ...]:
        if not events:
            return ()
        if self.seat is None:
            return public_events(after, events)
        return events_for(after, events, self.seat)

    def record(self, before: GameState | None, after: GameState,
               events: Sequence[Event]) -> None:
        seen = self.told(after, events)
        if not seen:
            return
        self.lines.extend(e.text for e in seen
                          if type(e).__name__ != "RollRequested" and e.text)
        self.volley.record(seen)
        self.last_roll = last_roll(seen) or self.last_roll
        if before is not None:
            entry = self.rolls.record(before, seen, self._side(before))
            if entry is not None and self.seat is not None and rolled_by(seen, self.seat):
                self.rolled = shown_roll(entry, seen)

    def _side(self, state: GameState) -> str | None:
        """Whose secrets the explanations may hold: the seat's side, None for the Instructor,
        "" (no side's) for the viewscreen."""
        if self.seat is None:
            return ""
        if self.seat.side is not None:   # an Admiral: its side's secrets alone
            return self.seat.side
        if self.seat.ship is None:
            return None
        if self.side is None:   # a ship's side never changes: asked once
            for s in view(state, self.seat).get("ships", ()):
                if s.get("id") == self.seat.ship:
                    self.side = str(s["side"])
        return self.side or ""


# -- the payload ------------------------------------------------------------------------------
def decision_json(d: Decision) -> dict[str, Any]:
    return {
        "action": d.action, "what": d.prompt.what, "ship": d.prompt.ship, "station": d.station,
        "title": d.title, "irreversible": d.irreversible, "optional": d.optional,
        "fields": [{"name": f.name, "label": f.label, "kind": str(f.kind), "default": f.default,
                    "minimum": f.minimum, "maximum": f.maximum, "step": f.step,
                    "alphabet": f.alphabet, "note": f.note, "columns": f.columns,
                    "choices": [{"value": c.value, "label": c.label, "problem": c.problem,
                                 "need": c.need, "note": c.note,
                                 "irreversible": c.irreversible}
                                for c in f.choices]} for f in d.fields],
        "budgets": [{"fields": list(b.fields), "maximum": b.maximum, "minimum": b.minimum,
                     "label": b.label} for b in d.budgets],
        "together": [{"fields": list(t.fields), "combinations": [list(c) for c in t.combinations],
                      "label": t.label} for t in d.together],
        "presets": [{"key": p.key, "label": p.label, "values": dict(p.values),
                     "problem": p.problem} for p in d.presets],
    }


def map_json(seen: Mapping[str, Any], ship: str | None,
             shots: Sequence[Mapping[str, Any]] = ()) -> dict[str, Any]:
    """The display's map model of the seat's view, as JSON, with the newest volley's `shots`
    between ships the map shows."""
    model = map_model(seen, shields=shield_marks(seen, ship) if ship else ())
    placed = {m.id for m in model.ships}
    return {
        "shots": [dict(s) for s in shots if s["firer"] in placed and s["target"] in placed],
        "cols": model.cols, "rows": model.rows,
        "obstacles": [list(o) for o in model.obstacles],
        # planets and their gravity wells (the map model's bodies)
        "bodies": [{"name": b.name, "kind": b.kind, "col": b.col, "row": b.row, "well": b.well}
                   for b in model.bodies],
        "wells": sorted(list(h) for h in model.well_hexes),
        "ships": [{"id": m.id, "name": m.name, "col": m.col, "row": m.row,
                   "heading": m.heading, "side": m.side, "colour": list(m.colour),
                   "shape": m.shape, "own": m.own, "status": m.status, "label": m.label,
                   "tags": [t for t, on in (("HARD", m.hard_turned), ("REV", m.reverse),
                                            ("CLOAK", m.cloaked), ("LOCKED", m.locked)) if on]}
                  for m in model.ships],
        "counters": list(seen.get("counters", ())),
        "shields": [{"number": s.number, "col": s.col, "row": s.row, "side": s.side,
                     "points": s.points, "damaged": s.damaged} for s in model.shields],
        **square_json(model.squares),
    }


def square_json(sq: SquareFeatures | None) -> dict[str, Any]:
    """A square map's features for the consoles' map (static/squaremap.js): `grid` "square",
    walls, cover, ground, doors, consoles, zones, and the squares the seat sees (null: all)."""
    if sq is None:
        return {}
    return {"grid": "square", "walls": sorted(list(w) for w in sq.walls),
            "cover": [{"col": c, "row": r, "height": h} for (c, r), h in sq.cover],
            "ground": [{"col": c, "row": r, "kind": k} for (c, r), k in sq.ground],
            "doors": [{"col": d.col, "row": d.row, "open": d.open, "locked": d.locked}
                      for d in sq.doors],
            "consoles": [list(k) for k in sq.consoles],
            "zones": sorted(list(z) for z in sq.zones),
            "seen": None if sq.seen is None else sorted(list(q) for q in sq.seen)}


def _phase(bar: PhaseBar) -> dict[str, Any]:
    return {"turn": bar.turn, "step": bar.step, "acting": bar.acting, "dice": bar.dice,
            "advantage": bar.advantage, "over": bar.over}


def status_levels(decisions: Sequence[Decision], roll: bool, alert: bool = False) -> dict[str, float]:
    """A seat's status light when no physical panel gives its levels: green when it must
    decide, amber when it must roll, red on an alert."""
    return {"green": 1.0 if decisions else 0.0, "amber": 1.0 if roll else 0.0,
            "red": 1.0 if alert else 0.0}


def payload(state: GameState, key: str, log: SeatLog, *, dice_status: str = "virtual",
            lights: Mapping[str, Mapping[str, float]] | None = None,
            instructor: Mapping[str, Any] | None = None,
            entering: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The `state` message's fields for seat `key` (docs/stations.md, "The payload").

    `lights`: the seat's panels' levels from the physical panels when they are open (panel ->
    role -> 0..1); `instructor`: the Instructor's extras (`seats`, `links`), added as given;
    `entering`: the decision being entered at the seat's physical panel (`action`, `what`,
    `values`, `field`), so that the console shows the panel's values."""
    seat = seat_of(key)
    seen = public_view(state) if seat is None else seen_by(state, seat)
    names = ship_names(seen)
    decisions = controls(state, seat) if seat is not None else ()
    prompts = pending(state, seat) if seat is not None else ()
    roll_prompt = next((p for p in prompts if p.roll is not None), None)
    # another seat is asked something (a roll, or a decision the game waits for): the engine may
    # hide this seat's open cards until it answers (the table keeps a card confirmed meanwhile)
    waits = seat is not None and roll_prompt is None and others_acting(state, seat, seen)
    roll = None
    if roll_prompt is not None and roll_prompt.roll is not None:
        dialog = roll_dialog(roll_prompt.roll, names)
        roll = {"who": dialog.who, "purpose": dialog.purpose, "needs": dialog.needs,
                "sides": dialog.sides, "station": roll_prompt.station, "ship": roll_prompt.ship}
        if dialog.progress:   # a roll of several dice: which die of how many
            roll["progress"] = dialog.progress
        if roll_prompt.roll.needs is not None:   # the faces of the die as rolled that succeed
            roll["faces"] = list(roll_prompt.roll.needs)
        roll["counted"] = [label for label, _ in roll_prompt.roll.modifiers]
    ship = seat.ship if seat is not None else None
    facts: list[dict[str, Any]] = []
    if seat is not None and seat.ship is not None:
        facts = [{"label": f.label, "value": f.value, "alert": f.alert}
                 for f in station_facts(seen, seat.station, seat.ship)]
    panel = seat.station if seat is not None else VIEW_SEAT
    levels = {str(k): {str(r): float(v) for r, v in lit.items()} for k, lit in lights.items()} \
        if lights else {panel: status_levels(decisions, roll is not None)}
    out: dict[str, Any] = {
        "seat": key,
        "title": seat_title(key, names),
        "phase": _phase(phase_bar(seen, dice_status)),
        "decisions": [decision_json(d) for d in decisions],
        "facts": facts,
        "map": map_json(seen, ship, log.volley.shots),
        "roll": roll,
        "last_roll": log.last_roll,
        "rolled": None if log.rolled is None else {
            "number": log.rolled.number, "who": log.rolled.who, "what": log.rolled.what,
            "value": log.rolled.value, "result": log.rolled.result,
            "headline": log.rolled.headline, "lines": list(log.rolled.lines)},
        "rolls": [{"number": e.number, "turn": e.turn, "who": e.who, "what": e.what,
                   "value": e.value, "result": e.result, "summary": e.summary,
                   "lines": list(e.lines)} for e in log.rolls.page(0, ROLLS)],
        "ticker": list(log.lines),
        "lights": levels,
        "entering": dict(entering) if entering else None,
        "others_acting": waits,
        "over": bool(seen.get("outcome")) or seen.get("step") == "over",
    }
    if seat is None:
        out["board"] = board(seen, out["map"], log.volley.tally)
    if seat is not None and seat.ship is None:
        out["ships"] = list(seen.get("ships", ()))
        out.update(instructor or {})
    return out


BOARD_SHIP = ("class", "status", "warp", "movement_points", "heading")
"""What the viewscreen's board says of each ship, of what every side may know of it."""


def board(seen: Mapping[str, Any], drawn: Mapping[str, Any],
          tally: Mapping[str, Mapping[str, int]]) -> list[dict[str, Any]]:
    """The viewscreen's board: each ship as the room may know it (the public view's entry:
    where it is, its heading, warp and movement, its status and what shows of it) and the
    shooting every side was told of (hits taken and the points they did, shots and hits)."""
    marks = {m["id"]: m for m in drawn.get("ships", ())}
    out = []
    for s in seen.get("ships", ()):
        sid = str(s.get("id"))
        mark = marks.get(sid, {})
        out.append({"id": sid, "name": s.get("name"), "side": s.get("side"),
                    "colour": mark.get("colour"), "tags": mark.get("tags", []),
                    "on_map": sid in marks,
                    **{k: s.get(k) for k in BOARD_SHIP if s.get(k) is not None},
                    **dict(tally.get(sid, {}))})
    return out
