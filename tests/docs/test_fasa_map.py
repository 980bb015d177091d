"""docs/engine.md's map of FASA's package is whole: every module is named in the row of its folder,
and each folder's `__init__.py` says what lives in it, naming every module; and a module's name
is unique in the package, so that a name in the docs means one file."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
FASA = ROOT / "engine" / "rulesets" / "fasa"
DOC = ROOT / "docs" / "engine.md"


def map_rows() -> dict[str, str]:
    """The first cell of each row of FASA's module map -> the whole row."""
    text = DOC.read_text(encoding="utf-8")
    section = text[text.index("FASA is `engine/rulesets/fasa/`"):
                   text.index("### The map shape")]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {row.split("|")[1].strip(): row for row in rows}


def modules() -> list[Path]:
    return sorted(p for p in FASA.rglob("*.py") if p.name != "__init__.py")


def test_every_module_is_named_in_the_row_of_its_folder() -> None:
    rows = map_rows()
    for path in modules():
        folder = path.parent.relative_to(FASA).as_posix()
        cell = next((c for c in rows if c.startswith(f"`{folder}/`" if folder != "." else
                                                     f"`{path.name}`")), None)
        assert cell is not None, f"docs/engine.md's FASA map has no row for {folder}/"
        assert f"`{path.name}`" in cell, f"{path.relative_to(ROOT)} is not in its row: {cell}"


def test_every_folder_says_what_lives_in_it() -> None:
    folders = sorted({p.parent for p in modules()} - {FASA})
    assert len(folders) >= 10
    for folder in folders:
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text("utf-8")))
        assert doc, f"{folder.relative_to(ROOT)}/__init__.py has no docstring"
        for path in folder.glob("*.py"):
            if path.name != "__init__.py":
                assert f"`{path.name}`" in doc, f"{folder.name}/__init__.py does not name {path.name}"


def test_a_modules_name_means_one_file_and_the_top_holds_few() -> None:
    names = Counter(p.name for p in modules())
    assert [n for n, k in names.items() if k > 1] == []
    folders = {p.parent.name for p in modules()} - {"fasa"}
    assert not folders & {p.stem for p in modules()}, "a folder named as a module"
    assert len([p for p in modules() if p.parent == FASA]) <= 12
