"""Creating the ratings, declared once (Book Two, Expert: Creating The Ratings, seed 000 lines 683-685:
three dice and 45 for each Captain's Skill and Crew Efficiency Rating; with Campaign
Advancement's initial points, an optional rule, lines 496-529; `ratings.py` and
`campaigns/campaign_play.py` are the rules themselves, this their part in the game: `rule.Rule`).

Before the first Power Allocation Phase the `ratings` step asks each ship's roll: first its
Campaign Advancement points (with the option), then the expert ratings a scenario left unset. The
step is in every level's turn, as Campaign Advancement's points are rolled at any level; the turn
enters it from the Power Allocation Phase (`engineering/power_rule.py`). Which roll is asked and what its
result does are the layers' answers (the hooks `opening_roll`, `opening_result`: the expert level's
`layers/expert_hooks.py`, Campaign Advancement's `layers/option_hooks.py`), so this declaration
imports neither rule.
"""

from __future__ import annotations

from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.rule import LEVELS_FROM_BASIC, Flow, Result, RollOwner, Rule
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import POWER, RATINGS, FasaState, replace

NAME = "Expert: Creating The Ratings; Campaign Advancement's points"


def _flow(state: FasaState) -> Flow:
    """Campaign Advancement's initial points (an optional rule), then Expert: Creating The
    Ratings, before the first Power Allocation Phase: the rolls the game's layer asks
    (`hooks.Hooks.opening_roll`)."""
    layer = hooks.of(state)
    asked = layer.opening_roll(state)
    if asked is not None:
        return asked[0], asked[1], True
    state = replace(state, step=POWER)
    return state, [*layer.opening_notes(state),
                   Note(f"Turn {state.turn}: Power Allocation Phase")], False


def _always(state: FasaState) -> bool:
    return True


def _rolled(state: FasaState, value: int) -> Result:
    """The roll `opening_roll` asked: Campaign Advancement's initial points (an optional rule,
    `campaigns/campaign_play.py`), else the expert ratings (`skills/ratings.py`)."""
    done = hooks.of(state).opening_result(state, value)
    if done is None:
        raise LookupError(f"no roll is asked before the first turn at the {state.level} level")
    return done


RULE = Rule(
    name=NAME,
    levels=LEVELS_FROM_BASIC,
    step_words={RATINGS: "the rolling of the ratings"},
    steps={RATINGS: _flow},
    rolls={RATINGS: RollOwner(NAME, _always, _rolled)},
)
