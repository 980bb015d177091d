"""The legend under the advanced course buttons is the engine's note on the course field
(`Field.note`), not a FASA number the display reads itself; the basic course has none."""

from __future__ import annotations

from game_helpers import scenario

from companion.dice import VirtualDice
from engine import Seat, apply, controls, new_game, pending
from engine.controls import FieldKind
from engine.rulesets.fasa.autopilots import autopilot


def course_note(level: str) -> str:
    state, dice = new_game(scenario(level=level)), VirtualDice(1)
    for _ in range(80):
        for decision in controls(state, Seat("instructor")):
            steps = [f for f in decision.fields if f.kind == FieldKind.STEPS]
            if steps:
                return steps[0].note
        prompt = pending(state)[0]
        action = (dice.roll(prompt.roll) if prompt.roll
                  else autopilot.decide(state, prompt))  # type: ignore[arg-type]
        state = apply(state, action)[0]
    raise AssertionError("no course asked for")


def test_the_advanced_course_field_says_what_hard_turns_and_reverse_do() -> None:
    note = course_note("advanced")
    assert note.startswith("HARD P / HARD S: two hexsides")
    assert "-2 to hit in the next Firing Phase" in note
    assert "after 5 stationary Movement Phases" in note


def test_the_basic_course_field_has_no_note() -> None:
    assert course_note("basic") == ""
