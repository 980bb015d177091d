"""A choice field lays its choices out as many to a row as the engine's Field.columns says (a
compass of eight ways round "back": 3), whatever the width; 0 fits as many as the width takes."""

from __future__ import annotations

from display.draw_panel import _per_row
from readouts.panel_model import ChoiceView, FieldView

WAYS = ("NW", "N", "NE", "W", "back", "E", "SW", "S", "SE")


def field(columns: int) -> FieldView:
    choices = tuple(ChoiceView(w, w, w, None, w == "E") for w in WAYS)
    return FieldView("direction", "which way", "choice", "E", "E", False, False, choices, "",
                     columns=columns)


def test_a_compass_is_three_to_a_row_at_any_width() -> None:
    for width in (200, 360, 720, 1200):
        assert _per_row(field(3), 48, width) == 3


def test_without_columns_the_width_decides() -> None:
    assert _per_row(field(0), 48, 360) == 3
    assert _per_row(field(0), 48, 720) == 6
    assert _per_row(field(0), 48, 1200) == 9
