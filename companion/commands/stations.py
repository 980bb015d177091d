"""`starbridge stations`: a table with no screen, played from phones and tablets.

It is `starbridge play --headless` with the station consoles on: it prints every seat's link with
its QR code in the terminal (the Instructor's, the viewscreen's, each crew seat's), then plays,
the seats of people waiting for their consoles and the autopilots playing the others.
"""

from __future__ import annotations

import argparse
import ipaddress
import sys
from pathlib import Path

from companion.commands import play as play_cmd

NAME = "stations"
EXAMPLES = """examples:
  starbridge stations                      the first ship's crew on phones, the other ship on
                                           the autopilot; every seat's link and QR code printed
  starbridge stations --seat default=touch --new    people on every ship
  starbridge stations --port 8080

A seat's link opens its console; scan it with the phone's camera. The Instructor's link opens
everything: keep it to yourself. Links die with their game (docs/stations.md)."""


def add_arguments(p: argparse.ArgumentParser) -> None:
    play_cmd.add_arguments(p)
    p.add_argument("--port", type=int, default=None, help="the consoles' port (default: "
                   "the configuration's [stations] port, else 8765)")
    p.add_argument("--address", default=None, help="the address to listen on (default: the "
                   "configuration's, else every network of this machine)")


def address_ok(text: str) -> bool:
    """Whether `text` is an IPv4 or IPv6 address (as [stations] address must be)."""
    try:
        ipaddress.ip_address(text)
    except ValueError:
        return False
    return True


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    args.headless, args.stations, args.codes = True, True, True
    if args.port is not None and not 0 <= args.port <= 65535:
        print("starbridge: --port must be from 0 to 65535 (0: any free port)", file=sys.stderr)
        return 2
    if args.address is not None and not address_ok(args.address):
        print(f"starbridge: --address must be an IP address (0.0.0.0 every network, 127.0.0.1 "
              f"this machine only), not {args.address!r}", file=sys.stderr)
        return 2
    return play_cmd.run(args, data_dir)
