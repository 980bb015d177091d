"""Each panel's own small display (an I2C OLED through luma.oled; luma's own `dummy` device on
the mock): it says the seat's decision, the field under the cursor with its value and bounds,
the budget left, what a roll needs, and "your move" / "roll now", and follows every press."""

from __future__ import annotations

from typing import Any

import pytest
from gpiozero.pins.mock import MockFactory, MockPWMPin
from luma.core.device import dummy

from companion.dice import VirtualDice
from companion.session import load_scenario, prepare
from engine import GameState, Seat, apply, decide, new_game, pending
from hardware.debounce import PRESS
from hardware.panel import PanelModel
from hardware.pinmap import PinMapError, load_pinmap, parse_pinmap
from hardware.ship_bridge import Bridge
from hardware.station_display import BODY_PX, StationDisplay, font, layout, length, render, wrap
from hardware.station_screen import ROLL_NOW, WAITING, YOUR_MOVE, StationScreen, station_screen


def command_power() -> GameState:
    state = new_game(prepare(load_scenario("duel", None), None, "command", None, 2))
    dice = VirtualDice(1)
    while getattr(state, "step", "") != "power":
        p = pending(state)[0]
        state, _ = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
    return state


class Clock:
    def __init__(self) -> None:
        self.t = 0.0

    def __call__(self) -> float:
        return self.t


def test_the_default_map_gives_every_panel_a_display_on_its_own_channel() -> None:
    pins = load_pinmap()
    places = {(p.display.bus, p.display.channel, p.display.address)
              for p in pins.panels.values() if p.display is not None}
    assert len(places) == len(pins.panels) == 5


@pytest.mark.parametrize("body,says", [
    ('address = 0x3E', "answers at 0x3c or 0x3d"),
    ('chip = "st7735"', "is not one of ssd1306, sh1106"),
    ('channel = 9', "from 0 to 7"),
    ('colour = 1', "unknown setting"),
])
def test_a_display_the_map_gets_wrong_is_named_with_its_line(body: str, says: str) -> None:
    text = f'[panels.helm.buttons]\nconfirm = "GPIO25"\n[panels.helm.display]\n{body}\n'
    with pytest.raises(PinMapError) as err:
        parse_pinmap(text, "pins.toml")
    assert says in str(err.value) and "pins.toml:4" in str(err.value)


def test_two_displays_at_one_place_on_the_bus_are_refused() -> None:
    text = ('[panels.helm.buttons]\nconfirm = "GPIO25"\n[panels.helm.display]\naddress = 0x3C\n'
            '[panels.science.buttons]\nconfirm = "GPIO11"\n[panels.science.display]\n'
            'address = 0x3C\n')
    with pytest.raises(PinMapError) as err:
        parse_pinmap(text, "pins.toml")
    assert "is already the display of panels.helm" in str(err.value)
    ok = text.replace("address = 0x3C\n", "address = 0x3D\n", 2).replace(
        "0x3D\n[panels.science", "0x3C\n[panels.science", 1)
    assert parse_pinmap(ok).panels["science"].display is not None


def test_a_panel_without_a_display_works_as_before() -> None:
    pins = parse_pinmap('[panels.helm.buttons]\nconfirm = "GPIO25"\n')
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    bridge = Bridge(pins, factory, "enterprise", ("helm",), Clock())
    bridge.open(lambda s: None, 0.0)
    assert bridge.stations["helm"].screen is None and bridge.screens() == {}
    bridge.close()


def test_engineering_reads_its_decision_field_bounds_and_budget() -> None:
    state = command_power()
    model = PanelModel(Seat("engineer", "enterprise"))
    screen = station_screen(model, state)
    assert screen.status == YOUR_MOVE and screen.alert
    text = "\n".join(screen.lines)
    assert "Movement" in text or "movement" in text
    assert "44 of 44 left" in text          # the budget left
    assert "(0-" in text                   # the field's bounds
    model.press("up", PRESS, state, 1.0)
    after = "\n".join(station_screen(model, state, 1.0).lines)
    assert after != text and "40 of 44 left" in after and "4  (0-44)" in after


@pytest.mark.slow
def test_a_roll_says_roll_now_and_what_it_needs() -> None:
    state = new_game(prepare(load_scenario("duel", None), None, "command", None, 2))
    p = pending(state)[0]
    assert p.roll is not None
    screen = station_screen(PanelModel(Seat(str(p.station), p.ship)), state)
    assert screen.status == ROLL_NOW and "press CONFIRM to roll" in screen.lines
    assert any(p.roll.purpose in line for line in screen.lines)
    idle = station_screen(PanelModel(Seat("science", "enterprise")), state)
    assert idle.status == WAITING


def test_a_long_line_is_wrapped_not_cut() -> None:
    face = font(BODY_PX)
    text = "Warp speed (0 = sub-light; safe cruising 8, emergency 9) Supercalifragilistic"
    lines = wrap(text, 126, face)
    assert " ".join(lines).replace(" ", "") == text.replace(" ", "")
    assert all(length(line, face) <= 126 for line in lines)
    image = render(StationScreen("HELM", "WAITING", (text,)))
    assert image.getbbox() is not None and image.getbbox()[2] <= 128


def test_the_bridge_draws_each_press_on_lumas_dummy_device() -> None:
    state = command_power()
    pins = load_pinmap()
    clock = Clock()
    factory = MockFactory(revision="d04170", pin_class=MockPWMPin)
    bridge = Bridge(pins, factory, "enterprise", ("engineer", "helm"), clock)
    bridge.open(lambda s: None, 0.0)
    clock.t = 1.0
    bridge.show(state, (), 1.0)
    st = bridge.stations["engineer"]
    assert st.screen is not None and isinstance(st.screen.device, dummy)
    first = st.screen.device.image.copy()
    assert first.getbbox() is not None                      # something is drawn
    before = st.screen.shown
    st.model.press("up", PRESS, state, 1.1)
    bridge.light(st, state, 1.1)
    assert st.screen.shown != before
    assert st.screen.device.image.tobytes() != first.tobytes()
    frames = bridge.screens()
    assert set(frames) == {"engineer", "helm"}
    size, pixels, acting = frames["engineer"]
    assert size == (128, 64) and len(pixels) == 128 * 64 and acting
    bridge.close()


def test_the_same_words_are_not_drawn_twice() -> None:
    drawn: list[Any] = []

    class Counting(dummy):   # type: ignore[misc]
        def display(self, image: Any) -> None:
            drawn.append(image)
            super().display(image)

    screen = station_screen(PanelModel(Seat("helm", "enterprise")), command_power())
    display = StationDisplay(Counting(width=128, height=64, mode="1"))
    assert display.show(screen) and not display.show(screen)
    assert len(drawn) == 1 and render(screen).size == (128, 64)
    assert layout(screen)   # some lines fit under the status


def test_a_multiplexer_channel_is_chosen_before_a_write_and_another_closed() -> None:
    from hardware import station_display as sd

    class Bus:
        def __init__(self) -> None:
            self.log: list[tuple[object, ...]] = []

        def write_byte(self, address: int, value: int) -> None:
            self.log.append(("select", address, value))

        def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
            self.log.append(("data", address))

    sd.CHOSEN.clear()
    bus = Bus()
    a, b, c = (sd.MuxedBus(bus, 1, 0x70, 2), sd.MuxedBus(bus, 1, 0x70, 2),
               sd.MuxedBus(bus, 1, 0x71, 0))
    a.write_i2c_block_data(0x3C, 0x40, [1])
    b.write_i2c_block_data(0x3C, 0x40, [1])   # the same channel: not chosen again
    c.write_i2c_block_data(0x3C, 0x40, [1])
    assert bus.log == [("select", 0x70, 4), ("data", 0x3C), ("data", 0x3C),
                       ("select", 0x70, 0), ("select", 0x71, 1), ("data", 0x3C)]
    sd.CHOSEN.clear()
