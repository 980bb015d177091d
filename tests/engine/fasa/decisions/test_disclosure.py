"""Every decision declares what another side may know of it (decisions/disclosure.py), and a
seat of another side is told no more than that."""

from __future__ import annotations

from engine.rulesets.fasa.decisions.disclosure import DISCLOSURE
from engine.rulesets.fasa.flow.turn import STEP_OF
from engine.rulesets.fasa.rule import Told
from engine.rulesets.fasa.values.crew import ACTION_DUTY


def test_every_decision_and_the_roll_declare_their_disclosure() -> None:
    missing = (set(STEP_OF) | set(ACTION_DUTY) | {"roll"}) - set(DISCLOSURE)
    assert not missing, f"decisions with no disclosure declared: {sorted(missing)}"


def test_a_decision_seen_as_another_is_seen_as_one_told_to_act() -> None:
    for kind, told in DISCLOSURE.items():
        if told.seen_as:
            assert told.seen_at is not None, kind
            assert DISCLOSURE[told.seen_as].told is Told.ACTS, kind
            assert told.words == DISCLOSURE[told.seen_as].words, kind


def test_the_words_another_side_reads_tell_no_number() -> None:
    for kind, told in DISCLOSURE.items():
        assert told.words and not any(c.isdigit() for c in told.words), kind
