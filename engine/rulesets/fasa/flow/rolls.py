"""Which rule owns a roll, as data: the owners of rolls that may come at any step (the C&C
officers'), then the owner of each step's own rolls (a lookup by the step), then those of the
Firing Phase's rolls (a sensor roll, an explosion roll, a sensors-out roll), and the combat
roll (to-hit, location, damage) when none of them claims it.

A rule that brings a roll adds its `RollOwner` here: what claims the roll, and what its result
does (Book Two, Advanced: Sequence Of Play; Expert; Command & Control)."""

from __future__ import annotations

from engine.rulesets.fasa import rules
from engine.rulesets.fasa.command import helm_rolls, science
from engine.rulesets.fasa.firing import combat, explosions
from engine.rulesets.fasa.ending import moved
from engine.rulesets.fasa.rule import Result, RollOwner
from engine.rulesets.fasa.sensing import sensors, sensors_rating
from engine.rulesets.fasa.skills import officer_roll
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.state import (
    FasaState,
    Step,
)


def _always(state: FasaState) -> bool:
    return True


def _officer_rolled(state: FasaState, value: int) -> Result:
    officer = officer_roll.awaited(state)
    assert officer is not None  # claimed by `_officer_waits`
    state, events = officer_roll.on_roll(state, officer, value)
    if officer.awaiting == helm_rolls.HELM:  # the course waited for it
        return moved(state, officer.id, events)
    return state, events


AT_ANY_STEP: tuple[RollOwner, ...] = (
    RollOwner("C&C: the Science Officer's roll (science.py)",
              lambda s: bool(s.science_wait), science.on_roll),
    RollOwner("C&C: an officer's Skill Roll (officer_roll.py)",
              lambda s: officer_roll.awaited(s) is not None, _officer_rolled),
)
"""Rolls that may interrupt any step, first."""

_BASE: dict[Step, RollOwner] = {
}
BY_STEP: dict[Step, RollOwner] = rules.every_rule(_BASE, lambda r: r.rolls)
"""The rolls of each step of the turn, by the step (one that does not claim the roll leaves it
to the next owners): those not yet declared by their rules here, and those a rule declares with
its module (`rule.Rule.rolls`)."""
BY_LEVEL: dict[str, dict[Step, RollOwner]] = rules.per_level(_BASE, lambda r: r.rolls)
"""`BY_STEP` of each level: the rolls of the rules that level switches on."""

IN_FIRING: tuple[RollOwner, ...] = (
    RollOwner("Advanced: Sensors (a lock, a question, a scan)", lambda s: bool(s.asking),
              sensors.on_roll),
    RollOwner("Advanced: Ship Explosions", lambda s: bool(s.exploding), explosions.on_roll),
    RollOwner("C&C: sensors out by phases (line 1247)", sensors_rating.owns_damage_roll,
              sensors_rating.on_damage_roll),
)
"""Rolls that come between the shots of a Firing Phase or the moves of a Movement Phase."""

COMBAT = RollOwner("the basic game: to-hit, hit location, damage", _always, combat.on_roll)


def owner(state: FasaState) -> RollOwner:
    """The rule whose roll is wanted now: a variant's roll of the step before FASA's
    (values/variant_tables.py)."""
    own = variant_tables.of(state).rolls.get(state.step)
    step = RollOwner(variant_tables.of(state).title, *own) if own \
        else BY_LEVEL[state.level].get(state.step)
    owners = (*AT_ANY_STEP, *((step,) if step is not None else ()), *IN_FIRING)
    return next((o for o in owners if o.claims(state)), COMBAT)
