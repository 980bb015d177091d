"""The device layer on gpiozero's MockFactory: edges to presses, lights, and panels that fail."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from gpiozero import Button
from gpiozero.pins.mock import MockFactory, MockPWMPin
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import LONG, PRESS, RELEASE, Edge
from hardware.devices import FactoryError, factory_or_mock, make_factory, open_panel
from hardware.keyboard import KeyMap
from hardware.pinmap import load_pinmap, parse_pinmap
from hardware.ship_bridge import Bridge

SCIENCE = """
[board]
factory = "mock"
[panels.science.buttons]
up = "GPIO5"
confirm = "GPIO6"
add = "mcp0:A0"
[panels.science.leds]
green = "GPIO16"
red = "GPIO20"
shield1 = { pin = "GPIO12", pwm = true }
shield2 = "GPIO13"
[panels.science.keys]
x = "up"
v = "confirm"
[expanders.mcp0]
address = 0x20
"""


def bridge(factory: Any, clock: Any, text: str = SCIENCE,
           stations: tuple[str, ...] = ("science",)) -> tuple[Bridge, list[str]]:
    said: list[str] = []
    b = Bridge(parse_pinmap(text, "t.toml"), factory, "enterprise", stations, clock)
    b.open(said.append, clock())
    return b, said


def test_chatter_on_a_mocked_pin_is_exactly_one_press(factory: Any, clock: Any) -> None:
    b, _ = bridge(factory, clock)
    pin = factory.pin(5)
    for _ in range(4):  # a burst of edges within a millisecond or two: switch chatter
        pin.drive_low()
        clock.advance(0.0004)
        pin.drive_high()
        clock.advance(0.0004)
    pin.drive_low()
    presses = b.presses(clock.advance(0.05))
    assert [(p.button, p.kind) for p in presses] == [("up", PRESS)]
    clock.advance(0.2)
    for _ in range(3):  # chatter on release too
        pin.drive_high()
        clock.advance(0.001)
        pin.drive_low()
        clock.advance(0.001)
    pin.drive_high()
    assert [p.kind for p in b.presses(clock.advance(0.05))] == [RELEASE]
    assert b.presses(clock.advance(5.0)) == []  # nothing repeats or appears later


def test_a_held_button_is_one_long_press(factory: Any, clock: Any) -> None:
    b, _ = bridge(factory, clock)
    pin = factory.pin(6)
    pin.drive_low()
    assert [p.kind for p in b.presses(clock.advance(0.1))] == [PRESS]
    assert [p.kind for p in b.presses(clock.advance(0.8))] == [LONG]
    assert b.presses(clock.advance(3.0)) == []
    pin.drive_high()
    assert [p.kind for p in b.presses(clock.advance(0.01))] == [RELEASE]


def test_lamp_test_lights_everything_then_levels_are_written(factory: Any,
                                                            clock: Any) -> None:
    b, said = bridge(factory, clock)
    assert {role: factory.pin(n).state for role, n in
            (("green", 16), ("red", 20), ("shield1", 12), ("shield2", 13))} == {
        "green": 1, "red": 1, "shield1": 1, "shield2": 1}
    devices = b.stations["science"].devices
    devices.set_levels({"shield1": 0.25, "shield2": 0.25, "green": 0.0})
    assert factory.pin(12).state == pytest.approx(0.25)  # PWM: dimmed by strength
    assert factory.pin(13).state == 1                    # on/off light: on above zero
    assert factory.pin(16).state == 0
    assert devices.set_levels({"shield1": 0.25}) == 0    # unchanged: nothing written
    assert devices.levels["shield2"] == 1.0              # and the display is told "on"
    # The button on the expander opened too (on the mock's emulated MCP23017): nothing to say.
    assert said == []
    assert "add" in devices.buttons


def test_a_busy_pin_is_reported_once_and_the_other_panels_open(factory: Any,
                                                                clock: Any) -> None:
    squatter = Button(5, pin_factory=factory)  # another program holds GPIO5
    text = SCIENCE + '\n[panels.helm.buttons]\nup = "GPIO21"\n[panels.helm.leds]\n' \
        'green = "GPIO22"\nred = "GPIO23"\n'
    b, said = bridge(factory, clock, text, ("science", "helm", "captain"))
    assert set(b.stations) == {"science", "helm"}
    assert "up" not in b.stations["science"].devices.buttons
    assert "confirm" in b.stations["science"].devices.buttons
    panel_lines = [s for s in said if s.startswith("panel science") and "not opened" in s]
    assert len(panel_lines) == 1 and "GPIO5 is in use" in panel_lines[0]
    assert any("no panel in t.toml for: captain" in s for s in said)
    factory.pin(21).drive_low()
    assert [(p.panel, p.button) for p in b.presses(clock.advance(0.1))] == [("helm", "up")]
    squatter.close()


def test_no_gpio_on_a_pc_says_how_to_fix_it() -> None:
    pins = load_pinmap()
    with pytest.raises(FactoryError) as err:
        make_factory(pins, "lgpio")  # this PC has no lgpio (nor a GPIO chip)
    assert "pip install 'starbridge[pi]'" in str(err.value) and "mock" in str(err.value)
    mock = make_factory(pins, "mock")
    assert mock.board_info.model == "5B"
    mock.close()
    said: list[str] = []
    fallback = factory_or_mock(pins, said.append, "auto", pi=True)   # a Pi without its GPIO
    assert len(said) == 1 and "keyboard stands in" in said[0] and "lgpio" in said[0]
    assert fallback.board_info.model == "5B"
    fallback.close()
    said.clear()   # a PC: one short line, no advice for a Pi
    factory_or_mock(pins, said.append, "auto", pi=False).close()
    assert len(said) == 1 and len(said[0]) < 160 and "Not a Raspberry Pi" in said[0]


def test_the_keyboard_takes_the_same_path_as_a_pin(factory: Any, clock: Any) -> None:
    b, _ = bridge(factory, clock)
    keys = KeyMap(b.pins)
    for down in (True, False, True):  # key repeat from the OS looks like chatter
        edge = keys.edge("X", down, clock.advance(0.002))
        assert edge is not None
        b.put(edge)
    assert keys.edge("F12", True, clock()) is None
    assert [(p.button, p.kind) for p in b.presses(clock.advance(0.05))] == [("up", PRESS)]


def test_default_keys_do_not_clash() -> None:
    keys = KeyMap(load_pinmap())
    assert keys.clashes == []
    assert keys.keys["e"] == ("engineer", "confirm")
    assert any(line.startswith("helm:") for line in keys.legend())


def test_open_panel_on_the_default_map_opens_the_header_core(factory: Any) -> None:
    import queue
    pins = load_pinmap()
    edges: queue.Queue[Any] = queue.Queue()
    panel = open_panel(pins.panels["helm"], factory, edges, expanders=pins.expanders)
    assert set(panel.buttons) == {"select", "up", "down", "confirm", "port", "starboard",
                                  "ahead", "fire"}
    assert set(panel.lights) == {"green", "red", "weapon1", "weapon2", "weapon3", "weapon4",
                                 "shaken", "system_out", "grid_out"}  # C&C: on mcp4
    assert panel.problems == [] and panel.off_expanders == {}
    panel.close()
    # Without the map's [expanders], the parts on them are left off, and say why.
    bare = open_panel(pins.panels["helm"], factory, edges)
    assert set(bare.buttons) == {"select", "up", "down", "confirm"}
    off = {why.split()[1]: parts for why, parts in bare.off_expanders.items()}
    assert set(off) == {"mcp0", "mcp1", "mcp4"} and "mcp1:A3 (port)" in off["mcp1"]
    assert all("is not declared under [expanders]" in why for why in bare.off_expanders)
    bare.close()


class ManualClock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t

    def advance(self, seconds: float) -> float:
        self.t += seconds
        return self.t


@pytest.fixture(scope="module")
def helm_bridge() -> Iterator[tuple[Bridge, ManualClock]]:
    """One open bridge for every example (opening and closing gpiozero Buttons is slow)."""
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    clock = ManualClock()
    b = Bridge(load_pinmap(), factory, "enterprise", ("helm",), clock)
    b.open(lambda s: None, clock())
    yield b, clock
    b.close()
    factory.close()


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(keys=st.lists(st.tuples(st.text(max_size=6), st.booleans()), max_size=40))
def test_any_keys_or_stray_edges_never_raise(
        helm_bridge: tuple[Bridge, ManualClock], keys: list[tuple[str, bool]]) -> None:
    b, clock = helm_bridge
    keymap = KeyMap(b.pins)
    for key, down in keys:
        edge = keymap.edge(key, down, clock.advance(0.01))
        if edge is not None:
            assert (edge.panel, edge.button) == keymap.keys[key.lower()]
            b.put(edge)
        b.put(Edge(key, key, down, clock()))  # an edge for no panel at all is dropped
    presses = b.presses(clock.advance(1.0))
    assert all(p.panel == "helm" for p in presses)
    for deb in b.stations["helm"].debouncers.values():  # leave every button released
        deb.edge(False, clock.advance(1.0))
        deb.poll(clock.advance(1.0))


def test_each_way_a_pin_fails_to_open_comes_with_its_fix() -> None:
    from gpiozero.exc import GPIOPinInUse, PinPWMUnsupported

    from hardware.devices import explain
    from hardware.pinmap import PinRef

    pin = PinRef("GPIO", 17)
    assert "stop that program" in explain(GPIOPinInUse("busy"), pin)
    assert "sudo adduser $USER gpio" in explain(PermissionError(13, "denied"), pin)
    assert "use the mock factory on a PC" in explain(FileNotFoundError(2, "no chip"), pin)
    assert "drop pwm = true" in explain(PinPWMUnsupported("no pwm"), pin)
    assert explain(RuntimeError("odd"), pin) == "GPIO17: RuntimeError: odd"
