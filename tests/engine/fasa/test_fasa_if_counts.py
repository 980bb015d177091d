"""No FASA or Knight Hawks function dispatches by a long chain of `if`s: the turn's steps, the owners of rolls
and decisions, the legal actions, the prompts and the autopilot's choices are tables, and an
input's checks are tables of faults with their words (`engine.checks`) (issue 26). A function
over `LIMIT` `if` statements (its own, not those of functions defined inside it) fails."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import engine.rulesets.fasa as fasa
import engine.rulesets.knighthawks as knighthawks

LIMIT = 15
ROOT = Path(fasa.__file__).parent
KNIGHTHAWKS = Path(knighthawks.__file__).parent


def own_ifs(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    count, stack = 0, list[ast.AST](fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        count += isinstance(node, ast.If)
        stack.extend(ast.iter_child_nodes(node))
    return count


@functools.cache
def if_counts(root: Path = ROOT) -> dict[str, int]:
    """Every function's own ifs in the package at `root`, by folder/module.py:name (read once
    for the tests)."""
    out: dict[str, int] = {}
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                out[f"{path.relative_to(root).as_posix()}:{node.name}"] = max(
                    own_ifs(node), out.get(f"{path.relative_to(root).as_posix()}:{node.name}", 0))
    return out


def test_own_ifs_counts_a_functions_own_ifs_and_elifs() -> None:
    fn = ast.parse("def f(x):\n if x: pass\n elif x > 1: pass\n def g():\n  if x: pass\n"
                   " return [y for y in x if y]\n").body[0]
    assert isinstance(fn, ast.FunctionDef)
    assert own_ifs(fn) == 2


def test_no_fasa_function_holds_a_long_chain_of_ifs() -> None:
    counts = if_counts()
    assert counts, "no function was read"
    over = {name: n for name, n in counts.items() if n > LIMIT}
    assert not over, f"functions over {LIMIT} ifs (make the dispatch a table): {over}"


def test_no_knight_hawks_function_holds_a_long_chain_of_ifs() -> None:
    counts = if_counts(KNIGHTHAWKS)
    assert "flow/steps.py:advance" in counts, "Knight Hawks' functions were not read"
    over = {name: n for name, n in counts.items() if n > LIMIT}
    assert not over, f"functions over {LIMIT} ifs (make the dispatch a table): {over}"
    assert counts["flow/steps.py:_step"] <= 1, "the turn's steps are a table (STEP_FLOWS)"


def test_the_turn_the_rolls_and_the_decisions_are_tables() -> None:
    counts = if_counts()
    for name in ("flow/turn.py:advance", "flow/turn.py:_roll", "flow/turn.py:_decision",
                 "decisions/legal.py:for_prompt", "flow/prompts.py:all_prompts",
                 "autopilots/autopilot.py:decide"):
        assert counts[name] <= 8, f"{name} holds {counts[name]} ifs"
