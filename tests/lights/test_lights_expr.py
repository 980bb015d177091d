"""The lights file's expressions: what they read, and that nothing makes them raise or run away."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from lights.expr import MAX_TEXT, ExprError, parse

CTX = {"ship": {"id": "enterprise", "shields": [5, 0, 3], "allocation": {"shields": 4},
                "weapons": [{"id": "ph1", "power": 2}], "systems_out": {"helm": True,
                                                                        "comms": False},
                "system_stations": {"helm": "helm", "comms": "science"}},
       "asked": {"decide": True, "roll": False}, "seat": {"station": "helm"},
       "panel": {"values": {"ph1": 3, "to": "shield2"}}}


@pytest.mark.parametrize(("text", "want"), [
    ("ship.shields[1] <= 0", True),
    ("min(ship.shields) == 0", True),
    ("max(ship.shields) / 10", 0.5),
    ("ship.shields[0] / 0", 0.0),                       # a division by 0 is 0
    ("asked.decide and not asked.roll", True),
    ("ship.nothing.deeper > 1", False),                 # a path not there: none; never holds
    ("ship.nothing == none", True),
    ("panel.values[ship.weapons[0].id] > 0", True),     # a computed key
    ("ship.shields[-1]", 3),
    ("ship.shields[9]", None),
    ("count(ship.shields)", 2),
    ("'ph1' in pick(ship.weapons[0], keys(ship.weapons[0], 'ph1'))", True),
    ("any(pick(ship.systems_out, keys(ship.system_stations, seat.station)))", True),
    ("starts(panel.values.to, 'shield')", True),
    ("-ship.allocation.shields + 5", 1.0),
    ("(1 + 2) * 3 == 9", True),
    ("'a' < 'b'", True),
    ("ship.id == 'enterprise' or 1 / 0", True),
])
def test_an_expression_reads_the_context(text: str, want: object) -> None:
    assert parse(text).value(CTX) == want


@pytest.mark.parametrize(("text", "says"), [
    ("ship.shields[0] <=", "a value was expected, not the end"),
    ("1 < 2 < 3", "one comparison at a time"),
    ("frobnicate(ship)", "no function 'frobnicate'"),
    ("min(1, 2)", "min() takes 1 argument, not 2"),
    ("ship.shields[0", "']' expected"),
    ("ship. 3.5", "a name is expected after '.'"),
    ("ship @ 1", "'@ 1' is not understood"),
    ("", "an empty expression"),
    ("(" * 40 + "1" + ")" * 40, "nested more than"),
    ("x" * (MAX_TEXT + 1), "an expression is at most"),
])
def test_a_wrong_expression_says_where_and_what(text: str, says: str) -> None:
    with pytest.raises(ExprError, match=None) as err:
        parse(text)
    assert says in str(err.value)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="ship.[]()0123456789 <>=!andornot'+-*/,minxcount", max_size=60))
def test_any_text_parses_or_is_refused_and_never_raises_when_read(text: str) -> None:
    try:
        expr = parse(text)
    except ExprError:
        return
    expr.value(CTX)   # reading never raises, whatever the context holds
    expr.value({})
