"""Rulesets are found through package metadata (entry points of the group starbridge.rulesets),
the project's own as any other package's: the toy duel of tests/toy_ruleset offered by a real
installed package (a `.dist-info` with an entry_points.txt on sys.path) is found and played, and a
broken or hostile package's entry point is skipped with one line naming the package, never a
traceback, without taking a name from the rulesets that work."""

from __future__ import annotations

import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_kernel_random_sim import random_game
from toy_ruleset import TOY, installed_package

import engine
from engine import rulesets


@pytest.fixture
def site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A folder on sys.path that packages are installed into; the kernel reads the entry points
    again on entering and on leaving, so nothing installed here outlives the test."""
    monkeypatch.syspath_prepend(str(tmp_path))
    rulesets.rescan()
    yield tmp_path
    monkeypatch.undo()
    rulesets.rescan()


def test_the_project_s_own_rulesets_are_found_through_its_entry_points() -> None:
    assert set(rulesets.packaged()) >= {"fasa", "knighthawks", "halfimpulse"}
    assert set(rulesets.packaged()) <= set(rulesets.names())
    for name in rulesets.packaged():
        assert rulesets.offered()[name].value.startswith("engine.rulesets.")
        assert rulesets.get(name).name == name
    assert rulesets.refusals() == ()


def test_the_toy_offered_by_an_installed_package_is_found_and_played(site: Path) -> None:
    assert "toy" not in rulesets.names()
    installed_package(site / "lib", "toy-duel", {"toy": "toy_ruleset:TOY"})
    rulesets.rescan()
    assert "toy" not in rulesets.names()   # not on sys.path yet: not installed
    installed_package(site, "toy-duel", {"toy": "toy_ruleset:TOY"})
    rulesets.rescan()
    assert "toy" in rulesets.names() and "toy" not in rulesets.packaged()
    assert rulesets.get("toy") is TOY
    assert engine.new_game(TOY.example_scenario()).ruleset == "toy"
    random_game("toy", 0)   # the kernel's random playthrough, through the found ruleset
    with pytest.raises(ValueError, match="installed"):
        rulesets.unregister("toy")
    with pytest.raises(ValueError, match="installed"), rulesets.registered(TOY):
        pass
    assert rulesets.refusals() == ()


BROKEN = {
    "import error": ({"bad": "sb_bad_import:RULESET"},
                     {"sb_bad_import": "import sb_no_such_module\nRULESET = None\n"},
                     "sb_bad_import:RULESET does not load (ModuleNotFoundError: No module named "
                     "'sb_no_such_module')"),
    "raises on import": ({"bad": "sb_raises:RULESET"},
                         {"sb_raises": "raise RuntimeError('boom\\nsecond line')\n"},
                         "sb_raises:RULESET does not load (RuntimeError: boom)"),
    "no such object": ({"bad": "sb_empty:RULESET"}, {"sb_empty": "X = 1\n"},
                       "sb_empty:RULESET does not load (AttributeError"),
    "wrong type": ({"bad": "sb_str:RULESET"}, {"sb_str": "RULESET = 'fasa'\n"},
                   "sb_str:RULESET is a str, not a ruleset (it has no new_game, apply, "
                   "pending, ...)"),
    "a class": ({"bad": "sb_class:Rules"},
                {"sb_class": "from toy_ruleset import ToyRuleset as Rules\n"},
                "sb_class:Rules is a class, not a ruleset object; point at an instance"),
    "another name": ({"bad": "toy_ruleset:TOY"}, {},
                     "toy_ruleset:TOY calls itself 'toy', not 'bad'"),
    "bad syntax": ({"bad": "sb_syntax:RULESET"}, {"sb_syntax": "def (:\n"},
                   "sb_syntax:RULESET does not load (SyntaxError"),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_broken_entry_point_is_skipped_with_one_line_naming_its_package(
        site: Path, case: str, caplog: pytest.LogCaptureFixture) -> None:
    offers, modules, why = BROKEN[case]
    installed_package(site, "hostile-pkg", offers, modules)
    rulesets.rescan()
    with caplog.at_level(logging.WARNING, logger="engine.rulesets"):
        assert "bad" not in rulesets.names()
        with pytest.raises(KeyError, match="unknown ruleset 'bad'; known: fasa"):
            rulesets.get("bad")
    lines = rulesets.refusals()
    assert len(lines) == 1 and "\n" not in lines[0], lines
    assert lines[0].startswith("ruleset 'bad' of package hostile-pkg 1.0 skipped: " + why), lines
    assert [r.getMessage() for r in caplog.records] == list(lines)   # said once, not per ask
    assert {"fasa", "knighthawks", "halfimpulse"} <= set(rulesets.names())


def test_a_package_offering_a_shipped_ruleset_s_name_is_skipped(site: Path) -> None:
    installed_package(site, "impostor", {"fasa": "toy_ruleset:TOY"})
    rulesets.rescan()
    assert rulesets.get("fasa").name == "fasa" and rulesets.get("fasa") is not TOY
    assert rulesets.refusals() == (
        "ruleset 'fasa' of package impostor 1.0 skipped: package starbridge "
        f"{rulesets.offered()['fasa'].dist.version} offers a ruleset of that name too; "   # type: ignore[union-attr]
        "uninstall one of them",)


def test_two_packages_offering_one_name_are_both_skipped(site: Path) -> None:
    installed_package(site / "a", "duel-a", {"toy": "toy_ruleset:TOY"})
    installed_package(site / "b", "duel-b", {"toy": "toy_ruleset:TOY"})
    sys.path[:0] = [str(site / "a"), str(site / "b")]
    try:
        rulesets.rescan()
        assert "toy" not in rulesets.names()
        assert sorted(rulesets.refusals()) == [
            f"ruleset 'toy' of package duel-{p} 1.0 skipped: another package offers a ruleset "
            "of that name too; uninstall one of them" for p in "ab"]
    finally:
        sys.path.remove(str(site / "a"))
        sys.path.remove(str(site / "b"))


@pytest.mark.slow
def test_the_command_line_says_one_line_for_a_broken_package_and_goes_on(site: Path) -> None:
    installed_package(site, "hostile-pkg", {"bad": "sb_cli_bad:RULESET"},
                      {"sb_cli_bad": "raise ImportError('needs libfoo')\n"})
    run = subprocess.run([sys.executable, "-m", "companion.cli", "scenarios"],
                         capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(site), "PATH": "/usr/bin:/bin"})
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr
    assert run.stderr.strip() == ("ruleset 'bad' of package hostile-pkg 1.0 skipped: "
                                  "sb_cli_bad:RULESET does not load (ImportError: needs libfoo)")
    assert "duel" in run.stdout
