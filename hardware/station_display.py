"""A station panel's own small display: an I2C OLED (SSD1306 or SH1106, 128x64) through
luma.oled, on the bus the MCP23017 expanders use, behind a TCA9548A multiplexer when the panels'
displays share an address (an SSD1306 answers at 0x3C or 0x3D only).

    display = open_station_display(spec, mock=False)   # spec: the pin map's [panels.X.display]
    display.show(station_screen(model, state, t))       # draws only when the words changed

On a PC (the mock factory) and in tests the device is luma's own `dummy`, which keeps the last
image: the bridge display draws it in its lights strip, so the words an officer would read on
the panel are on the screen too. A panel without a display works as before.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Protocol

from PIL import Image, ImageDraw, ImageFont

from hardware.station_screen import StationScreen

if TYPE_CHECKING:
    from hardware.pinmap import DisplaySpec

WIDTH, HEIGHT = 128, 64
STATUS_PX, BODY_PX = 11, 10
_fonts: dict[int, Any] = {}


class DisplayError(OSError):
    """A station display that could not be opened (not wired, wrong address, no I2C)."""


def font(size: int) -> Any:
    """Pillow's own font (no file to find on the Pi), at `size` pixels."""
    if size not in _fonts:
        _fonts[size] = ImageFont.load_default(size)
    return _fonts[size]


_MEASURE = ImageDraw.Draw(Image.new("1", (1, 1)))
"""Text is measured as it is drawn: 1-bit, not anti-aliased (wider than `getlength` says)."""


def length(text: str, face: Any) -> float:
    return float(_MEASURE.textlength(text, font=face))


def wrap(text: str, width: int, face: Any) -> list[str]:
    """`text` in lines at most `width` pixels wide, broken at spaces (a word longer than a line
    broken where it must): nothing is left out."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if length(trial, face) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while length(word, face) > width:
            cut = max(1, next((i for i in range(len(word), 0, -1)
                               if length(word[:i], face) <= width), 1))
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line:
        lines.append(line)
    return lines


def layout(screen: StationScreen, width: int = WIDTH, height: int = HEIGHT) -> list[str]:
    """The body's lines as drawn: each of `screen.lines` wrapped, as many as fit under the
    status line (the first lines matter most: the field under the cursor, its value)."""
    room = (height - STATUS_PX - 2) // BODY_PX
    out: list[str] = []
    for text in screen.lines:
        out.extend(wrapped(text, width - 2, BODY_PX))
    return out[:room]


@lru_cache(maxsize=512)
def wrapped(text: str, width: int, size: int) -> tuple[str, ...]:
    """`wrap` at a font size, kept (the same lines come back at every press)."""
    return tuple(wrap(text, width, font(size)))


@lru_cache(maxsize=512)
def line_image(text: str, size: int, width: int) -> Image.Image:
    """One line of text as a 1-bit mask (kept: the same words come back at every press, and
    FreeType's drawing is most of a display's cost); tall enough for its descenders."""
    image = Image.new("1", (width, size + 5))
    ImageDraw.Draw(image).text((0, 0), text, font=font(size), fill=1)
    return image


def render(screen: StationScreen, size: tuple[int, int] = (WIDTH, HEIGHT)) -> Image.Image:
    """The 1-bit image of `screen`: the station and status in a bar (inverted when it must act
    now), the lines under it."""
    width, height = size
    image = Image.new("1", size)
    head = font(STATUS_PX)
    if screen.alert:
        ImageDraw.Draw(image).rectangle((0, 0, width - 1, STATUS_PX + 1), fill=1)
    ink = 0 if screen.alert else 1
    image.paste(ink, (1, 0), line_image(screen.status, STATUS_PX, width - 1))
    station_w = round(length(screen.station, head))
    if length(screen.status, head) + station_w + 8 <= width:
        image.paste(ink, (width - 1 - station_w, 0),
                    line_image(screen.station, STATUS_PX, station_w + 1))
    y = STATUS_PX + 2
    for line in layout(screen, width, height):
        image.paste(1, (1, y), line_image(line, BODY_PX, width - 1))
        y += BODY_PX
    return image


class LumaDevice(Protocol):
    """What of a luma device is used: its size, and `display(image)`."""

    size: tuple[int, int]

    def display(self, image: Image.Image) -> None: ...


@dataclass
class StationDisplay:
    """One panel's display: draws a `StationScreen` when it differs from the one shown."""

    device: LumaDevice
    where: str = ""                     # "bus 1, channel 2, 0x3c": for messages
    shown: StationScreen | None = None
    image: Image.Image | None = None    # the last image drawn

    def show(self, screen: StationScreen) -> bool:
        """Draw `screen` unless it is what is shown; True when it was drawn."""
        if screen == self.shown:
            return False
        image = render(screen, tuple(self.device.size))   # type: ignore[arg-type]
        self.device.display(image)
        self.shown, self.image = screen, image
        return True

    def frame(self) -> tuple[tuple[int, int], bytes] | None:
        """The last image as 8-bit grey pixels (size, bytes), for a screen to draw it."""
        if self.image is None:
            return None
        grey = self.image.convert("L")
        return grey.size, grey.tobytes()


CHOSEN: dict[tuple[int, int], int] = {}
"""(bus, multiplexer) -> the channel chosen on it last, shared by every display behind it."""


class MuxedBus:
    """An smbus2 bus seen through one channel of a TCA9548A multiplexer: the channel is chosen
    before a write whenever another channel (or none) was chosen last on that multiplexer, and
    any other multiplexer's on the same bus closed first (their displays share an address)."""

    def __init__(self, bus: Any, number: int, mux: int, channel: int) -> None:
        self.bus, self.number, self.mux, self.channel = bus, number, mux, channel

    def _choose(self) -> None:
        if CHOSEN.get((self.number, self.mux)) != self.channel:
            for (number, mux), _ in list(CHOSEN.items()):   # another mux's channel closed
                if number == self.number and mux != self.mux:
                    self.bus.write_byte(mux, 0)
                    del CHOSEN[number, mux]
            self.bus.write_byte(self.mux, 1 << self.channel)
            CHOSEN[self.number, self.mux] = self.channel

    def write_i2c_block_data(self, address: int, register: int, data: list[int]) -> None:
        self._choose()
        self.bus.write_i2c_block_data(address, register, data)


def open_station_display(spec: DisplaySpec, mock: bool) -> StationDisplay:
    """The display `spec` declares: luma's dummy device on the mock (a PC, the tests), else the
    SSD1306 or SH1106 on the I2C bus. DisplayError says what is wrong."""
    where = spec.where
    if mock:
        from luma.core.device import dummy
        return StationDisplay(dummy(width=WIDTH, height=HEIGHT, mode="1"), where)
    try:
        from luma.core.interface.serial import i2c
        from luma.oled.device import sh1106, ssd1306
        from smbus2 import SMBus
    except ImportError as exc:
        raise DisplayError(f"station display at {where}: {exc.name} is missing (install the pi "
                           f"extra: pip install 'starbridge[pi]')") from None
    try:
        bus: Any = SMBus(spec.bus)
        if spec.channel is not None:
            bus = MuxedBus(bus, spec.bus, spec.mux, spec.channel)
        serial = i2c(bus=bus, address=spec.address)
        chip = ssd1306 if spec.chip == "ssd1306" else sh1106
        return StationDisplay(chip(serial, width=WIDTH, height=HEIGHT), where)
    except Exception as exc:   # luma's DeviceNotFoundError, an OSError from the bus, ...
        raise DisplayError(f"no {spec.chip.upper()} answered at {where}: {exc} (check its "
                           f"wiring, its address jumper and `i2cdetect -y {spec.bus}`)") from None
