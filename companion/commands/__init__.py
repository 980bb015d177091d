"""The `starbridge` command's commands: one table, `COMMANDS`, the only place a command is named.

Each entry names the module (here, in companion/commands/) that adds the command's arguments to
its argparse subparser and the handler in it that runs the command, with its one line of help;
the command line (companion/cli.py) imports only the module of the command that runs, so
`starbridge --help` and `starbridge play` never load the benchmarks, the dice emulator or the
survey. A module may hold two small commands (`scenarios` and `ships`), each its own handler.
Each module offers

    add_arguments(parser)           its arguments (and `EXAMPLES`, shown below its --help: one
                                    text, or a dict by command name)
    HANDLER(args, data_dir) -> int  the command (`run` unless its entry names another); its
                                    exit status
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Command:
    """A command: the module (under companion.commands) that adds its arguments, its line in
    `starbridge --help`, the module's function that runs it, and whether it only reads the
    data folder (then a STARBRIDGE_DATA that names no folder is an error; the others make it,
    for the saves)."""

    module: str
    help: str
    handler: str = "run"
    reads_data_only: bool = False


COMMANDS: dict[str, Command] = {
    "play": Command("play", "play a game at the table: display, panels, dice, saves"),
    "stations": Command("stations", "a table with no screen: every seat's console link and QR "
                                    "code, then play"),
    "games": Command("games", "list, export, import saved games"),
    "config": Command("config", "the configuration file: check it, or print an example"),
    "doctor": Command("doctor", "check what a Pi bridge needs and say how to fix it"),
    "crew": Command("crew", "the table's crews of officers, kept from game to game"),
    "simulate": Command("simulate", "autopilot ships fight; prints a turn-by-turn account",
                        reads_data_only=True),
    "replay": Command("replay", "replay a log and print the final state as JSON"),
    "scenarios": Command("catalogue", "list the scenarios", "scenarios", reads_data_only=True),
    "ships": Command("catalogue", "list the ship classes", "ships", reads_data_only=True),
    "bench": Command("bench", "print speed and memory figures beside floors measured in the "
                              "same run"),
    "dice-emulator": Command("dice_emulator", "a dice tray on a pseudo-terminal or TCP port"),
    "panels": Command("panels", "station panels: check a pin map, draw its wiring"),
    "lights": Command("lights", "lights and sound: check a lights file, walk it over a "
                                "scripted game"),
    "screenshot": Command("screenshot", "render the bridge display to PNG (headless)"),
}
DEFAULT = "play"
"""The command `starbridge` runs when it is given none."""
