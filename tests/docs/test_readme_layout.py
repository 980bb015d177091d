"""README.md's Layout says where things live: every room (a package folder) and every module at
companion/'s top is listed there with what it holds, and the top stays small (rooms, not a bag
of modules side by side)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
COMPANION = ROOT / "companion"
MOST_AT_THE_TOP = 8   # modules at companion/'s top, __init__.py not counted


def layout() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return text.split("\n## Layout\n", 1)[1].split("\n## ", 1)[0]


def listed(block: str) -> set[str]:
    """The names the layout's picture gives under companion/ (indented two spaces)."""
    return set(re.findall(r"^  (\S+)\s", block, re.M))


def test_every_room_and_top_module_of_companion_is_in_the_layout() -> None:
    names = listed(layout())
    rooms = {f"{p.name}/" for p in COMPANION.iterdir() if (p / "__init__.py").is_file()}
    modules = {p.name for p in COMPANION.glob("*.py") if p.name != "__init__.py"}
    assert rooms and modules
    assert sorted((rooms | modules) - names) == [], "README.md's Layout: add a line for each"
    assert sorted(names - rooms - modules) == [], "README.md's Layout lists what is not there"


def test_companion_keeps_few_modules_at_its_top() -> None:
    top = [p.name for p in COMPANION.glob("*.py") if p.name != "__init__.py"]
    assert len(top) <= MOST_AT_THE_TOP, f"companion/ holds {sorted(top)} at its top: give them rooms"


def test_the_benchmarks_are_in_the_layout_outside_the_package() -> None:
    block = layout()
    assert (ROOT / "benchmarks" / "__init__.py").is_file()
    assert not (COMPANION / "benchmarks").exists()
    assert re.search(r"^benchmarks/\s", block, re.M)
