"""`starbridge scenarios` and `starbridge ships`: what the data pack holds (the packaged files
and the user data folder's), one line each."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.session import load_scenario, scenario_names, ship_classes

EXAMPLES = {
    "scenarios": "example:\n  starbridge scenarios",
    "ships": "examples:\n  starbridge ships\n  starbridge --data-dir ~/my-ships ships",
}


def add_arguments(p: argparse.ArgumentParser) -> None:
    """Neither takes arguments."""


def scenarios(args: argparse.Namespace, data_dir: Path | None) -> int:
    """`starbridge scenarios`: each scenario's name, title and ruleset."""
    for name in scenario_names(data_dir):
        sc = load_scenario(name, data_dir)
        print(f"{name:22} {sc.get('name', '')}  ({sc['ruleset']})")
    return 0


def ships(args: argparse.Namespace, data_dir: Path | None) -> int:
    """`starbridge ships`: each ship class, its faction and name, its numbers' standing."""
    for cls in ship_classes(data_dir):
        mark = "" if cls.verified else "  (unverified numbers)"
        print(f"{cls.id:22} {cls.faction:10} {cls.name}{mark}")
    return 0
