"""The panels' parts on MCP23017 expanders: buttons and lights like gpiozero's, over I2C.

One `ExpanderHub` per pin factory (one per Pi), shared by every bridge on it, opens each
expander of the pin map once: on a Pi over /dev/i2c-N with smbus2, with gpiozero's MockFactory
on the emulated bus of `hardware.mcp23017_mock` (made at once, one emulated chip per expander).

- Buttons: inputs with the chip's pull-ups on (GPPU). On a Pi a thread reads both GPIO
  registers every `POLL_S` and only queues an `Edge` for each pin whose level changed, on the
  same queue as the header's buttons, so hardware.debounce treats them the same. On the mock
  the emulated chip's change signal polls at once, in the thread that drove the pin.
- Lights: outputs written through OLAT, on or off. An MCP23017 has no PWM, so a light lit "by
  strength" is on for any strength above zero (docs/wiring.md says why not a software duty).
- An expander that cannot be opened (no I2C bus, no permission, nothing at its address) is
  reported once with the fix, its parts stay off, and the rest of the bridge goes on. One that
  stops answering during the game is reported once, retried every `RETRY_S`, and set up afresh
  when it answers again.
"""

from __future__ import annotations

import errno
import queue
import threading
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from hardware.debounce import Edge
from hardware.mcp23017 import MCP23017, Bus, pin_bit
from hardware.mcp23017_mock import EmulatedBuses, emulated_buses
from hardware.pin_factory import PinFactory
from hardware.pinmap import Expander

POLL_S = 0.005    # on a Pi: 200 reads a second, well inside the 20 ms debounce
RETRY_S = 1.0     # an expander that stopped answering is tried again this often
Clock = Callable[[], float]
BusOpener = Callable[[int], Bus]


class ExpanderError(Exception):
    """An expander cannot be used; the message says why and what to do."""


def explain_bus_error(exc: BaseException, exp: Expander) -> str:
    """Why an expander does not answer, and the fix, in one line."""
    where = f"expander {exp.name} (MCP23017 at {exp.address:#04x} on I2C bus {exp.bus})"
    if isinstance(exc, ImportError):
        return (f"{where}: the smbus2 library is missing: install the pi extra "
                f"(pip install 'starbridge[pi]')")
    if isinstance(exc, FileNotFoundError):
        return (f"{where}: there is no I2C bus {exp.bus} (/dev/i2c-{exp.bus}): enable I2C "
                f"(sudo raspi-config, Interface Options, I2C; or dtparam=i2c_arm=on in "
                f"/boot/firmware/config.txt) and reboot")
    if isinstance(exc, PermissionError):
        return (f"{where}: no permission to use /dev/i2c-{exp.bus}: add your user to the i2c "
                f"group (sudo adduser $USER i2c) and log in again")
    if isinstance(exc, OSError) and exc.errno in (errno.EREMOTEIO, errno.ENXIO, errno.EIO,
                                                  errno.ETIMEDOUT):
        return (f"{where} does not answer: check that `i2cdetect -y {exp.bus}` lists "
                f"{exp.address:#04x} (if it shows another address, set the chip's A0..A2 pins "
                f"or the map's address to match), and the wiring: VDD and RESET to 3.3 V, VSS "
                f"to GND, SDA to GPIO2, SCL to GPIO3")
    return f"{where}: {type(exc).__name__}: {exc}"


def smbus_opener(number: int) -> Bus:
    """The Pi's /dev/i2c-`number` through smbus2 (the `pi` extra)."""
    from smbus2 import SMBus

    bus: Bus = SMBus(number)
    return bus


@dataclass
class _Watch:
    bit: int
    edges: queue.Queue[Edge]
    panel: str
    button: str
    clock: Clock


@dataclass
class _Chip:
    exp: Expander
    driver: MCP23017
    last: int = 0xFFFF
    watches: list[_Watch] = field(default_factory=list)
    down: bool = False
    retry_at: float = 0.0
    hub: ExpanderHub | None = field(default=None, repr=False)

    def changed(self) -> None:
        if self.hub is not None:
            self.hub.poll_chip(self)


class ExpanderButton:
    """A button on an expander pin, between the pin and GND (pressed reads 0)."""

    def __init__(self, hub: ExpanderHub, chip: _Chip, watch: _Watch) -> None:
        self.hub, self.chip, self.watch = hub, chip, watch

    @property
    def is_pressed(self) -> bool:
        return not self.chip.last >> self.watch.bit & 1

    def close(self) -> None:
        self.hub.unwatch(self.chip, self.watch)


class ExpanderLight:
    """An on/off light on an expander pin (no PWM on an MCP23017)."""

    def __init__(self, hub: ExpanderHub, chip: _Chip, bit: int) -> None:
        self.hub, self.chip, self.bit = hub, chip, bit

    def on(self) -> None:
        self.hub.write(self.chip, self.bit, True)

    def off(self) -> None:
        self.hub.write(self.chip, self.bit, False)

    @property
    def is_lit(self) -> bool:
        return bool(self.chip.driver.olat >> self.bit & 1)

    def close(self) -> None:
        self.hub.write(self.chip, self.bit, False)


class ExpanderHub:
    """Every expander of one Pi (or one mock factory), opened once, polled in one place."""

    def __init__(self, open_bus: BusOpener, *, emulated: EmulatedBuses | None = None,
                 threaded: bool = True, poll_s: float = POLL_S,
                 clock: Clock | None = None) -> None:
        import time

        self.open_bus = open_bus
        self.emulated = emulated       # on a mock factory: its emulated buses
        self.threaded = threaded
        self.poll_s = poll_s
        self.clock: Clock = clock or time.monotonic
        self.lock = threading.RLock()
        self.buses: dict[int, Bus] = {}
        self.chips: dict[tuple[int, int], _Chip] = {}
        self.failed: dict[tuple[int, int], str] = {}   # could not be opened: why, with the fix
        self.news: list[str] = []                      # said once each, then cleared
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # -- opening -----------------------------------------------------------------------------
    def chip(self, exp: Expander) -> _Chip:
        """The chip for `exp`, opened and set up; ExpanderError (the same each time) if not."""
        key = (exp.bus, exp.address)
        with self.lock:
            if key in self.chips:
                return self.chips[key]
            if key in self.failed:
                raise ExpanderError(self.failed[key])
            try:
                if exp.bus not in self.buses:
                    self.buses[exp.bus] = self.open_bus(exp.bus)
                bus = self.buses[exp.bus]
                if self.emulated is not None and self.emulated(exp.bus).auto_attach:
                    self.emulated(exp.bus).attach(exp.address)
                driver = MCP23017(bus, exp.address)
                driver.reset()
                chip = _Chip(exp, driver, driver.read(), hub=self)
            except (OSError, ImportError) as exc:
                self.failed[key] = explain_bus_error(exc, exp)
                raise ExpanderError(self.failed[key]) from None
            self.chips[key] = chip
            self._listen(chip)
            return chip

    def _listen(self, chip: _Chip) -> None:
        """On the mock: the emulated chip's change signal (its INT line) polls it at once."""
        if self.emulated is None:
            return
        bus = self.emulated(chip.exp.bus)
        if chip.exp.address in bus.chips:
            listeners = bus.chips[chip.exp.address].listeners
            if not any(getattr(f, "__self__", None) is chip for f in listeners):
                listeners.append(chip.changed)

    def button(self, exp: Expander, port_pin: str, edges: queue.Queue[Edge], panel: str,
               name: str, clock: Clock) -> ExpanderButton:
        bit = pin_bit(port_pin)
        with self.lock:
            chip = self.chip(exp)
            try:
                chip.driver.make_input(bit)
                chip.last = chip.driver.read()
            except OSError as exc:
                raise ExpanderError(explain_bus_error(exc, exp)) from None
            watch = _Watch(bit, edges, panel, name, clock)
            chip.watches.append(watch)
        return ExpanderButton(self, chip, watch)

    def light(self, exp: Expander, port_pin: str) -> ExpanderLight:
        bit = pin_bit(port_pin)
        with self.lock:
            chip = self.chip(exp)
            try:
                chip.driver.make_output(bit)
            except OSError as exc:
                raise ExpanderError(explain_bus_error(exc, exp)) from None
        return ExpanderLight(self, chip, bit)

    def unwatch(self, chip: _Chip, watch: _Watch) -> None:
        with self.lock:
            if watch in chip.watches:
                chip.watches.remove(watch)

    # -- running -----------------------------------------------------------------------------
    def start(self) -> None:
        """On a Pi: start the thread that polls the chips with buttons (once)."""
        with self.lock:
            if not self.threaded or self._thread is not None:
                return
            if not any(c.watches for c in self.chips.values()):
                return
            self._thread = threading.Thread(target=self._run, name="expander-poll", daemon=True)
            self._thread.start()

    def _run(self) -> None:
        while not self._stop.wait(self.poll_s):
            self.poll()

    def poll(self) -> None:
        """Read every chip that has buttons; queue an edge for each pin that changed."""
        with self.lock:
            chips = [c for c in self.chips.values() if c.watches]
        for chip in chips:
            self.poll_chip(chip)

    def poll_chip(self, chip: _Chip) -> None:
        with self.lock:
            if chip.down and not self._revive(chip):
                return
            try:
                now = chip.driver.read()
            except OSError as exc:
                self._went_down(chip, exc)
                return
            changed, chip.last = now ^ chip.last, now
            if not changed:
                return
            for w in chip.watches:
                if changed >> w.bit & 1:
                    # Only queue it: debouncing and the rest happen on the main thread.
                    w.edges.put(Edge(w.panel, w.button, not now >> w.bit & 1, w.clock()))

    def write(self, chip: _Chip, bit: int, on: bool) -> None:
        with self.lock:
            if chip.down:
                chip.driver.keep(bit, on)  # written when it answers again
                return
            try:
                chip.driver.write(bit, on)
            except OSError as exc:
                self._went_down(chip, exc)

    def _went_down(self, chip: _Chip, exc: OSError) -> None:
        chip.down, chip.retry_at = True, self.clock() + RETRY_S
        self.news.append(f"{explain_bus_error(exc, chip.exp)}. Its buttons and lights are off "
                         f"until it answers again; the rest of the bridge goes on")

    def _revive(self, chip: _Chip) -> bool:
        if self.clock() < chip.retry_at:
            return False
        try:
            # Set up afresh; what changed while it was away is queued by the read after this
            # (a button let go meanwhile is not left held).
            chip.driver.reset()
        except OSError:
            chip.retry_at = self.clock() + RETRY_S
            return False
        chip.down = False
        self._listen(chip)
        self.news.append(f"expander {chip.exp.name} answers again: its buttons and lights work")
        return True

    def service(self) -> list[str]:
        """From the main loop: try the expanders that stopped answering (when no thread polls
        them), and return what happened since the last call, each said once."""
        if self._thread is None:
            with self.lock:
                down = [c for c in self.chips.values() if c.down]
            for chip in down:
                self.poll_chip(chip)
        with self.lock:
            out, self.news = self.news, []
        return out

    def close(self) -> None:
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None:
            thread.join(timeout=1.0)
        with self.lock:
            if self.emulated is None:
                for bus in self.buses.values():
                    bus.close()
            self.buses.clear()
            self.chips.clear()
            self._stop = threading.Event()


_HUBS: weakref.WeakKeyDictionary[Any, ExpanderHub] = weakref.WeakKeyDictionary()
_HUBS_LOCK = threading.Lock()


def hub_for(factory: PinFactory) -> ExpanderHub:
    """The expander hub of this pin factory: the emulated buses for gpiozero's MockFactory,
    the Pi's I2C buses (smbus2) for any other."""
    from gpiozero.pins.mock import MockFactory

    with _HUBS_LOCK:
        hub = _HUBS.get(factory)
        if hub is None:
            if isinstance(factory, MockFactory):
                buses = emulated_buses(factory)
                hub = ExpanderHub(buses, emulated=buses, threaded=False)
            else:
                hub = ExpanderHub(smbus_opener)
            _HUBS[factory] = hub
        return hub
