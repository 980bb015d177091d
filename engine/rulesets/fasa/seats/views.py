"""What each seat may know: the one filter that `view`, `pending` and `events_for` go through.

Book Two, Advanced: Sensors: ships in sensor contact know each other's identity, position, heading
and speed; anything more about an enemy needs a sensor lock (not part of the basic game). Power is
allocated in secret and speeds are announced after it (Advanced: Sequence Of Play, steps 1-3).
Declared targets and whether a shot hits are seen by all at the table; what a hit does inside a
ship is recorded on that ship's own panels (C&C: Damage Sequence). docs/rules-decisions.md lists
each fact and who may know it.

A seat knows its own ship and the ships of its side whole (a crew may talk to its allies); the
Instructor knows everything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.events import Event
from engine.hexgrid import hex_to_offset, offset_to_hex
from engine.ruleset import Prompt
from engine.rulesets.fasa.arcs import SHIELD_FACINGS
from engine.rulesets.fasa.command import admiral
from engine.rulesets.fasa.data.tables import Tables
from engine.rulesets.fasa.decisions.disclosure import DISCLOSURE
from engine.rulesets.fasa.engineering.mcp import record_json
from engine.rulesets.fasa.firing import mines
from engine.rulesets.fasa.firing.hiding import hidden_from
from engine.rulesets.fasa.flow.turn import pending
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.rule import Disclosure, Told
from engine.rulesets.fasa.rules import in_play
from engine.rulesets.fasa.seats.bodies_view import bodies_json
from engine.rulesets.fasa.seats.cc_panel import CC_PRIVATE_EVENTS, command_json, unknown_command
from engine.rulesets.fasa.seats.shaken_view import shaken_json
from engine.rulesets.fasa.sensing.sensors import QUESTIONS
from engine.rulesets.fasa.skills.casualties import casualty_modifier
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.crew_events import (
    GridPower,
    OfficerShaken,
    PanelKept,
    PoweredDown,
    ScienceApplied,
    ScienceRolled,
    SystemShaken,
)
from engine.rulesets.fasa.values.events import (
    BlastStruck,
    BonusTaken,
    CloakScanned,
    Damaged,
    EnginesSet,
    ExplosionAverted,
    HeadingStressed,
    PowerAllocated,
    RatingsSet,
    Rolled,
    RollRequested,
    SelfDestructOrder,
    SensorAnswered,
    SensorLocked,
    ShieldsSet,
    ShieldStruck,
    ShipMoved,
    SkillRolled,
    WeaponsArmed,
)
from engine.rulesets.fasa.values.officers import officers_json
from engine.rulesets.fasa.values.shaken import CALM
from engine.rulesets.fasa.values.state import (
    MOVE,
    POWER,
    Allocation,
    FasaState,
    SensorReport,
    Ship,
    Weapon,
    replace,
)
from engine.stations import INSTRUCTOR, Seat

PUBLIC_SHIP_KEYS = frozenset({"id", "name", "class", "race", "side", "col", "row", "heading",
                              "movement_points", "status", "warp", "emergency_turned", "evading",
                              "sensor_lock", "cloaked", "abandoned", "advancement"})
"""What any seat knows of any ship (Advanced: Sensors: identity, position, heading, speed); an
emergency heading change and an evasion are seen on the map (Advanced: Evading Missile Fire: the
counter "is immediately rotated"). An enemy's `sensor_lock` is told only when it is on a ship of the
seat's side (Advanced: Sensors, fact 5: the target learns that enemy sensors are locked on it).
A cloaked enemy the seat's side has not detected shows no place, heading or turn on the map
(Advanced: Romulan Cloaking Device: "the Romulan Starship Silhouette Counter is removed"). A
derelict whose crew abandoned it (the optional Rescues During Combat) is known to all."""

PRIVATE_EVENTS = (PowerAllocated, WeaponsArmed, ShieldsSet, ShieldStruck, Damaged,
                  ExplosionAverted, SensorAnswered, EnginesSet, RatingsSet, SkillRolled,
                  BonusTaken, ScienceRolled, ScienceApplied, *CC_PRIVATE_EVENTS,
                  OfficerShaken, SystemShaken, GridPower, PoweredDown, PanelKept)
"""Events only the ship's own side (and the Instructor) is told of. `EnginesSet`: the engines'
change-over for reverse movement is made by the engineers inside the ship (Advanced: Reverse
Movement, seed lines 349-355: "to allow the engineers to make the systems change-over");
docs/rules-decisions.md says only its own side may know it. Its step back itself is seen on the
map (`ShipMoved`)."""

SEEN_MOVING = (ShipMoved, HeadingStressed)
"""Events about a ship's course that every side sees on the map, but a side that does not know
where the ship is (a cloaked ship it has not detected: Advanced: Romulan Cloaking Device, seed
line 397: "the Romulan Starship Silhouette Counter is removed") is not told."""

def side_of(state: FasaState, seat: Seat) -> str | None:
    """The side a seat plays, or None for the Instructor (who plays every side). An Admiral's
    seat names its side (an optional rule: admiral.py)."""
    if seat.side is not None and seat.station != INSTRUCTOR:
        return seat.side
    if seat.station == INSTRUCTOR or seat.ship is None or not state.has_ship(seat.ship):
        return None
    return state.ship(seat.ship).side


def may_know_ship(state: FasaState, seat: Seat, ship_id: str | None) -> bool:
    """Whether the seat may know a ship's internals: its own side's ships, or everything."""
    if seat.station == INSTRUCTOR:
        return True
    if ship_id is None or not state.has_ship(ship_id):
        return False
    return state.ship(ship_id).side == side_of(state, seat)


def public_ship(ship: Ship, hidden: bool = False) -> dict[str, Any]:
    """What anyone at the table knows of `ship`; `hidden`: a cloaked ship whose place the seat
    does not know (col, row and heading are None)."""
    col, row = hex_to_offset(ship.pos)
    return {
        "id": ship.id, "name": ship.name, "class": ship.cls.name, "race": ship.cls.race,
        "side": ship.side, "col": None if hidden else col, "row": None if hidden else row,
        "heading": None if hidden else ship.heading,
        "movement_points": ship.movement_points, "status": ship.status.value,
        "warp": ship.warp, "emergency_turned": ship.hard_turned and not hidden,
        "evading": ship.evading and not hidden, "sensor_lock": ship.lock or None,
        "cloaked": ship.cloaked, "abandoned": ship.abandoned,  # optional rule: Rescues
        # Campaign Advancement (optional; line 517: each player gives them at the start).
        "advancement": {"captain": ship.advancement[0], "crew": ship.advancement[1]}
        if ship.advancement else None,
    }


def full_ship(ship: Ship, tables: Tables) -> dict[str, Any]:
    """Everything about `ship`, for its own side and the Instructor. Each weapon's `reach` is the
    farthest range it can hit at: the last column of its Firing Chart (Advanced: Firing Weapons),
    so that a screen draws its arc without working it out from the state."""
    out = public_ship(ship)
    alloc, last = ship.allocation, ship.last_allocation
    out.update({
        "class_id": ship.cls.id,
        "power": ship.total_power,
        "engines": [{"name": spec.name, "power": p, "max": spec.power}
                    for spec, p in zip(ship.cls.engines, ship.engines, strict=True)],
        "superstructure": ship.superstructure, "superstructure_max": ship.cls.superstructure,
        "shields": list(ship.shields), "shields_damaged": sorted(ship.shields_damaged),
        "max_shield_points": ship.cls.max_shield_points,
        "weapons": [{"id": spec.id, "name": spec.name, "kind": spec.kind, "power": w.power,
                     "fired": w.fired, "damaged": w.damaged, "arcs": sorted(spec.arcs),
                     "reach": tables.max_range(spec.chart)}
                    for spec, w in zip(ship.cls.weapons, ship.weapons, strict=True)],
        "allocation": None if alloc is None else
        {"movement": alloc.movement, "shields": alloc.shields, "weapons": alloc.weapons},
        "sensors_out": ship.sensors_out,
        "casualties_percent": ship.casualties / 10,
        "reverse": ship.reverse, "stationary_phases": ship.still,
        "sensors_used": ship.sensed,
        "moved_this_turn": ship.moved_turn, "moved_last_turn": ship.moved_last,
        "allocation_cloak": 0 if alloc is None else alloc.cloak,
        # "As last turn" (the panels' quick fills): the allocation and shields last made.
        "last_allocation": None if last is None else
        {"movement": last.movement, "shields": last.shields, "weapons": last.weapons,
         "cloak": last.cloak},
        "last_shields": None if ship.last_shields is None else list(ship.last_shields),
        # Expert: the ratings and this turn's Skill Roll (seed lines 673-703; ratings.py).
        "skill_rating": ship.skill or None, "efficiency_rating": ship.efficiency or None,
        "skill_roll": ship.skill_rolled or None, "skill_bonus": ship.bonus or None,
        "aimed": list(ship.aimed),
        # Command & Control: a crewed ship's officers and their ratings (officers.py).
        "officers": officers_json(ship), "command": command_json(ship),
        # C&C: the Science Officer's panel (science.py): None for a ship the Instructor runs.
        "science": science_json(ship),
        # The Master Control Panel's other entries (Expert: lines 591-671): the speeds and
        # ratios, the charts, the crew.
        "max_safe_warp": ship.cls.max_safe_warp, "emergency_warp": ship.cls.emergency_warp,
        "movement_point_ratio": f"{ship.cls.mpr[0]}/{ship.cls.mpr[1]}",
        "damage_chart": ship.cls.damage_chart,
        "stress_charts": f"{ship.cls.stress_engine}/{ship.cls.stress_superstructure}",
        "crew": ship.cls.crew,
        # Where each shield faces, for drawing them round the ship: the hexside (0 dead ahead,
        # then clockwise) at the middle of shield 1..6 (Expert: Deflector Shields; arcs.py).
        "shield_facings": list(SHIELD_FACINGS),
    })
    return out


def _game(state: FasaState) -> dict[str, Any]:
    return {
        "ruleset": "fasa", "scenario": state.scenario, "level": state.level,
        "scale": str(state.scale), "turn": state.turn, "phase": state.phase,
        "phases": state.phases, "step": state.step.value,
        "map": {"cols": state.bounds.cols, "rows": state.bounds.rows},
        "obstacles": sorted(list(hex_to_offset(h)) for h in state.obstacles),
        "bodies": bodies_json(state),  # planets and their gravity wells (bodies_view.py)
        "advantage": state.advantage[-1] if state.advantage else None,
        "outcome": state.outcome, "winner": state.winner,
        "options": state.setup.options.to_dict(),  # optional rules in play (options.py)
        "variant": state.setup.variant,  # the variant laid over the rules (variant_tables.py)
        "talk_aloud": list(state.aloud),  # sides that must talk aloud this turn (comms.py)
    }


def disclosure(state: FasaState, kind: str) -> Disclosure:
    """What another side is told of an open decision of `kind`: its line in `DISCLOSURE`, or a
    variant's (values/variant_tables.py), which tells that the ship acts."""
    own = variant_tables.of(state).acts.get(kind)
    return Disclosure(Told.ACTS, own) if own is not None else DISCLOSURE[kind]


def _prompt(state: FasaState, p: Prompt, known: bool) -> dict[str, Any]:
    """A prompt as a seat is told of it: in full for its own side, else only who is doing what."""
    what = p.what if known else disclosure(state, p.action).words
    out: dict[str, Any] = {"ship": p.ship, "station": p.station, "action": p.action,
                           "what": what}
    if p.side is not None:
        out["side"] = p.side
    return out


def report_json(report: SensorReport) -> dict[str, Any]:
    """A sensor report as a screen shows it (Advanced: Sensors)."""
    return {"turn": report.turn, "ship": report.ship, "target": report.target,
            "question": report.question, "question_text": QUESTIONS.get(report.question, ""),
            "detail": report.detail, "facts": list(report.facts),
            "answer": dict(report.answer), "text": report.text}


def _with_modifier(state: FasaState, entry: dict[str, Any], ship: Ship) -> dict[str, Any]:
    """A ship's own record with the die-roll modifier its casualties give (Expert: Casualties,
    lines 847-853; 0 below the expert level) and the Master Control Panel's past turns (mcp.py;
    empty below the expert level)."""
    entry["die_roll_modifier"] = casualty_modifier(state.level, ship)
    entry["record"] = record_json(ship)
    entry.update(shaken_json(state, ship))  # C&C: shaken bridge and power (shaken_view.py)
    return entry


def to_json(state: FasaState) -> dict[str, Any]:
    out = _game(state)
    out["ships"] = [_with_modifier(state, full_ship(s, state.tables), s) for s in state.ships]
    out["sensor_reports"] = [report_json(r) for r in state.reports]
    out["counters"] = mines.counters_json(state, None)
    out["detected"] = [{"side": side, "ship": ship} for side, ship in state.detected]
    out["crews"] = {s.id: state.crew(s.id) for s in state.ships}
    out["pending"] = [_prompt(state, p, True) for p in pending(state)]
    out["fleet_orders"] = admiral.orders_json(state, None)  # every side's (the optional Admiral)
    out.update(variant_tables.of(state).view(state, None))  # a variant's part (values/variant_tables.py)
    return out


def view(state: FasaState, seat: Seat) -> dict[str, Any]:
    """Everything `seat` may know, as plain JSON-ready data."""
    if seat.station == INSTRUCTOR:
        out = to_json(state)
        out["seat"] = {"station": str(seat.station), "ship": seat.ship}
        return _with_rules(state, seat, out)
    out = _game(state)
    out["seat"] = {"station": str(seat.station), "ship": seat.ship}
    if seat.side is not None:
        out["seat"]["side"] = seat.side
    # An optional rule: the side's Admiral's orders this turn, for its own seats (admiral.py).
    out["fleet_orders"] = admiral.orders_json(state, side_of(state, seat) or "")
    known = _known_ships(state, seat)
    ships = []
    for s in state.ships:
        if s.id in known:
            ships.append(_with_modifier(state, full_ship(s, state.tables), s))
            continue
        entry = public_ship(s, hidden_from(state, s, side_of(state, seat), seat.ship))
        if s.lock not in known:
            entry["sensor_lock"] = None
        if state.step == POWER:
            # Speeds are announced once every ship has allocated (Advanced: Sequence Of Play
            # step 3), so an enemy's movement points stay hidden until then.
            entry["movement_points"] = None
        ships.append(entry)
    out["ships"] = ships
    out["sensor_reports"] = [report_json(r) for r in state.reports if r.ship in known]
    out["counters"] = mines.counters_json(state, side_of(state, seat))
    out["detected"] = [{"side": side, "ship": ship} for side, ship in _detected(state, seat)]
    # Each decision declares what another side may know of it (decisions/disclosure.py).
    own = side_of(state, seat)
    out.update(variant_tables.of(state).view(state, own))  # a variant's part (values/variant_tables.py)
    out["pending"] = [_prompt(state, p, True) if p.ship in known
                      or (p.side is not None and p.side == own)
                      else _prompt(state, _as_seen(state, p), False)
                      for p in pending(state)
                      if p.ship in known or (p.side is not None and p.side == own)
                      or (disclosure(state, p.action).told is Told.ACTS
                          and not _asks_standing_still(state, p))]
    return _with_rules(state, seat, out)


def _with_rules(state: FasaState, seat: Seat, out: dict[str, Any]) -> dict[str, Any]:
    """The view with what each declared rule the game plays adds to it (`Rule.view`)."""
    for rule in in_play(state):
        if rule.view is not None:
            out.update(rule.view(state, seat))
    return out


def _asks_standing_still(state: FasaState, p: Prompt) -> bool:
    """A prompt in a Movement Phase of a ship with no movement points in it: it has its place in
    the order only to ask its sensor question (Expert, line 707; `sensor_ask.py`) and roll for
    it (C&C). Shown to another side as a move, it would tell that the ship holds a lock, since
    its movement points are public: it is not listed to another side at all."""
    if state.step != MOVE or p.ship is None or not state.has_ship(p.ship):
        return False
    ship = state.ship(p.ship)  # the points the table knows: the announced ones, by the table
    return state.tables.movement_per_phase(ship.movement_points, state.phases)[state.phase - 1] == 0


def _as_seen(state: FasaState, p: Prompt) -> Prompt:
    """A prompt of another side as the table sees it: the decision its disclosure names instead,
    when its own kind would tell a secret (decisions/disclosure.py). A lock tried again in a
    Movement Phase (C&C, line 1249) takes the place of a question, and is seen as one is."""
    told = disclosure(state, "ask" if p.action == "sense" and state.step == MOVE else p.action)
    if not told.seen_as or p.ship is None or told.seen_at is None:
        return p
    return Prompt(p.ship, state.station_for(p.ship, told.seen_at), "", None, told.seen_as)


def _known_ships(state: FasaState, seat: Seat) -> frozenset[str]:
    """The ids of the ships whose internals `seat` may know (`may_know_ship`, for all at once)."""
    return frozenset(s.id for s in state.ships if may_know_ship(state, seat, s.id))


def _detected(state: FasaState, seat: Seat) -> tuple[tuple[str, str], ...]:
    """The detections of cloaked ships a seat knows of: its side's, and those of its own ships
    (the scan that found them is told to them)."""
    mine = side_of(state, seat)
    own = tuple((mine, sid) for scanner, sid in state.detected_by
                if scanner == seat.ship and mine is not None and (mine, sid) not in state.detected)
    return tuple((side, sid) for side, sid in state.detected
                 if side == mine or may_know_ship(state, seat, sid)) + own


def science_unknown(ship: Ship) -> dict[str, Any]:
    """A crewed enemy's Science Officer's counters as a seat that may not know them sees them:
    nothing, but whether questions (and extra ones) are left and whether his sensors may detect a
    cloaked ship's movement, which the table sees him act on (his `ask` and `arc_scan` prompts,
    as at the expert level: who is busy is seen by all)."""
    return {"science": "", "science_rolled": 0, "extra_shields": 0, "dc_die": False,
            "dc_points": 0, "dc_phase": 0, "questions": min(1, ship.questions),
            "extra_questions": min(1, ship.extra_questions),
            "cloak_sense": "?" if ship.cloak_sense else "", "cloak_lock": "",
            "sensor_phases": 0, "comms_task": "", "comms_tried": 0}


def science_json(ship: Ship) -> dict[str, Any] | None:
    """The Science Officer's side of a crewed ship's panel (C&C, seed lines 1233-1301): this
    turn's Skill Roll and what it gave, the Sensors Counter, the task at hand."""
    if not ship.officers:
        return None
    return {"skill_roll": ship.science or None, "rolled": ship.science_rolled or None,
            "extra_shields_to_place": ship.extra_shields,
            "damage_control_points": ship.dc_points, "questions_left": ship.questions,
            "extra_questions_left": ship.extra_questions,
            "sensors_out_phases": ship.sensor_phases,
            "cloak_movement_sensed": ship.cloak_sense or None,
            "communications_task": ship.comms_task or None}


NOWHERE = offset_to_hex(0, 0)
"""Where a redacted state puts a cloaked enemy the seat has not detected: always the same place,
which the autopilot never takes for the ship's (`hiding.hidden_from` says it is hidden)."""


def redacted(state: FasaState, seat: Seat) -> FasaState:
    """The state as `seat` may know it: every ship it may not know the internals of shows only
    what `public_ship` tells, and what the table sees happen (whether its crew has allocated,
    armed and set shields; which weapons fired): its class's full power, superstructure and
    engines, an allocation of nothing, no shields, weapons armed with 1, no damage or casualties,
    and during the Power Allocation Phase no movement points. The autopilot decides from this, so
    it cannot use what its seat may not know; `view` of the redacted state is `view` of the
    state."""
    if seat.station == INSTRUCTOR:
        return state
    state = variant_tables.of(state).redact(state, side_of(state, seat))  # a variant's own secrets
    ships = []
    for s in state.ships:
        if may_know_ship(state, seat, s.id):
            ships.append(s)
            continue
        ships.append(replace(
            s, engines=tuple(e.power for e in s.cls.engines), superstructure=s.cls.superstructure,
            shields=(0, 0, 0, 0, 0, 0), shields_damaged=frozenset(),
            weapons=tuple(Weapon(power=1 if w.power else 0, fired=w.fired) for w in s.weapons),
            allocation=None if s.allocation is None else Allocation(0, 0, 0),
            last_allocation=None, last_shields=None,
            sensors_out=0, casualties=0, reverse=False, blast_roll=False,
            skill=0, efficiency=0, rating_rolls=(), skill_rolled=0, bonus="", aimed=(),
            record=(), shaken=CALM, officers=tuple(replace(o, ratings=()) for o in s.officers),
            **unknown_command(s),
            **science_unknown(s),
            lock=s.lock if may_know_ship(state, seat, s.lock) else "",
            moved_last=False,
            movement_points=0 if state.step == POWER else s.movement_points))
    side = side_of(state, seat)
    ships = [replace(s, pos=NOWHERE, heading=0, hard_turned=False, evading=False, still=0,
                     moved=False, moved_turn=False) if hidden_from(state, s, side, seat.ship)
             else s
             for s in ships]
    asking = state.asking if state.asking and may_know_ship(state, seat, state.asking[0]) else ()
    waiting = state.science_wait if state.science_wait and may_know_ship(
        state, seat, state.science_wait[0]) else ()
    # C&C: the damage control points on a shot are its target's side's (damage_control.py).
    shots = tuple(replace(s, cut=0) if s.cut and not may_know_ship(state, seat, s.target) else s
                  for s in state.shots)
    reports = tuple(r for r in state.reports if may_know_ship(state, seat, r.ship))
    return replace(state, ships=tuple(ships), asking=asking, reports=reports,
                   science_wait=waiting, shots=shots,
                   fleet_orders=admiral.known_orders(state, side or ""),
                   detected=_detected(state, seat), counters=mines.redacted_counters(state, side),
                   detected_by=tuple(d for d in state.detected_by
                                     if may_know_ship(state, seat, d[1]) or (
                                         d[0] == seat.ship if expert(state.level)
                                         else may_know_ship(state, seat, d[0]))))


def events_for(state: FasaState, events: Sequence[Event], seat: Seat) -> tuple[Event, ...]:
    """What `seat` is told of `events` (those of one `apply`; `state` is the state after them).

    An enemy's allocation, arming and shields, the shields and systems a hit strikes inside an
    enemy ship, and the rolls that decide them stay with that ship's side. Declared fire, whether
    a shot hits and for how much, movement, status changes and phase notes are for everyone.
    """
    if seat.station == INSTRUCTOR:
        return tuple(events)
    return tuple(e for e in events if _may_know_event(state, seat, e))


def _may_know_event(state: FasaState, seat: Seat, event: Event) -> bool:
    if isinstance(event, PRIVATE_EVENTS):
        return may_know_ship(state, seat, event.ship)
    if isinstance(event, SEEN_MOVING) and state.has_ship(event.ship):
        return not hidden_from(state, state.ship(event.ship), side_of(state, seat), seat.ship)
    if isinstance(event, BlastStruck) and state.has_ship(event.target):
        return not hidden_from(state, state.ship(event.target), side_of(state, seat),
                               seat.ship)
    if isinstance(event, admiral.FleetOrdered):  # an optional rule: its own side's alone
        return event.side == side_of(state, seat)
    if isinstance(event, SelfDestructOrder):
        return event.order == "destruct" or may_know_ship(state, seat, event.ship)
    if isinstance(event, CloakScanned):
        if expert(state.level):
            # Expert: "revealed ONLY TO THE SENSING CAPTAIN" (line 783): the scanning ship's
            # seats, and the side of the ship found (it knows where it is).
            return seat.ship == event.ship or may_know_ship(state, seat, event.found)
        return may_know_ship(state, seat, event.ship) or may_know_ship(state, seat, event.found)
    if isinstance(event, SensorLocked):
        # The sensing side; and the target's, once the lock holds (Advanced: Sensors, fact 5).
        return may_know_ship(state, seat, event.ship) or (
            event.result in ("locked", "held") and may_know_ship(state, seat, event.target))
    if isinstance(event, RollRequested | Rolled):
        # Public: tactical advantage (C&C: The Skill Roll And Tactical Advantage) and to-hit
        # rolls (Advanced: Firing Weapons); the rest decide what happens inside a ship.
        return event.request.public or may_know_ship(state, seat, event.request.ship)
    return True
