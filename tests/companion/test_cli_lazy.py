"""The command line imports only the command that runs: `starbridge --help` loads no ruleset, no
pygame, no panels, no web server; `play` reaches its start screen before the rules load; each
command's module still builds its arguments (the full parser, and each command's own)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from companion import cli
from companion.commands import COMMANDS

HEAVY = ("engine.rulesets.fasa", "engine.rulesets.knighthawks", "pygame", "gpiozero", "aiohttp",
         "serial", "sqlite3", "benchmarks", "companion.headless.survey")


def modules_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    done = subprocess.run([sys.executable, "-c", code + "\nimport sys, json; "
                           "print(json.dumps(sorted(sys.modules)))"],
                          capture_output=True, text=True, timeout=120, check=True,
                          env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    return set(json.loads(done.stdout.strip().splitlines()[-1]))


def loaded(modules: set[str], prefix: str) -> bool:
    return any(m == prefix or m.startswith(prefix + ".") for m in modules)


def test_the_help_loads_no_command_and_nothing_heavy() -> None:
    modules = modules_after("from companion import cli\ncli.build_parser(['--help'])")
    assert not [h for h in HEAVY if loaded(modules, h)]
    assert not any(m.startswith("companion.commands.") for m in modules)


def test_the_play_command_parses_without_the_rules_the_screen_or_the_panels() -> None:
    modules = modules_after("from companion import cli\n"
                            "cli.build_parser(['play']).parse_args(['play', '--new'])")
    assert "companion.commands.play" in modules
    assert not [h for h in HEAVY if loaded(modules, h)]   # (its configuration is read in run)
    assert not [m for m in modules if m.startswith("companion.commands.")
                and m != "companion.commands.play"]


def test_a_level_given_to_play_is_checked_against_the_ruleset() -> None:
    args = cli.build_parser(["play"]).parse_args(["play", "--level", "expert"])
    assert args.level == "expert"
    with pytest.raises(cli.UsageError, match="invalid choice: 'grand'"):
        cli.build_parser(["play"]).parse_args(["play", "--level", "grand"])


def test_play_help_lists_the_levels(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["play", "--help"])
    out = capsys.readouterr().out
    assert "basic, advanced, expert, command" in " ".join(out.split())


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_has_its_own_arguments_and_help(name: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as done:
        cli.main([name, "--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: starbridge {name}")


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_every_command_is_one_entry_with_its_module_and_handler(name: str) -> None:
    """One table names every command: its module under companion/commands adds the arguments,
    and the handler its entry names (in that module) runs it; nothing else dispatches."""
    import inspect

    run = cli.handler(name)
    assert run.__module__ == f"companion.commands.{COMMANDS[name].module}"
    assert run.__name__ == COMMANDS[name].handler
    assert list(inspect.signature(run).parameters)[:1] == ["args"]
    assert len(inspect.signature(run).parameters) == 2


def test_the_help_lists_every_command_with_its_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = " ".join(capsys.readouterr().out.split())
    for name, command in COMMANDS.items():
        assert f"{name} {' '.join(command.help.split())}" in out


def test_the_command_is_found_past_the_data_folder_option() -> None:
    assert cli.command_named(["--data-dir", "simulate", "ships"]) == "ships"
    assert cli.command_named(["--data-dir=x", "simulate"]) == "simulate"
    assert cli.command_named(["--version"]) is None
    assert cli.command_named([]) is None


def test_the_full_parser_has_every_commands_arguments() -> None:
    parser = cli.build_parser()
    assert parser.parse_args(["simulate", "--seed", "3"]).seed == 3
    assert parser.parse_args(["bench", "engine"]).what == "engine"
    assert parser.parse_args(["play", "--kiosk"]).kiosk is True


def test_the_version_is_the_package_metadata(capsys: pytest.CaptureFixture[str]) -> None:
    from importlib.metadata import version

    with pytest.raises(SystemExit) as done:
        cli.main(["--version"])
    assert done.value.code == 0
    assert capsys.readouterr().out.strip() == f"starbridge {version('starbridge')}"


def test_play_lights_the_screen_before_the_rules_the_saves_and_the_panels_load() -> None:
    code = """
import json, sys
from companion.commands import play
def shown(config, window=False):
    print(json.dumps(sorted(sys.modules)))
    sys.exit(0)
play.show_start = shown
play.screen_available = lambda: None
from companion.cli import main
main(["play", "--new", "--no-save"])
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "SDL_VIDEODRIVER": "dummy"})
    assert done.returncode == 0, done.stderr[-2000:]
    modules = set(json.loads(done.stdout.strip().splitlines()[-1]))
    assert "companion.settings.config" in modules   # the configuration says the screen's size and turn
    later = [h for h in HEAVY if h != "serial"]   # (the configuration's dice trays: pyserial's)
    assert not [h for h in (*later, "companion.table.table_setup", "companion.saves.store")
                if loaded(modules, h)]
