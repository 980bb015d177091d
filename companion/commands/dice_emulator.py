"""`starbridge dice-emulator`: a dice tray on a pseudo-terminal or a TCP port, for development.

    starbridge dice-emulator                       # pty behind /tmp/starbridge-dice, interactive
    starbridge dice-emulator --tcp 7020 --noise 0.2 --drop 0.1
    starbridge dice-emulator --script rolls.txt    # the same commands, one a line

Commands: `roll` (or an empty line) a fair d20; `roll N` that face (even an impossible one);
`raw TEXT` sends TEXT as it is (\\r and \\n understood); `unplug`; `plug` (`plug restart` as a
tray that lost power); `wait S` seconds; `wait-ack [S]` until the host has answered every roll
(taken or refused); `quit`. Lines starting with # are comments. What the host says back is
shown as the tray's light would: "<- ACK 3", "<- the host refused roll 4: the die cannot show
that face", "<- roll the tray now (d20)".

The pseudo-terminal's link is made only where nothing is: a PATH that exists is refused, and
only the emulator's own link is removed when it ends.
"""

from __future__ import annotations

import argparse
import queue
import re
import sys
import time
from pathlib import Path
from typing import TextIO

from firmware_bridge.emulator import Faults, TrayEmulator

NAME = "dice-emulator"
DEFAULT_PTY = Path("/tmp/starbridge-dice")
HELP = __doc__.split("\n\n", 2)[2] if __doc__ else ""
EXAMPLES = """examples:
  starbridge dice-emulator              a tray on a pseudo-terminal (/tmp/starbridge-dice)
  starbridge dice-emulator --tcp 7020    url = "socket://127.0.0.1:7020" in [[dice.trays]]"""


_TRAY_ID = re.compile(r"[A-Za-z0-9_-]{1,16}")


def tcp_port(text: str) -> int:
    """A TCP port from the command line, 0 (any free port) to 65535."""
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a TCP port is a number, not {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a TCP port is 0 to 65535 (0: any free port), "
                                         f"not {port}")
    return port


def tray_id(text: str) -> str:
    """A tray id as the protocol allows it: 1-16 of A-Z a-z 0-9 - _."""
    if not _TRAY_ID.fullmatch(text):
        raise argparse.ArgumentTypeError(f"a tray id is 1 to 16 letters, digits, '-' or '_' "
                                         f"(docs/dice-protocol.md), not {text[:40]!r}")
    return text


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.description = HELP
    where = p.add_mutually_exclusive_group()
    where.add_argument("--pty", type=Path, default=None, metavar="PATH",
                       help=f"make this symlink to the pseudo-terminal; PATH must not exist "
                            f"(default {DEFAULT_PTY})")
    where.add_argument("--tcp", type=tcp_port, default=None, metavar="PORT",
                       help="listen on 127.0.0.1:PORT (the host opens socket://127.0.0.1:PORT)")
    p.add_argument("--tray", type=tray_id, default="tray-1",
                   help="tray id, 1-16 of A-Z a-z 0-9 - _ (default tray-1)")
    p.add_argument("--seed", type=int, default=None, help="seed for the faults")
    p.add_argument("--script", type=Path, help="read commands from this file, not the keyboard")
    for fault, what in (("noise", "random bytes before a frame"), ("drop", "a frame lost"),
                        ("duplicate", "a frame sent twice"), ("bad-checksum", "a spoilt CRC")):
        p.add_argument(f"--{fault}", type=float, default=0.0, metavar="P",
                       help=f"chance of {what} (0-1)")


def parse_command(line: str) -> tuple[str, str] | str:
    """(command, argument), or a message saying what is wrong with the line."""
    word, _, rest = line.strip().partition(" ")
    rest = rest.strip()
    if word in ("", "roll"):
        if rest and not (rest.isascii() and rest.isdigit() and len(rest) <= 6):
            return f"roll takes a face number, not {rest!r}"
        return ("roll", rest)
    if word in ("unplug", "quit") and not rest:
        return (word, "")
    if word == "plug" and rest in ("", "restart"):
        return (word, rest)
    if word in ("wait", "wait-ack"):
        try:
            seconds = float(rest or "5")
        except ValueError:
            return f"{word} takes seconds, not {rest!r}"
        if not 0 <= seconds <= 3600:
            return f"{word} takes 0 to 3600 seconds"
        return (word, str(seconds))
    if word == "raw" and rest:
        return ("raw", rest)
    return (f"unknown command {line.strip()[:40]!r}: try roll, roll N, raw TEXT, unplug, plug, "
            f"plug restart, wait S, wait-ack S, quit")


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    for fault in ("noise", "drop", "duplicate", "bad_checksum"):
        if not 0.0 <= getattr(args, fault) <= 1.0:
            print(f"starbridge {NAME}: --{fault.replace('_', '-')} is a chance from 0 to 1",
                  file=sys.stderr)
            return 2
    faults = Faults(args.noise, args.drop, args.duplicate, args.bad_checksum)
    out = sys.stdout
    try:
        emu = TrayEmulator(link_path=None if args.tcp is not None else (args.pty or DEFAULT_PTY),
                           tcp_port=args.tcp, tray_id=args.tray, faults=faults, seed=args.seed,
                           on_output=lambda line: print(f"-> {line!r}", file=out, flush=True),
                           on_host=lambda text: print(f"<- {text}", file=out, flush=True))
    except (OSError, ValueError) as exc:
        print(f"starbridge {NAME}: cannot start the tray: {exc}", file=sys.stderr)
        return 2
    try:
        source: TextIO = args.script.open(encoding="utf-8") if args.script else sys.stdin
    except OSError as exc:
        emu.stop()
        print(f"starbridge {NAME}: {args.script}: {exc.strerror}", file=sys.stderr)
        return 2
    print(f"tray {args.tray} on {emu.url}", file=out, flush=True)
    with emu, source:   # (__enter__ starts it: once)
        return _commands(emu, source, out, interactive=args.script is None and sys.stdin.isatty())


def _commands(emu: TrayEmulator, source: TextIO, out: TextIO, interactive: bool) -> int:
    status = rolled = acked = 0
    for n, raw in enumerate(source, 1):
        if raw.lstrip().startswith("#"):
            continue
        cmd = parse_command(raw)
        if isinstance(cmd, str):
            print(f"line {n}: {cmd}", file=sys.stderr)
            if not interactive:
                status = 2
            continue
        word, arg = cmd
        if word == "quit":
            break
        if word == "roll":
            emu.roll(int(arg) if arg else None)
            rolled += 1
        elif word == "raw":
            emu.send_raw(arg.replace("\\r", "\r").replace("\\n", "\n").encode("utf-8"))
        elif word == "unplug":
            emu.unplug()
        elif word == "plug":
            emu.plug_in(restart=arg == "restart")
        elif word == "wait":
            time.sleep(float(arg))
        elif word == "wait-ack":
            acked = _wait_acks(emu, rolled, acked, float(arg), out)
            status = max(status, 1 if acked < rolled else 0)
    return status


def _wait_acks(emu: TrayEmulator, rolled: int, acked: int, seconds: float, out: TextIO) -> int:
    """Wait until the host has answered `rolled` rolls (an ACK, or a REFUSE that `on_host`
    shows); the count answered by then."""
    deadline = time.monotonic() + seconds
    while acked < rolled:
        try:
            emu.answers.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            print(f"only {acked} of {rolled} rolls answered within {seconds} s",
                  file=sys.stderr)
            return acked
        acked += 1   # an ACK was shown as it came (on_host), a REFUSE too
    return acked
