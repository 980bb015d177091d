"""Battlestations! 01A, the revised turn (seed 001, lines 77-125), each rule against its line."""

from __future__ import annotations

import random

import pytest
from helpers import game
from helpers import scenario as scenario_of

import engine
from companion.dice import VirtualDice
from companion.session import autopilot_game
from engine.errors import DataError, IllegalAction
from engine.log import replay
from engine.rulesets.fasa.flow import turn
from engine.rulesets.fasa.values.actions import Sense
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.state import (
    ADVANTAGE,
    COUNTERS,
    REPOWER,
    RESOLVE,
    SENSE,
    TACTICAL,
    FasaState,
    Shot,
    Step,
    replace,
)
from engine.rulesets.fasa.variants.battlestations import advantage_score, counters, rounds, tactical
from engine.rulesets.fasa.variants.battlestations.round_actions import FireCounter, TacticalTurn
from engine.stations import Seat

BS = "battlestations"


def bs_game(level: str = "advanced") -> FasaState:
    return game(level, variant=BS)


def play_to(state: FasaState, step: Step, seed: int = 1, most: int = 400) -> FasaState:
    """The autopilot and seeded dice until the game waits in `step` for a decision."""
    rng = random.Random(seed)
    for _ in range(most):
        if state.step == step and state.roll is None:
            return state
        p = engine.pending(state)[0]
        action = (engine.RollResult(p.roll.station, rng.randint(1, p.roll.sides), "script")
                  if p.roll else engine.decide(state, p))
        state = engine.apply(state, action)[0]
    raise AssertionError(f"never reached {step}")


def notes_of(state: FasaState, seed: int = 1) -> list[str]:
    rng = random.Random(seed)
    out: list[str] = []
    while engine.pending(state):
        p = engine.pending(state)[0]
        action = (engine.RollResult(p.roll.station, rng.randint(1, p.roll.sides), "script")
                  if p.roll else engine.decide(state, p))
        state, events = engine.apply(state, action)
        out += [e.text for e in events if isinstance(e, Note)]
        if state.turn > 1:  # the first turn is enough
            break
    return out


@pytest.mark.slow
def test_a_turn_is_three_combat_rounds_each_sensors_movement_firing_repair() -> None:
    """Lines 119-121: the Sensors, Movement, Firing and Repair/Repower Phases for the first two
    rounds; the third round's Repair/Repower Phase repairs alone (line 120: "step A"), and a new
    turn begins."""
    notes = notes_of(bs_game())
    turn1 = notes[:next(n for n, t in enumerate(notes) if t.startswith("Turn 2"))]
    phases = [t.split(": ")[0] + ": " + t.split(": ")[1].split(";")[0] for t in turn1
              if t.startswith("Combat round")]
    assert phases == [
        "Combat round 1 of turn 1: Sensors Phase", "Combat round 1 of turn 1: Movement Phase",
        "Combat round 1: Firing Phase", "Combat round 1: Repair/Repower Phase",
        "Combat round 2 of turn 1: Sensors Phase", "Combat round 2 of turn 1: Movement Phase",
        "Combat round 2: Firing Phase", "Combat round 2: Repair/Repower Phase",
        "Combat round 3 of turn 1: Sensors Phase", "Combat round 3 of turn 1: Movement Phase",
        "Combat round 3: Firing Phase", "Combat round 3: Repair/Repower Phase"]
    repower = [t for t in turn1 if "Repair/Repower" in t]
    assert [t.endswith("functioning shields re-energised") for t in repower] == [True, True,
                                                                                 False]


def test_the_advantage_is_movement_points_plus_skill_and_a_tie_die_is_not_added() -> None:
    """Line 86: the totals decide; on a tie each rolls a d10, the highest wins, the roll not
    added to the total."""
    state = bs_game("expert")
    a, b = state.ships
    state = replace(state, roll=None, ships=(replace(a, movement_points=4, skill=60),
                                             replace(b, movement_points=6, skill=58)))
    assert advantage_score.total(state, state.ship(a.id)) == advantage_score.total(state, state.ship(b.id))
    state, events = advantage_score.start(state)
    assert state.step == ADVANTAGE
    # the totals hold each ship's secret movement points (lines 81, 86): the note names none
    assert "64" not in events[-1].text and "kept to its own bridge" in events[-1].text
    state, _ = turn.advance(state)
    assert state.roll is not None and state.roll.sides == 10 and "not added" in state.roll.purpose
    state, _ = engine.apply(state, engine.RollResult(state.roll.station, 9))
    assert state.roll is not None
    state, _ = engine.apply(state, engine.RollResult(state.roll.station, 2))
    assert state.advantage == (b.id, a.id)  # the die decided: Enterprise's 9 wins
    assert state.step == SENSE and state.phase == 1
    state2 = replace(state, ships=(replace(a, movement_points=4, skill=61),
                                   replace(b, movement_points=6, skill=58)))
    state2, _ = advantage_score.start(state2)
    state2, _ = turn.advance(state2)
    assert state2.roll is None and state2.advantage == (b.id, a.id)  # no tie, no die


def test_the_loser_of_the_advantage_senses_first() -> None:
    """Lines 90, 93: the captain that lost the tactical advantage announces and rolls first, the
    winner last."""
    state = play_to(bs_game(), SENSE)
    loser, winner = state.advantage
    prompts = engine.pending(state)
    assert [p.ship for p in prompts] == [loser]
    with pytest.raises(IllegalAction, match="turn to use its sensors"):
        engine.apply(state, Sense("science", winner, "", 0, ""))


def test_fire_counters_are_face_down_until_all_are_laid_then_revealed_from_the_loser() -> None:
    """Lines 104-106: face down; revealed loser first; No Fire removed; the Fire counters'
    captains declare from last to first."""
    state = play_to(bs_game(), COUNTERS)
    loser, winner = state.advantage
    other = state.ship(loser).side
    state, events = engine.apply(state, FireCounter("captain", winner, False))
    assert events[0].text.endswith("lays its counter face down")
    seen = engine.view(state, Seat("captain", loser))
    assert seen["fire_counters"] == {winner: "face down"}
    assert engine.view(state, Seat("captain", winner))["fire_counters"] == {winner: "no fire"}
    with pytest.raises(IllegalAction, match="already down"):
        engine.apply(state, FireCounter("captain", winner, True))
    state, events = engine.apply(state, FireCounter("captain", loser, True))
    shown = next(e.text for e in events if "counters revealed" in e.text)
    names = [state.ship(s).name for s in (loser, winner)]
    assert shown.index(names[0]) < shown.index(names[1])
    assert f"{names[1]}: No Fire" in shown
    assert state.ship(loser).side == other
    assert engine.view(state, Seat("captain", loser))["fire_counters"][winner] == "no fire"
    assert all(p.ship != winner for p in engine.pending(state))  # No Fire: no declaration


def test_fire_resolves_winner_first_beams_before_torpedoes() -> None:
    """Line 108: the winner fires first; beams first, then torpedoes and plasma."""
    state = play_to(bs_game(), COUNTERS)
    loser, winner = state.advantage
    w, lo = state.ship(winner), state.ship(loser)
    beam = lambda s: next(x.id for x in s.cls.weapons if x.kind == "beam")  # noqa: E731
    torp = lambda s: next(x.id for x in s.cls.weapons if x.kind != "beam")  # noqa: E731
    shots = (Shot(loser, beam(lo), winner), Shot(winner, torp(w), loser),
             Shot(loser, torp(lo), winner), Shot(winner, beam(w), loser))
    ordered = counters.in_firing_order(state, shots)
    assert [(s.firer, s.weapon) for s in ordered] == [
        (winner, beam(w)), (winner, torp(w)), (loser, beam(lo)), (loser, torp(lo))]


def test_a_weapon_damaged_before_it_fires_does_not_fire() -> None:
    """Line 108: "that weapon cannot fire until repaired"."""
    state = play_to(bs_game(), COUNTERS)
    loser, winner = state.advantage
    lo = state.ship(loser)
    weapon = lo.cls.weapons[0].id
    i = lo.weapon_index(weapon)
    broken = tuple(replace(x, damaged=True) if n == i else x for n, x in enumerate(lo.weapons))
    state = replace(state, step=RESOLVE, queue=(), shots=(Shot(loser, weapon, winner),))
    state = state.with_ship(replace(lo, weapons=broken))
    state, events, _ = counters.resolving(state)
    assert any("was damaged before it fired" in e.text for e in events)
    assert not state.shots and state.step == REPOWER


def test_a_tactical_heading_change_costs_a_power_point_per_warp_engine_and_a_superstructure_point(
        ) -> None:
    """Line 99: after all ships have moved, 1 power point per warp engine and 1 superstructure
    point; one hexside (ours: docs/rules-decisions.md)."""
    state = play_to(bs_game(), TACTICAL)
    ship = state.ship(state.queue[0])
    warp = tactical.warp_engines(ship)
    assert warp
    state, events = engine.apply(state, TacticalTurn("helm", ship.id, "starboard"))
    after = state.ship(ship.id)
    assert after.heading == (ship.heading + 1) % 6
    assert after.superstructure == ship.superstructure - 1
    assert all(after.engines[i] == ship.engines[i] - 1 for i in warp)
    assert any("tactical heading change" in e.text for e in events)


def test_no_tactical_heading_change_that_would_leave_no_superstructure() -> None:
    state = play_to(bs_game(), TACTICAL)
    ship = state.ship(state.queue[0])
    state = state.with_ship(replace(ship, superstructure=1))
    with pytest.raises(IllegalAction, match="superstructure"):
        engine.apply(state, TacticalTurn("helm", ship.id, "port"))
    with pytest.raises(IllegalAction, match="none, port, starboard"):
        engine.apply(state, TacticalTurn("helm", ship.id, "left"))
    with pytest.raises(IllegalAction, match="no operational cloaking device"):
        engine.apply(state, TacticalTurn("helm", ship.id, "none", "on"))


def test_functioning_shields_are_reenergised_a_damaged_generator_not() -> None:
    """Line 115: "All functioning shields are reenergized"."""
    state = play_to(bs_game(), COUNTERS)
    ship = next(s for s in state.ships if any(s.last_shields or ()))
    assert ship.last_shields is not None
    up = [n for n, p in enumerate(ship.last_shields, 1) if p]
    struck = replace(ship, shields=(0,) * 6, shields_damaged=frozenset(up[:1]))
    again = rounds.reenergise(struck)
    assert again.shields == tuple(0 if n == up[0] else p
                                  for n, p in enumerate(ship.last_shields, 1))


@pytest.mark.parametrize(("more", "words"), [
    ({"variant": "battlestation"}, "variant must be one of battlestations"),
    ({"variant": 3}, "variant must be a name in quotes"),
    ({"variant": BS, "phases": 5}, "3 combat rounds a turn, not 5"),
])
def test_a_bad_variant_is_refused_in_words(more: dict[str, object], words: str) -> None:
    with pytest.raises(DataError, match=words):
        game("advanced", **more)


def test_the_variant_is_not_played_at_the_basic_level() -> None:
    with pytest.raises(DataError, match="played at the advanced, expert or command level"):
        game("basic", variant=BS)


def test_a_variant_game_replays_from_its_log() -> None:
    scenario = {**scenario_of("advanced"), "variant": BS}
    final, actions = autopilot_game(scenario, VirtualDice(3).roll)
    assert final.over and final.setup.variant == BS
    assert replay(scenario, actions) == final
