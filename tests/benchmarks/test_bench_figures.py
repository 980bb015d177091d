"""The figures of `starbridge bench` and the one table made of them: ratios to the floor, budgets
compared (a most for a time or a size, a least for a rate), and what is missing shown as —."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from benchmarks.figures import (
    HEADINGS,
    MISSING,
    Figure,
    budget,
    floor_notes,
    machine,
    number,
    pi_model,
    report,
    table,
)


def cells(text: str) -> list[dict[str, str]]:
    """The table's rows as {heading: cell}, cut at the columns the rule under the headings
    marks (a figure's name may hold spaces)."""
    lines = text.splitlines()
    spans, start = [], 0
    for dashes in lines[1].split("  "):
        spans.append((start, start + len(dashes)))
        start += len(dashes) + 2
    assert [lines[0][a:b].strip() for a, b in spans] == list(HEADINGS)
    return [{h: line[a:b].strip() for h, (a, b) in zip(HEADINGS, spans, strict=True)}
            for line in lines[2:]]


def test_a_time_is_compared_with_its_floor_and_its_budget_as_a_most() -> None:
    f = Figure("display", "busiest screen, median", 1.5, "ms", floor=0.05, budget=3.0)
    assert f.ratio() == 1.5 / 0.05
    assert f.within() is True
    assert Figure("display", "x", 3.0, "ms", budget=3.0).within() is True    # the limit itself
    assert Figure("display", "x", 3.01, "ms", budget=3.0).within() is False


def test_a_rate_is_compared_the_other_way_round() -> None:
    """A rate's ratio reads as times the floor's cost too (the floor is the faster one), and
    its budget is the least it may be."""
    f = Figure("dice", "parse", 150_000, "frames/s", floor=900_000, budget=100_000,
               higher_is_better=True)
    assert f.ratio() == 6.0
    assert f.within() is True
    assert Figure("dice", "parse", 99_999, "frames/s", budget=100_000,
                  higher_is_better=True).within() is False


def test_no_floor_no_budget_or_nothing_measured_gives_no_ratio_and_no_verdict() -> None:
    assert Figure("engine", "replay", 16_000, "actions/s").ratio() is None
    assert Figure("engine", "replay", 16_000, "actions/s").within() is None
    assert Figure("app", "memory", None, "MB", floor=25.0, budget=150).ratio() is None
    assert Figure("app", "memory", None, "MB", floor=25.0, budget=150).within() is None
    assert Figure("app", "memory", 50.0, "MB", floor=0.0).ratio() is None       # no division by 0
    assert Figure("app", "memory", math.nan, "MB", budget=150).within() is None


def test_the_table_has_a_row_per_figure_with_missing_cells_shown_as_a_dash() -> None:
    figures = [
        Figure("panels", "press to LED change, p99", 1.23, "ms", 0.047, 5.0,
               floor_is="a bare gpiozero when_pressed that lights an LED"),
        Figure("engine", "replay, parsed actions", 16_823.4, "actions/s", higher_is_better=True),
        Figure("app", "peak resident memory, playing", 154.2, "MB", 25.5, 150,
               floor_is="python with pygame"),
        Figure("dice", "parse tray lines", 144_208, "frames/s", 825_205, 100_000, True,
               floor_is="a regular expression and the CRC"),
        Figure("saves", "failed (see above)", None, ""),
    ]
    rows = cells(table(figures))
    assert rows[0] == {"benchmark": "panels", "figure": "press to LED change, p99",
                       "value": "1.23", "unit": "ms", "floor": "0.047", "x floor": "26.2x",
                       "budget": "≤ 5.00", "within": "yes"}
    assert rows[1] == {"benchmark": "engine", "figure": "replay, parsed actions",
                       "value": "16,823", "unit": "actions/s", "floor": MISSING,
                       "x floor": MISSING, "budget": MISSING, "within": MISSING}
    assert rows[2]["within"] == "no" and rows[2]["budget"] == "≤ 150"
    assert rows[3]["x floor"] == "5.7x" and rows[3]["budget"] == "≥ 100,000"
    assert rows[3]["within"] == "yes"
    assert rows[4]["value"] == MISSING and rows[4]["within"] == MISSING


def test_numbers_keep_three_or_four_significant_digits() -> None:
    assert [number(x) for x in (0.04712, 1.234, 12.345, 123.45, 16823.4, 0.0)] == \
        ["0.047", "1.23", "12.3", "123", "16,823", "0.00"]
    assert number(None) == number(math.inf) == number(math.nan) == MISSING


def test_each_floor_is_said_once_per_benchmark_naming_figures_only_when_they_differ() -> None:
    figures = [Figure("panels", "p50", 0.5, "ms", 0.01, floor_is="bare callback"),
               Figure("panels", "p99", 1.2, "ms", 0.04, floor_is="bare callback"),
               Figure("app", "first frame", 600, "ms", 35, floor_is="bare python"),
               Figure("app", "memory", 54, "MB", 25, floor_is="python with pygame"),
               Figure("app", "no floor", 1, "ms")]
    assert floor_notes(figures) == ["  panels: bare callback", "  app (first frame): bare python",
                                    "  app (memory): python with pygame"]
    assert report(figures).endswith("\n".join(floor_notes(figures)))
    assert "floors" not in report([Figure("engine", "replay", 1.0, "actions/s")])


def test_a_raspberry_pi_is_known_by_its_device_tree_model(tmp_path: Path) -> None:
    model = tmp_path / "model"
    model.write_bytes(b"Raspberry Pi 4 Model B Rev 1.4\x00")
    assert pi_model(model) == "Raspberry Pi 4 Model B Rev 1.4"
    model.write_bytes(b"Pine64 RockPro64\x00")
    assert pi_model(model) is None
    model.write_bytes(b"\xff\xfe garbage")
    assert pi_model(model) is None
    assert pi_model(tmp_path / "none") is None
    assert "budgets: " in machine() and "CPUs" in machine()


def test_on_a_pi_the_pis_budget_applies_where_the_issue_gives_one() -> None:
    assert budget(5.0, pi=50.0, on_pi=False) == 5.0
    assert budget(5.0, pi=50.0, on_pi=True) == 50.0
    assert budget(2.0, pi=None, on_pi=True) is None     # none given for a Pi
    assert budget(150, on_pi=True) == budget(150, on_pi=False) == 150   # the same on both


finite = st.floats(min_value=-1e12, max_value=1e12, allow_nan=False)
maybe = st.one_of(st.none(), finite, st.sampled_from([math.nan, math.inf, 0.0]))


@pytest.mark.slow
@given(st.lists(st.builds(Figure, bench=st.sampled_from(["engine", "app"]),
                          name=st.text(st.characters(min_codepoint=32, max_codepoint=126),
                                       min_size=1, max_size=30).filter(lambda s: "  " not in s),
                          value=maybe, unit=st.sampled_from(["ms", "MB", "frames/s"]),
                          floor=maybe, budget=maybe, higher_is_better=st.booleans()),
                max_size=8))
def test_any_figures_make_a_table_whose_verdict_agrees_with_the_numbers(
        figures: list[Figure]) -> None:
    rows = cells(table(figures))
    assert len(rows) == len(figures)
    for f, r in zip(figures, rows, strict=True):
        verdict = f.within()
        if verdict is None:
            assert r["within"] == MISSING
        else:
            assert f.value is not None and f.budget is not None
            ok = f.value >= f.budget if f.higher_is_better else f.value <= f.budget
            assert r["within"] == ("yes" if ok else "no")
        ratio = f.ratio()
        assert (r["x floor"] == MISSING) == (ratio is None)
        if ratio is not None:
            assert ratio > 0
