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
    assert ENGINE_DIR / "rulesets" / "fasa" / "combat.py" in files


def test_engine_imports_only_the_standard_library() -> None:
    offenders = []
    for path in sorted(ENGINE_DIR.rglob("*.py")):
        for name in outside_imports(path.read_text(encoding="utf-8")):
            offenders.append(f"{path.relative_to(ENGINE_DIR.parent)}: imports {name}")
    assert offenders == []


def engine_imports(source: str) -> set[str]:
    """The engine modules `source` imports; `from engine import x` imports the package itself."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.split(".")[0] == "engine"}
        elif (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
              and node.module.split(".")[0] == "engine"):
            found.add(node.module)
    return found


def test_rulesets_never_import_the_kernel_api_and_the_kernel_no_ruleset() -> None:
    """A ruleset plugs in through engine.ruleset; the kernel finds it by name (no import cycle)."""
    for path in sorted((ENGINE_DIR / "rulesets").rglob("*.py")):
        bad = engine_imports(path.read_text(encoding="utf-8")) & {"engine", "engine.game"}
        assert not bad, f"{path.relative_to(ENGINE_DIR.parent)} imports {bad}"
    for path in sorted(ENGINE_DIR.glob("*.py")):
        plugins = {m for m in engine_imports(path.read_text(encoding="utf-8"))
                   if m.startswith("engine.rulesets.")}
        assert not plugins, f"{path.name} imports the ruleset(s) {plugins}"
