"""The figures the benchmarks report, and the one table `starbridge bench` prints of them.

    Figure("display", "busiest frame, median", 1.49, "ms", floor=0.04, budget=3.0,
           floor_is="clear and flip an empty screen")

A figure's floor is the same measure of the least that work can cost (a bare gpiozero callback,
an fsync'd line, a bare Python process...), measured in the same run on the same machine, so the
ratio between them means something on a busy or slow machine where the raw value does not. Its
budget is the limit the issues set: the most a time or a size may be, the least a rate may be;
on a Raspberry Pi the Pi's budget where the issue gives one (`budget`).
"""

from __future__ import annotations

import math
import os
import platform
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

MISSING = "—"
PI_MODEL = Path("/proc/device-tree/model")
SAME = -1.0   # budget(here, pi=SAME): the same budget on a Pi


def pi_model(path: Path = PI_MODEL) -> str | None:
    """The Raspberry Pi's model ("Raspberry Pi 4 Model B Rev 1.4"), or None on anything else."""
    try:
        model = path.read_bytes()[:200].decode("ascii", "replace").strip("\x00 \n")
    except OSError:
        return None
    return model if model.startswith("Raspberry Pi") else None


def budget(here: float, pi: float | None = SAME, on_pi: bool | None = None) -> float | None:
    """The budget on this machine: `here` on a developer machine, `pi` on a Raspberry Pi (None:
    the issues give the Pi none)."""
    if on_pi is None:
        on_pi = pi_model() is not None
    return (here if pi == SAME else pi) if on_pi else here


def machine() -> str:
    """Where the figures were measured, and whose budgets apply."""
    model = pi_model()
    return (f"measured on: {model or platform.machine()}, {platform.system()}, Python "
            f"{platform.python_version()}, {os.cpu_count()} CPUs; "
            f"budgets: {'a Raspberry Pi' if model else 'a developer machine'}'s")


@dataclass(frozen=True)
class Figure:
    bench: str                      # which benchmark: engine, dice, panels, display, saves, app
    name: str                       # what was measured, in words
    value: float | None             # None: it could not be measured here (the table says —)
    unit: str                       # ms, MB, actions/s, % of a core...
    floor: float | None = None      # the floor's value, in the same unit
    budget: float | None = None     # the limit: at most (at least for a rate)
    higher_is_better: bool = False  # a rate (actions/s): the budget is a least, not a most
    floor_is: str = ""              # what the floor is, in words

    def ratio(self) -> float | None:
        """How many times the floor's cost the figure is: value / floor for a time or a size,
        floor / value for a rate (so that 3.0 reads "three times the floor's cost" either way).
        None without a floor, or when either is not a positive number."""
        if not (_positive(self.value) and _positive(self.floor)):
            return None
        assert self.value is not None and self.floor is not None
        return self.floor / self.value if self.higher_is_better else self.value / self.floor

    def within(self) -> bool | None:
        """Whether the figure is within its budget; None when it has none or was not measured."""
        if self.budget is None or self.value is None or not math.isfinite(self.value):
            return None
        return self.value >= self.budget if self.higher_is_better else self.value <= self.budget


def _positive(x: float | None) -> bool:
    return x is not None and math.isfinite(x) and x > 0


def number(x: float | None) -> str:
    """A measured number with as many digits as it has meaning (three or four significant)."""
    if x is None or not math.isfinite(x):
        return MISSING
    size = abs(x)
    if size >= 1000:
        return f"{x:,.0f}"
    if size >= 100:
        return f"{x:.0f}"
    if size >= 10:
        return f"{x:.1f}"
    if size >= 1 or size == 0:
        return f"{x:.2f}"
    return f"{x:.3f}"


HEADINGS = ("benchmark", "figure", "value", "unit", "floor", "x floor", "budget", "within")


def row(f: Figure) -> tuple[str, ...]:
    """A figure's cells, in the order of HEADINGS."""
    ratio = f.ratio()
    budget = MISSING if f.budget is None else \
        ("≥ " if f.higher_is_better else "≤ ") + number(f.budget)
    within = {True: "yes", False: "no", None: MISSING}[f.within()]
    return (f.bench, f.name, number(f.value), f.unit, number(f.floor),
            MISSING if ratio is None else f"{ratio:.1f}x", budget, within)


def table(figures: Sequence[Figure]) -> str:
    """The figures as one plain-text table (numbers right-aligned), with a line under the
    headings; the lines end without trailing spaces."""
    rows = [HEADINGS, *(row(f) for f in figures)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(HEADINGS))]
    right = {2, 4, 5}

    def line(cells: Sequence[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    rule = "  ".join("-" * w for w in widths)
    return "\n".join([line(rows[0]), rule, *(line(r) for r in rows[1:])])


def floor_notes(figures: Iterable[Figure]) -> list[str]:
    """What the floors in the table are: a line per benchmark and floor, naming the figures
    only where one benchmark has floors of more than one kind."""
    kinds: dict[str, dict[str, list[str]]] = {}
    for f in figures:
        if f.floor is not None and f.floor_is:
            kinds.setdefault(f.bench, {}).setdefault(f.floor_is, []).append(f.name.strip())
    lines = []
    for bench, floors in kinds.items():
        for floor_is, names in floors.items():
            which = f" ({'; '.join(names)})" if len(floors) > 1 else ""
            lines.append(f"  {bench}{which}: {floor_is}")
    return lines


def report(figures: Sequence[Figure], where: str = "") -> str:
    """The table, then what its floors are, then `where` (see `machine`)."""
    notes = floor_notes(figures)
    text = table(figures)
    if notes:
        text += "\n\nfloors (measured in the same run):\n" + "\n".join(notes)
    return text + (f"\n\n{where}" if where else "")
