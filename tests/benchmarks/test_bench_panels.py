"""`starbridge bench panels` runs its presses through the whole stack (figures are not checked:
they are for reading, not pass/fail)."""

from __future__ import annotations

import io
import re

import pytest

from benchmarks.panels import floor, make_factory, panels_bench, selection_pins
from companion.cli import build_parser
from hardware.pinmap import load_pinmap


@pytest.mark.slow
def test_bench_prints_the_floor_beside_the_whole_stack() -> None:
    out = io.StringIO()
    panels_bench(out, n=30)
    text = out.getvalue()
    rows = [line for line in text.splitlines() if re.search(r"p50 +\d+\.\d+ +p90", line)]
    assert len(rows) == 11, text
    assert rows[0].strip().startswith("floor: bare when_pressed")
    assert "times" not in text and text.count("press to light over the floor") == 4
    # the station display beside its own floor: a bare luma draw of the same words
    assert rows[6].strip().startswith("floor: bare luma draw of the same image")
    assert rows[7].strip().startswith("selection: to its station display's image")
    assert "press to station display over a bare luma draw" in text
    # Command & Control: the same confirm on a crewed Kobayashi Maru, beside the floor.
    assert [r.strip()[:11] for r in rows[8:]] == ["C&C confirm"] * 3
    assert "C&C confirm press to light over the floor" in text


@pytest.mark.slow
def test_the_command_turn_figure_stands_beside_the_floor() -> None:
    from benchmarks.panels import command_start

    state = command_start()
    assert state.level == "command" and any(  # type: ignore[attr-defined]
        s.officers for s in state.ships)      # type: ignore[attr-defined]
    out = io.StringIO()
    figures = panels_bench(out, n=20)
    (cc,) = [f for f in figures if "Command & Control" in f.name]
    assert cc.budget == 5.0 and cc.floor is not None and cc.value is not None and cc.value > 0
    (oled,) = [f for f in figures if "station display" in f.name]
    assert oled.budget == 20.0 and oled.floor is not None and oled.value is not None


def test_bench_is_a_starbridge_subcommand() -> None:
    for name in ("panels", "hardware"):
        assert build_parser().parse_args(["bench", name]).what == name


def test_the_stamped_pin_times_the_light_not_the_code_after_it() -> None:
    """The floor's light is timed when its pin changes: before `drive_low` returns, and never
    more than the whole press."""
    factory = make_factory()
    try:
        samples = floor(factory, 20)
    finally:
        factory.close()
    assert len(samples.wall) == len(samples.cpu) == 20
    assert all(0 < s < 1 for s in samples.wall)


def test_the_selection_map_puts_engineering_power_lights_on_free_header_pins() -> None:
    pins = selection_pins(load_pinmap())
    assert "captain" not in pins.panels
    leds = pins.panels["engineer"].leds
    lit = [leds[r] for r in ("movement", "shields", "weapons")]
    assert all(led.pin.on_header and led.pwm for led in lit)
    used = [p for panel in pins.panels.values() for p in
            (*panel.buttons.values(), *(led.pin for led in panel.leds.values()))]
    assert len(used) == len(set(used))
