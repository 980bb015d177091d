"""The wiring diagram, drawn from a pin map as SVG: the 40-pin header with what each pin is wired
to, and the MCP23017 expanders on I2C with theirs.

    python -m hardware.wiring [PINS.toml] [OUT.svg]     # default: the packaged map, to stdout

It checks the pin map first: each mistake is printed as "file:line: key: what" (exit status 2).

docs/wiring.svg is this, drawn from the default map (tests check it is up to date).
"""

from __future__ import annotations

import sys
from html import escape
from pathlib import Path

from hardware.pinmap import RESERVED, PinMap, PinMapError, PinRef, load_pinmap

# The 40-pin header, physical pin -> what is there (BCM GPIO number, or a power/ground name).
HEADER: dict[int, int | str] = {
    1: "3V3", 2: "5V", 3: 2, 4: "5V", 5: 3, 6: "GND", 7: 4, 8: 14, 9: "GND", 10: 15,
    11: 17, 12: 18, 13: 27, 14: "GND", 15: 22, 16: 23, 17: "3V3", 18: 24, 19: 10, 20: "GND",
    21: 9, 22: 25, 23: 11, 24: 8, 25: "GND", 26: 7, 27: 0, 28: 1, 29: 5, 30: "GND",
    31: 6, 32: 12, 33: 13, 34: "GND", 35: 19, 36: 16, 37: 26, 38: 20, 39: "GND", 40: 21,
}
COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2",
           "#17becf", "#bcbd22", "#393b79"]
ROW_H, TOP = 22, 70


def uses(pins: PinMap) -> dict[PinRef, tuple[str, str, bool]]:
    """Every wired pin -> (panel, what, is_a_button)."""
    out: dict[PinRef, tuple[str, str, bool]] = {}
    for panel in pins.panels.values():
        for func, ref in panel.buttons.items():
            out[ref] = (panel.name, f"button {func}", True)
        for role, led in panel.leds.items():
            out[led.pin] = (panel.name, f"LED {role}" + (" (PWM)" if led.pwm else ""), False)
    return out


def render_svg(pins: PinMap) -> str:
    """The diagram as an SVG document."""
    wired = uses(pins)
    colour = {name: COLOURS[i % len(COLOURS)] for i, name in enumerate(pins.panels)}
    # The legend goes under the header and under the last expander's box.
    legend_y = max(TOP + 20 * ROW_H + 30, TOP + len(pins.expanders) * (8 * ROW_H + 50) - 2)
    height = legend_y + 10 + 24 * ((len(pins.panels) + 5) // 6) + 120
    width = 1320
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
           f'viewBox="0 0 {width} {height}" font-family="sans-serif" font-size="12">',
           f'<rect width="{width}" height="{height}" fill="white"/>',
           '<text x="20" y="28" font-size="18" font-weight="bold">starbridge station panels: '
           f'{escape(Path(pins.source).name)}</text>',
           '<text x="20" y="48">Buttons: GPIO to one leg, GND to the other (internal pull-up). '
           'LEDs: GPIO, resistor, LED anode; cathode to GND. I2C (GPIO2/3) to the expanders.'
           '</text>']
    hx = 330  # the header's left column
    out.append(f'<rect x="{hx - 6}" y="{TOP - 16}" width="72" height="{20 * ROW_H + 10}" '
               'fill="#333" rx="4"/>')
    for phys, what in HEADER.items():
        row, right = (phys - 1) // 2, phys % 2 == 0
        y = TOP + row * ROW_H
        cx = hx + (45 if right else 15)
        ref = PinRef("GPIO", what) if isinstance(what, int) else None
        use = wired.get(ref) if ref is not None else None
        power = what in ("5V", "3V3")
        fill = colour[use[0]] if use else ("#fff" if power else
                                          "#000" if what == "GND" else "#bbb")
        ring = "#e00" if power else "#fff"
        out.append(f'<circle cx="{cx}" cy="{y - 4}" r="7" fill="{fill}" stroke="{ring}" '
                   'stroke-width="2"/>')
        name = f"GPIO{what}" if isinstance(what, int) else what
        note = f" — {use[0]}: {use[1]}" if use else ""
        if isinstance(what, int) and what in RESERVED and not use:
            note = " (kept: " + RESERVED[what].split(",")[0] + ")"
        label = f"{phys} {name}{note}"
        anchor, tx = ("start", hx + 80) if right else ("end", hx - 16)
        weight = ' font-weight="bold"' if use else ' fill="#777"'
        out.append(f'<text x="{tx}" y="{y}" text-anchor="{anchor}"{weight}>'
                   f'{escape(label)}</text>')
    ex = 770
    y = TOP
    for exp in pins.expanders.values():
        out.append(f'<rect x="{ex}" y="{y - 16}" width="540" height="{8 * ROW_H + 34}" '
                   'fill="none" stroke="#333" rx="4"/>')
        out.append(f'<text x="{ex + 10}" y="{y}"><tspan font-weight="bold">{escape(exp.name)}: '
                   f'{exp.chip.upper()} at {exp.address:#04x}, I2C bus {exp.bus}</tspan>'
                   '<tspan font-size="11">  SDA→pin 3, SCL→pin 5, VDD and RESET→3V3, '
                   'VSS→GND</tspan></text>')
        for i, port in enumerate(f"{bank}{n}" for bank in "AB" for n in range(8)):
            use = wired.get(PinRef(exp.name, port))
            px = ex + 10 + (i // 8) * 265
            py = y + 20 + (i % 8) * ROW_H
            fill = colour[use[0]] if use else "#bbb"
            out.append(f'<circle cx="{px + 6}" cy="{py - 4}" r="6" fill="{fill}"/>')
            text = f"GP{port}" + (f" {use[0]}: {use[1]}" if use else "")
            out.append(f'<text x="{px + 18}" y="{py}">{escape(text)}</text>')
        y += 8 * ROW_H + 50
    ly = legend_y
    for i, name in enumerate(pins.panels):
        lx = 20 + (i % 6) * 190
        out.append(f'<rect x="{lx}" y="{ly + (i // 6) * 24 - 11}" width="14" height="14" '
                   f'fill="{colour[name]}"/>')
        spec = pins.panels[name]
        crew = f", crew {spec.crew}" if len(pins.crews) > 1 and spec.station != "instructor" \
            else ""
        out.append(f'<text x="{lx + 20}" y="{ly + (i // 6) * 24}">panel {escape(name)} '
                   f'({escape(spec.station)}{crew})</text>')
    out.extend(_examples(20, ly + 24 * ((len(pins.panels) + 5) // 6) + 24))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _examples(x: int, y: int) -> list[str]:
    """How one button and one LED are wired (every one of them is wired the same way)."""
    line = 'stroke="#000" stroke-width="2" fill="none"'
    b, e = y, y + 56
    return [
        f'<text x="{x}" y="{b}" font-weight="bold">Every button:</text>',
        f'<text x="{x + 110}" y="{b}">GPIO</text>',
        f'<path d="M{x + 150} {b - 4} h40 l30 -14 m0 14 h40" {line}/>',
        f'<circle cx="{x + 190}" cy="{b - 4}" r="3"/>',
        f'<circle cx="{x + 220}" cy="{b - 4}" r="3"/>',
        f'<text x="{x + 266}" y="{b}">GND   (momentary, normally open: the internal pull-up '
        'holds the pin high, a press pulls it low)</text>',
        f'<text x="{x}" y="{e}" font-weight="bold">Every LED:</text>',
        f'<text x="{x + 110}" y="{e}">GPIO</text>',
        f'<path d="M{x + 150} {e - 4} h20" {line}/>',
        f'<rect x="{x + 170}" y="{e - 11}" width="40" height="14" {line}/>',
        f'<path d="M{x + 210} {e - 4} h20" {line}/>',
        f'<path d="M{x + 230} {e - 14} v20 l20 -10 z" {line}/>',
        f'<path d="M{x + 250} {e - 14} v20 M{x + 250} {e - 4} h20" {line}/>',
        f'<text x="{x + 276}" y="{e}">GND   (resistor to the anode, the longer leg; 330 Ω for '
        'red, green and amber, 220 Ω for blue or white; a red/green LED: one resistor per '
        'leg)</text>',
    ]


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    try:
        pins = load_pinmap(args[0] if args and args[0] else None)
    except PinMapError as exc:
        for problem in exc.problems:
            print(problem, file=sys.stderr)
        return 2
    svg = render_svg(pins)
    if len(args) > 1:
        Path(args[1]).write_text(svg, encoding="utf-8")
    else:
        sys.stdout.write(svg)
    return 0


if __name__ == "__main__":
    sys.exit(main())
