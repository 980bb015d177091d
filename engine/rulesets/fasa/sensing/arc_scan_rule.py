"""The arc scan for cloaked ships, declared once (Book Two, Expert: Romulan Cloaking Device, seed
lines 779-787; `arc_scan.py` is the rule itself, this its part in the game: `rule.Rule`).

"In the first Movement Phase, the ship captain doing the sensing chooses ONE firing arc (forward,
port, starboard, or aft) to scan. He then rolls one die, looking for a 5 or less ... Unsuccessful
scans may be repeated in subsequent Movement Phases": at the expert levels, while an enemy is
cloaked on the map, a Movement Phase opens with the `scan` step, in which each ship that may scan
names an arc (or none this phase) and rolls its d10; then the phase's moves. At the command level
a crewed ship's scan is its Science Officer's Skill Roll (`sensors_rating.py`, through the
`crewed_scan` hooks). The step begins through the expert game's hook `movement_phase_begins`;
its automatic work is `phases/scan_step_rule.py`'s: it makes the movement order again when the
scans are done, and `moving/` (whose movement rule reads `sensor_ask`) lies above `sensing/` in
the package's stack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.hexgrid import Hex, offset_to_hex
from engine.ruleset import Prompt
from engine.rulesets.fasa.arcs import in_arc
from engine.rulesets.fasa.rule import (
    LEVELS_FROM_EXPERT,
    Disclosure,
    Result,
    RollOwner,
    Rule,
    Told,
)
from engine.rulesets.fasa.sensing import arc_scan
from engine.rulesets.fasa.values.actions import ARC_SCAN_ARCS, ArcScan
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import SCAN, FasaState, Ship
from engine.stations import title

SCAN_ORDER = (0, 1, 0, -1, 0)
"""The arcs the autopilot scans in Movement Phases 1-5: the likeliest (0), then the one clockwise
of it (1), the likeliest again, the one anticlockwise (-1), the likeliest."""
ARC_RING = ("forward", "starboard", "aft", "port")


def _always(state: FasaState) -> bool:
    return True


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    return tuple(Prompt(s.id, state.station_for(s.id, Duty.SENSORS),
                        f"scan for cloaked ships: name one arc of {s.name} (forward, port, "
                        f"starboard, aft; 1-5 finds one there that moved last turn), or none",
                        None, "arc_scan")
                 for s in arc_scan.waiting(state))


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, ArcScan)
    return arc_scan.scan(state, ship, action.arc, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [ArcScan(station, ship.id, a) for a in ARC_SCAN_ARCS]


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """The arc to scan for cloaked ships in this Movement Phase, or none (lines 781-787):
    forward by default."""
    choices = tuple(Choice(a, a or "no scan this phase") for a in ARC_SCAN_ARCS)

    def build(v: Mapping[str, Value]) -> Action:
        return ArcScan(station, ship.id, cast(str, v["arc"]))

    field = Field("arc", "Arc to scan (1-5 on a d10 finds a cloaked ship there that moved last "
                         "turn)", FieldKind.CHOICE, "forward", choices=choices)
    return Decision(prompt, "arc_scan", station,
                    f"{title(station)}: {ship.name}'s scan for cloaked ships", (field,), (),
                    build)


def suspect_point(state: FasaState, ship: Ship) -> Hex:
    """Where a cloaked enemy most likely lies: the middle of its side's counters (it lies behind
    its minefield), else the middle of the map."""
    theirs = [c.pos for c in state.counters if c.side != ship.side]
    if theirs:
        q = round(sum(h.q for h in theirs) / len(theirs))
        r = round(sum(h.r for h in theirs) / len(theirs))
        return Hex(q, r)
    return offset_to_hex(state.bounds.cols // 2, state.bounds.rows // 2)


def scan_arc(state: FasaState, ship: Ship) -> str:
    """The arc the autopilot scans in this Movement Phase (`SCAN_ORDER` around the likeliest arc,
    the one that holds `suspect_point`)."""
    point = suspect_point(state, ship)
    likeliest = "forward"
    if point != ship.pos:
        likeliest = next((name for name, sx in arc_scan.ARCS.items()
                          if in_arc(ship.pos, ship.heading, sx, point)), "forward")
    k = ARC_RING.index(likeliest) + SCAN_ORDER[(state.phase - 1) % len(SCAN_ORDER)]
    return ARC_RING[k % len(ARC_RING)]


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    return ArcScan(station, ship.id, scan_arc(state, ship))


RULE = Rule(
    name="Expert: the arc scan for cloaked ships",
    levels=LEVELS_FROM_EXPERT,
    step_of={"arc_scan": SCAN},
    step_words={SCAN: "the scans of a Movement Phase"},
    rolls={SCAN: RollOwner("Expert: the arc scans for cloaked ships", _always, arc_scan.on_roll)},
    prompts={SCAN: _prompts},
    decisions={"arc_scan": _decide},
    options={"arc_scan": _options},
    controls={"arc_scan": _controls},
    autopilot={"arc_scan": _autopilot},
    disclosure={"arc_scan": Disclosure(Told.ACTS, "using the sensors")},
)
