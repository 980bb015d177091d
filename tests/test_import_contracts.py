"""The package boundaries of the design, declared as import-linter contracts in pyproject.toml
(`[tool.importlinter]`), hold: the engine imports only the standard library, no edge reaches
into another, and no edge imports a ruleset's modules beyond the exceptions listed there."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(config: Path | None = None) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command;"
            " sys.exit(lint_imports_command())"]
    if config is not None:
        args += ["--config", str(config)]
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False,
                          timeout=300)


def test_every_import_contract_is_kept() -> None:
    done = lint_imports()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_a_new_import_of_a_ruleset_module_from_an_edge_breaks_a_contract(tmp_path: Path) -> None:
    """The contract can fail: without its list of exceptions the display's reads of FASA's
    modules break it."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    start = text.index("ignore_imports = [")
    end = text.index("]\n", start) + 2
    config = tmp_path / "contracts.toml"
    config.write_text(text[:start] + text[end:], encoding="utf-8")
    done = lint_imports(config)
    assert done.returncode != 0
    assert "Edges know no ruleset BROKEN" in done.stdout
