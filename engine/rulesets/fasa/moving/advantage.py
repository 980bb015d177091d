"""The Tactical Advantage Phase (Book Two, Advanced: Sequence Of Play step 2; Expert, line 695;
Command & Control, lines 1015-1019, 1407): who declares targets last and, on equal movement,
moves last for the turn. At the expert and command levels the Captains' ratings decide it
(`ratings.advantage_order`); below, each Captain rolls and ties roll again."""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa import hooks
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import ACTIVE, ADVANTAGE, SENSE, FasaState, replace


def start(state: FasaState) -> tuple[FasaState, list[Event]]:
    """Tactical Advantage Phase: each ship's captain rolls; ties roll again (Advanced step 2). At
    the expert levels the Captains' Skill Ratings decide it, with no roll (Expert step 1, line
    695; `ratings.advantage_order`). A variant with a Tactical Advantage Phase of its own plays
    that instead (values/variant_tables.py)."""
    if (own := variant_tables.of(state).advantage) is not None:
        return own(state)
    order = hooks.of(state).advantage_order(state)  # Expert: the Captains' ratings (ratings.py)
    if order is not None:
        return to_sensors(replace(state, advantage=order, adv_rolls=(), queue=()), order)
    ships = tuple(s.id for s in state.ships if s.status == ACTIVE)
    return replace(state, step=ADVANTAGE, queue=ships if len(ships) > 1 else (),
                   adv_rolls=tuple((s, ()) for s in ships)), []


def ask(state: FasaState, events: list[Event]) -> tuple[FasaState, list[Event]]:
    ship = state.ship(state.queue[0])
    # Campaign Advancement: percentile dice and the captain's points (line 504; option_hooks.py)
    own = hooks.of(state).advantage_request(state, ship)
    if own is not None:
        return own[0], [*events, *own[1]]
    state, ev = combat.request(state, ship.id, Duty.COMMAND,
                               f"tactical advantage roll for {ship.name}", public=True)
    return state, [*events, ev]


def settle(state: FasaState) -> tuple[FasaState, list[Event]]:
    rolls = dict(state.adv_rolls)
    counts: dict[tuple[int, ...], int] = {}
    for r in rolls.values():
        counts[r] = counts.get(r, 0) + 1
    tied = tuple(s for s, r in state.adv_rolls if counts[r] > 1)
    if tied:
        return replace(state, queue=tied), [Note("Tied tactical advantage rolls: roll again")]
    order = tuple(sorted(rolls, key=lambda s: rolls[s]))
    return to_sensors(state, order)


def to_sensors(state: FasaState, order: tuple[str, ...]) -> tuple[FasaState, list[Event]]:
    # Sensor Phase next (Advanced: Sequence Of Play step 3); the basic game has none.
    state = replace(state, advantage=order, adv_rolls=(), step=SENSE, queue=())
    sensing = hooks.of(state).sensor_phase(state)  # the advanced game's (sensing/sensors.py)
    state = state if sensing is None else sensing
    leader = state.ship(order[-1]).name if order else "nobody"
    notes: list[Event] = [Note(f"Turn {state.turn}: {leader} has the tactical advantage")]
    if sensing is not None:
        notes.append(Note(f"Sensor Phase of turn {state.turn}"))
    return state, notes
