"""The end of a Firing Phase on a crewed bridge, declared once (Book Two, Command & Control: bridge
hits, lines 1347-1391; engineering out, lines 1393-1401; Powering Down Due To Engine Damage, lines
1085-1089, 1159, 1297; `aftermath.py` is the step itself, this its part in the game: `rule.Rule`).

The `aftermath` step's rolls (DEX, repairs, the engineering roll, the bridge hits' dice, the
Chief Engineer's random split), its decisions (the Chief Engineer's `power_down`, Helm's
`cut_weapons`, Science's `cut_shields`) with their prompts, legal actions, fields and the
autopilot's choice, at the command level; and the step's own flow (`_flow`): each crewed ship's
rolls and decisions in turn, then the end of the Firing Phase (`phases/phase_end.py`). The step
begins when the fire is resolved (the hook `firing_aftermath`, `layers/command_hooks.py`).
"""

from __future__ import annotations

from engine.actions import Action
from engine.rulesets.fasa.command import aftermath, power_down_controls, power_down_options
from engine.rulesets.fasa.phases.phase_end import end_of_firing_phase
from engine.rulesets.fasa.rule import (
    COMMAND_LEVEL,
    Disclosure,
    Flow,
    Result,
    RollOwner,
    Rule,
    Told,
)
from engine.rulesets.fasa.values.state import AFTERMATH, FasaState, Ship

NAME = "C&C: the end of a Firing Phase (aftermath.py)"


def _always(state: FasaState) -> bool:
    return True


# The turn's flow: the aftermath step's own work.
def _flow(state: FasaState) -> Flow:
    """Each crewed ship's rolls and decisions at the end of the Firing Phase; once all are done,
    the end of the Firing Phase."""
    state, events, done = aftermath.advance(state)
    if not done:
        return state, events, True
    state, more = end_of_firing_phase(state)
    return state, events + more, False


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    return aftermath.decide(state, ship, action, station)


_POWERING_DOWN = Disclosure(Told.NOTHING, "powering down")

RULE = Rule(
    name=NAME,
    levels=COMMAND_LEVEL,
    step_of=dict.fromkeys(aftermath.ACTIONS, AFTERMATH),
    step_words={AFTERMATH: "the end of a Firing Phase (bridge hits, repairs, powering down)"},
    steps={AFTERMATH: _flow},
    rolls={AFTERMATH: RollOwner(NAME, _always, aftermath.on_roll)},
    prompts={AFTERMATH: aftermath.prompts},
    decisions=dict.fromkeys(aftermath.ACTIONS, _decide),
    options=dict.fromkeys(aftermath.ACTIONS, power_down_options.options),
    controls=power_down_controls.DECISIONS,
    autopilot=dict.fromkeys(aftermath.ACTIONS, power_down_options.choose),
    disclosure=dict.fromkeys(aftermath.ACTIONS, _POWERING_DOWN),
)
