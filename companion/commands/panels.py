"""`starbridge panels`: check a pin map, and draw its wiring diagram.

    starbridge panels check [PINS.toml]            # every mistake as file:line: key: what
    starbridge panels check --probe                # and each station display on the I2C bus
    starbridge panels wiring [PINS.toml] [-o OUT]  # the diagram as SVG (stdout without -o)
    starbridge panels play [PINS.toml] [--ship ID] [--level L]   # a game at the panels, by the
                                                   # one table loop (companion.table.panels_play)

Without a file, the packaged default map (docs/wiring.md).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.table import panels_play
from hardware.keyboard import KeyMap
from hardware.pinmap import PinMap, PinMapError, load_pinmap
from hardware.wiring import render_svg

EXAMPLES = """examples:
  starbridge panels check                      the default pin map: what it wires, the keys
  starbridge panels check my_pins.toml         every mistake as file:line: key: what
  starbridge panels check --probe              on the Pi: does each station display answer?
  starbridge panels wiring my_pins.toml -o my_pins.svg
  starbridge panels play my_pins.toml --ship enterprise   a game at the panels (on a Pi)"""


def add_arguments(p: argparse.ArgumentParser) -> None:
    p.add_argument("action", choices=("check", "wiring", "play"))
    p.add_argument("pins", nargs="?", type=Path, default=None,
                   help="pin map file (default: the packaged default map)")
    p.add_argument("-o", "--out", type=Path, default=None, help="wiring: write the SVG here")
    p.add_argument("--probe", action="store_true",
                   help="check: open each panel's station display on the I2C bus (on the Pi)")
    panels_play.add_arguments(p)


def run(args: argparse.Namespace, data_dir: Path | None = None) -> int:
    if args.action == "play":
        return panels_play.run_play(args, getattr(args, "data_dir", None))
    try:
        pins = load_pinmap(args.pins)
    except PinMapError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        print(f"starbridge: {len(exc.problems)} mistake(s) in the pin map; see docs/wiring.md",
              file=sys.stderr)
        return 2
    if args.action == "wiring":
        svg = render_svg(pins)
        if args.out is None:
            sys.stdout.write(svg)
        else:
            args.out.write_text(svg, encoding="utf-8")
            print(f"wrote {args.out}")
        return 0
    for line in summary(pins):
        print(line)
    return probe(pins) if getattr(args, "probe", False) else 0


def probe(pins: PinMap) -> int:
    """Open every station display the map declares, on the I2C bus, and say which answered."""
    from hardware.station_display import DisplayError, open_station_display
    failed = 0
    for panel in pins.panels.values():
        if panel.display is None:
            continue
        try:
            open_station_display(panel.display, mock=False)
        except DisplayError as exc:
            failed += 1
            print(f"  {panel.name} display: {exc}", file=sys.stderr)
        else:
            print(f"  {panel.name} display: answers at {panel.display.where}")
    return 1 if failed else 0


def summary(pins: PinMap) -> list[str]:
    """What the map wires, panel by panel, and how many parts sit on I2C expanders."""
    out = [f"{pins.source}: {len(pins.panels)} panels, factory {pins.factory}"]
    for panel in pins.panels.values():
        parts = [*(f"{f}={p}" for f, p in panel.buttons.items()),
                 *(f"{r}={led.pin}" + ("~" if led.pwm else "") for r, led in panel.leds.items())]
        crew = f", crew {panel.crew}" if len(pins.crews) > 1 and panel.station != "instructor" \
            else ""
        out.append(f"  {panel.name} ({panel.station}{crew}): {' '.join(parts)}")
    on_expanders = sum(1 for panel in pins.panels.values()
                       for p in [*panel.buttons.values(), *(x.pin for x in panel.leds.values())]
                       if not p.on_header)
    for panel in pins.panels.values():
        if panel.display is not None:
            out.append(f"  {panel.name} display: {panel.display.chip} 128x64 at "
                       f"{panel.display.where}")
    if on_expanders:
        chips = ", ".join(f"{name} at {hex(x.address)}" for name, x in pins.expanders.items())
        out.append(f"  {on_expanders} part(s) on MCP23017 expanders over I2C ({chips}); on the Pi "
                   "enable I2C (raspi-config) and check them with i2cdetect")
    keys = KeyMap(pins)
    out.append("keys on a PC:")
    out.extend(f"  {line}" for line in keys.legend())
    out.extend(f"  warning: {clash}" for clash in keys.clashes)
    from display.screen_keys import clashes

    out.extend(f"  warning: {line}" for line in clashes(
        (panel, key, button) for key, (panel, button) in keys.keys.items()))
    return out
