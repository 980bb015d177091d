"""Damage control points spent per shot (Book Two, Command & Control: Damage Control, seed lines
1187-1195; Damage Sequence step 3, line 1494).

"For the game turn only, damage from incoming fire that would be suffered by the ship may be
reduced by 1-5 points ... subtracted from the damage taken by shots that penetrate the shields in
that game turn. The Science Officer/Navigator may apply his damage reduction in any way he
chooses. He may split the damage reduction between several phases or use it all in one phase. He
must decide on the amount of damage reduction he will apply in a Firing Phase AFTER the targets
have been declared but BEFORE the die has been rolled. The damage reduction may be applied to a
single shot or spread out over several shots. If the damage from an incoming shot is reduced to
0, then no damage is taken ... It does not reduce casualties taken, even if the engine or
superstructure damage is reduced to 0 points."

In each Firing Phase, once every target is declared and before the first to-hit roll, a crewed
ship with points left and a shot coming in answers a `damage_control` decision of its damage
control station: points on each incoming shot (none for a shot not named). A shot's points come
off what gets through its shield; points put on a shot that misses or does not get through are
spent all the same (they were committed before the die: docs/rules-decisions.md). The location is
still rolled for a shot brought to 0, for its casualties alone (`expert_damage.locate`).
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.values.actions import Cut, DamageControl
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.crew_events import ScienceApplied
from engine.rulesets.fasa.values.officers import crewed
from engine.rulesets.fasa.values.state import BLAST, MINE, RESOLVE, FasaState, Ship, Shot, replace
from engine.words import plural


def incoming(state: FasaState, ship: Ship) -> tuple[Shot, ...]:
    """The declared weapon shots at the ship still to resolve in this Firing Phase."""
    return tuple(s for s in state.shots if s.target == ship.id and s.weapon not in (BLAST, MINE))


def waiting(state: FasaState) -> tuple[Ship, ...]:
    """Ships whose damage control for this Firing Phase is still to decide: before any die."""
    if state.step != RESOLVE or state.hit is not None:
        return ()
    return tuple(s for s in state.ships if crewed(s) and s.dc_points > 0
                 and s.dc_phase != state.phase and incoming(state, s))


def prompts(state: FasaState) -> tuple[Prompt, ...]:
    return tuple(Prompt(s.id, state.station_for(s.id, Duty.DAMAGE_CONTROL),
                        f"damage control of {s.name}: put up to "
                        f"{plural(s.dc_points, 'point')} on the "
                        f"{plural(len(incoming(state, s)), 'shot')} coming in, before the dice",
                        None,
                        "damage_control")
                 for s in waiting(state))


def shot_name(state: FasaState, shot: Shot) -> str:
    firer = state.ship(shot.firer)
    return f"{firer.name}'s {firer.cls.weapon(shot.weapon).name}"


def cuts_problem(state: FasaState, ship: Ship, action: DamageControl) -> str:
    if ship not in waiting(state):
        return f"{ship.name} has no damage control to decide now"
    shots = {(s.firer, s.weapon): s for s in incoming(state, ship)}
    seen = set()
    for cut in action.cuts:
        key = (cut.firer, cut.weapon)
        if key not in shots:
            return f"no shot of {cut.firer!r} with {cut.weapon!r} comes in at {ship.name}"
        if key in seen:
            return f"{shot_name(state, shots[key])} is named twice"
        seen.add(key)
        if cut.points < 0:
            return "damage control points cannot be negative"
    spent = sum(c.points for c in action.cuts)
    if spent > ship.dc_points:
        return f"{ship.name} has {ship.dc_points} damage control point(s) left, not {spent}"
    return ""


def assign(state: FasaState, ship: Ship, action: DamageControl,
           station: str) -> tuple[FasaState, list[Event]]:
    why = cuts_problem(state, ship, action)
    if why:
        raise IllegalAction(f"{station}: {why}")
    points = {(c.firer, c.weapon): c.points for c in action.cuts if c.points}
    shots = tuple(replace(s, cut=points[(s.firer, s.weapon)])
                  if s.target == ship.id and (s.firer, s.weapon) in points else s
                  for s in state.shots)
    spent = sum(points.values())
    ship = replace(ship, dc_points=ship.dc_points - spent, dc_phase=state.phase)
    state = replace(state.with_ship(ship), shots=shots)
    said = ", ".join(f"{p} on {shot_name(state, s)}" for s in incoming(state, ship)
                     if (p := points.get((s.firer, s.weapon), 0)))
    return state, [ScienceApplied(ship.id, ship.name, f"damage control this phase: "
                                                      f"{said or 'none'} ({ship.dc_points} left)")]


def take(state: FasaState, target: Ship, penetrating: int) -> tuple[FasaState, int]:
    """The points of the shot now landing that come off `penetrating` (its damage control),
    taken off the shot so that a second shield of the same shot has the rest."""
    if not state.shots or penetrating <= 0:
        return state, 0
    shot = state.shots[0]
    if shot.target != target.id or shot.cut <= 0:
        return state, 0
    used = min(shot.cut, penetrating)
    return replace(state, shots=(replace(shot, cut=shot.cut - used), *state.shots[1:])), used


def autopilot_cuts(state: FasaState, ship: Ship, station: str) -> DamageControl:
    """Spend half the points left (all in the last phase) on the shots coming in, a point at a
    time round the shots, the strongest weapon's first (its most power or damage)."""
    shots = incoming(state, ship)
    budget = ship.dc_points if state.phase >= state.phases else -(-ship.dc_points // 2)

    def strength(shot: Shot) -> int:
        spec = state.ship(shot.firer).cls.weapon(shot.weapon)
        return max(spec.max_power, spec.damage)

    order = sorted(shots, key=lambda s: (-strength(s), s.firer, s.weapon))
    given = {(s.firer, s.weapon): 0 for s in order}
    for n in range(budget):
        s = order[n % len(order)]
        given[(s.firer, s.weapon)] += 1
    return DamageControl(station, ship.id,
                         tuple(Cut(f, w, p) for (f, w), p in given.items() if p))
