"""Detecting cloaked ships in the Expert game: the arc scan (Book Two, Expert: Romulan Cloaking
Device, seed lines 779-787).

"In this game, detecting ships cloaked with the Romulan Cloaking Device may replace the usual
sensor lock, which cannot be made in the same turn ... In the first Movement Phase, the ship
captain doing the sensing chooses ONE firing arc (forward, port, starboard, or aft) to scan. He
then rolls one die, looking for a 5 or less. A successful roll gives a sensor lock on the cloaked
vessel, and its location is revealed ONLY TO THE SENSING CAPTAIN. Unsuccessful scans may be
repeated in subsequent Movement Phases." "Once a captain has located a cloaked ship, he may fire
on it during any Firing Phase remaining in the game turn. If the ship moves during the game turn,
its new location and heading are revealed to the sensing captain. When the game turn is over, a
new sensor lock must be made". "The scan can be successful ONLY if the Romulan vessel moved in
the previous game turn ... The scanning captain should choose a scanning arc and roll the die; of
course, no roll will be successful, but the scanning captain will not know this."

At the expert levels a ship that tried no sensor lock in the Sensor Phase (and has its sensors)
may scan at the start of each Movement Phase while an enemy is cloaked on the map, until it finds
one: a `scan` step before the phase's moves, the Science Officer naming the arc (or none this
phase) and rolling. The four arcs are made of the six sextants: forward the fore sextant, aft the
aft one, port and starboard the two on each side (docs/rules-decisions.md, Expert). The nearest
cloaked enemy in the arc that moved last game turn, outside an obstacle's sensor shadow, is found;
the detection is the sensing ship's alone (`detected_by`; `hiding.hidden_from` with the viewing
ship): its other ships' seats do not see it, and the scan that could not succeed is told in the
same words as a miss.
"""

from __future__ import annotations

from engine.dice import D10, RollRequest
from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import distance, hex_to_offset
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.arcs import in_arc
from engine.rulesets.fasa.firing.combat import targetable
from engine.rulesets.fasa.firing.hiding import in_sensor_shadow
from engine.rulesets.fasa.levels import expert
from engine.rulesets.fasa.sensing.cloak import DETECT_ROLL, SCAN_QUESTION, enemies_cloaked
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import CloakScanned, RollRequested, SensorLocked
from engine.rulesets.fasa.values.shaken import darken
from engine.rulesets.fasa.values.state import ACTIVE, MOVE, SCAN, FasaState, Ship, replace
from engine.stations import title

ARCS: dict[str, frozenset[str]] = {
    "forward": frozenset({"f"}), "starboard": frozenset({"fs", "as"}),
    "aft": frozenset({"a"}), "port": frozenset({"ap", "fp"}),
}
"""The four arcs a scan names (line 783), as sextants of the firing-arc diagram (`arcs.py`)."""
ARC_CHOICES = ("", *ARCS)
""""" scans no arc this Movement Phase."""


def found_this_turn(state: FasaState, ship: Ship) -> bool:
    return any(scanner == ship.id for scanner, _ in state.detected_by)


def may_scan(state: FasaState, ship: Ship) -> bool:
    """Whether the ship's Science Officer is offered the arc scan in this Movement Phase."""
    crewed_answer = hooks.of(state).crewed_scan_offered(state, ship)  # C&C: sensors_rating.py
    if crewed_answer is not None:
        return crewed_answer
    return (expert(state.level) and ship.status == ACTIVE and not ship.sensors_out
            and not ship.lock_tried and ship.arc_phase != state.phase
            and enemies_cloaked(state, ship) and not found_this_turn(state, ship))


def start_phase(state: FasaState) -> FasaState:
    """A Movement Phase begins: the scan step first when a ship may scan, else the moves."""
    state = darken(state)  # C&C: shaken sensors or Science make no scan or question (shaken.py)
    if any(may_scan(state, s) for s in state.ships):
        return replace(state, step=SCAN)
    return state


def waiting(state: FasaState) -> tuple[Ship, ...]:
    return tuple(s for s in state.ships if may_scan(state, s))


def scan(state: FasaState, ship: Ship, arc: str, station: str) -> tuple[FasaState, list[Event]]:
    """Name the arc (or "" for none this phase), then the roll."""
    if not may_scan(state, ship):
        raise IllegalAction(f"{station}: {ship.name} cannot scan for cloaked ships now")
    if arc not in ARC_CHOICES:
        raise IllegalAction(f"{station}: name the arc to scan: {', '.join(ARCS)} (or \"\" for "
                            f"none this phase), not {arc!r}")
    state = state.with_ship(replace(ship, arc_phase=state.phase))
    if not arc:  # told to the ship's side only, as passing the scan is (views.py)
        return state, [SensorLocked(ship.id, ship.name, "", "", "no arc scan")]
    crewed_scan = hooks.of(state).crewed_scan(state, state.ship(ship.id), arc)  # C&C
    if crewed_scan is not None:
        return crewed_scan
    who = state.station_for(ship.id, Duty.SENSORS)
    req = RollRequest(D10, ship.id, who,
                      f"{title(who)}: scan of {ship.name}'s {arc} arc for cloaked ships: "
                      f"1-{DETECT_ROLL} finds one there that moved last game turn",
                      (1, DETECT_ROLL))
    state = replace(state, roll=req, asking=(ship.id, "", SCAN_QUESTION, arc))
    return state, [RollRequested(req)]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    assert len(state.asking) == 4
    ship_id, _, _, arc = state.asking
    state = replace(state, asking=(), roll=None)
    ship = state.ship(ship_id)
    found = nearest_in_arc(state, ship, arc) if value <= DETECT_ROLL else None
    if found is None:
        return state, [CloakScanned(ship.id, ship.name, "", "", -1, -1)]
    col, row = hex_to_offset(found.pos)
    state = replace(state, detected_by=state.detected_by + ((ship.id, found.id),))
    return state, [CloakScanned(ship.id, ship.name, found.id, found.name, col, row)]


def nearest_in_arc(state: FasaState, ship: Ship, arc: str, this_turn: bool = False) -> Ship | None:
    """The nearest cloaked enemy in the arc that moved last game turn (or, `this_turn`, in this
    one too), outside an obstacle's sensor shadow."""
    there = [s for s in state.ships if s.cloaked and s.side != ship.side and targetable(s)
             and (s.moved_last or (this_turn and s.moved_turn))
             and in_arc(ship.pos, ship.heading, ARCS[arc], s.pos)
             and not in_sensor_shadow(state, ship, s)]
    return min(there, key=lambda s: (distance(ship.pos, s.pos), s.id)) if there else None


def settle(state: FasaState) -> FasaState:
    """The scan step is over when no ship may scan: the phase's moves."""
    return state if waiting(state) else replace(state, step=MOVE)


def autopilot_arc(state: FasaState, ship: Ship) -> str:
    """The autopilot sweeps the arcs in turn, forward first."""
    return tuple(ARCS)[(state.phase - 1) % len(ARCS)]
