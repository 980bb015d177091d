"""The wiring diagram is drawn from the pin map, and docs/wiring.svg is the default map's."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from hardware.pinmap import load_pinmap, parse_pinmap
from hardware.wiring import main, render_svg

DOC = Path(__file__).resolve().parents[2] / "docs" / "wiring.svg"


def texts(svg: str) -> str:
    root = ET.fromstring(svg)
    return "\n".join("".join(el.itertext()) for el in root.iter("{http://www.w3.org/2000/svg}text"))


def test_every_wired_pin_is_labelled() -> None:
    pins = load_pinmap()
    words = texts(render_svg(pins))
    for panel in pins.panels.values():
        for func, ref in panel.buttons.items():
            where = f"GPIO{ref.pin}" if ref.on_header else f"GP{ref.pin}"
            assert f"{where} — {panel.name}: button {func}" in words or \
                f"{where} {panel.name}: button {func}" in words, (where, func)
    assert "kept: I2C SDA" in words and "MCP23017 at 0x21" in words


def test_the_document_diagram_is_up_to_date() -> None:
    assert DOC.read_text(encoding="utf-8") == render_svg(load_pinmap()), \
        "run: python -m hardware.wiring '' docs/wiring.svg"


def test_a_small_map_draws_and_the_command_writes_a_file(tmp_path: Path) -> None:
    pins_file = tmp_path / "mine.toml"
    pins_file.write_text('[panels.helm.buttons]\nup = "GPIO5"\n', encoding="utf-8")
    out = tmp_path / "mine.svg"
    assert main([str(pins_file), str(out)]) == 0
    words = texts(out.read_text(encoding="utf-8"))
    assert "29 GPIO5 — helm: button up" in words
    assert "mcp0" not in words  # no expanders declared, none drawn
    assert render_svg(parse_pinmap(pins_file.read_text(), str(pins_file))) == \
        out.read_text(encoding="utf-8")


def test_a_bad_map_is_reported_not_drawn(tmp_path: Path, capsys: object) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('[panels.helm.buttons]\nup = "GPIO2"\n', encoding="utf-8")
    assert main([str(bad), str(tmp_path / "x.svg")]) == 2
    err = capsys.readouterr().err  # type: ignore[attr-defined]
    assert f"{bad}:2: panels.helm.buttons.up: GPIO2 is reserved" in err
    assert not (tmp_path / "x.svg").exists()
