"""Evading Missile Fire, declared once (Book Two, Advanced: Evading Missile Fire; `evasion.py` is
the rule itself, this its part in the game: `rule.Rule`).

"A ship that has been fired upon by a missile weapon may attempt to evade it": when a missile is
declared at a ship, its Helm is asked to turn port, starboard or not at all (the `evade` step of a
Firing Phase, its decision and its d10), at the advanced level and above. Its roll is
explained in `evasion_words.py`. What it adds to a seat's view, the counter "immediately rotated"
(the ship's public `evading`), is a field of every ship the state carries at every level, so
it declares no `view` of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import cast

from engine.actions import Action
from engine.controls import Choice, Decision, Field, FieldKind, Value
from engine.hexgrid import turn
from engine.ruleset import Prompt
from engine.rulesets.fasa.arcs import shields_facing
from engine.rulesets.fasa.firing import evasion
from engine.rulesets.fasa.firing.evasion_words import evasion_label, evasion_roll_lines, is_evasion_roll
from engine.rulesets.fasa.rule import (
    LEVELS_FROM_ADVANCED,
    Disclosure,
    Explains,
    Flow,
    Result,
    RollOwner,
    Rule,
    Told,
)
from engine.rulesets.fasa.values.actions import EVADE_CHOICES, Evade
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.state import EVADE, FasaState, Ship
from engine.stations import title

SEVERE = 3
"""Penetrating points of a missile hit that the autopilot tries to evade."""


def _flow(state: FasaState) -> Flow:
    """The step ends when no evasion is open."""
    state = evasion.settle(state)
    return state, [], state.step == EVADE


def _always(state: FasaState) -> bool:
    return True


def _prompts(state: FasaState) -> tuple[Prompt, ...]:
    shot = evasion.current(state)
    firer = state.ship(shot.firer)
    return (Prompt(shot.target, state.station_for(shot.target, Duty.MOVEMENT),
                   f"evade the {firer.cls.weapon(shot.weapon).name} of {firer.name}? "
                   "(port, starboard or none)", None, "evade"),)


def _decide(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, Evade)
    return evasion.evade(state, ship, action.direction, station)


def _options(state: FasaState, ship: Ship, station: str, kind: str) -> list[Action]:
    return [Evade(station, ship.id, d) for d in EVADE_CHOICES]


def _controls(state: FasaState, ship: Ship, prompt: Prompt, station: str) -> Decision:
    """None, port or starboard; the field says which shield faces the firer each way (an
    evasion costs 1 superstructure point and this phase's fire; a 1-3 halves the hit)."""
    shot = evasion.current(state)
    firer = state.ship(shot.firer)
    spec = firer.cls.weapon(shot.weapon)

    def facing(turned: int) -> str:
        shields = shields_facing(ship.pos, (ship.heading + turned) % 6, firer.pos)
        return "/".join(f"{n} ({ship.shields[n - 1]})" for n in shields)

    choices = (Choice("none", "no evasion"), Choice("port", "port"),
               Choice("starboard", "starboard"))

    def build(v: Mapping[str, Value]) -> Action:
        return Evade(station, ship.id, cast(str, v["direction"]))

    label = (f"Shield facing it: now {facing(0)}, port {facing(-1)}, starboard {facing(1)}; "
             "evading costs 1 superstructure point and this phase's fire, 1-3 halves the hit")
    field = Field("direction", label, FieldKind.CHOICE, "none", choices=choices)
    return Decision(prompt, "evade", station, f"{title(station)}: evade {firer.name}'s "
                    f"{spec.name}?", (field,), (), build)


def _autopilot(state: FasaState, ship: Ship, station: str, kind: str) -> Action:
    """Evade a missile only when its hit would be severe (`SEVERE` points or more through the
    shield it strikes) and the evasion's superstructure point leaves the ship well clear of
    disablement; turn the side whose shield then facing the firer is stronger. A 30% chance of
    halving the hit rarely pays a superstructure point otherwise."""
    shot = evasion.current(state)
    firer = state.ship(shot.firer)
    spec = firer.cls.weapon(shot.weapon)

    def through(heading: int, damage: int) -> int:
        shields = shields_facing(ship.pos, heading, firer.pos)
        return max(0, damage - min(ship.shields[n - 1] for n in shields))

    if through(ship.heading, spec.damage) < SEVERE or ship.superstructure <= 2:
        return Evade(station, ship.id, "none")
    half = -(-spec.damage // 2)
    port, starboard = through(turn(ship.heading, -1), half), through(turn(ship.heading, 1), half)
    return Evade(station, ship.id, "port" if port <= starboard else "starboard")


RULE = Rule(
    name="Advanced: Evading Missile Fire",
    levels=LEVELS_FROM_ADVANCED,
    step_of={"evade": EVADE},
    step_words={EVADE: "a Firing Phase (evading a missile)"},
    steps={EVADE: _flow},
    rolls={EVADE: RollOwner("Advanced: Evading Missile Fire", _always, evasion.on_roll)},
    prompts={EVADE: _prompts},
    decisions={"evade": _decide},
    options={"evade": _options},
    controls={"evade": _controls},
    autopilot={"evade": _autopilot},
    disclosure={"evade": Disclosure(Told.ACTS, "deciding whether to evade")},
    explain=Explains(is_evasion_roll, evasion_roll_lines, evasion_label),
)
