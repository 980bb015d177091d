"""*Battlestations!* 01A-5, the Firing Phase (seed 001, lines 102-110): Fire / No Fire counters
laid face down and revealed from the loser of the tactical advantage up; the Captains who
played Fire counters declare, from last to first; evasion against missiles as FASA has it; then
the fire resolved with the winner of the advantage firing first, beam weapons before torpedoes
and plasma, damage as it occurs, and a weapon damaged before it fires does not fire."""

from __future__ import annotations

from engine.actions import Action
from engine.errors import IllegalAction
from engine.events import Event
from engine.ruleset import Prompt
from engine.rulesets.fasa.command import aftermath, science
from engine.rulesets.fasa.firing import combat, explosions
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import (
    ACTIVE,
    BLAST,
    DECLARE,
    MINE,
    REPOWER,
    RESOLVE,
    FasaState,
    Ship,
    Shot,
    replace,
)
from engine.rulesets.fasa.variants.battlestations.round_actions import FireCounter
from engine.rulesets.fasa.variants.battlestations.rounds import by_advantage

Result = tuple[FasaState, list[Event]]
Flow = tuple[FasaState, list[Event], bool]


def lays(ship: Ship) -> bool:
    """Every Captain whose ship is in play lays a counter (line 104), whether or not a weapon of
    his is armed: a counter that only ships with a shot laid would tell what they hold."""
    return ship.status == ACTIVE and ship.superstructure > 0


def waiting(state: FasaState) -> tuple[Ship, ...]:
    laid = dict(state.fire_counters)
    return tuple(s for s in by_advantage(state) if lays(s) and s.id not in laid)


def flow(state: FasaState) -> Flow:
    """The counters are laid at once, face down; when every one is down they are revealed, the
    loser's first (line 104), the No Fire counters removed (line 105), and the Fire counters'
    Captains declare their targets from last to first (line 106)."""
    if waiting(state):
        return state, [], True
    laid = dict(state.fire_counters)
    shown = [f"{state.ship(s.id).name}: {'Fire' if laid[s.id] else 'No Fire'}"
             for s in by_advantage(state) if s.id in laid]
    firing = tuple(s.id for s in by_advantage(state) if laid.get(s.id))
    note = Note(f"Combat round {state.phase}: Firing Phase; counters revealed, "
                + ("; ".join(shown) if shown else "none laid"))
    return replace(state, step=DECLARE, queue=firing), [note], False


def prompts(state: FasaState) -> tuple[Prompt, ...]:
    return tuple(Prompt(s.id, state.station_for(s.id, Duty.COMMAND),
                        f"lay the Fire or No Fire counter of {s.name} face down", None,
                        "fire_counter")
                 for s in waiting(state))


def lay(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    assert isinstance(action, FireCounter)
    if ship.id in dict(state.fire_counters):
        raise IllegalAction(f"{station}: {ship.name}'s counter is already down")
    if not lays(ship):
        raise IllegalAction(f"{station}: {ship.name} is {ship.status} and lays no counter")
    state = replace(state, fire_counters=(*state.fire_counters, (ship.id, action.fire)))
    return state, [Note(f"{ship.name} lays its counter face down")]


def declaring(state: FasaState) -> Flow:
    """FASA's declarations in the order of the Fire counters; a Captain whose ship has no shot
    left declares none. Then the fire in the order of line 108."""
    queue = state.queue
    while queue and not combat.has_shot(state, state.ship(queue[0])):
        queue = queue[1:]
    if queue:
        return replace(state, queue=queue), [], True
    return replace(state, step=RESOLVE, shots=in_firing_order(state, state.shots)), [], False


def in_firing_order(state: FasaState, shots: tuple[Shot, ...]) -> tuple[Shot, ...]:
    """"Resolve combat, with the captain who won the tactical advantage firing first. Beam
    weapons are fired first, followed by torpedoes and plasma weapons" (line 108): Captain by
    Captain, the winner first, each one's beams before his torpedoes and plasma (ours: the seed's
    "Repeat Step E until all captains have had a chance to fire", line 110, reads as a turn
    each; docs/rules-decisions.md). Declared order otherwise."""
    def key(shot: Shot) -> tuple[int, int]:
        if shot.weapon in (BLAST, MINE):
            return (1, 0)
        kind = state.ship(shot.firer).cls.weapon(shot.weapon).kind
        return (-state.rank(shot.firer), 0 if kind == "beam" else 1)
    return tuple(sorted(shots, key=key))


def silenced(state: FasaState, shot: Shot) -> str:
    """Why a declared shot does not fire now, or "": "If during the firing phase, a captain with
    a lower tactical advantage has their weapons damaged before they are able to fire, that
    weapon cannot fire until repaired" (line 108); nor does a ship fire that is out of play."""
    if shot.weapon in (BLAST, MINE):
        return ""
    firer = state.ship(shot.firer)
    if firer.status != ACTIVE or firer.superstructure <= 0:
        return f"{firer.name} is {firer.status}"
    if firer.weapons[firer.weapon_index(shot.weapon)].damaged:
        return f"its {firer.cls.weapon(shot.weapon).name} was damaged before it fired"
    return ""


def resolving(state: FasaState) -> Flow:
    """FASA's Firing Phase's resolution (phases/fire_resolution_rule.py), shot by shot in the
    order above, each shot's damage as it occurs; then the Repair/Repower Phase."""
    if science.prompts(state):  # C&C: damage control decided before the dice
        return state, [], True
    events: list[Event] = []
    while state.shots and state.hit is None and (why := silenced(state, state.shots[0])):
        firer = state.ship(state.shots[0].firer)
        events.append(Note(f"{firer.name} does not fire: {why}"))
        state = replace(state, shots=state.shots[1:])
    if state.shots:
        state, more = combat.next_roll(state)
        return state, events + more, False
    state, more = explosions.next_check(state)
    events += more
    if state.roll is not None or state.shots:
        return state, events, False
    if aftermath.in_play(state):  # C&C: bridge hits, repairs and powering down
        state, more = aftermath.start(state)
        return state, events + more, False
    return replace(state, step=REPOWER), events, False


def after_aftermath(state: FasaState) -> Flow:
    """C&C's end of a Firing Phase (aftermath.py), then the Repair/Repower Phase."""
    state, events, done = aftermath.advance(state)
    if not done:
        return state, events, True
    return replace(state, step=REPOWER), events, False
