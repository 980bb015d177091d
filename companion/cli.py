"""The `starbridge` command.

    starbridge                       play (headless autopilots where there is no screen)
    starbridge play | games | config | doctor   the table app, its saves, settings, checks
    starbridge simulate [...]        autopilot ships against each other, with a readable account
                                     (--games N: N seeded games summed up)
    starbridge replay FILE           replay a log; the final state as JSON on stdout (--report:
                                     the after-action report)
    starbridge screenshot [...]      the bridge display rendered headless to PNG
    starbridge scenarios | ships     what the data pack holds
    starbridge crew [...]            the table's crews of officers, from game to game
    starbridge bench [WHAT]          every benchmark and one table of figures (or one of
                                     them: engine, dice, panels, display, saves, app)
    starbridge panels check|wiring   check a pin map; draw its wiring diagram
    starbridge lights check|test     check a lights file; walk it over a scripted game
    starbridge --version             the version installed

Every command is one entry of one table, companion/commands' `COMMANDS`: an argparse subparser
whose arguments its module adds, and the handler in that module that runs it. Only the module of
the command that runs is imported, so the command line itself starts at once.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from companion.commands import COMMANDS, DEFAULT
from companion.settings.paths import user_data_dir
from companion.settings.usage import CommandLineParser, UsageError, folder, printable
from engine.errors import EngineError

__all__ = ["INTERRUPTED", "UsageError", "build_parser", "main"]

INTERRUPTED = 130  # the shell's status for a program ended by Ctrl-C (128 + SIGINT)
EXAMPLES = """examples:
  starbridge                                   play: the bridge display (headless without one)
  starbridge play --headless --autopilot --turns 3
  starbridge simulate --scenario skirmish --log game.jsonl
  starbridge replay game.jsonl                 the final state of a logged game
  starbridge --data-dir ~/my-ships ships       list the classes, with your own files"""
TOP_OPTIONS_WITH_VALUE = ("--data-dir",)


def version() -> str:
    """The version installed, from the package's metadata (pyproject.toml's, via pip)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("starbridge")
    except PackageNotFoundError:
        return "unknown (not installed: pip install -e . in the checkout)"


class VersionAction(argparse.Action):
    """--version: the metadata is read only when it is asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str = argparse.SUPPRESS,
                 **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, **kwargs)

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: Any, option_string: str | None = None) -> None:
        print(f"starbridge {version()}")
        parser.exit()


def command_named(argv: Sequence[str]) -> str | None:
    """The command `argv` names (its first word that is no top-level option), or None."""
    words = iter(argv)
    for word in words:
        if word in TOP_OPTIONS_WITH_VALUE:
            next(words, None)
        elif not word.startswith("-"):
            return word
    return None


def command_module(name: str) -> ModuleType:
    return importlib.import_module(f"companion.commands.{COMMANDS[name].module}")


def handler(name: str) -> Callable[[argparse.Namespace, Path | None], int]:
    """The function that runs the command `name` (its module imported now, and only it)."""
    run: Callable[[argparse.Namespace, Path | None], int] = getattr(command_module(name),
                                                                    COMMANDS[name].handler)
    return run


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The command line's parser: with `argv`, every command listed but only the arguments of
    the one it names (its module alone is imported); without, every command's arguments."""
    p = CommandLineParser(prog="starbridge", description="A table companion for starship "
               "tactical combat board games (FASA Star Trek STCS).",
               epilog=EXAMPLES, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action=VersionAction, help="print the version and end")
    p.add_argument("--data-dir", type=folder, default=None,
                   help="user data folder with ships/, tables/, scenarios/ "
                        f"(default: {user_data_dir()})")
    sub = p.add_subparsers(dest="command")
    wanted = None if argv is None else command_named(argv)
    for name, command in COMMANDS.items():
        parser = sub.add_parser(name, help=command.help,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
        if argv is None or name == wanted:
            module = command_module(name)
            module.add_arguments(parser)
            examples = getattr(module, "EXAMPLES", None)
            parser.epilog = examples.get(name) if isinstance(examples, dict) else examples
    return p


def main(argv: list[str] | None = None) -> int:
    """Run the command; the exit status: 0 done, 2 an error (one line), 130 Ctrl-C."""
    if sys.stdout is None:   # started with standard output closed (>&-): nothing could be said
        if sys.stderr is not None:
            print("starbridge: standard output is closed, so nothing could be printed; run it "
                  "with its output going somewhere (a terminal, a file, > /dev/null)",
                  file=sys.stderr)
        return 2
    try:
        return _main(sys.argv[1:] if argv is None else argv)
    except KeyboardInterrupt:
        print(file=sys.stderr)  # end the line the ^C was echoed on; no traceback
        return INTERRUPTED
    except UsageError as exc:
        print(f"starbridge: {exc}", file=sys.stderr)
        return 2


def _main(argv: list[str]) -> int:
    args = build_parser(argv).parse_args(argv)
    if args.data_dir is not None and not args.data_dir.is_dir():
        print(f"starbridge: --data-dir {args.data_dir}: no such folder", file=sys.stderr)
        return 2
    data_dir: Path | None = args.data_dir if args.data_dir is not None else user_data_dir()
    if data_dir is not None and not data_dir.is_dir():  # the default folder need not exist
        named_folder = os.environ.get("STARBRIDGE_DATA")
        if named_folder and COMMANDS[args.command].reads_data_only:
            print(f"starbridge: STARBRIDGE_DATA={printable(named_folder)}: no such folder; make "
                  f"it, or unset STARBRIDGE_DATA to read only the packaged data", file=sys.stderr)
            return 2
        data_dir = None
    try:
        if args.command is None:
            args = build_parser([DEFAULT]).parse_args([DEFAULT])
            args.command = DEFAULT
        return handler(args.command)(args, data_dir)
    except EngineError as exc:
        print(f"starbridge: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as exc:
        print(f"starbridge: {exc.filename}: {exc.strerror}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
