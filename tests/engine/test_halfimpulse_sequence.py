"""The Sequence of Play as the referee holds it: every step the seed lists, named as the seed
names it, with the note that says who may act (seed 003, lines 96-188, 200-220), and each kind
of note asking the players it should."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from halfimpulse_play import drive, scenario, ship, start, step_is

import engine
from engine import Seat
from engine.rulesets.halfimpulse.actions import Announce, NextStep
from engine.rulesets.halfimpulse.sequence import (
    ANSWER,
    BY_KEY,
    DEFAULT_STEPS,
    FIRST,
    STEPS,
    Part,
    Who,
    step_number,
)

SEED = Path(os.environ.get(
    "STARBRIDGE_SEED_SFB",
    Path(__file__).resolve().parents[3] / "shared" / "seeds" / "003_c342e9612d2f9605.txt"))
NOTES = {"": Who.AFFECTED, "anyone": Who.ANYONE, "moving player": Who.MOVING,
         "moving player or in response": Who.MOVING_OR_RESPONSE,
         "moving player or response": Who.MOVING_OR_RESPONSE, "response": Who.RESPONSE}


@pytest.fixture(scope="module")
def seed_lines() -> list[str]:
    if not SEED.is_file():
        pytest.skip(f"the seed's text is not at {SEED} (set STARBRIDGE_SEED_SFB)")
    return SEED.read_text(encoding="utf-8").splitlines()


def test_every_line_of_the_sequence_of_play_is_a_step_named_as_the_seed_names_it(
        seed_lines: list[str]) -> None:
    listed = [s for s in STEPS if s.part != Part.DRONES]
    by_line = {s.line: s for s in listed}
    assert len(by_line) == len(listed), "two steps on one line"
    for n in range(97, 189):
        text = seed_lines[n - 1].removeprefix("- ").strip()
        found = re.fullmatch(r"(.*?)(?: \((.*)\))?", text)
        assert found is not None
        title, note = found.group(1).removesuffix(":").strip(), found.group(2) or ""
        if n in (118, 160, 169):   # headings: Step 4's, and the fire steps' under them
            heads = {118: 'Each "Impulse" or space of movement', 160: FIRST, 169: ANSWER}
            assert title == heads[n]
            continue
        assert n in by_line, f"line {n} ({text}) is no step"
        step = by_line[n]
        assert step.title == title, n
        if step.group:   # the fire steps carry their heading's note
            assert step.who in (NOTES[note], Who.MOVING if step.group == FIRST else
                                Who.RESPONSE) or step.who == Who.AFFECTED
        elif n == 121:   # no note, but the space is the mover's own (lines 189-194)
            assert step.who == Who.MOVING
        else:
            assert step.who == NOTES[note], (n, note)


def test_the_six_numbered_steps_start_where_the_seed_s_dashes_are(seed_lines: list[str]) -> None:
    dashes = [n for n in range(96, 189) if seed_lines[n - 1].startswith("- ")]
    assert dashes == [97, 107, 114, 118, 181, 185]
    assert [step_number(BY_KEY[k]) for k in ("activation", "announce_speeds",
                                             "tractor_rotation", "move", "end_mutiny",
                                             "shield_repair")] == [1, 2, 3, 4, 5, 6]


def test_the_steps_are_in_the_seed_s_order_and_unique() -> None:
    assert len(BY_KEY) == len(STEPS)
    for part in Part:
        lines = [s.line for s in STEPS if s.part == part and s.part != Part.DRONES]
        assert lines == sorted(lines)
    assert all(k in BY_KEY for k in DEFAULT_STEPS)


# -- who is asked ------------------------------------------------------------------------------
def three(steps: list[str]) -> engine.GameState:
    """Three players, one ship each: Gold (speed 6), Grey (4), Green (2)."""
    return start(scenario([ship("gold", "Gold", (5, 5), 2, [6]),
                           ship("grey", "Grey", (12, 5), 4, [4]),
                           ship("green", "Green", (8, 12), 0, [2])],
                          steps=["announce_speeds", "move", "dp_move", *steps]))


def test_anyone_asks_every_player_at_once() -> None:
    state, _ = drive(three(["shields"]), step_is("shields"))
    assert state.moving_player == "gold"
    assert state.waiting == ("gold", "grey", "green")
    assert {p.ship for p in engine.pending(state)} == {"gold", "grey", "green"}


def test_the_moving_player_alone_is_asked_in_a_moving_player_step() -> None:
    state, _ = drive(three(["lay_web"]), step_is("lay_web"))
    assert state.waiting == ("gold",)
    why = engine.problem(state, Announce("captain", "grey", "grey"))
    assert why is not None and "Grey has nothing to answer now" in why


def test_moving_player_or_in_response_asks_the_mover_then_the_others() -> None:
    state, _ = drive(three(["launch_probes"]), step_is("launch_probes"))
    assert state.waiting == ("gold",) and not state.responding
    state = engine.apply(state, Announce("captain", "gold", "gold"))[0]
    assert state.waiting == ("gold",)   # he may act with another unit, or be done
    state = engine.apply(state, Announce("captain", "gold", ""))[0]
    assert state.responding and state.waiting == ("grey", "green")
    (p, *_) = engine.pending(state)
    assert "in response" in p.what


def test_response_asks_the_others_who_have_the_moving_ship_to_fire_at() -> None:
    state, _ = drive(three(["response_direct_fire"]), step_is("response_direct_fire"))
    assert state.moving_player == "gold" and state.waiting == ("grey", "green")


def test_a_step_with_no_note_asks_everyone_affected() -> None:
    state, _ = drive(three(["activation"]), step_is("activation"))
    assert state.waiting == ("gold", "grey", "green") and state.stage == "start"


def test_steps_a_scenario_does_not_use_are_passed_over() -> None:
    _, told = drive(three([]), lambda s: s.stage == "zero")
    assert not any(e.text.startswith(("Drop chaff", "Raise/lower")) for e in told)
    asked = {str(getattr(e, "title", "")) for e in told if type(e).__name__ == "StepBegan"}
    assert asked == {"Fastest speed moves 1 space of 1/2 total movement for the turn"}


def test_the_instructor_moves_the_table_on() -> None:
    state, _ = drive(three(["shields"]), step_is("shields"))
    assert engine.problem(state, NextStep("captain")) == \
        "Captain: only the Instructor moves the table on to the next step"
    (offer,) = [d for d in engine.controls(state, Seat("instructor"))
                if d.action == "half_next"]
    assert offer.optional and not offer.fields
    state, events = engine.apply(state, offer.make())
    assert "The Instructor ends Raise/lower shields (still to answer: Gold, Grey, Green)" in \
        [e.text for e in events]
    assert not (state.waiting and engine.view(state, Seat("instructor"))["step"] == "shields"
                and state.slot is not None and state.slot.moved == 0)


def test_speeds_and_movement_cannot_be_passed_over() -> None:
    state = three([])
    assert "cannot be passed over" in str(engine.problem(state, NextStep("instructor")))
    state, _ = drive(state, step_is("move"))
    assert "cannot be passed over" in str(engine.problem(state, NextStep("instructor")))
