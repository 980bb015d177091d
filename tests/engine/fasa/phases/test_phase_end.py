"""The turn's steps as data and the basic game's hand-overs, each higher level's part laid on
through its hooks (Book Two, Advanced: Sequence Of Play steps 4-12, seed 000 lines 246-270)."""

from __future__ import annotations

from typing import Any

import pytest
from test_fasa_advanced import game

from engine.rulesets.fasa import hooks, rules
from engine.rulesets.fasa.flow import turn
from engine.rulesets.fasa.phases import phase_end
from engine.rulesets.fasa.values.crew_events import ScienceApplied
from engine.rulesets.fasa.values.events import Note
from engine.rulesets.fasa.values.options import Options
from engine.rulesets.fasa.values.state import (
    AFTERMATH,
    HAZARD,
    LEVELS,
    MOVE,
    POWER,
    RESOLVE,
    SCAN,
    SENSE,
    SKILL,
    FasaState,
    replace,
)

SHIPS = (("kl", "d7a", "Klingon", 5, 8, 0), ("ent", "constitution", "Federation", 5, 4, 3))


def _last_firing_phase(level: str, **flags: Any) -> FasaState:
    """Both ships fighting, the turn's last Firing Phase resolved; the Klingon with `flags`."""
    state = game(*SHIPS, level=level)
    state = replace(state, step=RESOLVE, phase=state.phases, queue=(), detected=(("Federation",
                                                                                 "kl"),))
    return state.with_ship(replace(state.ship("kl"), **flags))


def test_every_step_of_the_turn_is_declared_by_its_rule_none_by_the_turn() -> None:
    assert turn._BASE_FLOWS == {}
    owners = {step: [r.name for r in rules.RULES if step in r.steps] for step in turn.STEP_FLOWS}
    assert all(len(names) == 1 for names in owners.values()), owners
    for level in LEVELS:
        assert {POWER, SKILL, SENSE, MOVE, RESOLVE, HAZARD} <= set(turn.FLOWS[level]), level
        # The arc scan step is the expert game's, the aftermath Command & Control's.
        assert (SCAN in turn.FLOWS[level]) is (level in ("expert", "command"))
        assert (AFTERMATH in turn.FLOWS[level]) is (level == "command")


def test_the_basic_turn_ends_with_the_panels_reset_and_nothing_of_a_higher_level() -> None:
    """Step 11: the turn is over and a new one's Power Allocation Phase begins. The basic game
    keeps no emergency heading change, evasion, lock or detection, so its end of turn leaves
    those fields to the layers that use them; this turn's movement becomes last turn's."""
    state = _last_firing_phase("basic", hard_turned=True, evading=True, lock="ent", sensors_out=1,
                               moved_turn=True)
    after, events = phase_end.end_of_firing_phase(state)
    kl = after.ship("kl")
    assert (after.step, after.turn, after.phase) == (POWER, state.turn + 1, 0)
    assert events == [Note(f"Turn {after.turn}: Power Allocation Phase")]
    assert (kl.moved_last, kl.moved_turn, kl.allocation) == (True, False, None)
    assert (kl.hard_turned, kl.evading, kl.lock) == (True, True, "ent")
    assert after.detected == state.detected


def test_the_advanced_game_lays_its_end_of_phase_and_of_turn_on_the_basic() -> None:
    """Advanced: an evasion and an emergency heading change last their Firing Phase; a lock held
    by sensors knocked out is gone; detections end with the turn (line 401)."""
    state = _last_firing_phase("advanced", hard_turned=True, evading=True, lock="ent",
                               sensors_out=2, moved_turn=True)
    after, _ = phase_end.end_of_firing_phase(state)
    kl = after.ship("kl")
    assert (after.step, after.turn) == (POWER, state.turn + 1)
    assert (kl.hard_turned, kl.evading, kl.lock, kl.moved_last) == (False, False, "", True)
    assert after.detected == ()


def test_a_firing_phase_before_the_last_hands_over_to_the_next_movement_phase() -> None:
    state = replace(_last_firing_phase("advanced", evading=True), phase=1)
    after, events = phase_end.end_of_firing_phase(state)
    assert (after.step, after.phase, after.turn) == (MOVE, 2, state.turn)
    assert events == [Note(f"Movement Phase 2 of turn {state.turn}")]
    assert not after.ship("kl").evading and after.detected == state.detected


def test_command_and_control_counts_the_sensors_down_over_the_advanced_games_end() -> None:
    """C&C line 1249: the Sensors Counter moves one box at the end of each Firing Phase; on OPER
    the sensors work again. The advanced game's part (the evasion over) still happens under it."""
    state = replace(_last_firing_phase("command", evading=True, sensor_phases=1, sensors_out=1),
                    phase=1)
    after, events = hooks.of(state).end_of_phase(state)
    kl = after.ship("kl")
    assert (kl.sensor_phases, kl.sensors_out, kl.evading, kl.relock) == (0, 0, False, True)
    assert [type(e) for e in events] == [ScienceApplied]
    basic = replace(state, setup=replace(state.setup, level="basic"))
    assert hooks.of(basic).end_of_phase(basic) == (basic, [])


@pytest.mark.parametrize("level", ["basic", "command"])
def test_team_communications_open_the_power_phase_only_where_the_table_plays_them(
        level: str) -> None:
    """An optional rule (line 447) laid on the Power Allocation Phase through its hook."""
    state = game(*SHIPS, level=level)
    assert hooks.of(state).team_rolls(state) is None
    talking = replace(state, setup=replace(state.setup, options=Options(team_communications=True)))
    asked, events = hooks.of(talking).team_rolls(talking) or (talking, [])
    assert asked.roll is not None and "team communications roll" in asked.roll.purpose
    assert asked.comms_turn == state.turn and events


def test_a_blast_over_returns_to_the_step_it_interrupted_or_ends_the_game() -> None:
    state = replace(game(*SHIPS, level="advanced"), step=HAZARD, after=MOVE.value)
    after, events, wait = turn.FLOWS["advanced"][HAZARD](state)
    assert (after.step, after.after, wait, events) == (MOVE, "", False, [])
