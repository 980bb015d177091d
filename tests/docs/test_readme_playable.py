"""README.md's "What works today" says what the engine says is playable: one line for each game
system this project ships (its own entry points, engine.rulesets.packaged()), and for a game
system with levels exactly the levels whose rules are built. A game system added to
pyproject.toml's entry points fails here until its line is written, in the form the message
gives."""

from __future__ import annotations

import re
from pathlib import Path

from engine import levels
from engine.rulesets import packaged

ROOT = Path(__file__).resolve().parents[2]
SYSTEM = re.compile(r"^- \*\*(?P<title>.+?)\*\* \(`(?P<name>[a-z0-9_]+)`\)(?P<rest>.*?)(?=^- |\Z)",
                    re.M | re.S)


def works_today() -> dict[str, str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## What works today", 1)[1].split("\n## ", 1)[0]
    listed = next(block for block in section.split("\n\n") if block.startswith("- **"))
    return {m["name"]: " ".join(m["rest"].split()) for m in SYSTEM.finditer(listed + "\n")}


def test_every_game_system_of_the_engine_has_its_line_and_no_other() -> None:
    listed = works_today()
    shipped = packaged()
    assert "fasa" in shipped, f"the installed starbridge offers no FASA ruleset: {shipped}"
    for name in shipped:
        assert name in listed, (
            f"README.md, What works today: the engine offers the game system {name!r}; add a "
            f"line '- **Its title** (`{name}`), every level built: `level`, ... (or what it "
            f"plays)' to the list")
    assert set(listed) <= set(shipped), f"README lists game systems the engine has not: {listed}"


def test_each_systems_levels_are_the_playable_ones() -> None:
    for name, line in works_today().items():
        built = levels(name, playable=True)
        if not built:
            continue
        said = re.search(r"levels? built: ((?:`[a-z]+`(?:, )?)+)", line)
        assert said, f"README.md, {name}: say 'every level built: `{'`, `'.join(built)}`'"
        assert re.findall(r"`([a-z]+)`", said.group(1)) == list(built)
        unbuilt = [lv for lv in levels(name) if lv not in built]
        assert not unbuilt or "not built" in line, (name, unbuilt)
