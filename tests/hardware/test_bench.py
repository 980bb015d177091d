"""`starbridge bench panels` runs its presses through the whole stack (figures are not checked:
they are for reading, not pass/fail)."""

from __future__ import annotations

import io
import re

from companion.cli import build_parser
from companion.panels_bench import panels_bench


def test_bench_prints_the_floor_beside_the_whole_stack() -> None:
    out = io.StringIO()
    panels_bench(out, n=30)
    text = out.getvalue()
    rows = [line for line in text.splitlines() if re.search(r"p50 +\d+\.\d+ +p90", line)]
    assert len(rows) == 3, text
    assert rows[0].strip().startswith("floor: bare when_pressed")
    assert "times" not in text and "over the floor" in text


def test_bench_is_a_starbridge_subcommand() -> None:
    for name in ("panels", "hardware"):
        assert build_parser().parse_args(["bench", name]).what == name
