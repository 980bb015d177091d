"""One reading of a panel: a label, its value, and whether it is an alert (drawn in red)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Fact:
    label: str
    value: str
    alert: bool = False
