"""The pin map: the default loads, and every kind of mistake names file, line and key."""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.functions import buttons_for
from hardware.pinmap import MAX_FILE, RESERVED, PinMapError, PinRef, load_pinmap, parse_pinmap

GOOD = """\
[board]
factory = "mock"

[panels.helm]
[panels.helm.buttons]
confirm = "GPIO17"
up = 27
[panels.helm.leds]
green = "GPIO5"
red = "GPIO6"
weapon1 = { pin = "GPIO12", pwm = true }
"""


def problems(text: str) -> list[str]:
    with pytest.raises(PinMapError) as err:
        parse_pinmap(text, "pins.toml")
    return err.value.problems


def test_default_map_has_four_stations_and_the_instructor_on_free_header_pins() -> None:
    pins = load_pinmap()
    assert {p.station for p in pins.panels.values()} == {
        "captain", "engineer", "helm", "science", "instructor"}
    header = [pin for p in pins.panels.values()
              for pin in [*p.buttons.values(), *(led.pin for led in p.leds.values())]
              if pin.on_header]
    assert len(header) == len(set(header)) == 22  # every free GPIO of the 40-pin header
    assert not {p.pin for p in header} & set(RESERVED)
    for panel in pins.panels.values():  # every panel can step and confirm from the header
        assert {"confirm", "up"} <= {f for f, p in panel.buttons.items() if p.on_header} or \
            panel.station == "instructor"
    # mcp4: the Command & Control lights, three on each officer's panel (lights/data/panel_lights.toml)
    assert set(pins.expanders) == {"mcp0", "mcp1", "mcp4"}
    for panel in pins.panels.values():
        cc = {role: led.pin for role, led in panel.leds.items()
              if role in ("shaken", "system_out", "grid_out")}
        assert len(cc) == (0 if panel.station == "instructor" else 3)
        assert all(p.chip == "mcp4" for p in cc.values())


def test_a_good_map_reads_pins_both_ways() -> None:
    pins = parse_pinmap(GOOD)
    helm = pins.panels["helm"]
    assert helm.buttons == {"confirm": PinRef("GPIO", 17), "up": PinRef("GPIO", 27)}
    assert helm.leds["weapon1"].pwm and not helm.leds["green"].pwm


def test_a_duplicate_pin_names_both_keys_and_the_line() -> None:
    text = GOOD.replace('red = "GPIO6"', 'red = "GPIO17"')
    (msg,) = problems(text)
    assert msg.startswith("pins.toml:10: panels.helm.leds.red: GPIO17 is already used by "
                          "panels.helm.buttons.confirm")


@pytest.mark.parametrize("pin", sorted(RESERVED))
def test_reserved_pins_are_refused(pin: int) -> None:
    (msg,) = problems(GOOD.replace('"GPIO17"', f'"GPIO{pin}"'))
    assert msg.startswith("pins.toml:6: panels.helm.buttons.confirm: ")
    assert "reserved" in msg and RESERVED[pin] in msg


def test_unknown_station_function_light_and_expander() -> None:
    text = GOOD + """
[panels.galley]
[panels.galley.buttons]
up = "GPIO20"

[panels.science]
[panels.science.buttons]
warp = "GPIO21"
up = "mcp9:A1"
[panels.science.leds]
weapon1 = "GPIO22"
"""
    found = problems(text)
    assert any(m.startswith("pins.toml:13: panels.galley: unknown station 'galley'")
               for m in found), found
    assert any(m.startswith("pins.toml:19: panels.science.buttons.warp: science has no button "
                            "'warp'") for m in found), found
    assert any(m.startswith("pins.toml:20: panels.science.buttons.up: no expander 'mcp9'")
               for m in found), found
    assert any(m.startswith("pins.toml:22: panels.science.leds.weapon1: science has no light")
               for m in found), found
    assert len(found) == 4


def test_expanders_are_checked_and_have_no_pwm() -> None:
    text = GOOD + """
[expanders.mcp0]
chip = "mcp23017"
address = 0x20
[expanders.mcp1]
address = 0x20
[expanders.pca]
chip = "pca9685"
address = 0x40

[panels.science]
[panels.science.leds]
shield1 = { pin = "mcp0:GPA1", pwm = true }
shield2 = "mcp0:A1"
"""
    found = problems(text)
    assert any("expanders.mcp1.address: I2C bus 1 address 0x20 is already expander 'mcp0'" in m
               for m in found), found
    assert any("expanders.pca.chip: 'pca9685' is not one of mcp23017" in m for m in found)
    assert any("expanders.pca.address: should be a whole number from 32 to 39" in m
               for m in found)
    assert any(m.startswith("pins.toml:24: panels.science.leds.shield1: an MCP23017 has no PWM")
               for m in found), found
    assert any(m.startswith("pins.toml:25: panels.science.leds.shield2: mcp0:A1 is already used")
               for m in found), found


def test_board_settings_and_a_second_panel_for_one_station() -> None:
    text = GOOD.replace('factory = "mock"', 'factory = "pigpio"\nbounce_ms = -1\nspeed = 3') + \
        '\n[panels.other]\nstation = "helm"\n'
    found = problems(text)
    assert "pins.toml:2: board.factory: 'pigpio' is not one of auto, lgpio, rpigpio, mock" in found
    assert any(m.startswith("pins.toml:3: board.bounce_ms: should be a whole number") for m in found)
    assert "pins.toml:4: board.speed: unknown setting" in found
    assert any(m.startswith("pins.toml:16: panels.other.station: a second panel for helm")
               for m in found), found


def test_status_light_needs_green_and_red_and_bad_toml_is_one_message() -> None:
    found = problems(GOOD.replace('red = "GPIO6"\n', ""))
    assert found == ["pins.toml:8: panels.helm.leds: the status light needs at least green and red"]
    (msg,) = problems("[board\n")
    assert msg.startswith("pins.toml: not valid TOML")


def test_missing_file_is_a_pin_map_error(tmp_path: object) -> None:
    with pytest.raises(PinMapError, match="cannot read the pin map"):
        load_pinmap("/nonexistent/pins.toml")


PIN_TEXT = st.one_of(
    st.integers(-5, 60).map(str), st.integers(-5, 60).map(lambda n: f"GPIO{n}"),
    st.sampled_from(["mcp0:A1", "mcp0:B7", "mcp0:C1", "x:A1", "", "GPIO", "gpio4", "BCM5"]),
    st.text(string.printable, max_size=8))


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(buttons_for("helm") + ("bogus",)), PIN_TEXT),
                max_size=8),
       st.sampled_from(["helm", "science", "nobody", ""]))
def test_any_pin_text_loads_or_is_refused_with_a_located_message(
        buttons: list[tuple[str, str]], station: str) -> None:
    lines = ['[expanders.mcp0]', '[panels.p]', f'station = "{station}"', '[panels.p.buttons]']
    lines += [f'{func} = {pin!r}'.replace("'", '"') if '"' not in pin and "\\" not in pin
              else f"{func} = 4" for func, pin in dict(buttons).items()]
    text = "\n".join(lines) + "\n"
    try:
        pins = parse_pinmap(text, "f.toml")
    except PinMapError as exc:
        for msg in exc.problems:
            assert msg.startswith("f.toml"), msg
            assert msg.count(":") >= 2
        return
    used = [p for panel in pins.panels.values() for p in panel.buttons.values()]
    assert len(used) == len(set(used))
    assert all(p.pin not in RESERVED for p in used if p.on_header)


# -- files that are no files, sizes, nesting, encodings ---------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("what", ["fifo", "/dev/zero", "/dev/urandom", "folder"])
def test_a_pin_map_that_is_no_regular_file_is_refused_at_once(
        tmp_path: Path, make_fifo: Any, within: Any, what: str) -> None:
    path = tmp_path / "pins.toml"
    if what == "fifo":
        make_fifo(path)
    elif what == "folder":
        path.mkdir()
    else:
        path.symlink_to(what)
    outcome = within(10, load_pinmap, path)
    assert outcome.raised(PinMapError) and outcome.problems is not None, outcome
    assert len(outcome.problems) == 1 and outcome.problems[0].startswith(f"{path}: ")
    assert "not a file" in outcome.problems[0]


def test_a_pin_map_larger_than_the_cap_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "pins.toml"
    path.write_text(GOOD + "# padding\n" * (MAX_FILE // 10 + 1), encoding="utf-8")
    with pytest.raises(PinMapError, match="larger than"):
        load_pinmap(path)


def test_a_pin_map_nested_thousands_deep_is_a_pin_map_error(tmp_path: Path) -> None:
    path = tmp_path / "pins.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    with pytest.raises(PinMapError, match="nested too deep"):
        load_pinmap(path)


def test_a_key_name_that_is_not_utf8_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "pins.toml"
    path.write_bytes(GOOD.encode() + b"[panels.helm.keys]\n\"\xff\" = \"confirm\"\n")
    with pytest.raises(PinMapError) as err:
        load_pinmap(path)
    line = GOOD.count("\n") + 2
    assert err.value.problems == [f"{path}:{line}: not UTF-8 text (byte {len(GOOD) + 21}); "
                                  f"save the pin map as UTF-8"]


def test_control_characters_in_a_key_are_shown_escaped() -> None:
    found = problems(GOOD + "[panels.helm.keys]\n\"\\u001b[2J\" = \"nope\"\n")
    assert found and all(p.isprintable() for p in found)
    assert any("\\x1b[2J" in p for p in found)
