"""The dice protocol, host side: pure framing, parsing and duplicate detection (no I/O, no clock).

Every line is `$BODY*CCCC` + CR LF, where CCCC is the CRC-16/CCITT-FALSE of BODY in four hex
digits and BODY is comma-separated ASCII fields (docs/dice-protocol.md):

    $HELLO,<protocol>,<firmware>,<tray>[,<sides>]*CCCC   tray -> host, on start and on reconnect
    $HB,<tray>,<uptime s>*CCCC                           tray -> host, at least once a second
    $ROLL,<seq>,<tray>,<sides>,<value>*CCCC              tray -> host, resent until answered
    $ACK,<seq>*CCCC                                      host -> tray, the roll is taken
    $REFUSE,<seq>,<reason>*CCCC                          host -> tray, the roll is refused (v2)
    $CALL,<sides>*CCCC                                   host -> tray, roll now (0: no longer) (v2)

`Parser.feed` turns any bytes into frames and rejections; it never raises, keeps at most one
line's worth of bytes, and starts again at every `$`, so noise costs at most the frame it hit.
"""

from __future__ import annotations

import binascii
import re
from collections import OrderedDict
from dataclasses import dataclass

PROTOCOL_VERSION = 2
"""1: HELLO, HB, ROLL, ACK. 2: adds REFUSE and CALL (host -> tray) and the die in the HELLO."""
MAX_LINE = 80
"""The longest line, `$` to LF inclusive; anything longer is noise."""
MAX_SEQ = 0xFFFF
MAX_UPTIME = 10**10 - 1
KNOWN_DICE: frozenset[int] = frozenset({4, 6, 8, 10, 12, 20, 100})

_TRAY_ID = re.compile(rb"[A-Za-z0-9_-]{1,16}\Z")
_VERSION = re.compile(rb"[0-9A-Za-z._+-]{1,16}\Z")
_HEX = re.compile(rb"[0-9A-Fa-f]{4}\Z")

FACE = "FACE"
DIE = "DIE"
TRAY = "TRAY"
REFUSALS: dict[str, str] = {
    FACE: "the die cannot show that face",
    DIE: "the host does not take this die from this tray",
    TRAY: "the host expects another tray on this port",
}
"""Why the host refuses a well-framed roll: the word on the wire, and what the tray says."""


@dataclass(frozen=True, slots=True)
class Roll:
    """A die the tray rolled: face `value` of a `sides`-sided die, its `seq`-th roll."""

    seq: int
    tray: str
    sides: int
    value: int

    @property
    def label(self) -> str:
        """How the log names this roll's source: "tray-1#42"."""
        return f"{self.tray}#{self.seq}"


@dataclass(frozen=True, slots=True)
class RefusedRoll:
    """A well-framed roll (its checksum, sequence number and tray id are good) that the host
    refuses, and why: `code` is one of REFUSALS (sent back in REFUSE), `reason` the words for
    the display. The host answers it, so the tray stops resending it."""

    seq: int
    tray: str
    code: str
    reason: str
    sides: int | None = None   # as the tray said, when it is a number

    @property
    def label(self) -> str:
        return f"{self.tray}#{self.seq}"


@dataclass(frozen=True, slots=True)
class Hello:
    """A tray announces itself: protocol version, firmware version, tray id, and (from protocol
    2) the die it rolls, by sides (None when it does not say)."""

    protocol: int
    firmware: str
    tray: str
    sides: int | None = None


@dataclass(frozen=True, slots=True)
class Heartbeat:
    tray: str
    uptime: int


@dataclass(frozen=True, slots=True)
class Ack:
    seq: int


@dataclass(frozen=True, slots=True)
class Refuse:
    """The host refuses roll `seq`: `reason` is one of REFUSALS."""

    seq: int
    reason: str


@dataclass(frozen=True, slots=True)
class Call:
    """The host wants a roll of a `sides`-sided die now (the tray's light says so); 0: it no
    longer does."""

    sides: int


@dataclass(frozen=True, slots=True)
class Rejected:
    """A line that is not a frame we accept, and why (for the status line and the log)."""

    reason: str
    line: bytes

    def __str__(self) -> str:
        return f"{self.reason}: {self.line[:MAX_LINE]!r}"


Frame = Roll | Hello | Heartbeat | Ack | Refuse | Call
Parsed = Frame | RefusedRoll | Rejected


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF); the tray's `dice_proto.crc16` agrees."""
    return binascii.crc_hqx(data, 0xFFFF)


def frame_bytes(body: str) -> bytes:
    raw = body.encode("ascii")
    return b"$%s*%04X\r\n" % (raw, crc16(raw))


def encode(frame: Frame) -> bytes:
    """The wire form of a frame, CR LF included."""
    if isinstance(frame, Roll):
        return frame_bytes(f"ROLL,{frame.seq},{frame.tray},{frame.sides},{frame.value}")
    if isinstance(frame, Hello):
        die = "" if frame.sides is None else f",{frame.sides}"
        return frame_bytes(f"HELLO,{frame.protocol},{frame.firmware},{frame.tray}{die}")
    if isinstance(frame, Heartbeat):
        return frame_bytes(f"HB,{frame.tray},{frame.uptime}")
    if isinstance(frame, Refuse):
        return frame_bytes(f"REFUSE,{frame.seq},{frame.reason}")
    if isinstance(frame, Call):
        return frame_bytes(f"CALL,{frame.sides}")
    return frame_bytes(f"ACK,{frame.seq}")


def _number(field: bytes, maximum: int) -> int | None:
    """A plain decimal 0..maximum: ASCII digits only (no sign, space, underscore or other
    scripts' digits, all of which `int` would take), at most 10 of them."""
    if not 1 <= len(field) <= 10 or not field.isdigit():
        return None
    n = int(field)
    return n if n <= maximum else None


class Parser:
    """Bytes in, frames out. Never raises; memory is bounded by `MAX_LINE`.

    `dice` is the set of dice (by sides) this tray was configured with: a roll of any other die,
    or a face outside 1..sides, is a `RefusedRoll` (answered, never passed on); a ROLL whose
    sequence number or tray id cannot be read is `Rejected` (nothing to answer).
    """

    def __init__(self, dice: frozenset[int] = frozenset({20})) -> None:
        self.dice = dice
        self._buf = bytearray()
        self.frames = 0
        self.rejected = 0
        self.refused = 0
        self.noise_bytes = 0

    def feed(self, data: bytes) -> list[Parsed]:
        out: list[Parsed] = []
        buf = self._buf
        buf += data
        while buf:
            start = buf.find(b"$")
            if start < 0:
                self.noise_bytes += len(buf)
                buf.clear()
                break
            if start:
                self.noise_bytes += start
                del buf[:start]
            end = buf.find(b"\n", 1, MAX_LINE)
            again = buf.find(b"$", 1, MAX_LINE if end < 0 else end)
            if again > 0:  # a new frame began before this one ended: resynchronise there
                out.append(self._reject("cut short by a new frame", bytes(buf[:again])))
                del buf[:again]
                continue
            if end < 0:
                if len(buf) < MAX_LINE:
                    break  # wait for the rest of the line
                out.append(self._reject(f"longer than {MAX_LINE} bytes", bytes(buf[:MAX_LINE])))
                del buf[:MAX_LINE]  # the rest of that line is noise up to the next `$`
                continue
            line = bytes(buf[: end + 1])
            del buf[: end + 1]
            out.append(self.parse_line(line))
        return out

    def _reject(self, reason: str, line: bytes) -> Rejected:
        self.rejected += 1
        return Rejected(reason, line)

    def parse_line(self, line: bytes) -> Parsed:
        """One complete line, `$` to LF, as a frame or the reason it is rejected."""
        core = line.rstrip(b"\r\n")
        if len(line) > MAX_LINE or not core.startswith(b"$") or len(core) < 7:
            return self._reject("not a frame", line)
        body, star, check = core[1:-5], core[-5:-4], core[-4:]
        if star != b"*" or not _HEX.match(check):
            return self._reject("no *CRC at the end", line)
        if int(check, 16) != crc16(body):
            return self._reject("checksum does not match", line)
        result = self._fields(body.split(b","))
        if isinstance(result, str):
            return self._reject(result, line)
        if isinstance(result, RefusedRoll):
            self.refused += 1
        else:
            self.frames += 1
        return result

    def _roll(self, f: list[bytes]) -> Roll | RefusedRoll | str:
        if len(f) != 5:
            return "ROLL takes seq, tray, sides, value"
        seq, sides, value = _number(f[1], MAX_SEQ), _number(f[3], 1000), _number(f[4], 1000)
        if seq is None:
            return "ROLL needs whole numbers for seq, sides and value"
        if not _TRAY_ID.match(f[2]):
            return "bad tray id"
        tray = f[2].decode()
        known = ", ".join(f"d{d}" for d in sorted(self.dice))
        if sides is None:
            return RefusedRoll(seq, tray, DIE, f"the die's sides are not a number ({known} "
                                              f"wanted)")
        if sides not in self.dice:
            return RefusedRoll(seq, tray, DIE, f"a d{sides} is not a die this tray has ({known})",
                               sides)
        if value is None:
            return RefusedRoll(seq, tray, FACE, "the face is not a whole number", sides)
        if not 1 <= value <= sides:
            return RefusedRoll(seq, tray, FACE, f"a d{sides} cannot show {value}", sides)
        return Roll(seq, tray, sides, value)

    def _fields(self, f: list[bytes]) -> Frame | RefusedRoll | str:
        kind = f[0]
        if kind == b"ROLL":
            return self._roll(f)
        if kind == b"HB":
            uptime = _number(f[2], MAX_UPTIME) if len(f) == 3 else None
            if uptime is None or not _TRAY_ID.match(f[1]):
                return "HB takes tray, uptime in seconds"
            return Heartbeat(f[1].decode(), uptime)
        if kind == b"HELLO":
            version = _number(f[1], 999) if len(f) in (4, 5) else None
            sides = _number(f[4], 1000) if len(f) == 5 else None
            if version is None or not _VERSION.match(f[2]) or not _TRAY_ID.match(f[3]) or \
                    (len(f) == 5 and not sides):
                return "HELLO takes protocol version, firmware version, tray id[, die's sides]"
            return Hello(version, f[2].decode(), f[3].decode(), sides)
        if kind == b"ACK":
            seq = _number(f[1], MAX_SEQ) if len(f) == 2 else None
            if seq is None:
                return "ACK takes a sequence number 0-65535"
            return Ack(seq)
        if kind == b"REFUSE":
            seq = _number(f[1], MAX_SEQ) if len(f) == 3 else None
            if seq is None or f[2].decode("ascii", "replace") not in REFUSALS:
                return f"REFUSE takes a sequence number and one of {', '.join(REFUSALS)}"
            return Refuse(seq, f[2].decode())
        if kind == b"CALL":
            sides = _number(f[1], 1000) if len(f) == 2 else None
            if sides is None:
                return "CALL takes the die's sides (0: no roll wanted now)"
            return Call(sides)
        return "unknown frame type"


class Duplicates:
    """Which rolls of one tray were already taken. The tray resends a roll until it sees our ACK,
    so the same sequence number can arrive many times; only the first counts. A HELLO (the tray
    restarted and counts from 0 again) forgets them all.

    The window is the last `window` sequence numbers seen: the tray resends at most its last 8
    unacknowledged rolls, and a number wraps round after 65536 rolls. A tray starts each boot at
    a random number, so one whose HELLO was missed is still unlikely (64 in 65536) to repeat a
    number in the window; a heartbeat whose uptime went backwards also resets it."""

    def __init__(self, window: int = 64) -> None:
        self.window = window
        self._seen: OrderedDict[int, Roll] = OrderedDict()

    def is_new(self, roll: Roll) -> bool:
        if roll.seq in self._seen:
            self._seen.move_to_end(roll.seq)
            return False
        self._seen[roll.seq] = roll
        if len(self._seen) > self.window:
            self._seen.popitem(last=False)
        return True

    def conflicts(self, roll: Roll) -> bool:
        """A duplicate that differs from the first copy: the tray is confused (or it is noise
        that passed the checksum); the first copy stands either way."""
        first = self._seen.get(roll.seq)
        return first is not None and first != roll

    def reset(self) -> None:
        self._seen.clear()
