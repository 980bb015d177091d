"""The arc scan step's end, declared once (Book Two, Expert: detecting cloaked ships, lines
781-787; C&C line 1257; `sensing/arc_scan.py` is the rule itself and `sensing/arc_scan_rule.py`
its decision, this the step's own work: `rule.Rule`).

A Movement Phase at the expert levels begins with the `scan` step when a ship may scan
(`arc_scan.start_phase`, the hook `movement_phase_begins` of `layers/expert_hooks.py`). The step
waits until no ship may scan; then the phase's moves, in an order made again, so that a ship
whose scan found a cloaked ship (a lock and its questions) has its place to ask
(`sensing/sensor_ask.py`). Declared here rather than beside `arc_scan_rule.py`: the order is
`moving`'s, which `sensing` may not import (`phases/__init__.py`).
"""

from __future__ import annotations

from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.rule import LEVELS_FROM_EXPERT, Flow, Rule
from engine.rulesets.fasa.sensing import arc_scan
from engine.rulesets.fasa.values.state import SCAN, FasaState, replace


def _flow(state: FasaState) -> Flow:
    state = arc_scan.settle(state)
    if state.step == SCAN:
        return state, [], True
    return replace(state, queue=movement.movement_order(state)), [], False


RULE = Rule(
    name="Expert: the arc scan step of a Movement Phase (lines 781-787)",
    levels=LEVELS_FROM_EXPERT,
    steps={SCAN: _flow},
)
