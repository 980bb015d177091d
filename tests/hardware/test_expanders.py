"""The MCP23017 expanders: the register-level emulation against the datasheet, the driver and hub
on it, panels with parts on expanders, and expanders that are missing or stop answering."""

from __future__ import annotations

import errno
import queue
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hardware.debounce import PRESS, RELEASE, Edge
from hardware.devices import open_panel
from hardware.expanders import ExpanderHub, hub_for, smbus_opener
from hardware.mcp23017 import GPIO, GPPU, IOCON, IODIR, IPOL, MCP23017, OLAT, pin_bit
from hardware.mcp23017_mock import EmulatedI2CBus, EmulatedMCP23017, emulated_buses, mock_i2c
from hardware.pinmap import Expander, parse_pinmap
from hardware.ship_bridge import Bridge

A, B = 0, 1  # IOCON.BANK = 0: port B's register is port A's + 1

PANEL = """
[board]
factory = "mock"
[expanders.mcp0]
address = 0x20
[panels.science.buttons]
up = "GPIO5"
add = "mcp0:B2"
[panels.science.leds]
green = "GPIO16"
red = "GPIO20"
shield1 = "mcp0:A0"
shield2 = "mcp0:A1"
"""


# -- the emulated chip, register by register (MCP23017 datasheet, section 3.5) ---------------
def test_power_on_every_pin_is_an_input_and_floating_inputs_read_low() -> None:
    bus = EmulatedI2CBus()
    bus.attach(0x20)
    assert [bus.read_byte_data(0x20, IODIR + p) for p in (A, B)] == [0xFF, 0xFF]
    assert [bus.read_byte_data(0x20, r) for r in (GPPU, GPPU + 1, OLAT, OLAT + 1)] == [0] * 4
    assert bus.read_byte_data(0x20, GPIO) == 0x00


def test_pull_ups_make_unconnected_inputs_read_high_and_driven_ones_read_their_level() -> None:
    bus = EmulatedI2CBus()
    chip = bus.attach(0x20)
    bus.write_byte_data(0x20, GPPU, 0b0000_0101)         # pull-ups on A0 and A2
    assert bus.read_byte_data(0x20, GPIO) == 0b0000_0101
    chip.pin("A2").drive_low()                            # a button pressed on A2
    chip.pin("A7").drive_high()                           # something drives A7 high
    assert bus.read_byte_data(0x20, GPIO) == 0b1000_0001
    chip.pin("A2").release()
    assert bus.read_byte_data(0x20, GPIO) == 0b1000_0101
    bus.write_byte_data(0x20, IPOL, 0b0000_0001)          # IPOL inverts what an input reads
    assert bus.read_byte_data(0x20, GPIO) == 0b1000_0100


def test_a_write_to_iodir_changes_direction_and_outputs_drive_olat() -> None:
    bus = EmulatedI2CBus()
    chip = bus.attach(0x21)
    bus.write_byte_data(0x21, OLAT + B, 0b0000_0100)
    assert chip.pin("B2").state == 0 and not chip.pin("B2").is_output  # still an input
    bus.write_byte_data(0x21, IODIR + B, 0b1111_1011)     # B2 an output
    assert chip.pin("B2").is_output and chip.pin("B2").state == 1
    assert bus.read_byte_data(0x21, GPIO + B) == 0b0000_0100  # GPIO reads the output's level
    chip.pin("B2").drive_low()                            # the outside cannot move an output
    assert bus.read_byte_data(0x21, GPIO + B) == 0b0000_0100
    bus.write_byte_data(0x21, GPIO + B, 0)                # a write to GPIO writes OLAT
    assert bus.read_byte_data(0x21, OLAT + B) == 0 and chip.pin("B2").state == 0
    bus.write_byte_data(0x21, IODIR + B, 0xFF)            # back to an input: sees the drive
    assert chip.pin("B2").state == 0 and not chip.pin("B2").is_output


def test_block_reads_step_through_the_registers_and_iocon_is_one_register() -> None:
    bus = EmulatedI2CBus()
    chip = bus.attach(0x20)
    bus.write_byte_data(0x20, GPPU, 0x0F)
    bus.write_byte_data(0x20, GPPU + B, 0xF0)
    assert bus.read_i2c_block_data(0x20, GPIO, 2) == [0x0F, 0xF0]
    assert bus.read_i2c_block_data(0x20, OLAT + B, 2) == [0x00, 0xFF]  # wraps to IODIRA
    bus.write_byte_data(0x20, IOCON + B, 0x20)            # 0x0B is IOCON too; SEQOP = 1
    assert bus.read_byte_data(0x20, IOCON) == 0x20
    assert bus.read_i2c_block_data(0x20, GPIO, 3) == [0x0F, 0xF0, 0x0F]  # toggles A/B
    bus.write_byte_data(0x20, 0x0F, 0xFF)                 # INTFB is read-only
    assert bus.read_byte_data(0x20, 0x0F) == 0
    bus.write_byte_data(0x20, IOCON, 0x80)                # BANK = 1: registers by port
    assert chip.decode(0x09) == ("GPIO", 0) and chip.decode(0x19) == ("GPIO", 1)
    assert bus.read_byte_data(0x20, 0x16) == 0xF0         # GPPUB at its BANK = 1 address
    assert bus.read_byte_data(0x20, 0x0C) == 0            # nothing there with BANK = 1


def test_an_address_with_no_chip_is_a_remote_io_error_as_smbus2_raises() -> None:
    bus = EmulatedI2CBus()
    with pytest.raises(OSError) as err:
        bus.read_byte_data(0x27, GPIO)
    assert err.value.errno == errno.EREMOTEIO


@pytest.mark.slow
@settings(max_examples=150, deadline=None)
@given(iodir=st.integers(0, 0xFFFF), gppu=st.integers(0, 0xFFFF), olat=st.integers(0, 0xFFFF),
       ipol=st.integers(0, 0xFFFF), drive=st.lists(st.sampled_from([None, 0, 1]), min_size=16,
                                                    max_size=16))
def test_gpio_reads_follow_the_datasheet_for_any_registers(
        iodir: int, gppu: int, olat: int, ipol: int, drive: list[int | None]) -> None:
    bus = EmulatedI2CBus()
    chip = bus.attach(0x20)
    for reg, word in ((OLAT, olat), (GPPU, gppu), (IPOL, ipol), (IODIR, iodir)):
        bus.write_byte_data(0x20, reg, word & 0xFF)
        bus.write_byte_data(0x20, reg + 1, word >> 8)
    for bit, level in enumerate(drive):
        chip.drive(bit, level)
    a, b = bus.read_i2c_block_data(0x20, GPIO, 2)
    for bit in range(16):
        if not iodir >> bit & 1:
            want = olat >> bit & 1
        else:
            level = drive[bit] if drive[bit] is not None else gppu >> bit & 1
            want = level ^ (ipol >> bit & 1)
        assert ((a | b << 8) >> bit) & 1 == want, bit


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(ops=st.lists(st.tuples(st.integers(-5, 300), st.integers(-5, 300)), max_size=60))
def test_any_register_traffic_never_breaks_the_emulation(ops: list[tuple[int, int]]) -> None:
    bus = EmulatedI2CBus()
    bus.attach(0x20)
    for reg, value in ops:
        bus.write_byte_data(0x20, reg, value)
        assert 0 <= bus.read_byte_data(0x20, reg) <= 0xFF
        assert all(0 <= v <= 0xFF for v in bus.read_i2c_block_data(0x20, reg, 4))


# -- the driver ------------------------------------------------------------------------------
def test_the_driver_sets_pull_ups_for_inputs_and_writes_outputs_through_olat_only() -> None:
    bus = EmulatedI2CBus()
    chip = bus.attach(0x20)
    mcp = MCP23017(bus, 0x20)
    mcp.reset()
    mcp.make_input(pin_bit("B2"))
    mcp.make_output(pin_bit("A0"))
    assert chip.port_word("GPPU") == 1 << 10 and chip.port_word("IODIR") == 0xFFFE
    assert chip.pin("B2").state == 1 and chip.pin("A0").state == 0
    chip.writes.clear()
    assert mcp.write(0, True) is True and chip.pin("A0").state == 1
    assert chip.writes == [(OLAT, 0x01)]                  # one byte, to OLATA
    assert mcp.write(0, True) is False and len(chip.writes) == 1  # no change, nothing written
    assert mcp.read() == 1 << 10 | 1                      # B2 pulled up, A0 lit, others float
    chip.pin("B2").drive_low()
    assert mcp.read() == 1


def test_pin_names_outside_a0_to_b7_are_refused() -> None:
    assert pin_bit("a0") == 0 and pin_bit("B7") == 15
    for bad in ("C0", "A8", "B10", "A"):
        with pytest.raises(ValueError):
            pin_bit(bad)


# -- panels with parts on the expanders ------------------------------------------------------
def open_science(factory: Any, clock: Any, text: str = PANEL) -> tuple[Bridge, list[str]]:
    said: list[str] = []
    b = Bridge(parse_pinmap(text, "t.toml"), factory, "enterprise", ("science",), clock)
    b.open(said.append, clock())
    return b, said


def test_the_mock_factory_comes_with_the_maps_expanders_emulated(factory: Any,
                                                                  clock: Any) -> None:
    b, said = open_science(factory, clock)
    assert said == []
    chip = mock_i2c(factory, 1).chip(0x20)                # made by the mock, at the map's address
    assert chip.port_word("GPPU") >> pin_bit("B2") & 1    # the button's pull-up is on
    assert chip.pin("A0").is_output and chip.pin("A0").state == 1  # lamp test
    assert hub_for(factory) is b.hub


def test_a_button_on_mcp0_b2_is_exactly_one_press_through_chatter(factory: Any,
                                                                   clock: Any) -> None:
    b, _ = open_science(factory, clock)
    pin = mock_i2c(factory).chip(0x20).pin("B2")
    for _ in range(4):
        pin.drive_low()
        clock.advance(0.0004)
        pin.drive_high()
        clock.advance(0.0004)
    pin.drive_low()
    assert [(p.button, p.kind) for p in b.presses(clock.advance(0.05))] == [("add", PRESS)]
    clock.advance(0.3)
    for _ in range(3):
        pin.drive_high()
        clock.advance(0.001)
        pin.drive_low()
        clock.advance(0.001)
    pin.drive_high()
    assert [(p.button, p.kind) for p in b.presses(clock.advance(0.05))] == [("add", RELEASE)]
    assert b.presses(clock.advance(5.0)) == []


def test_a_light_on_an_expander_pin_lights_on_or_off_by_strength(factory: Any,
                                                                   clock: Any) -> None:
    b, _ = open_science(factory, clock)
    chip = mock_i2c(factory).chip(0x20)
    devices = b.stations["science"].devices
    devices.set_levels({"shield1": 0.0, "shield2": 0.0})
    assert (chip.pin("A0").state, chip.pin("A1").state) == (0, 0)
    assert not devices.is_lit("shield1")
    devices.set_levels({"shield1": 0.3, "shield2": 0.0})  # no PWM: any strength is on
    assert (chip.pin("A0").state, chip.pin("A1").state) == (1, 0)
    assert devices.is_lit("shield1") and b.lit()["science"]["shield1"] == 1.0
    b.close()
    assert chip.pin("A0").state == 0                      # closing puts the light out


def test_a_missing_expander_is_reported_once_with_the_fix_and_the_rest_goes_on(
        factory: Any, clock: Any) -> None:
    bus = mock_i2c(factory)
    bus.auto_attach = False
    bus.attach(0x24)                                      # the chip is strapped to 0x24
    b, said = open_science(factory, clock)
    assert len(said) == 1
    assert "expander mcp0 (MCP23017 at 0x20 on I2C bus 1) does not answer" in said[0]
    assert "i2cdetect -y 1" in said[0]
    assert "science mcp0:B2 (add), mcp0:A0 (shield1), mcp0:A1 (shield2)" in said[0]
    factory.pin(5).drive_low()                            # the header's button still works
    assert [p.button for p in b.presses(clock.advance(0.05))] == ["up"]


def test_no_i2c_bus_on_this_pc_says_to_enable_it(factory: Any, clock: Any) -> None:
    pins = parse_pinmap(PANEL.replace("address = 0x20", "address = 0x20\nbus = 19"), "t.toml")
    hub = ExpanderHub(smbus_opener)                       # the real smbus2: no /dev/i2c-19 here
    edges: queue.Queue[Edge] = queue.Queue()
    panel = open_panel(pins.panels["science"], factory, edges, clock, pins.expanders, hub)
    [(why, parts)] = panel.off_expanders.items()
    assert "no I2C bus 19 (/dev/i2c-19)" in why and "raspi-config" in why
    assert parts == ["mcp0:B2 (add)", "mcp0:A0 (shield1)", "mcp0:A1 (shield2)"]
    assert set(panel.buttons) == {"up"} and set(panel.lights) == {"green", "red"}
    panel.close()


def test_an_expander_that_stops_answering_is_said_once_and_comes_back(factory: Any,
                                                                       clock: Any) -> None:
    from companion.session import load_scenario, prepare
    from engine import new_game

    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 1, 3))
    b, _ = open_science(factory, clock)
    said: list[str] = []
    b.say = said.append
    b.hub.clock = clock
    bus = mock_i2c(factory)
    devices = b.stations["science"].devices
    b.pump(state, clock.advance(1.0), lambda out: None)  # past the lamp test: shields at 0
    assert bus.chip(0x20).pin("A1").state == 0
    bus.chip(0x20).pin("B2").drive_low()                  # held while the wire comes loose
    bus.detach(0x20)
    devices.set_levels({"shield2": 1.0})                  # the write fails: no traceback
    b.pump(state, clock.advance(0.1), lambda out: None)
    b.pump(state, clock.advance(0.1), lambda out: None)
    assert len(said) == 1 and "does not answer" in said[0] and "goes on" in said[0]
    chip = bus.attach(0x20)                               # back, at its power-on registers
    b.pump(state, clock.advance(2.0), lambda out: None)
    assert said[1] == "expander mcp0 answers again: its buttons and lights work"
    assert chip.port_word("IODIR") == 0xFFFC              # its lights are outputs again
    assert chip.pin("A1").state == int(devices.levels["shield2"] > 0)
    assert chip.port_word("GPPU") >> pin_bit("B2") & 1    # and its pull-ups are set again
    chip.pin("B2").drive_low()
    assert [p.button for p in b.presses(clock.advance(0.05))] == ["add"]


def test_on_a_pi_a_thread_polls_the_buttons_and_only_queues_edges(factory: Any) -> None:
    buses = emulated_buses(factory)
    chip: EmulatedMCP23017 = buses(1).attach(0x21)
    hub = ExpanderHub(buses, threaded=True, poll_s=0.001)  # no change signal: polled, as on a Pi
    edges: queue.Queue[Edge] = queue.Queue()
    exp = Expander("mcp1", "mcp23017", 0x21, 1)
    button = hub.button(exp, "A3", edges, "helm", "port", lambda: 1.0)
    hub.start()
    try:
        assert chip.listeners == []
        chip.pin("A3").drive_low()
        assert edges.get(timeout=5) == Edge("helm", "port", True, 1.0)
        assert button.is_pressed
        chip.pin("A3").drive_high()
        assert edges.get(timeout=5) == Edge("helm", "port", False, 1.0)
    finally:
        hub.close()
    assert hub._thread is None


class FlakyBus(EmulatedI2CBus):
    """A bus whose transfers fail when the script says so (a noisy wire)."""

    def __init__(self, fails: list[bool]) -> None:
        super().__init__()
        self.fails = iter(fails)

    def chip(self, address: int) -> EmulatedMCP23017:
        if next(self.fails, False):
            raise OSError(errno.EIO, "Input/output error")
        return super().chip(address)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(fails=st.lists(st.booleans(), max_size=80), presses=st.lists(st.booleans(), max_size=20))
def test_a_noisy_bus_never_raises_out_of_the_hub(fails: list[bool],
                                                 presses: list[bool]) -> None:
    bus = FlakyBus(fails)
    chip = bus.attach(0x20)
    t = [0.0]
    hub = ExpanderHub(lambda n: bus, threaded=False, clock=lambda: t[0])
    exp = Expander("mcp0", "mcp23017", 0x20, 1)
    edges: queue.Queue[Edge] = queue.Queue()
    try:
        hub.button(exp, "B0", edges, "p", "b", lambda: t[0])
        light = hub.light(exp, "A0")
    except Exception as exc:  # opening may fail, always as the one clear error
        assert "does not answer" in str(exc)
        return
    for down in presses:
        (chip.pin("B0").drive_low if down else chip.pin("B0").drive_high)()
        light.on() if down else light.off()
        hub.poll()
        t[0] += 0.5
        for news in hub.service():
            assert "answers again" in news or "does not answer" in news
    while not edges.empty():
        edge = edges.get_nowait()
        assert (edge.panel, edge.button) == ("p", "b")
