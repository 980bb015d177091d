"""The Sensor Phase's end, declared once (Book Two, Advanced: Sequence Of Play step 3, the Sensor
Phase, then step 4, the first Movement Phase, seed 000 lines 242-248; `phases/phase_end.py` is
the hand-over, this its part in the game: `rule.Rule`).

After the Tactical Advantage Phase the turn is in the `sense` step at every level: the basic game
has no Sensor Phase, so its first Movement Phase begins at once; the advanced game's Sensor Phase
(`sensing/sensors.py`, its decisions declared by `sensing/sensors_rule.py`) holds the step while a
ship has its sensors still to use (the hook `sensors_open`, `layers/advanced_hooks.py`).
"""

from __future__ import annotations

from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.phases.phase_end import start_movement
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Flow, Rule
from engine.rulesets.fasa.values.state import SENSE, FasaState


def _flow(state: FasaState) -> Flow:
    if hooks.of(state).sensors_open(state):  # the advanced game's Sensor Phase
        return state, [], True
    state, events = start_movement(state)
    return state, events, False


RULE = Rule(
    name="Advanced: Sequence Of Play steps 3-4 (the Sensor Phase, then the Movement Phase)",
    levels=LEVELS_FROM_BASIC,
    steps={SENSE: _flow},
)
