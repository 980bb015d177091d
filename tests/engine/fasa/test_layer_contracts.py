"""FASA's levels are layers, and no module escapes them (docs/engine.md, "Levels and options as
layers"; pyproject.toml, "FASA's levels are layers: ..."). `lint-imports` checks the modules the
four contracts name (`tests/test_import_contracts.py`); these tests check that every module of the
package is named: each rule module on exactly one line (the basic game's, the advanced, the
expert, Command & Control's or the optional rules'), or among the modules that assemble the game
above every layer, or among the values under them, so that a new module cannot be left out of
the contracts, nor a module listed on two lines or forgotten in a higher line's forbidden list."""

from __future__ import annotations

import ast
import sys
import tomllib
from pathlib import Path

from engine.rulesets.fasa import rules
from engine.rulesets.fasa.rule import Rule
from engine.rulesets.fasa.values.state import LEVELS

ROOT = Path(__file__).resolve().parents[3]
PACKAGE = "engine.rulesets.fasa"
FOLDER = ROOT / "engine" / "rulesets" / "fasa"
LINES = ("basic", "advanced", "expert", "command", "option")
"""The layers from the lowest: the four levels, then the optional rules (and house rules)."""

ASSEMBLING = frozenset(f"{PACKAGE}.{m}" for m in (
    "flow.turn", "flow.rolls", "flow.decide", "flow.prompts", "flow.setup",
    "decisions.controls", "decisions.legal", "decisions.disclosure",
    "seats.views", "seats.preview", "explanations.explain", "autopilots.autopilot",
    "rules", "layers",
))
"""The modules that assemble the game from every layer's rules, above them all (pyproject.toml's
comment names each), besides the package's own `__init__` and the variants (`variants/`: a game
re-sequenced from FASA's rules, above them as the turn is)."""
ABOVE_FOLDERS = (f"{PACKAGE}.variants",)
UNDER = (f"{PACKAGE}.values", f"{PACKAGE}.data", f"{PACKAGE}.revisions")
"""The values every layer reads (state, actions, events; the ships' and tables' data; the log's
rules revisions), under every layer."""


def _contracts() -> list[dict[str, object]]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        config = tomllib.load(f)
    found = [c for c in config["tool"]["importlinter"]["contracts"]
             if c["name"].startswith("FASA's levels are layers")]
    assert len(found) == 4, [c["name"] for c in found]
    return found


def _names(contract: dict[str, object], key: str) -> list[str]:
    names = contract[key]
    assert isinstance(names, list)
    return [str(n) for n in names]


def _lines() -> dict[str, list[str]]:
    """Each line's modules, as the contracts name them (a line may name a folder: `house`)."""
    contracts = _contracts()
    out = {LINES[i]: _names(c, "source_modules") for i, c in enumerate(contracts)}
    above = set().union(*out.values())
    out["option"] = [m for m in _names(contracts[-1], "forbidden_modules") if m not in above]
    return out


def _line_of(module: str, lines: dict[str, list[str]]) -> list[str]:
    """The lines that name `module` or a folder it is in."""
    return [line for line, names in lines.items()
            if any(module == n or module.startswith(n + ".") for n in names)]


def _modules() -> list[str]:
    out = []
    for path in sorted(FOLDER.rglob("*.py")):
        parts = path.relative_to(ROOT).with_suffix("").parts
        out.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def _imports_nothing(module: str) -> bool:
    """A folder's `__init__` that only says what lives there (no import of FASA's)."""
    path = FOLDER.joinpath(*module.removeprefix(PACKAGE).strip(".").split("."), "__init__.py")
    if not path.exists():
        return False
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return not any(isinstance(n, ast.Import | ast.ImportFrom) and
                   (isinstance(n, ast.Import) or (n.module or "").startswith(PACKAGE))
                   for n in ast.walk(tree))


def _places(module: str, lines: dict[str, list[str]]) -> list[str]:
    places = _line_of(module, lines)
    if module in ASSEMBLING or module == PACKAGE or module.startswith(ABOVE_FOLDERS):
        places.append("assembling")
    if module.startswith(UNDER):
        places.append("values")
    if not places and _imports_nothing(module):
        places.append("folder")
    return places


def test_each_layer_forbids_every_layer_above_it_and_no_other() -> None:
    """The four contracts hold one list each of the layers above their own: a module added to
    one line and forgotten in a lower line's forbidden list would import freely downward of it."""
    contracts = _contracts()
    lines = _lines()
    for i, contract in enumerate(contracts):
        forbidden = _names(contract, "forbidden_modules")
        above = [m for line in LINES[i + 1:] for m in lines[line]]
        assert len(forbidden) == len(set(forbidden)), f"{LINES[i]}: a module named twice"
        assert set(forbidden) == set(above), (
            f"{contract['name']}: forbids {sorted(set(forbidden) - set(above))} of no higher "
            f"line, leaves {sorted(set(above) - set(forbidden))} of a higher line free")


def test_every_module_of_fasa_is_in_exactly_one_layer_or_above_or_under_them() -> None:
    lines = _lines()
    wrong = {m: _places(m, lines) for m in _modules()}
    wrong = {m: p for m, p in wrong.items() if len(p) != 1}
    assert not wrong, ("each module of engine/rulesets/fasa belongs to one line of the layer "
                       "contracts in pyproject.toml (or assembles the game above them, or is a "
                       f"value under them): {wrong}")


def test_a_new_module_in_no_layer_would_be_found() -> None:
    """The check above can fail: a module of a rule folder that no line names is in no place."""
    lines = _lines()
    assert _places(f"{PACKAGE}.firing.new_rule", lines) == []
    assert _places(f"{PACKAGE}.firing.fire_rule", lines) == ["basic"]
    assert _places(f"{PACKAGE}.house.alternating_advantage", lines) == ["option"]
    assert _places(f"{PACKAGE}.flow.turn", lines) == ["assembling"]
    assert _places(f"{PACKAGE}.values.state", lines) == ["values"]


def test_every_rule_declaration_is_named_on_a_line_of_its_own() -> None:
    """Each `*_rule.py` and each module of a rule in `rules.RULES` is named itself (not through
    its folder) on one line, and no lower than the lowest level whose games it is in: a rule of
    the expert games on the basic game's line would be a higher level's rule in the basic layer."""
    lines = _lines()
    named = {m: line for line, names in lines.items() for m in names}
    declarations = {m for m in _modules() if m.endswith("_rule")}
    declarations |= {_module_of(rule) for rule in rules.RULES}
    for module in sorted(declarations):
        line = named.get(module) or next(iter(_line_of(module, lines)), None)
        assert line is not None, f"{module} is on no line of the layer contracts"
        rule = next((r for r in rules.RULES if _module_of(r) == module), None)
        if rule is not None and line != "option":
            lowest = min(LEVELS.index(level) for level in rule.levels)
            assert LINES.index(line) >= lowest, (
                f"{module} ({rule.name}) is on the {line} line, below its games' lowest level, "
                f"{LEVELS[lowest]}")


def _module_of(rule: Rule) -> str:
    for name, module in list(sys.modules.items()):
        if name.startswith(PACKAGE) and getattr(module, "RULE", None) is rule:
            return name
    raise AssertionError(f"{rule.name}: no module holds it as RULE")


def test_the_assembling_modules_are_those_pyproject_names_above_every_layer() -> None:
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    comment = text[text.index("# FASA's levels and optional rules as layers"):]
    comment = " ".join(line.lstrip("# ") for line in comment[:comment.index("[[")].splitlines())
    for module in sorted(ASSEMBLING):
        path = module.removeprefix(PACKAGE + ".").replace(".", "/")
        assert f"{path}.py" in comment or f"{path}/" in comment, (
            f"pyproject.toml's comment on the layers does not name {path}")


def _contract(start: str) -> dict[str, object]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        config = tomllib.load(f)
    found: list[dict[str, object]] = [c for c in config["tool"]["importlinter"]["contracts"]
                                      if c["name"].startswith(start)]
    assert len(found) == 1, start
    return found[0]


def _named_by(names: list[str], module: str) -> bool:
    return any(module == n or module.startswith(n + ".") for n in names)


def test_the_assembling_contract_covers_every_rule_and_every_assembling_module() -> None:
    """"FASA's rules and values import none of the modules that assemble the game": its sources
    hold every module of a layer or a value, its forbidden list every assembling module (a new
    one of either left out would escape it)."""
    contract = _contract("FASA's rules and values import none of the modules that assemble")
    sources, forbidden = (_names(contract, "source_modules"),
                          _names(contract, "forbidden_modules"))
    lines = _lines()
    for module in _modules():
        place = _places(module, lines)
        if place == ["folder"]:
            continue  # a folder's __init__ that imports nothing: its folder's line or none
        if place == ["assembling"]:
            assert not _named_by(sources, module), f"{module} assembles, yet is a source"
            # (the package and layers/ are imported by the turn alone: no rule reaches them)
            if module not in (PACKAGE, f"{PACKAGE}.layers"):
                assert _named_by(forbidden, module), f"{module} is not forbidden to the rules"
        else:
            assert _named_by(sources, module), f"{module} ({place}) is not a source"
            assert not _named_by(forbidden, module), f"{module} ({place}) is forbidden"


def test_the_values_contract_forbids_every_rule_but_the_arcs() -> None:
    contract = _contract("FASA's values are under every layer")
    sources, forbidden = (_names(contract, "source_modules"),
                          _names(contract, "forbidden_modules"))
    assert sorted(sources) == sorted(UNDER)
    lines = _lines()
    for module in _modules():
        if module.startswith(UNDER) or module == PACKAGE or module == f"{PACKAGE}.arcs":
            continue
        if _places(module, lines) != ["folder"]:
            assert _named_by(forbidden, module), f"the values may import {module}"
