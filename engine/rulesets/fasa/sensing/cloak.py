"""The Romulan cloaking device (Book Two, Advanced: Romulan Cloaking Device).

"When the cloaking device is activated, the Romulan Starship Silhouette Counter is removed from
the Starfield Mapsheet ... The device requires 5 power points to operate, and it may not be used
in the same game turn that weapons are to be fired. Thus, during the Power Allocation Phase of the
game turn, the Romulan player must choose between cloaking his ship and firing weapons."

"Opposing players may attempt to detect the movement of a cloaked ship during the Sensors Phase
of every game turn ... If the roll was 6-10, the attempt failed automatically. If the cloaked
Romulan ship has not moved in the last game turn, the attempt also is automatically unsuccessful.
If the player rolls a 1-5 and the Romulan moved in the last game turn, the sensing player is
successful. He will know where the cloaked Romulan vessel is during all of its Movement Phases
... If there is more than one cloaked vessel, only the one nearest the scanning ship is
detected." "A ship may fire at a cloaked ship that it has detected, but it may not fire into a
hex hoping a successfully cloaked ship is there." (seed lines 397-403; the detection is the
scanning ship's for fire and its side's for what the side sees: docs/rules-decisions.md)

A class has a cloaking device when its data gives a `cloak_cost` above 0 (the power at full
scale; 15 for the Bird of Prey, 5 at the 1/3 scale of the advanced game). A ship is cloaked from
the end of the Power Allocation Phase that gave its cloak power to the end of the next one
(a scenario may start a ship cloaked). Choices are in docs/rules-decisions.md.
"""

from __future__ import annotations

from engine.events import Event
from engine.hexgrid import distance, hex_to_offset
from engine.rulesets.fasa.firing.combat import request, targetable
from engine.rulesets.fasa.firing.hiding import hidden_from, in_sensor_shadow
from engine.rulesets.fasa.levels import advanced_rules
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import CloakScanned, Note
from engine.rulesets.fasa.values.state import ACTIVE, FasaState, SensorReport, Ship, replace

DETECT_ROLL = 5
"""A d10 roll of 1 to 5 detects a cloaked ship that moved last game turn (the seed's flat chance;
the 1986 combat tables' range table is not used: docs/rules-decisions.md)."""
SCAN_QUESTION = 10
"""Question 10, "Are any cloaked Romulan vessels detected?", asked without a lock, is the scan."""


def has_cloak(state: FasaState, ship: Ship) -> bool:
    """Whether the ship's class carries a cloaking device that this level's rules know."""
    return ship.cls.cloak_cost > 0 and advanced_rules(state.level)


def unseen_enemies(state: FasaState, ship: Ship) -> bool:
    """Whether an enemy in play is cloaked where the ship's side cannot see it."""
    return any(s.side != ship.side and s.status == ACTIVE and hidden_from(state, s, ship.side, ship.id)
               for s in state.ships)


def engage(state: FasaState) -> tuple[FasaState, list[Event]]:
    """The end of the Power Allocation Phase: a ship that gave its cloak power is cloaked for the
    turn; one that did not, or could not, is seen again. Locks on a ship that cloaks are lost."""
    events: list[Event] = []
    ships = []
    cloaking = set()
    for s in state.ships:
        on = s.status == ACTIVE and s.allocation is not None and s.allocation.cloak > 0
        if on and not s.cloaked:
            events.append(Note(f"{s.name} cloaks: its counter leaves the map"))
        elif s.cloaked and not on:
            col, row = hex_to_offset(s.pos)
            events.append(Note(f"{s.name} decloaks at {col},{row}"))
        if on:
            cloaking.add(s.id)
        ships.append(replace(s, cloaked=on) if on != s.cloaked else s)
    ships = [replace(s, lock="") if s.lock in cloaking else s for s in ships]
    return replace(state, ships=tuple(ships)), events


def new_turn(state: FasaState) -> FasaState:
    """A new game turn: detections end ("the player must make another successful die roll in the
    next game turn"). (That this turn's movement becomes last turn's, which a scan reads, is the
    basic turn's: `phases/phase_end.py`.)"""
    return replace(state, detected=(), detected_by=())


def enemies_cloaked(state: FasaState, ship: Ship) -> bool:
    """Whether an enemy on the map is cloaked (the table sees that its counter is off the map)."""
    return any(s.cloaked and s.side != ship.side and targetable(s) for s in state.ships)


def scan(state: FasaState, ship: Ship) -> tuple[FasaState, list[Event]]:
    """A scan for cloaked ships: the Science Officer's roll, 1-5 detects."""
    state = replace(state, asking=(ship.id, "", SCAN_QUESTION, ""))
    state, ev = request(state, ship.id, Duty.SENSORS,
                        f"cloak scan by {ship.name}: 1-{DETECT_ROLL} detects the nearest of the "
                        "cloaked ships that moved last game turn", (1, DETECT_ROLL))
    return state, [ev]


def on_scan_roll(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    found = None
    if value <= DETECT_ROLL:
        # A ship in an obstacle's sensor shadow does not register (line 327).
        moved = [s for s in state.ships if s.cloaked and s.side != ship.side and targetable(s)
                 and s.moved_last and not in_sensor_shadow(state, ship, s)]
        if moved:
            found = min(moved, key=lambda s: (distance(ship.pos, s.pos), s.id))
    if found is None:
        event = CloakScanned(ship.id, ship.name, "", "", -1, -1)
        answer: tuple[tuple[str, int | str], ...] = (("detected", "no"),)
    else:
        col, row = hex_to_offset(found.pos)
        if (ship.side, found.id) not in state.detected:
            state = replace(state, detected=state.detected + ((ship.side, found.id),))
        # The side sees where it is; the scanning ship alone may fire at it (line 403).
        if (ship.id, found.id) not in state.detected_by:
            state = replace(state, detected_by=state.detected_by + ((ship.id, found.id),))
        event = CloakScanned(ship.id, ship.name, found.id, found.name, col, row)
        answer = (("detected", found.name), ("col", col), ("row", row))
    report = SensorReport(state.turn, ship.id, found.id if found else "", SCAN_QUESTION, "", (),
                          answer, event.text)
    reports = tuple(r for r in state.reports if r.ship != ship.id) + (report,)
    return replace(state, reports=reports), [event]


def detected_answer(state: FasaState, ship: Ship) -> tuple[tuple[tuple[str, int | str], ...],
                                                             str]:
    """Question 10 asked of a locked ship: the cloaked ships the sensing side has detected this
    game turn, with where they are."""
    found = [state.ship(sid) for side, sid in state.detected if side == ship.side]
    if not found:
        return (("detected", "no"),), "no cloaked vessel detected"
    out: list[tuple[str, int | str]] = []
    words = []
    for s in found:
        col, row = hex_to_offset(s.pos)
        out += [("detected", s.name), ("col", col), ("row", row)]
        words.append(f"{s.name} at {col},{row}")
    return tuple(out), "detected: " + ", ".join(words)
