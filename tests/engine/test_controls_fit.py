"""The kernel's words for what a card itself allows: a budget's exact total, values that go
together, a choice that cannot be taken back (engine/controls.py)."""

from __future__ import annotations

from engine import Action, Budget, Choice, Decision, Field, FieldKind, Together
from engine.ruleset import Prompt

PROMPT = Prompt("s", "helm", "decide", None, "x")


def card(**extra: object) -> Decision:
    fields = (Field("a", "A", FieldKind.INT, 0, 0, 3), Field("b", "B", FieldKind.INT, 0, 0, 3),
              Field("t", "Target", FieldKind.CHOICE, None,
                    choices=(Choice(None, "hold"), Choice("k", "Kronos", irreversible=True))),
              Field("q", "Question", FieldKind.CHOICE, "0",
                    choices=(Choice("0", "none"), Choice("1", "power?"))))
    return Decision(PROMPT, "x", "helm", "Helm: x", fields,
                    builder=lambda v: Action("helm"), **extra)  # type: ignore[arg-type]


def test_an_exact_total_is_said_and_kept() -> None:
    d = card(budgets=(Budget(("a", "b"), 3, "Power lost", 3),))
    assert d.budgets[0].exact
    assert d.unfit({}) == "Power lost: exactly 3, not 0"
    assert d.unfit({"a": 1, "b": 2}) is None
    assert d.unfit({"a": 3, "b": 3}) == "Power lost: exactly 3, not 6"
    ranged = card(budgets=(Budget(("a", "b"), 4, "Points", 2),))
    assert not ranged.budgets[0].exact and ranged.unfit({"a": 1}) == "Points: 2 to 4, not 1"


def test_values_that_go_together_and_a_choice_that_needs_another_first() -> None:
    d = card(together=(Together(("t", "q"), ((None, "0"), ("k", "0"), ("k", "1")),
                                "a question needs a sensor lock"),))
    assert d.unfit({}) is None
    assert d.unfit({"q": "1"}) == "a question needs a sensor lock"
    assert d.unfit({"t": "k", "q": "1"}) is None
    assert d.together[0].allows({"t": "k", "q": "1"})
    assert not d.together[0].allows({"t": "k", "q": 1})   # a value as offered, its type too


def test_a_value_out_of_its_fields_bounds_does_not_fit() -> None:
    assert card().unfit({"a": 4}) == "A: 4 is not one of its values"
    assert card().unfit({"t": True}) == "Target: True is not one of its values"


def test_only_the_choice_that_cannot_be_taken_back_asks_for_a_confirmation() -> None:
    d = card()
    assert not d.irreversible_with({}) and not d.irreversible_with({"t": None})
    assert d.irreversible_with({"t": "k"})
    assert card(irreversible=True).irreversible_with({})
