"""Evading missile fire (Book Two, Advanced: Evading Missile Fire).

"A player may attempt to take evasive action to dodge an incoming missile; it is not possible to
dodge fire from beam weapons" (plasma fires "as with a normal beam weapon": Romulan Plasma Bolts,
so only `missile` weapons). The target announces it "immediately after the firing player announces
his target and before the die is rolled to see if a hit is scored", to port or starboard; its
counter is rotated one hexside at once; a d10 of 1-3 succeeds: the missile strikes the shield NOW
toward the firer at half damage; otherwise the shield it would have struck, at full damage.
Either way the evader takes one superstructure point and "cannot fire any weapons during the
evading Firing Phase, and any firing that its captain had declared is replaced by the evasive
maneuver". It costs no movement points. The choice is the ship's mover's (the authority table's
Duty.MOVEMENT: Helm, or the Captain in the split crews); docs/rules-decisions.md.
"""

from __future__ import annotations

from engine.errors import IllegalAction
from engine.events import Event
from engine.hexgrid import turn
from engine.rulesets.fasa.firing.combat import damage_superstructure, request
from engine.rulesets.fasa.levels import advanced_rules
from engine.rulesets.fasa.values.actions import EVADE_CHOICES
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Evaded
from engine.rulesets.fasa.values.state import ACTIVE, DECLARE, EVADE, FasaState, Ship, Shot, replace

EVADE_SUCCESS = 3
"""A d10 roll of 1, 2 or 3 evades (Advanced: Evading Missile Fire)."""
TURN = {"port": -1, "starboard": 1}


def may_evade(ship: Ship) -> bool:
    """A ship that can still move: in play with superstructure left (no movement points needed:
    "it may be attempted even if a vessel has no movement left")."""
    return ship.status == ACTIVE and ship.superstructure > 0


def offer(state: FasaState, shots: tuple[Shot, ...]) -> FasaState:
    """After a declaration: each missile shot at a ship that may evade waits for its target's
    choice, in the order declared."""
    if not advanced_rules(state.level):
        return state
    keys = tuple((s.firer, s.weapon) for s in shots
                 if state.ship(s.firer).cls.weapon(s.weapon).kind == "missile"
                 and may_evade(state.ship(s.target)))
    if not keys:
        return state
    return replace(state, step=EVADE, evasions=state.evasions + keys)


def current(state: FasaState) -> Shot:
    """The shot whose target decides now."""
    firer, weapon = state.evasions[0]
    return next(s for s in state.shots if s.firer == firer and s.weapon == weapon)


def settle(state: FasaState) -> FasaState:
    """Drop the offers a target can no longer take (its superstructure went in an earlier
    evasion); with none left, declaring goes on."""
    evasions = state.evasions
    while evasions:
        firer, weapon = evasions[0]
        shot = next((s for s in state.shots if s.firer == firer and s.weapon == weapon), None)
        if shot is not None and may_evade(state.ship(shot.target)):
            break
        evasions = evasions[1:]
    state = replace(state, evasions=evasions)
    return state if evasions else replace(state, step=DECLARE)


def evade(state: FasaState, ship: Ship, direction: str,
          who: str = "Helm") -> tuple[FasaState, list[Event]]:
    """The target's choice: rotate and roll, or let the missile come."""
    shot = current(state)
    if ship.id != shot.target:
        raise IllegalAction(f"{who}: the missile to evade is aimed at "
                            f"{state.ship(shot.target).name}, not {ship.name}")
    if direction not in EVADE_CHOICES:
        raise IllegalAction(f"{who}: evade to port or starboard, or none, not {direction!r}")
    firer = state.ship(shot.firer)
    spec = firer.cls.weapon(shot.weapon)
    if direction == "none":
        return replace(state, evasions=state.evasions[1:]), [
            Evaded(ship.id, ship.name, direction, spec.name, firer.name)]
    # The evader's own declared fire is replaced by the evasion: its weapons keep their power
    # for a later Firing Phase ("Just the phase is lost for firing purposes").
    own = [s for s in state.shots if s.firer == ship.id]
    weapons = list(ship.weapons)
    for s in own:
        i = ship.weapon_index(s.weapon)
        weapons[i] = replace(weapons[i], fired=False)
    shots = tuple(replace(s, heading=ship.heading) if s == shot else s
                  for s in state.shots if s.firer != ship.id)
    evasions = tuple(k for k in state.evasions[1:] if k[0] != ship.id)
    moved = replace(ship, heading=turn(ship.heading, TURN[direction]), weapons=tuple(weapons),
                    evading=True)
    state = replace(state.with_ship(moved), shots=shots, evasions=((shot.firer, shot.weapon),
                                                                   *evasions),
                    queue=tuple(q for q in state.queue if q != ship.id))
    events: list[Event] = [Evaded(ship.id, ship.name, direction, spec.name, firer.name)]
    state, more = damage_superstructure(state, state.ship(ship.id), 1, "evasive maneuver")
    events += more
    state, ev = request(state, ship.id, Duty.MOVEMENT,
                        f"evading the {spec.name} of {firer.name}: 1-{EVADE_SUCCESS} succeeds",
                        (1, EVADE_SUCCESS), public=True)
    return state, [*events, ev]


def on_roll(state: FasaState, value: int) -> tuple[FasaState, list[Event]]:
    """The evasion roll: 1-3 succeeds."""
    shot = current(state)
    result = "success" if value <= EVADE_SUCCESS else "failed"
    shots = tuple(replace(s, evade=result) if s == shot else s for s in state.shots)
    target, firer = state.ship(shot.target), state.ship(shot.firer)
    state = replace(state, shots=shots, evasions=state.evasions[1:], roll=None)
    side = "port" if target.heading == turn(shot.heading, -1) else "starboard"
    return state, [Evaded(target.id, target.name, side, firer.cls.weapon(shot.weapon).name,
                          firer.name, result)]


def struck_heading(shot: Shot, target: Ship) -> int:
    """The target's heading that decides which shield a shot strikes: the heading before it
    turned, when its evasion failed ("the torpedo hits the shield it originally would have struck
    before the target turned"); else its heading now (Advanced: Evading Missile Fire)."""
    return shot.heading if shot.evade == "failed" else target.heading
