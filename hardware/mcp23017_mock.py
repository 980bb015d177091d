"""An MCP23017 emulated at the register level, on an emulated I2C bus: the expanders' edge on a PC.

The bus is the edge here, as gpiozero's MockFactory is the edge for the header's pins: the
driver (`hardware.mcp23017`) and everything after it run unchanged against these registers.
Tests drive an emulated pin as they drive a gpiozero mock pin:

    bus = mock_i2c(factory)            # the emulated bus 1 that goes with this MockFactory
    chip = bus.attach(0x21)            # (the hub attaches one per expander in the pin map)
    chip.pin("B2").drive_low()         # a button on mcp1:B2 pressed
    chip.pin("A0").state               # 1 when an LED on A0 is lit

What the chip does (MCP23017 datasheet, DS20001952, section 3.5):
- power-on: IODIR = 0xFF (every pin an input), every other register 0;
- a pin is an output where IODIR has a 0; it drives its OLAT bit;
- an input reads what drives it, else 1 where its GPPU pull-up is on, else 0 here (a floating
  input is undefined on the chip: a board must not rely on it); IPOL inverts what GPIO reads;
- reading GPIO gives every pin's level (an output pin reads its OLAT bit); writing GPIO writes
  OLAT; INTF and INTCAP are read-only (interrupts are not emulated: they read 0);
- IOCON.BANK = 0 puts port B's register right after port A's (0x00..0x15); BANK = 1 groups
  them by port (A at 0x00..0x0A, B at 0x10..0x1A). With IOCON.SEQOP = 0 the address pointer
  steps after each byte of a block transfer (wrapping to 0x00 after the last register); with
  SEQOP = 1 it stays, except that with BANK = 0 it toggles between the A and B register.

A change of any input's level calls the chip's listeners at once, in the thread that made it,
as gpiozero's mock pins call their callbacks: that stands in for the INT line (and for the Pi's
polling thread), so tests need no thread and no sleep. An address with no chip raises
OSError(EREMOTEIO), as smbus2 does when nothing acknowledges the address.
"""

from __future__ import annotations

import errno
import threading
import weakref
from collections.abc import Callable
from typing import Any

from hardware.mcp23017 import IOCON_BANK, IOCON_SEQOP, REGISTER_NAMES, pin_bit
from hardware.pin_factory import PinFactory

READ_ONLY = frozenset({"INTF", "INTCAP"})
BANK1_B = 0x10  # with BANK = 1, port B's registers start here


class EmulatedPin:
    """One of the chip's 16 pins, as the outside world sees it (like gpiozero's MockPin)."""

    def __init__(self, chip: EmulatedMCP23017, bit: int) -> None:
        self.chip, self.bit = chip, bit

    def drive_low(self) -> None:
        self.chip.drive(self.bit, 0)

    def drive_high(self) -> None:
        self.chip.drive(self.bit, 1)

    def release(self) -> None:
        """Nothing drives the pin any more (a button let go on a pin with no pull-up)."""
        self.chip.drive(self.bit, None)

    @property
    def state(self) -> int:
        """The level on the pin: what an output drives, or what an input sees."""
        return self.chip.level(self.bit)

    @property
    def is_output(self) -> bool:
        return not self.chip.port_word("IODIR") >> self.bit & 1


class EmulatedMCP23017:
    """The registers of one chip, and what drives its pins from outside."""

    def __init__(self, address: int) -> None:
        self.address = address
        self.regs: dict[str, list[int]] = {name: [0, 0] for name in REGISTER_NAMES}
        self.regs["IODIR"] = [0xFF, 0xFF]
        self.driven: list[int | None] = [None] * 16
        self.listeners: list[Callable[[], None]] = []
        self.lock = threading.RLock()
        self.writes: list[tuple[int, int]] = []   # every (register, value) written, in order

    # -- the outside world ----------------------------------------------------------------
    def pin(self, port_pin: str) -> EmulatedPin:
        return EmulatedPin(self, pin_bit(port_pin))

    def drive(self, bit: int, level: int | None) -> None:
        with self.lock:
            before = self.inputs_word()
            self.driven[bit] = level
            changed = self.inputs_word() != before
        if changed:
            self._notify()

    def level(self, bit: int) -> int:
        with self.lock:
            if not self.port_word("IODIR") >> bit & 1:
                return self.port_word("OLAT") >> bit & 1
            driven = self.driven[bit]
            if driven is not None:
                return driven
            return self.port_word("GPPU") >> bit & 1

    def port_word(self, name: str) -> int:
        a, b = self.regs[name]
        return a | (b << 8)

    def inputs_word(self) -> int:
        """What GPIO reads now, both ports (bit 0 = A0)."""
        with self.lock:
            iodir, ipol = self.port_word("IODIR"), self.port_word("IPOL")
            word = 0
            for bit in range(16):
                level = self.level(bit)
                if iodir >> bit & 1 and ipol >> bit & 1:
                    level ^= 1
                word |= level << bit
            return word

    def _notify(self) -> None:
        for listener in list(self.listeners):
            listener()

    # -- the I2C side ---------------------------------------------------------------------
    def decode(self, register: int) -> tuple[str, int] | None:
        """(register name, port 0/1) at an address under the current IOCON.BANK, or None."""
        if self.regs["IOCON"][0] & IOCON_BANK:
            port, index = (1, register - BANK1_B) if register >= BANK1_B else (0, register)
        else:
            port, index = register & 1, register >> 1
        if 0 <= index < len(REGISTER_NAMES):
            return REGISTER_NAMES[index], port
        return None

    def read_register(self, register: int) -> int:
        with self.lock:
            where = self.decode(register)
            if where is None:
                return 0
            name, port = where
            if name == "GPIO":
                return (self.inputs_word() >> (8 * port)) & 0xFF
            return self.regs[name][port]

    def write_register(self, register: int, value: int) -> None:
        with self.lock:
            before = self.inputs_word()
            self.writes.append((register, value & 0xFF))
            where = self.decode(register)
            if where is None:
                return
            name, port = where
            if name in READ_ONLY:
                return
            if name == "GPIO":
                name = "OLAT"  # a write to GPIO writes the output latch
            if name == "IOCON":
                self.regs["IOCON"] = [value & 0xFF, value & 0xFF]  # one register, two addresses
            else:
                self.regs[name][port] = value & 0xFF
            changed = self.inputs_word() != before
        if changed:
            self._notify()

    def next_address(self, register: int) -> int:
        """Where the address pointer goes after a byte of a block transfer."""
        iocon = self.regs["IOCON"][0]
        bank1 = bool(iocon & IOCON_BANK)
        if iocon & IOCON_SEQOP:
            return register if bank1 else register ^ 1
        if bank1:
            nxt = register + 1
            if nxt == 0x0B:
                return BANK1_B
            return 0 if nxt > BANK1_B + 0x0A else nxt
        return (register + 1) % (2 * len(REGISTER_NAMES))


class EmulatedI2CBus:
    """An I2C bus with emulated chips on it; the calls and errors of smbus2.SMBus."""

    def __init__(self, number: int = 1) -> None:
        self.number = number
        self.chips: dict[int, EmulatedMCP23017] = {}
        self.auto_attach = True   # the hub attaches a chip for each expander in the pin map
        self.lock = threading.Lock()

    def attach(self, address: int) -> EmulatedMCP23017:
        """The chip at `address`, put there if there was none."""
        with self.lock:
            if address not in self.chips:
                self.chips[address] = EmulatedMCP23017(address)
            return self.chips[address]

    def detach(self, address: int) -> None:
        """Take the chip off the bus (a loose wire): its address stops answering."""
        with self.lock:
            self.chips.pop(address, None)

    def chip(self, address: int) -> EmulatedMCP23017:
        with self.lock:
            found = self.chips.get(address)
        if found is None:
            raise OSError(errno.EREMOTEIO, f"Remote I/O error (nothing answers at {address:#04x} "
                                           f"on emulated I2C bus {self.number})")
        return found

    def read_byte_data(self, i2c_addr: int, register: int) -> int:
        return self.chip(i2c_addr).read_register(register)

    def write_byte_data(self, i2c_addr: int, register: int, value: int) -> None:
        self.chip(i2c_addr).write_register(register, value)

    def read_i2c_block_data(self, i2c_addr: int, register: int, length: int) -> list[int]:
        chip = self.chip(i2c_addr)
        out = []
        with chip.lock:
            for _ in range(length):
                out.append(chip.read_register(register))
                register = chip.next_address(register)
        return out

    def write_i2c_block_data(self, i2c_addr: int, register: int, data: list[int]) -> None:
        chip = self.chip(i2c_addr)
        for value in data:
            chip.write_register(register, value)
            register = chip.next_address(register)

    def close(self) -> None:
        """The emulated bus stays with its factory: closing a handle on it changes nothing."""


_BUSES_LOCK = threading.Lock()


class EmulatedBuses:
    """The emulated I2C buses of one mock pin factory (one pretend Pi), made when first asked."""

    def __init__(self) -> None:
        self.buses: dict[int, EmulatedI2CBus] = {}
        self.lock = threading.Lock()

    def __call__(self, number: int) -> EmulatedI2CBus:
        with self.lock:
            if number not in self.buses:
                self.buses[number] = EmulatedI2CBus(number)
            return self.buses[number]


_BUSES: weakref.WeakKeyDictionary[Any, EmulatedBuses] = weakref.WeakKeyDictionary()


def emulated_buses(factory: PinFactory) -> EmulatedBuses:
    """The emulated buses that go with this mock pin factory (kept as long as it lives)."""
    with _BUSES_LOCK:
        return _BUSES.setdefault(factory, EmulatedBuses())


def mock_i2c(factory: PinFactory, number: int = 1) -> EmulatedI2CBus:
    """The emulated I2C bus `number` that goes with this mock pin factory."""
    return emulated_buses(factory)(number)
