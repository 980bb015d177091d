"""Firing, declared once (Book Two, Advanced: Sequence Of Play, Firing Phase steps 7-9, seed 000
lines 256-260: "Any player who desires to fire an armed weapon declares his target. The player with
the tactical advantage declares his targets last"; "The first player determines weapon hits and
damage using the Weapon Firing Sequence from the basic game"; Expert step 9, line 721;
`combat.py` is the rule itself, this its part in the game: `rule.Rule`).

A Firing Phase is two steps: `declare`, in which each ship that has a shot, in the order of the
tactical advantage (the ship with it last), declares its targets at its Weapons station; then
`resolve`, in which each declared shot is rolled and lands. At every level.

Declared here: the `fire` decision's step, the two steps' words, the `declare` step's flow (a ship
with no legal shot is passed over, and once the queue is empty the fire is resolved), its prompt
and what another side is told of it.

Still in the central tables, for the import layers' sake (docs/engine.md, "Adding a rule"): the
`fire` decision's action, legal actions, controls and autopilot (`flow/decide.py`,
`decisions/legal.py`, `decisions/controls.py`, `autopilots/autopilot.py`), which read the Captain's
fire order and the Helmsman's weaponry roll of Command & Control (`command/orders.py`,
`command/helm_rolls.py`), the panels' fire preset (`decisions/presets.py`) and the autopilot's
sight of the enemy, none of which a module under `firing/` may import; the `resolve` step's flow
(`flow/turn._resolving`), which ends the Firing Phase (`flow/turn._end_of_firing_phase`); and the
combat roll (`flow/rolls.COMBAT`), the owner of every roll no other rule claims.
"""

from __future__ import annotations

from engine.ruleset import Prompt
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Disclosure, Flow, Rule, Told
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import DECLARE, RESOLVE, FasaState, replace


def _declaring(state: FasaState) -> Flow:
    queue = state.queue
    while queue and not combat.has_shot(state, state.ship(queue[0])):
        queue = queue[1:]
    state = replace(state, queue=queue)
    if queue:
        return state, [], True
    return replace(state, step=RESOLVE), [], False


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    """The ship first in the queue declares its targets."""
    ship = state.ship(state.queue[0])
    return (Prompt(ship.id, state.station_for(ship.id, Duty.WEAPONS),
                   f"declare targets for {ship.name}", None, "fire"),)


RULE = Rule(
    name="Firing: declaring targets and resolving fire (Advanced: Sequence Of Play, "
         "lines 256-260)",
    levels=LEVELS_FROM_BASIC,
    step_of={"fire": DECLARE},
    step_words={DECLARE: "a Firing Phase (declaring targets)",
                RESOLVE: "a Firing Phase (resolving fire)"},
    steps={DECLARE: _declaring},
    prompts={DECLARE: _prompts},
    disclosure={"fire": Disclosure(Told.ACTS, "declaring targets")},
)
