"""docs/engine.md's module map of FASA names every module of engine/rulesets/fasa/ (by its file
name, or its path under the package once the package is in folders) and no module that is not
there: a module added, moved or removed fails here until the map says so."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FASA = ROOT / "engine" / "rulesets" / "fasa"


def module_map() -> set[str]:
    text = (ROOT / "docs" / "engine.md").read_text(encoding="utf-8")
    section = text.split("FASA is `engine/rulesets/fasa/`", 1)[1].split("\n### ", 1)[0]
    firsts = [line.split("|")[1] for line in section.splitlines() if line.startswith("| `")]
    return set(re.findall(r"`([\w/]+\.py)`", " ".join(firsts)))


def modules() -> list[str]:
    return sorted(p.relative_to(FASA).as_posix() for p in FASA.rglob("*.py")
                  if p.name != "__init__.py" and "__pycache__" not in p.parts)


def test_every_fasa_module_is_in_the_map() -> None:
    named = module_map()
    missing = [m for m in modules() if m not in named and m.rsplit("/", 1)[-1] not in named]
    assert missing == [], f"docs/engine.md's FASA module map does not name {missing}"


def test_the_map_names_no_module_that_is_not_there() -> None:
    there = set(modules()) | {m.rsplit("/", 1)[-1] for m in modules()}
    assert sorted(module_map() - there) == []
