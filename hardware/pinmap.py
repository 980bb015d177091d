"""The pin map: which pin each panel's buttons and lights are on, read from a TOML file and checked.

    pins = load_pinmap(path)          # or load_pinmap() for the packaged default
    pins.panels["helm"].buttons["confirm"]  -> PinRef("GPIO", 13)

Every mistake found is reported at once, each naming the file, the line and the key: a pin used
twice, a pin the Pi keeps for itself (the ID EEPROM, I2C and UART pins), a station or a function
this program does not know, an expander that is not declared, two panels for one station of a
crew, a key that stands in for two buttons. See docs/wiring.md for the format.

Two crews can play on one Pi (two ships facing each other with no Instructor): a panel says
which crew it is for (`crew = 2`; 1 when left out). Crew 1 is the first ship with people at the
panels in the scenario's order, crew 2 the next, so a map fits any scenario.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Collection
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from engine.errors import one_line
from engine.files import FileRefused, read_regular
from engine.stations import INSTRUCTOR, STATION_NAMES
from hardware.functions import STATUS_LEDS, buttons_for, leds_for

FACTORIES = ("auto", "lgpio", "rpigpio", "mock")
EXPANDER_CHIPS = ("mcp23017",)
HEADER_GPIOS = tuple(range(28))  # BCM GPIO 0..27 on the 40-pin header of every Pi since the B+
RESERVED: dict[int, str] = {
    0: "ID_SD, the HAT ID EEPROM's data line",
    1: "ID_SC, the HAT ID EEPROM's clock line",
    2: "I2C SDA, kept for the MCP23017 expanders",
    3: "I2C SCL, kept for the MCP23017 expanders",
    14: "UART TXD, the serial console",
    15: "UART RXD, the serial console",
}
MCP_PORT_PINS = tuple(f"{bank}{n}" for bank in "AB" for n in range(8))
DEFAULT_FILE = "default_pins.toml"
TWO_CREWS_FILE = "two_crews_pins.toml"   # an example: a second crew on two more expanders
MAX_CREWS = 8
MAX_FILE = 1 << 20   # bytes; the packaged two-crew map is under 5 000

_GPIO = re.compile(r"^(?:GPIO|BCM)?(\d{1,2})$", re.IGNORECASE)
_EXPANDER = re.compile(r"^([a-z][a-z0-9_]*):(?:GP)?([AB][0-7])$", re.IGNORECASE)


class PinMapError(ValueError):
    """The pin map file is wrong; `problems` lists each mistake as "file:line: key: what"."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


@dataclass(frozen=True, slots=True)
class PinRef:
    """A pin: on the Pi's header (`chip` "GPIO", `pin` the BCM number) or on an expander
    (`chip` the expander's name in the file, `pin` "A0".."B7")."""

    chip: str
    pin: int | str

    @property
    def on_header(self) -> bool:
        return self.chip == "GPIO"

    def __str__(self) -> str:
        return f"GPIO{self.pin}" if self.on_header else f"{self.chip}:{self.pin}"


@dataclass(frozen=True, slots=True)
class LedSpec:
    pin: PinRef
    pwm: bool = False


DISPLAY_CHIPS = ("ssd1306", "sh1106")
DISPLAY_ADDRESSES = (0x3C, 0x3D)   # an SSD1306 or SH1106 OLED's address jumper


@dataclass(frozen=True, slots=True)
class DisplaySpec:
    """A panel's own small display: an I2C OLED (128x64) at `address` on `bus`, behind channel
    `channel` of a TCA9548A multiplexer at `mux` when several panels' displays share an
    address (None: straight on the bus)."""

    chip: str = "ssd1306"
    address: int = 0x3C
    bus: int = 1
    channel: int | None = None
    mux: int = 0x70

    @property
    def where(self) -> str:
        via = f", mux {self.mux:#x} channel {self.channel}" if self.channel is not None else ""
        return f"I2C bus {self.bus}{via}, address {self.address:#x}"


@dataclass(frozen=True, slots=True)
class PanelSpec:
    """One station's panel: button function -> pin, light role -> pin; the crew it is for
    (1, 2, ...: the ships with people at panels, in the scenario's order; the Instructor's
    panel serves every crew and says 1)."""

    name: str
    station: str
    buttons: dict[str, PinRef]
    leds: dict[str, LedSpec]
    keys: dict[str, str] = field(default_factory=dict)  # keyboard key -> button function
    crew: int = 1
    display: DisplaySpec | None = None   # its own small display (hardware.station_display)
    plays: tuple[str, ...] = ()   # stations it plays for a crew without its own station


@dataclass(frozen=True, slots=True)
class Expander:
    name: str
    chip: str
    address: int
    bus: int


@dataclass(frozen=True, slots=True)
class PinMap:
    source: str
    factory: str
    mock_revision: str
    bounce_ms: int
    hold_ms: int
    blink_ms: int
    expanders: dict[str, Expander]
    panels: dict[str, PanelSpec]

    def panel_for(self, station: str, crew: int = 1) -> PanelSpec | None:
        """The panel for `station` of `crew` (the Instructor's, whatever the crew), or None."""
        return next((p for p in self.panels.values() if p.station == station
                     and (p.crew == crew or station == INSTRUCTOR)), None)

    def stand_in(self, station: str, crew: int, stations: Collection[str]) -> PanelSpec | None:
        """A panel of `crew` that plays `station` (its `plays`) for a crew whose `stations` do
        not include the panel's own: Knight Hawks' Weapons at the Science panel of a FASA
        bridge, say. None when there is none."""
        return next((p for p in self.panels.values() if station in p.plays
                     and p.crew == crew and p.station not in stations), None)

    @property
    def crews(self) -> tuple[int, ...]:
        """The crews the map has panels for (1, 2, ...), the Instructor's panel aside."""
        return tuple(sorted({p.crew for p in self.panels.values() if p.station != INSTRUCTOR}))


def default_path() -> Path:
    return Path(str(resources.files("hardware").joinpath("data", DEFAULT_FILE)))


def example_path(name: str = TWO_CREWS_FILE) -> Path:
    """A packaged example map (`two_crews_pins.toml`: the default and a second crew)."""
    return Path(str(resources.files("hardware").joinpath("data", name)))


def load_pinmap(path: Path | str | None = None) -> PinMap:
    """Read and check a pin map file (the packaged default when `path` is None)."""
    path = default_path() if path is None else Path(path)
    try:
        raw = read_regular(path, MAX_FILE)
    except FileRefused as exc:
        why = exc.why.replace("cannot be read", "cannot read the pin map")
        raise PinMapError([one_line(f"{path}: {why}")]) from None
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[:exc.start].count(b"\n") + 1
        raise PinMapError([f"{path}:{line}: not UTF-8 text (byte {exc.start + 1}); save the pin "
                           f"map as UTF-8"]) from None
    return parse_pinmap(text, str(path))


def parse_pinmap(text: str, source: str = "pins.toml") -> PinMap:
    """Check the TOML text of a pin map; raise `PinMapError` listing every mistake."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PinMapError([f"{source}: not valid TOML: {exc}"]) from None
    except RecursionError:
        raise PinMapError([f"{source}: not valid TOML: nested too deep (a pin map is tables "
                           f"of keys, a few levels deep)"]) from None
    return _PinMapChecker(text, source).check(data)


class _PinMapChecker:
    def __init__(self, text: str, source: str) -> None:
        self.lines = key_lines(text)
        self.source = source
        self.problems: list[str] = []
        self.used: dict[PinRef, str] = {}
        self.keys: dict[str, str] = {}   # key (lower case) -> where it is bound
        self.displays: dict[tuple[int, int | None, int | None, int], str] = {}   # place -> its panel

    def error(self, path: tuple[str, ...], what: str) -> None:
        line = line_of(self.lines, path)
        self.problems.append(one_line(f"{self.source}:{line}: {'.'.join(path)}: {what}"))

    def check(self, data: dict[str, Any]) -> PinMap:
        for key in data.keys() - {"board", "expanders", "panels"}:
            self.error((key,), "unknown section (sections: board, expanders, panels)")
        board = self.table(data, ("board",))
        factory = self.text(board, ("board", "factory"), "auto")
        if factory not in FACTORIES:
            self.error(("board", "factory"), f"{factory!r} is not one of {', '.join(FACTORIES)}")
        revision = self.text(board, ("board", "mock_revision"), "d04170")
        if not re.fullmatch(r"[0-9a-fA-F]{6,8}", revision):
            self.error(("board", "mock_revision"), f"{revision!r} is not a Pi revision code in hex")
        bounce = self.number(board, ("board", "bounce_ms"), 20, 0, 500)
        hold = self.number(board, ("board", "hold_ms"), 800, 100, 10_000)
        blink = self.number(board, ("board", "blink_ms"), 250, 20, 5_000)
        for key in board.keys() - {"factory", "mock_revision", "bounce_ms", "hold_ms", "blink_ms"}:
            self.error(("board", key), "unknown setting")
        expanders = self.expanders(self.table(data, ("expanders",)))
        panels: dict[str, PanelSpec] = {}
        stations: dict[tuple[str, int], str] = {}
        for name, body in self.table(data, ("panels",)).items():
            panel = self.panel(name, body, expanders)
            if panel is None:
                continue
            seat = (panel.station, panel.crew)
            if seat in stations:
                whose = f" in crew {panel.crew}" if panel.crew != 1 else ""
                self.error(("panels", name, "station"),
                           f"a second panel for {panel.station}{whose} (panel "
                           f"{stations[seat]!r} has it already)")
            stations[seat] = name
            panels[name] = panel
        self.crews_in_order(panels)
        if self.problems:
            raise PinMapError(self.problems)
        return PinMap(self.source, factory, revision.lower(), bounce, hold, blink, expanders,
                      panels)

    def crews_in_order(self, panels: dict[str, PanelSpec]) -> None:
        """Crews are numbered 1, 2, ... with none left out: crew n plays the n-th ship with
        people at panels, so a gap would leave a ship without panels for no reason."""
        crews = {p.crew for p in panels.values() if p.station != INSTRUCTOR}
        for name, panel in panels.items():
            missing = [n for n in range(1, panel.crew) if n not in crews]
            if panel.station != INSTRUCTOR and missing:
                self.error(("panels", name, "crew"),
                           f"crew {panel.crew}, but no panel is for crew {missing[0]}: number the "
                           f"crews 1, 2, ... (crew n plays the n-th ship with people at panels)")

    def table(self, data: dict[str, Any], path: tuple[str, ...]) -> dict[str, Any]:
        value = data.get(path[-1], {})
        if not isinstance(value, dict):
            self.error(path, "should be a table")
            return {}
        return value

    def text(self, data: dict[str, Any], path: tuple[str, ...], default: str) -> str:
        value = data.get(path[-1], default)
        if not isinstance(value, str):
            self.error(path, f"should be text, not {value!r}")
            return default
        return value

    def number(self, data: dict[str, Any], path: tuple[str, ...], default: int, low: int,
               high: int) -> int:
        value = data.get(path[-1], default)
        if type(value) is not int or not low <= value <= high:
            self.error(path, f"should be a whole number from {low} to {high}, not {value!r}")
            return default
        return value

    def expanders(self, table: dict[str, Any]) -> dict[str, Expander]:
        out: dict[str, Expander] = {}
        seen: dict[tuple[int, int], str] = {}
        for name, body in table.items():
            path = ("expanders", name)
            if not isinstance(body, dict):
                self.error(path, "should be a table with chip, address and bus")
                continue
            if not re.fullmatch(r"[a-z][a-z0-9_]*", name, re.IGNORECASE) or name.upper() == "GPIO":
                self.error(path, "an expander's name is letters, digits and _ (and not GPIO)")
            chip = self.text(body, (*path, "chip"), "mcp23017")
            if chip not in EXPANDER_CHIPS:
                self.error((*path, "chip"), f"{chip!r} is not one of {', '.join(EXPANDER_CHIPS)}")
            address = self.number(body, (*path, "address"), 0x20, 0x20, 0x27)
            bus = self.number(body, (*path, "bus"), 1, 0, 20)
            for key in body.keys() - {"chip", "address", "bus"}:
                self.error((*path, key), "unknown setting (chip, address, bus)")
            if (bus, address) in seen:
                self.error((*path, "address"),
                           f"I2C bus {bus} address {address:#x} is already expander "
                           f"{seen[bus, address]!r}")
            seen[bus, address] = name
            out[name] = Expander(name, chip, address, bus)
        return out

    def panel(self, name: str, body: Any, expanders: dict[str, Expander]) -> PanelSpec | None:
        path: tuple[str, ...] = ("panels", name)
        if not isinstance(body, dict):
            self.error(path, "should be a table")
            return None
        station = body.get("station", name)
        if station not in STATION_NAMES:
            self.error((*path, "station") if "station" in body else path,
                       f"unknown station {station!r} (stations: {', '.join(STATION_NAMES)})")
            return None
        for key in body.keys() - {"station", "crew", "buttons", "leds", "keys", "display",
                                  "plays"}:
            self.error((*path, key), "unknown setting (station, crew, buttons, leds, keys, "
                                     "display, plays)")
        plays = body.get("plays", [])
        if not isinstance(plays, list) or not all(
                isinstance(st, str) and st in STATION_NAMES and st not in (station, INSTRUCTOR)
                for st in plays):
            self.error((*path, "plays"), f"should be a list of the stations this panel plays for "
                                         f"a crew without {station}, e.g. [\"weapons\"] "
                                         f"(stations: {', '.join(STATION_NAMES)}), not {plays!r}")
            plays = []
        crew = 1
        if "crew" in body:
            value = body["crew"]
            if station == INSTRUCTOR:
                self.error((*path, "crew"), "the Instructor's panel serves every crew: leave "
                                            "out crew")
            elif type(value) is not int or not 1 <= value <= MAX_CREWS:
                self.error((*path, "crew"), f"should be a whole number from 1 to {MAX_CREWS} "
                                            f"(1: the first ship with people at panels, 2: the "
                                            f"next), not {value!r}")
                crew = 0   # no crew: not a second panel of crew 1 besides this mistake
            else:
                crew = value
        buttons: dict[str, PinRef] = {}
        known = buttons_for(station)
        for func, value in self.table(body, (*path, "buttons")).items():
            where = (*path, "buttons", func)
            if func not in known:
                self.error(where, f"{station} has no button {func!r} (buttons: {', '.join(known)})")
                continue
            pin = self.pin(value, where, expanders)
            if pin is not None:
                buttons[func] = pin
        leds: dict[str, LedSpec] = {}
        roles = leds_for(station)
        for role, value in self.table(body, (*path, "leds")).items():
            where = (*path, "leds", role)
            if role not in roles:
                self.error(where, f"{station} has no light {role!r} (lights: {', '.join(roles)})")
                continue
            pwm = False
            if isinstance(value, dict):
                pwm_value = value.get("pwm", False)
                if not isinstance(pwm_value, bool):
                    self.error((*where, "pwm"), "should be true or false")
                pwm = pwm_value is True
                for key in value.keys() - {"pin", "pwm"}:
                    self.error((*where, key), "unknown setting (pin, pwm)")
                value = value.get("pin")
            pin = self.pin(value, where, expanders)
            if pin is None:
                continue
            if pwm and not pin.on_header:
                self.error(where, "an MCP23017 has no PWM: put a dimmed light on a GPIO pin")
            leds[role] = LedSpec(pin, pwm)
        given = self.table(body, (*path, "leds")).keys()
        if any(r in given for r in STATUS_LEDS) and not (given >= GREEN_RED):
            self.error((*path, "leds"), "the status light needs at least green and red")
        keys: dict[str, str] = {}
        for key, func in self.table(body, (*path, "keys")).items():
            where = (*path, "keys", key)
            if func not in known:
                self.error(where, f"{station} has no button {func!r}")
            elif len(key) == 0 or len(key) > 12:
                self.error(where, "a key is named by 1 to 12 characters")
            elif key.lower() in self.keys:
                self.error(where, f"key {key!r} is already {self.keys[key.lower()]} (one key "
                                  f"stands in for one button: give this crew or panel its own)")
            else:
                self.keys[key.lower()] = ".".join(where)
                keys[key] = func
        display = self.display(body["display"], (*path, "display")) if "display" in body \
            else None
        return PanelSpec(name, station, buttons, leds, keys, crew, display, tuple(plays))

    def display(self, body: Any, path: tuple[str, ...]) -> DisplaySpec | None:
        """A panel's [display]: chip, address, bus, and (behind a TCA9548A) channel and mux.
        Two displays at one place on the bus (the same bus, channel and address) are refused."""
        if not isinstance(body, dict):
            self.error(path, "should be a table with chip and address (and bus, channel)")
            return None
        for key in body.keys() - {"chip", "address", "bus", "channel", "mux"}:
            self.error((*path, key), "unknown setting (chip, address, bus, channel, mux)")
        chip = self.text(body, (*path, "chip"), "ssd1306")
        if chip not in DISPLAY_CHIPS:
            self.error((*path, "chip"), f"{chip!r} is not one of {', '.join(DISPLAY_CHIPS)}")
        address = body.get("address", 0x3C)
        if address not in DISPLAY_ADDRESSES or type(address) is not int:
            self.error((*path, "address"), f"an SSD1306 or SH1106 answers at 0x3c or 0x3d (its "
                                           f"address jumper), not {address!r}")
            address = 0x3C
        bus = self.number(body, (*path, "bus"), 1, 0, 20)
        channel = (self.number(body, (*path, "channel"), 0, 0, 7) if "channel" in body
                   else None)
        mux = self.number(body, (*path, "mux"), 0x70, 0x70, 0x77)
        spec = DisplaySpec(chip, address, bus, channel, mux)
        place = (bus, None if channel is None else mux, channel, address)
        if place in self.displays:
            self.error((*path, "address"), f"{spec.where} is already the display of "
                                           f"{self.displays[place]} (give it the other address "
                                           f"or another multiplexer channel)")
        self.displays[place] = ".".join(path[:2])
        return spec

    def pin(self, value: Any, where: tuple[str, ...],
            expanders: dict[str, Expander]) -> PinRef | None:
        ref = self.parse_pin(value, where, expanders)
        if ref is None:
            return None
        if ref in self.used:
            self.error(where, f"{ref} is already used by {self.used[ref]}")
            return None
        self.used[ref] = ".".join(where)
        return ref

    def parse_pin(self, value: Any, where: tuple[str, ...],
                  expanders: dict[str, Expander]) -> PinRef | None:
        if type(value) is int:
            value = str(value)
        if not isinstance(value, str):
            self.error(where, f"a pin is written \"GPIO17\" or \"mcp0:A3\", not {value!r}")
            return None
        m = _GPIO.match(value.strip())
        if m:
            n = int(m.group(1))
            if n not in HEADER_GPIOS:
                self.error(where, f"GPIO{n} is not on the 40-pin header (GPIO0 to GPIO27)")
                return None
            if n in RESERVED:
                self.error(where, f"GPIO{n} is reserved: {RESERVED[n]}")
                return None
            return PinRef("GPIO", n)
        m = _EXPANDER.match(value.strip())
        if m:
            name, port = m.group(1), m.group(2).upper()
            if name not in expanders:
                declared = ", ".join(expanders) or "none"
                self.error(where, f"no expander {name!r} is declared under [expanders] "
                                  f"(declared: {declared})")
                return None
            return PinRef(name, port)
        self.error(where, f"{value!r} is not a pin: write \"GPIO17\" or \"mcp0:A3\"")
        return None


GREEN_RED = frozenset({"green", "red"})

_HEADER = re.compile(r"^\s*\[\[?\s*([^\]]+?)\s*\]\]?\s*(?:#.*)?$")
_PART = r"(?:\"[^\"]*\"|'[^']*'|[A-Za-z0-9_\-]+)"
_KEY = re.compile(rf"^\s*({_PART}(?:\s*\.\s*{_PART})*)\s*=")


def _split_key(key: str) -> tuple[str, ...]:
    """A dotted TOML key's parts, quoted ones whole ("[.]" is one key, not two) and with their
    escapes read ("\\u001b" is the key ESC)."""
    return tuple(_unquote(part) for part in re.findall(_PART, key))


def _unquote(part: str) -> str:
    if part.startswith('"') and "\\" in part:
        try:
            return next(iter(tomllib.loads(f"{part} = 0")))
        except (tomllib.TOMLDecodeError, StopIteration):
            pass
    return part.strip("\"'")


def key_lines(text: str) -> list[tuple[tuple[str, ...], int]]:
    """(full key path, line number) for every table header and key line of a TOML text, with
    the keys of one-line inline tables ({pin = ..., pwm = ...}) under their parent."""
    out: list[tuple[tuple[str, ...], int]] = []
    table: tuple[str, ...] = ()
    for number, line in enumerate(text.splitlines(), 1):
        head = _HEADER.match(line)
        if head:
            table = _split_key(head.group(1))
            out.append((table, number))
            continue
        key = _KEY.match(line)
        if key:
            full = table + _split_key(key.group(1))
            out.append((full, number))
            inline = line[key.end():]
            for inner in re.finditer(r"([A-Za-z0-9_\-]+)\s*=", inline):
                out.append((full + (inner.group(1),), number))
    return out


def line_of(lines: list[tuple[tuple[str, ...], int]], path: tuple[str, ...]) -> int:
    """The line that best matches `path`: the longest matching prefix (1 when none does)."""
    best, best_len = 1, -1
    for full, number in lines:
        n = len(full)
        if n <= len(path) and full == path[:n] and n > best_len:
            best, best_len = number, n
    return best
