"""docs/engine.md's map of Knight Hawks' package is whole, as FASA's is (test_fasa_map.py): every
module is named in the row of its folder, each folder's `__init__.py` says what lives in it,
naming every module, a module's name is unique in the package, the package's top holds only the
`Ruleset`, and its folders are FASA's names for the same kinds of module."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
KH = ROOT / "engine" / "rulesets" / "knighthawks"
FASA = ROOT / "engine" / "rulesets" / "fasa"
DOC = ROOT / "docs" / "engine.md"


def map_rows() -> dict[str, str]:
    """The first cell of each row of Knight Hawks' module map -> the whole row."""
    text = DOC.read_text(encoding="utf-8")
    start = text.index("Knight Hawks is `engine/rulesets/knighthawks/`")
    section = text[start:text.index("\n### ", start)]
    rows = [line for line in section.splitlines() if line.startswith("| `")]
    return {row.split("|")[1].strip(): row for row in rows}


def modules() -> list[Path]:
    return sorted(p for p in KH.rglob("*.py") if p.name != "__init__.py")


def test_every_module_is_named_in_the_row_of_its_folder() -> None:
    rows = map_rows()
    assert rows, "docs/engine.md has no Knight Hawks module map"
    for path in modules():
        folder = path.parent.relative_to(KH).as_posix()
        cell = next((c for c in rows if c.startswith(f"`{folder}/`")), None)
        assert cell is not None, f"docs/engine.md's Knight Hawks map has no row for {folder}/"
        assert f"`{path.name}`" in cell, f"{path.relative_to(ROOT)} is not in its row: {cell}"


def test_the_map_names_no_module_that_is_not_there() -> None:
    there = {p.name for p in modules()}
    named = {name for cell in map_rows() for name in
             (part.strip("`, ") for part in cell.split(":", 1)[-1].split(";")[0].split())
             if name.endswith(".py")}
    assert sorted(named - there) == []


def test_every_folder_says_what_lives_in_it() -> None:
    folders = sorted({p.parent for p in modules()} - {KH})
    assert len(folders) >= 8
    for folder in folders:
        doc = ast.get_docstring(ast.parse((folder / "__init__.py").read_text("utf-8")))
        assert doc, f"{folder.relative_to(ROOT)}/__init__.py has no docstring"
        for path in folder.glob("*.py"):
            if path.name != "__init__.py":
                assert f"`{path.name}`" in doc, f"{folder.name}/__init__.py does not name {path.name}"


def test_a_modules_name_means_one_file_and_the_top_holds_only_the_ruleset() -> None:
    names = Counter(p.name for p in modules())
    assert [n for n, k in names.items() if k > 1] == []
    folders = {p.parent.name for p in modules()} - {"knighthawks"}
    assert not folders & {p.stem for p in modules()}, "a folder named as a module"
    assert [p.name for p in modules() if p.parent == KH] == []


def test_its_folders_are_fasas_names_for_the_same_kinds_of_module() -> None:
    fasa = {p.name for p in FASA.iterdir() if (p / "__init__.py").is_file()}
    kh = {p.name for p in KH.iterdir() if (p / "__init__.py").is_file()}
    assert kh <= fasa, f"Knight Hawks folders FASA does not have: {sorted(kh - fasa)}"


def test_the_knight_hawks_suites_mirror_the_folders() -> None:
    suites = ROOT / "tests" / "engine" / "knighthawks"
    assert not list((ROOT / "tests" / "engine").glob("test_knighthawks_*.py"))
    for folder in (p for p in suites.iterdir() if p.is_dir() and p.name.isidentifier()
                   and p.name != "__pycache__"):   # Python's own, where bytecode is written
        assert (KH / folder.name / "__init__.py").is_file(), \
            f"tests/engine/knighthawks/{folder.name}/ mirrors no folder of the package"
