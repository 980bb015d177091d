"""The package boundaries of the design, declared as import-linter contracts in pyproject.toml
(`[tool.importlinter]`), hold: the engine imports only the standard library, no edge reaches
into another, and no edge imports a ruleset's modules, with no exceptions."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def lint_imports(config: Path | None = None,
                 path: Path | None = None) -> subprocess.CompletedProcess[str]:
    args = [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command;"
            " sys.exit(lint_imports_command())"]
    if config is not None:   # a changed copy: its graph is not cached beside the real one's
        args += ["--config", str(config), "--no-cache"]
    env = dict(os.environ)
    if path is not None:   # one more folder of packages to import from
        env["PYTHONPATH"] = os.pathsep.join(filter(None, (str(path), env.get("PYTHONPATH"))))
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, check=False,
                          timeout=300, env=env)


def test_every_import_contract_is_kept() -> None:
    done = lint_imports()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
    assert "0 broken" in done.stdout


def test_the_edges_contract_lists_no_exceptions() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    contract = text[text.index('name = "Edges know no ruleset"'):]
    contract = contract[:contract.find("[[", 1) if "[[" in contract else None]
    assert "ignore_imports" not in contract


@pytest.mark.slow
def test_a_new_import_of_a_ruleset_module_from_an_edge_breaks_a_contract(tmp_path: Path) -> None:
    """The contract can fail: an edge package that imports a FASA module breaks it."""
    (tmp_path / "probe_edge").mkdir()
    (tmp_path / "probe_edge" / "__init__.py").write_text(
        "from engine.rulesets.fasa.flow import setup  # noqa: F401\n", encoding="utf-8")
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    text = text.replace('root_packages = ["engine", ', 'root_packages = ["probe_edge", "engine", ')
    text = text.replace('source_modules = ["display", "hardware", "firmware_bridge", "companion", ',
                        'source_modules = ["probe_edge", "display", "hardware", "firmware_bridge", '
                        '"companion", ', 1)
    assert text.count("probe_edge") == 2
    config = tmp_path / "contracts.toml"
    config.write_text(text, encoding="utf-8")
    done = lint_imports(config, tmp_path)
    assert done.returncode != 0
    assert "Edges know no ruleset BROKEN" in done.stdout
    assert "probe_edge -> engine.rulesets.fasa.flow.setup" in done.stdout


@pytest.mark.slow
def test_an_import_cycle_breaks_the_no_cycle_contract(tmp_path: Path) -> None:
    """The cycle contract can fail: a package whose two modules import each other breaks it."""
    (tmp_path / "probe_cycle").mkdir()
    (tmp_path / "probe_cycle" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "probe_cycle" / "one.py").write_text("from probe_cycle import two  # noqa: F401\n",
                                                     encoding="utf-8")
    (tmp_path / "probe_cycle" / "two.py").write_text("from probe_cycle import one  # noqa: F401\n",
                                                     encoding="utf-8")
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    text = text.replace('root_packages = ["engine", ', 'root_packages = ["probe_cycle", "engine", ')
    text = text.replace('ancestors = ["engine", ', 'ancestors = ["probe_cycle", "engine", ')
    assert text.count("probe_cycle") == 2
    config = tmp_path / "contracts.toml"
    config.write_text(text, encoding="utf-8")
    done = lint_imports(config, tmp_path)
    assert done.returncode != 0
    assert "No import cycles between sibling modules BROKEN" in done.stdout


@pytest.mark.slow
def test_an_upward_import_between_fasas_levels_breaks_the_layers_contract(tmp_path: Path) -> None:
    """The layers contract can fail: the turn's flow, which assembles every level's rules, listed
    as a module of the basic game breaks it (a basic module importing a higher level's)."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    basic = ('source_modules = ["engine.rulesets.fasa.arcs", ')
    assert text.count(basic) == 1
    config = tmp_path / "contracts.toml"
    config.write_text(text.replace(basic, basic + '"engine.rulesets.fasa.flow.turn", '),
                      encoding="utf-8")
    done = lint_imports(config)
    assert done.returncode != 0
    assert "the basic game imports no higher level and no optional" in done.stdout
    assert "BROKEN" in done.stdout
    assert "engine.rulesets.fasa.flow.turn is not allowed to import" in " ".join(
        done.stdout.split())


def test_the_seats_view_models_forbid_pygame_the_display_and_the_consoles() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    contract = text[text.index('source_modules = ["readouts"]'):]
    contract = contract[:contract.index("[[")]
    for forbidden in ('"pygame"', '"display"', '"consoles"'):
        assert forbidden in contract
    consoles = text[text.index("never from the display"):]
    consoles = consoles[:consoles.index("[[")]
    assert 'source_modules = ["consoles"]' in consoles and 'forbidden_modules = ["display"]' in consoles


@pytest.mark.slow
def test_a_view_model_that_imports_pygame_breaks_a_contract(tmp_path: Path) -> None:
    """The readouts' contract can fail: a package under it that imports pygame breaks it."""
    (tmp_path / "probe_readout").mkdir()
    (tmp_path / "probe_readout" / "__init__.py").write_text(
        "import pygame  # noqa: F401\n", encoding="utf-8")
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    text = text.replace('root_packages = ["engine", ', 'root_packages = ["probe_readout", "engine", ')
    text = text.replace('source_modules = ["readouts"]', 'source_modules = ["readouts", "probe_readout"]')
    assert text.count("probe_readout") == 2
    config = tmp_path / "contracts.toml"
    config.write_text(text, encoding="utf-8")
    done = lint_imports(config, tmp_path)
    assert done.returncode != 0
    assert "probe_readout -> pygame" in done.stdout


@pytest.mark.slow
def test_a_rule_declaration_on_a_lower_line_than_its_imports_breaks_the_layers_contract(
        tmp_path: Path) -> None:
    """The rules' declarations are under the layers contracts: the expert sensor question's
    (`sensing/sensor_ask_rule.py`, which reads the advanced Sensor Phase's `sensors.py`) named a
    basic module breaks the basic game's contract on that import."""
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    basic = 'source_modules = ["engine.rulesets.fasa.arcs", '
    assert text.count(basic) == 1
    config = tmp_path / "contracts.toml"
    config.write_text(text.replace(basic, basic + '"engine.rulesets.fasa.sensing.sensor_ask_rule", '),
                      encoding="utf-8")
    done = lint_imports(config)
    assert done.returncode != 0
    out = " ".join(done.stdout.split())
    assert "the basic game imports no higher level and no optional rule BROKEN" in out
    assert ("engine.rulesets.fasa.sensing.sensor_ask_rule is not allowed to import "
            "engine.rulesets.fasa.sensing.sensors") in out
