"""DESIGN: "engine/ imports nothing outside the standard library" — this test enforces it."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import engine

ENGINE_DIR = Path(engine.__file__).resolve().parent


def outside_imports(source: str) -> list[str]:
    """Top-level module names imported by `source` that are neither stdlib nor `engine`."""
    found: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top != "engine" and top not in sys.stdlib_module_names:
                found.append(name)
    return found


def test_the_checker_catches_third_party_imports() -> None:
    src = "import os\nimport pygame\nfrom serial.tools import list_ports\nfrom . import x\n"
    assert outside_imports(src) == ["pygame", "serial.tools"]
    assert outside_imports("from engine.hexgrid import Hex\nimport tomllib\n") == []


def test_engine_modules_exist() -> None:
    files = list(ENGINE_DIR.rglob("*.py"))
    assert ENGINE_DIR / "game.py" in files
    assert ENGINE_DIR / "rulesets" / "fasa" / "firing" / "combat.py" in files


def test_engine_imports_only_the_standard_library() -> None:
    offenders = []
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        for name in outside_imports(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(ENGINE_DIR.parent)}: imports {name}")
    assert offenders == []
