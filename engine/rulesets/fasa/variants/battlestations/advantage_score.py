"""*Battlestations!* 01A-2, the Tactical Advantage Phase (seed 001, line 86): each Captain's
movement points allocated plus his Skill Rating; the highest total wins, the next goes next;
ties roll a d10, the highest wins, and the roll is not added to the total."""

from __future__ import annotations

from engine.events import Event
from engine.rulesets.fasa.firing import combat
from engine.rulesets.fasa.moving import advantage as fasa_advantage
from engine.rulesets.fasa.values import variant_tables
from engine.rulesets.fasa.values.crew import Duty
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import ACTIVE, ADVANTAGE, FasaState, Ship, replace
from engine.rulesets.fasa.variants.battlestations import racial_benefits

Result = tuple[FasaState, list[Event]]


def total(state: FasaState, ship: Ship) -> int:
    """Movement points allocated plus the Captain's Skill Rating (line 86), as his race changes
    it (an Andorian's +5, a Betazoid's loss with casualties: racial_benefits.py, lines 204, 220),
    and a Caitan's +5 to the Tactical Advantage Score (line 228). Below the expert level a
    Captain has no rating: his total is his movement points and the Caitan's bonus
    (docs/rules-decisions.md)."""
    captain = racial_benefits.captain_of(state, ship.id)
    rating = racial_benefits.skill_rating(captain, ship.skill, ship.casualties) if ship.skill \
        else 0
    return ship.movement_points + rating + racial_benefits.advantage_bonus(captain)


def start(state: FasaState) -> Result:
    """The phase begins after the Power Allocation Phase (and the Skill Roll Phase at the expert
    levels): no die is rolled unless totals tie."""
    ships = tuple(s.id for s in state.ships if s.status == ACTIVE)
    state = replace(state, step=ADVANTAGE, queue=(), adv_rolls=tuple((s, ()) for s in ships))
    told = [Note(variant_tables.of(state).notice)] if state.turn == 1 else []  # what is not played
    if state.turn == 1:  # each captain's drawback, told to the table (lines 208, 220, 232)
        told += [Note("; ".join(racial_benefits.conduct(state, state.ship(c.ship))))
                 for c in state.setup.captains if state.has_ship(c.ship)]
    # The totals are not told: the movement points in them were allocated in secret on each
    # Master Control Panel (line 79), so the table learns only the order that follows (line 86).
    return state, [*told, Note(f"Tactical Advantage Phase of turn {state.turn} (movement points + "
                               "Captain's Skill Rating, each kept to its own bridge)")]


def _key(state: FasaState, ship: str, rolls: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    return total(state, state.ship(ship)), rolls


def flow(state: FasaState) -> tuple[FasaState, list[Event], bool]:
    """Ask the tie-breaking dice, one ship at a time; then the order, lowest first (the last has
    the advantage), and the first combat round's Sensors Phase."""
    if state.queue:
        ship = state.ship(state.queue[0])
        state, ev = combat.request(state, ship.id, Duty.COMMAND,
                                   f"tactical advantage tie: a d10 for {ship.name}, highest "
                                   "wins (not added to the total)", public=True)
        return state, [ev], True
    keys = {s: _key(state, s, r) for s, r in state.adv_rolls}
    counts: dict[tuple[int, tuple[int, ...]], int] = {}
    for k in keys.values():
        counts[k] = counts.get(k, 0) + 1
    tied = tuple(s for s, k in keys.items() if counts[k] > 1)
    if tied:
        names = " and ".join(state.ship(s).name for s in tied)
        return (replace(state, queue=tied),
                [Note(f"{names} tie for the tactical advantage: each rolls a d10")], False)
    order = tuple(sorted(keys, key=lambda s: keys[s]))
    state, notes = fasa_advantage.to_sensors(state, order)
    notes = [n for n in notes if not n.text.startswith("Sensor Phase")]  # FASA's own: once a turn
    return replace(state, phase=1), [*notes, Note(f"Combat round 1 of turn {state.turn}: "
                                                  "Sensors Phase")], False


def on_roll(state: FasaState, value: int) -> Result:
    """A tie-breaking die: kept apart from the total (line 86)."""
    ship = state.queue[0]
    rolls = tuple((s, r + (value,)) if s == ship else (s, r) for s, r in state.adv_rolls)
    return replace(state, adv_rolls=rolls, queue=state.queue[1:], roll=None), []


def claims(state: FasaState) -> bool:
    return True
