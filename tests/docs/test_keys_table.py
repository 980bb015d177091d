"""docs/wiring.md's "Keys on a PC" table (where the README sends a newcomer on a PC) is the
default pin map's keys, as `starbridge panels check` prints them."""

from __future__ import annotations

from pathlib import Path

from hardware.keyboard import KeyMap
from hardware.pinmap import load_pinmap

ROOT = Path(__file__).resolve().parents[2]


def test_the_key_table_is_the_default_maps() -> None:
    text = (ROOT / "docs" / "wiring.md").read_text(encoding="utf-8")
    section = text.split("## Keys on a PC", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines()
            if line.startswith("| ") and not line.startswith(("| panel", "| ---"))]
    table = {panel.strip(): [k.strip().replace(" ", "=", 1) for k in keys.split(",")]
             for panel, keys in rows}
    legend = {}
    for line in KeyMap(load_pinmap()).legend():
        panel, _, keys = line.partition(": ")
        legend[panel] = keys.split()
    assert table == legend
