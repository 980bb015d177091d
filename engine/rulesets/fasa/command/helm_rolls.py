"""The Helmsman's Skill Rolls (Book Two, Command & Control: Helmsman, The Skill Rolls, seed lines
1109-1123; Weapon Firing Sequence step 3, line 1461; Emergency Heading Change Sequence, lines
1503-1507).

To-hit bonus (SHIP'S WEAPONRY TECHNOLOGY): "Twice per game turn, the Helmsman may attempt to get
a to-hit bonus. If the Helmsman's roll ... is less than or equal to his rating ..., in that
Firing Phase, his die rolls will act as though they were 1 point less" (line 1115). Line 1111
puts the roll in the Skill Roll Phase, the Weapon Firing Sequence in the Firing Phase, after the
target is chosen and the range counted ("Helmsman may choose to make a Skill Roll ... Two such
rolls may be made per game turn", line 1461). Our reading (docs/rules-decisions.md): the roll is
made in the Firing Phase whose to-hit rolls it helps, by the officer who fires (the weapons
duty), when he declares his targets (`DeclareFire.weaponry`), at most two a turn; on success
every to-hit roll of the ship in that Firing Phase reads 1 less (a weapon's need is one more:
`Ship.aimed` holds the weapons for that phase).

Stress (STARSHIP HELM OPERATION): "Once per game turn, he may make a Skill Roll ... If his roll is
less than or equal to his Skill Rating, the automatic damage to the warp engines is decreased by
1 point total, and additional damage is applied as though the ship were moving one warp factor
slower" (line 1121), the roll announced with the emergency heading change (line 1503). The roll
costs nothing and the warp speed is the same all turn, so it is asked at the ship's first
emergency heading change of the turn, of the officer who moves the ship (the movement duty),
before the course is flown; that change's stress is eased (`stress.expert_stress`). The
Enterprise at warp 8: 1 + 2 on each warp engine and 3 superstructure points, or with the roll 3
power units in all and 1 superstructure point (line 1123).
"""

from __future__ import annotations

from engine.controls import Choice, Field, FieldKind
from engine.errors import IllegalAction
from engine.events import Event
from engine.rulesets.fasa.command import orders
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.skills import officer_roll
from engine.rulesets.fasa.values.actions import DeclareFire
from engine.rulesets.fasa.values.cc_events import OfficerRolled
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.officers import command_level, crewed, rating
from engine.rulesets.fasa.values.state import FasaState, Ship, replace

WEAPONRY_ROLLS = 2
"""Weaponry rolls a game turn (lines 1115, 1461)."""
WEAPONRY, HELM = "weaponry", "helm"


def applies(state: FasaState, ship: Ship) -> bool:
    return command_level(state.level) and crewed(ship)


def weaponry_problem(state: FasaState, ship: Ship, shots: int) -> str:
    """Why the weaponry roll may not be made with a declaration of `shots` shots, or ""."""
    if not applies(state, ship):
        return f"{ship.name} has no player crew: no weaponry roll"
    if ship.weaponry_rolls >= WEAPONRY_ROLLS:
        return (f"{ship.name}'s Helmsman has made his {WEAPONRY_ROLLS} weaponry rolls this turn "
                "(line 1461)")
    if not shots:
        return "the weaponry roll is for this Firing Phase's shots: declare a target"
    return ""


def declare(state: FasaState, ship: Ship, action: DeclareFire,
            station: str) -> tuple[FasaState, list[Event]]:
    """The Helmsman's targets (on his Captain's order) and, if he asks, his weaponry roll: the
    roll is for this phase's shots, so asked with no target it is not made (and not spent)."""
    if action.shots and (why := orders.fire_problem(state, ship)):
        raise IllegalAction(f"{station}: {why}")
    asked = action.weaponry and bool(action.shots)
    if asked and (why := weaponry_problem(state, ship, len(action.shots))):
        raise IllegalAction(f"{station}: {why}")
    state, events = combat.declare(state, ship, action.shots, station)
    if not asked:
        return state, events
    ship = replace(state.ship(ship.id), weaponry_rolls=ship.weaponry_rolls + 1)
    state, more = officer_roll.ask(state.with_ship(ship), ship, "weaponry", WEAPONRY,
                                   "makes this Firing Phase's to-hit rolls 1 less")
    return state, events + more


@officer_roll.handles(WEAPONRY)
def on_weaponry(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    ok = officer_roll.succeeded(state, ship, "weaponry", value)
    if ok:
        ship = replace(ship, aimed=tuple(spec.id for spec in ship.cls.weapons))
    result = ("this Firing Phase's to-hit rolls read 1 less" if ok
              else "the to-hit rolls as they fall")
    event = OfficerRolled(ship.id, ship.name, state.station_for(ship.id, Duty.WEAPONS),
                          "weaponry", value, officer_roll.modifier(state, ship),
                          rating(state, ship, "weaponry"), ok, result)
    return state.with_ship(ship), [event]


def end_of_phase(state: FasaState) -> FasaState:
    """The weaponry bonus is for its Firing Phase alone."""
    return replace(state, ships=tuple(replace(s, aimed=()) if s.aimed and applies(state, s)
                                      else s for s in state.ships))


def wants_helm_roll(state: FasaState, ship: Ship, steps: str) -> bool:
    """Whether this course asks the turn's helm operation roll first: a crewed ship's first
    emergency heading change of the turn."""
    return (applies(state, ship) and not ship.helm_rolled
            and bool(movement.EMERGENCY_STEPS & set(steps)))


def move(state: FasaState, ship: Ship, steps: str,
         station: str) -> tuple[FasaState, list[Event]]:
    """Fly the course, or, at the turn's first emergency heading change of a crewed ship, ask
    the helm operation roll first (the course waits in `Ship.helm_steps`)."""
    if not wants_helm_roll(state, ship, steps):
        return movement.move(state, ship, steps, station)
    movement.move(state, ship, steps, station)  # refuses a course the rules do not allow
    ship = replace(ship, helm_rolled=True, helm_steps=steps)
    return officer_roll.ask(state.with_ship(ship), ship, "helm", HELM,
                            "eases the emergency heading change's stress (1 point less, read "
                            "one warp factor slower)")


@officer_roll.handles(HELM)
def on_helm(state: FasaState, ship: Ship, value: int) -> tuple[FasaState, list[Event]]:
    ok = officer_roll.succeeded(state, ship, "helm", value)
    station = state.station_for(ship.id, Duty.MOVEMENT)
    result = ("the emergency heading change's stress is eased" if ok
              else "the stress is figured normally")
    event = OfficerRolled(ship.id, ship.name, station, "helm", value,
                          officer_roll.modifier(state, ship),
                          rating(state, ship, "helm"), ok, result)
    steps = ship.helm_steps
    ship = replace(ship, helm_steps="", helm_success=ok)
    state, events = movement.move(state.with_ship(ship), ship, steps, station)
    state = state.with_ship(replace(state.ship(ship.id), helm_success=False))
    return state, [event, *events]


def end_of_turn(ship: Ship) -> Ship:
    if not (ship.weaponry_rolls or ship.helm_rolled):
        return ship
    return replace(ship, weaponry_rolls=0, helm_rolled=False)


def autopilot_weaponry(state: FasaState, ship: Ship, shots: int) -> bool:
    """The autopilot asks its weaponry roll whenever it fires and has one left (early phases
    first: a simple player)."""
    return not weaponry_problem(state, ship, shots)


def weaponry_field(state: FasaState, ship: Ship) -> Field:
    """The fire decision's choice of the weaponry roll, greyed when none is left."""
    left = WEAPONRY_ROLLS - ship.weaponry_rolls
    spent = None if left > 0 else weaponry_problem(state, ship, 1)
    return Field("weaponry", f"Weaponry roll for this phase's to-hit rolls "
                             f"({rating(state, ship, 'weaponry')}; {left} of {WEAPONRY_ROLLS} left "
                             "this turn)", FieldKind.CHOICE, False,
                 choices=(Choice(False, "no roll"),
                          Choice(True, "roll", spent, note="for the shots declared")))
