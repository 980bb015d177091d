"""A roll's explanation comes through the kernel (`engine.explain`, `explain_pending`,
`roll_label`): the ruleset's own words, with each seat's secrets as the ruleset keeps them, and
nothing (not an error) from a ruleset that explains no rolls."""

from __future__ import annotations

from game_helpers import start

import engine
from companion.dice import VirtualDice
from engine import GameState, Seat, apply, events_for, new_game, pending
from engine.events import Event
from engine.rulesets import get
from engine.rulesets.fasa.autopilots import autopilot
from engine.rulesets.fasa.explanations.explain import explain
from engine.rulesets.fasa.values.state import FasaState

SIDES = {"Federation": Seat("helm", "enterprise"), "Klingon": Seat("helm", "kronos")}


def rolls(limit: int = 400) -> list[tuple[GameState, GameState, tuple[Event, ...]]]:
    state, dice, out = start(turns=3), VirtualDice(3), []
    for _ in range(limit):
        prompts = pending(state)
        if not prompts:
            break
        prompt = prompts[0]
        assert isinstance(state, FasaState)
        action = dice.roll(prompt.roll) if prompt.roll else autopilot.decide(state, prompt)
        after, events = apply(state, action)
        if prompt.roll is not None:
            out.append((state, after, events))
        state = after
    return out


def test_the_kernel_gives_the_rulesets_explanation_with_each_seats_secrets() -> None:
    seen = 0
    for before, after, events in rolls():
        assert engine.explain(before, events, None) == explain(before, events, None)
        for side, seat in SIDES.items():
            told = events_for(after, events, seat)
            assert engine.explain(before, told, side) == explain(before, told, side)
        assert engine.explain(before, events, "") == explain(before, events, "")
        seen += bool(engine.explain(before, events, None))
    assert seen >= 10


def test_the_kernel_labels_a_hits_rolls_and_leaves_a_to_hit_roll_to_its_shot() -> None:
    labels = {engine.roll_label(before, events) for before, _, events in rolls()}
    assert ("damage location", "") in labels
    assert any(label is not None and label[0].startswith("which shield") for label in labels)
    assert None in labels   # a to-hit roll: the Rolls list reads its ShotResolved


def test_the_pending_roll_is_explained_through_the_kernel() -> None:
    for before, _, _ in rolls():
        lines = engine.explain_pending(before, None)
        assert lines and lines[0].startswith("This roll: ")
        return
    raise AssertionError("no roll in the game")


def test_a_ruleset_that_explains_no_rolls_answers_nothing() -> None:
    """Knight Hawks labels its rolls for the Rolls list but explains none (no WHY?)."""
    state = new_game(get("knighthawks").example_scenario())
    assert engine.explain(state, (), None) == ()
    assert engine.explain_pending(state, None) == ()
    assert engine.roll_label(state, ()) is None
