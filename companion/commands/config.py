"""`starbridge config`: where the configuration file is, whether it is right, an example."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.settings.config import EXAMPLE, ConfigError, config_path, load_config
from companion.settings.config_check import check_config

NAME = "config"
EXAMPLES = """examples:
  starbridge config                       where the file is, and whether it is right
  starbridge config --example             a commented example with every key
  starbridge config --example > ~/.config/starbridge/starbridge.toml
  starbridge config --check my.toml       check another file

$STARBRIDGE_CONFIG names another file. Every mistake is printed with its key."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("--example", action="store_true", help="print a commented example")
    p.add_argument("--check", type=Path, default=None, metavar="FILE", help="check this file")


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    if args.example:
        sys.stdout.write(EXAMPLE)
        return 0
    path = args.check or config_path()
    try:
        config = load_config(args.check)
        problems = check_config(config, data_dir)
        if problems:
            raise ConfigError(problems)
    except ConfigError as exc:
        for line in exc.shown:
            print(f"starbridge: {line}", file=sys.stderr)
        return 2
    if not path.exists():
        print(f"{path}: no file; the defaults are used (starbridge config --example)")
        return 0
    seats = "the first ship's crew at the panels" if config.seats is None else \
        ", ".join(f"{k}={v}" for k, v in config.seats.items()) or "none named"
    print(f"{path}: good. Scenario {config.scenario}; seats: {seats} (others "
          f"{config.default_seat}); dice trays: {len(config.dice.trays)}; display "
          f"{'on' if config.display else 'off'}; kiosk {'on' if config.kiosk else 'off'}")
    return 0
