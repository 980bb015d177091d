"""`starbridge replay FILE`: a game log replayed; the final state as JSON (or, with --report,
the after-action report)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from companion.headless.report import report_lines
from engine import state_to_json
from engine.log import parse, replay

EXAMPLES = """examples:
  starbridge replay game.jsonl                 prints the final state as JSON
  starbridge replay game.jsonl > final.json

A log whose last line was cut short (power lost while saving) replays up to the line before,
with a warning. Any other damage is an error naming the line."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", type=Path)
    p.add_argument("--report", action="store_true", help="print the after-action report instead")


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    return replay_file(args.file, args.report)


def replay_file(path: Path, report: bool = False) -> int:
    with path.open(encoding="utf-8") as fh:
        read = parse(fh, str(path))
    for warning in read.warnings:
        print(f"starbridge: warning: {warning}", file=sys.stderr)
    state = replay(read.scenario, read.actions, str(path))
    if report:
        print("\n".join(report_lines(read.scenario, read.actions)))
        return 0
    json.dump(state_to_json(state), sys.stdout, indent=2, sort_keys=True)
    print()
    return 0
