"""No FASA function dispatches by a long chain of `if`s: the turn's steps, the owners of rolls
and decisions, the legal actions, the prompts and the autopilot's choices are tables (issue 26).
A function over `LIMIT` `if` statements (its own, not those of functions defined inside it)
fails, but for the readers named in `STILL_LONG`, which may not grow."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import engine.rulesets.fasa as fasa

LIMIT = 15
ROOT = Path(fasa.__file__).parent

STILL_LONG = {
    "data/ships.py:ship_from_dict": 24,   # a data file's checks, one per field
    "flow/setup.py:new_game": 18,         # a scenario's checks, one per option
    "skills/skill_roll.py:bonus_problem": 18,   # one refusal per kind of skill bonus
    "victory.py:clauses_from": 17,        # a scenario's victory clauses, one per kind
}
"""Functions still over the limit: each a reader or a checker of one input, not a dispatch by
rule or level; to be split, never to grow."""


def own_ifs(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    count, stack = 0, list(fn.body)
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef | ast.Lambda):
            continue
        count += isinstance(node, ast.If)
        stack.extend(ast.iter_child_nodes(node))
    return count


@functools.cache
def if_counts() -> dict[str, int]:
    """Every FASA function's own ifs, by folder/module.py:name (read once for the tests)."""
    out: dict[str, int] = {}
    for path in sorted(ROOT.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                out[f"{path.relative_to(ROOT).as_posix()}:{node.name}"] = max(
                    own_ifs(node), out.get(f"{path.relative_to(ROOT).as_posix()}:{node.name}", 0))
    return out


def test_own_ifs_counts_a_functions_own_ifs_and_elifs() -> None:
    fn = ast.parse("def f(x):\n if x: pass\n elif x > 1: pass\n def g():\n  if x: pass\n"
                   " return [y for y in x if y]\n").body[0]
    assert isinstance(fn, ast.FunctionDef)
    assert own_ifs(fn) == 2


def test_no_fasa_function_holds_a_long_chain_of_ifs() -> None:
    counts = if_counts()
    assert counts, "no function was read"
    over = {name: n for name, n in counts.items()
            if n > STILL_LONG.get(name, LIMIT)}
    assert not over, f"functions over {LIMIT} ifs (make the dispatch a table): {over}"


def test_the_turn_the_rolls_and_the_decisions_are_tables() -> None:
    counts = if_counts()
    for name in ("flow/turn.py:advance", "flow/turn.py:_roll", "flow/turn.py:_decision",
                 "decisions/legal.py:for_prompt", "flow/prompts.py:all_prompts",
                 "autopilots/autopilot.py:decide"):
        assert counts[name] <= 8, f"{name} holds {counts[name]} ifs"
