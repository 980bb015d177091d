"""Resolving fire and blasts, declared once (Book Two, Advanced: Sequence Of Play, Firing Phase
steps 8-9, seed 000 lines 258-260: "The first player determines weapon hits and damage using
the Weapon Firing Sequence from the basic game"; Ship Explosions, line 409; Mines, line 375;
`firing/combat.py` is the rule itself and `firing/fire_rule.py` the declaring of targets, this
the two steps' own work: `rule.Rule`).

`resolve`: each declared shot is rolled and lands (`combat.next_roll`); after the barrage, what a
higher level adds (the hook `after_barrage`: the advanced game's ship explosions); then the Firing
Phase ends (`phases/phase_end.py`), or first the step a higher level ends it with (the hook
`firing_aftermath`: Command & Control's bridge hits, repairs and powering down). Command &
Control's damage control is decided before the dice (the hook `fire_waits`).

`hazard`: the blasts of mines set off in a Movement Phase (Advanced: Mines) and the explosions
they cause, before the next ship moves; then the step the blast interrupted, unless the game is
over.

Declared here rather than beside `fire_rule.py`: the end of the Firing Phase reads the movement
order and the panels' reset (`moving`, `engineering`), which `firing` may not import
(`phases/__init__.py`).
"""

from __future__ import annotations

from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.ending import check_game_over
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.phases.phase_end import end_of_firing_phase
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Flow, Rule
from engine.rulesets.fasa.values.state import HAZARD, RESOLVE, FasaState, Step, replace


def _resolving(state: FasaState) -> Flow:
    layer = hooks.of(state)
    if layer.fire_waits(state):  # C&C: damage control decided before the dice
        return state, [], True
    if state.shots:  # a shot's to-hit roll, or a blast, which may need no roll
        state, events = combat.next_roll(state)
        return state, events, False
    state, events = layer.after_barrage(state)  # Advanced: Ship Explosions
    if state.roll is not None or state.shots:
        return state, events, False
    begun = layer.firing_aftermath(state)  # C&C: the end of a Firing Phase on a crewed bridge
    if begun is not None:
        return begun[0], events + begun[1], False
    state, more = end_of_firing_phase(state)
    return state, events + more, False


def _blasts(state: FasaState) -> Flow:
    """Mines set off in a Movement Phase, then explosions, before the next ship moves."""
    if state.shots:
        state, events = combat.next_roll(state)
        return state, events, False
    state, events = hooks.of(state).after_barrage(state)
    if state.roll is not None or state.shots:
        return state, events, False
    state, more = check_game_over(replace(state, step=Step(state.after), after=""))
    return state, events + more, False


RULE = Rule(
    name="Advanced: resolving fire and blasts (Sequence Of Play steps 8-9, lines 258-260; Mines)",
    levels=LEVELS_FROM_BASIC,
    step_words={HAZARD: "the blast of a mine or an explosion"},
    steps={RESOLVE: _resolving, HAZARD: _blasts},
)
