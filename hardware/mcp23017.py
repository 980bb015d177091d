"""The MCP23017 I2C port expander: its registers, and a small driver for it over an I2C bus.

Sixteen pins in two ports, A0..A7 and B0..B7 (Microchip MCP23017 datasheet, DS20001952). The
driver keeps the chip in its power-on addressing, IOCON.BANK = 0, where each register of port A
is followed by the same register of port B (IODIRA 0x00, IODIRB 0x01, ... OLATB 0x15). It uses:

- IODIR: a 1 makes the pin an input (the power-on value is 0xFF: every pin an input);
- GPPU: a 1 turns on the pin's 100 kOhm pull-up (a button to GND then reads 1 until pressed);
- GPIO: reading gives the level on every pin; writing it would write OLAT;
- OLAT: the output latches, what the output pins drive.

Outputs are always written through OLAT, and OLAT is written before a pin is made an output so
it never glitches on. The bus is anything with smbus2's byte and block calls (`Bus`): the Pi's
/dev/i2c-N through smbus2, or the register-level emulation in `hardware.mcp23017_mock`.
"""

from __future__ import annotations

from typing import Protocol

# Register addresses with IOCON.BANK = 0 (datasheet table 3-5): port A's, then port B's (+1).
IODIR, IPOL, GPINTEN, DEFVAL, INTCON, IOCON, GPPU, INTF, INTCAP, GPIO, OLAT = range(0, 22, 2)
REGISTER_NAMES = ("IODIR", "IPOL", "GPINTEN", "DEFVAL", "INTCON", "IOCON", "GPPU", "INTF",
                  "INTCAP", "GPIO", "OLAT")
IOCON_BANK = 0x80    # 1: registers grouped by port (the driver never sets it)
IOCON_SEQOP = 0x20   # 1: the address pointer does not step after each byte
PORTS = "AB"


class Bus(Protocol):
    """The part of smbus2.SMBus the driver uses. Errors are OSError, as smbus2 raises them."""

    def read_byte_data(self, i2c_addr: int, register: int) -> int: ...

    def write_byte_data(self, i2c_addr: int, register: int, value: int) -> None: ...

    def read_i2c_block_data(self, i2c_addr: int, register: int, length: int) -> list[int]: ...

    def close(self) -> None: ...


def pin_bit(port_pin: str) -> int:
    """"A0".."A7" -> 0..7, "B0".."B7" -> 8..15: the pin's bit in a 16-bit port A + B word."""
    port, n = port_pin[0].upper(), int(port_pin[1:])
    if port not in PORTS or not 0 <= n <= 7 or len(port_pin) != 2:
        raise ValueError(f"{port_pin!r} is not an MCP23017 pin (A0..A7, B0..B7)")
    return PORTS.index(port) * 8 + n


class MCP23017:
    """One chip at `address` on `bus`. Every call may raise OSError (the chip does not answer)."""

    def __init__(self, bus: Bus, address: int) -> None:
        self.bus, self.address = bus, address
        self.inputs = 0     # 16-bit masks, bit 0 = A0 .. bit 15 = B7
        self.outputs = 0
        self.olat = 0

    def reset(self) -> None:
        """Put the chip in the state this driver expects: BANK = 0 with sequential addressing,
        interrupts off, no input inverted, then the pins set up so far (after a chip that
        stopped answering comes back, its registers may be back at their power-on values)."""
        self.bus.write_byte_data(self.address, IOCON, 0x00)
        for reg in (IPOL, GPINTEN):
            self._write16(reg, 0)
        self._write16(OLAT, self.olat)
        self._write16(GPPU, self.inputs)
        self._write16(IODIR, 0xFFFF & ~self.outputs)

    def make_input(self, bit: int) -> None:
        """An input with its pull-up on: a button between the pin and GND reads 0 pressed."""
        self.outputs &= ~(1 << bit)
        self.inputs |= 1 << bit
        self._write16(GPPU, self.inputs)
        self._write16(IODIR, 0xFFFF & ~self.outputs)

    def make_output(self, bit: int, on: bool = False) -> None:
        """An output, off (or `on`) from the start: OLAT first, then IODIR."""
        self.inputs &= ~(1 << bit)
        self.outputs |= 1 << bit
        self.olat = (self.olat | (1 << bit)) if on else (self.olat & ~(1 << bit))
        self._write16(OLAT, self.olat)
        self._write16(GPPU, self.inputs)
        self._write16(IODIR, 0xFFFF & ~self.outputs)

    def write(self, bit: int, on: bool) -> bool:
        """Drive an output pin high or low through OLAT; only a changed port is written.
        Returns whether anything was written."""
        new = (self.olat | (1 << bit)) if on else (self.olat & ~(1 << bit))
        if new == self.olat:
            return False
        port = bit // 8
        self.bus.write_byte_data(self.address, OLAT + port, (new >> (8 * port)) & 0xFF)
        self.olat = new
        return True

    def keep(self, bit: int, on: bool) -> None:
        """Remember an output's level without writing it (the chip does not answer): `reset`
        writes it when the chip answers again."""
        self.olat = (self.olat | (1 << bit)) if on else (self.olat & ~(1 << bit))

    def read(self) -> int:
        """Both ports' GPIO registers in one transfer: bit 0 = A0 .. bit 15 = B7."""
        a, b = self.bus.read_i2c_block_data(self.address, GPIO, 2)
        return (a & 0xFF) | ((b & 0xFF) << 8)

    def _write16(self, reg: int, value: int) -> None:
        self.bus.write_byte_data(self.address, reg, value & 0xFF)
        self.bus.write_byte_data(self.address, reg + 1, (value >> 8) & 0xFF)
