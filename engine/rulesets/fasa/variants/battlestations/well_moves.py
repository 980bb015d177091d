"""A ship's move through gravity wells (*Battlestations!*, 01C-1, seed 001 lines 188-192): the
`move` decision of a game of the variant, FASA's own move with the course cut where a well stops
the ship and its excess charged to the superstructure (`wells.well_move` counts it).

`move_in_wells` takes FASA's `Move` action (its letters F, P, S, ...: one hex a letter, but for
a turn in place in reverse) and hands FASA's move the course as the well leaves it: a course
that enters a well stops in the first well hex (the letters after it are not moved, "Fewer
letters than the phase allows holds station"); a ship already in one moves the course it was
given, deliberately, and pays for it. The revised turn registers it as the variant's `move`
decision.
"""

from __future__ import annotations

from engine.actions import Action
from engine.events import Event
from engine.hexgrid import Hex
from engine.rulesets.fasa.firing.combat import damage_superstructure
from engine.rulesets.fasa.flow import decide
from engine.rulesets.fasa.moving import movement
from engine.rulesets.fasa.values.actions import Move
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import FasaState, Ship, replace
from engine.rulesets.fasa.variants.battlestations.wells import well_move_in

Result = tuple[FasaState, list[Event]]


def cut_course(state: FasaState, ship: Ship, steps: str, who: str = "Helm") -> tuple[str, int, str]:
    """The letters the ship really moves, the superstructure the well costs it and why ("" if
    the wells change nothing). A course FASA refuses raises its IllegalAction here too."""
    if not steps or not state.setup.bodies:
        return steps, 0, ""
    trail, _ = movement.path(state, ship, steps, who)
    entered: list[Hex] = []
    letters_for: list[int] = []   # after how many letters each hex was entered
    here = ship.pos
    for n, (pos, _heading) in enumerate(trail, 1):
        if pos != here:
            entered.append(pos)
            letters_for.append(n)
            here = pos
    move = well_move_in(state, ship.pos, entered, ship.warp)
    if len(move.hexes) < len(entered):
        steps = steps[:letters_for[len(move.hexes) - 1]]
    return steps, move.damage, move.why


def move_in_wells(state: FasaState, ship: Ship, action: Action, station: str) -> Result:
    """FASA's move (`moving/movement_rule.py`, looked up in `flow/decide.DECISIONS`), through
    the wells: the course cut, the damage done."""
    assert isinstance(action, Move)
    steps, damage, why = cut_course(state, ship, action.steps, station)
    state, events = decide.DECISIONS["move"](state, ship, replace(action, steps=steps), station)
    if why:
        events = [*events, Note(f"{ship.name} {why} (Battlestations!: gravity wells)")]
    if damage:
        state, more = damage_superstructure(state, state.ship(ship.id), damage,
                                            "the gravity well's stress")
        events = [*events, *more]
    return state, events
