"""The dice tray's side of the starbridge dice protocol (docs/dice-protocol.md).

Written for MicroPython on a Raspberry Pi Pico and for CPython alike: no imports, no
dataclasses, annotations only with built-in types (MicroPython ignores them). The host's tests
run this module under CPython against the host's own parser, so the two sides cannot drift.

Copy this file and `main.py` to the Pico; `main.py` holds everything that needs the board.
"""

PROTOCOL_VERSION = 2
FIRMWARE_VERSION = "1.1.0"
RESEND_MS = 500  # a roll not acknowledged within this time is sent again
HEARTBEAT_MS = 1000  # a heartbeat at least this often
MAX_PENDING = 8  # rolls awaiting acknowledgement; the oldest is dropped beyond this
MAX_LINE = 80
REFUSALS = {  # why the host refused a roll (REFUSE,<seq>,<reason>), in words for the tray
    "FACE": "the die cannot show that face",
    "DIE": "the host does not take this die from this tray",
    "TRAY": "the host expects another tray on this port",
}


def crc16(data: bytes) -> int:
    """CRC-16/CCITT-FALSE: polynomial 0x1021, initial value 0xFFFF, no reflection, no final XOR
    (the same as CPython's `binascii.crc_hqx(data, 0xFFFF)`)."""
    crc = 0xFFFF
    for byte in data:
        crc ^= byte << 8
        for _ in range(8):
            crc = ((crc << 1) ^ 0x1021) & 0xFFFF if crc & 0x8000 else (crc << 1) & 0xFFFF
    return crc


def frame(body: str) -> bytes:
    """One line on the wire: `$` body `*` four upper-case hex digits of the body's CRC, CR LF."""
    raw = body.encode()
    return b"$" + raw + b"*" + f"{crc16(raw):04X}".encode() + b"\r\n"


def roll_frame(seq: int, tray: str, sides: int, value: int) -> bytes:
    return frame(f"ROLL,{seq},{tray},{sides},{value}")


def hello_frame(tray: str, sides: int = 20) -> bytes:
    return frame(f"HELLO,{PROTOCOL_VERSION},{FIRMWARE_VERSION},{tray},{sides}")


def heartbeat_frame(tray: str, uptime_s: int) -> bytes:
    return frame(f"HB,{tray},{uptime_s}")


def _digits(field: bytes, most: int) -> int:
    """A plain decimal 0..most, else -1."""
    if not 1 <= len(field) <= 5 or not field.isdigit():
        return -1
    n = int(field)
    return n if n <= most else -1


def parse_host(line: bytes) -> "tuple[str, int, str] | None":
    """What a well-formed, correctly checksummed line from the host says, else None. Never
    raises: the tray ignores whatever else the host (or noise) sends.

        ("ACK", seq, "")          the roll is taken
        ("REFUSE", seq, reason)   the roll is refused; reason is a key of REFUSALS
        ("CALL", sides, "")       a roll is wanted now (0: no longer)
    """
    line = line.strip()
    start = line.rfind(b"$")  # a frame cut short by this one is noise
    if start > 0:
        line = line[start:]
    if len(line) > MAX_LINE or len(line) < 8 or line[:1] != b"$" or line[-5:-4] != b"*":
        return None
    body, check = line[1:-5], line[-4:]
    try:
        if int(check, 16) != crc16(body):
            return None
    except ValueError:
        return None
    f = body.split(b",")
    if f[0] == b"ACK" and len(f) == 2:
        seq = _digits(f[1], 0xFFFF)
        return ("ACK", seq, "") if seq >= 0 else None
    if f[0] == b"REFUSE" and len(f) == 3:
        seq = _digits(f[1], 0xFFFF)
        for reason in REFUSALS:
            if f[2] == reason.encode() and seq >= 0:
                return ("REFUSE", seq, reason)
        return None
    if f[0] == b"CALL" and len(f) == 2:
        sides = _digits(f[1], 1000)
        return ("CALL", sides, "") if sides >= 0 else None
    return None


def parse_ack(line: bytes) -> int:
    """The sequence number of a well-formed, correctly checksummed `$ACK,<seq>*CRC` line, else -1.
    Never raises."""
    said = parse_host(line)
    return said[1] if said is not None and said[0] == "ACK" else -1


def fair_d20(random_bytes: bytes) -> int:
    """A fair d20 face from uniformly random bytes, or 0 when every byte had to be thrown away
    (then ask again with fresh bytes; with 8 bytes that happens once in 4 billion).

    Rejection sampling: bytes 240..255 are thrown away so that each face takes exactly 12 of the
    240 kept byte values. On the Pico the bytes come from `os.urandom` (the ring oscillator)."""
    for b in random_bytes:
        if b < 240:
            return b % 20 + 1
    return 0


class Tray:
    """The tray's protocol state: sequence numbers, rolls awaiting an answer, heartbeats, the
    host's call to roll and its last refusal.

    Time is given, never read (`now_ms`), and output is returned as bytes to write, so the same
    object runs on the Pico and in the host's tests. The Pico's `main.py` calls `start`, `roll`
    when the button is pressed, `receive` with bytes from USB (it returns what the host said,
    for the tray's light) and `tick` in its loop.
    """

    def __init__(self, tray_id: str, sides: int = 20, first_seq: int = 0,
                 resend_ms: int = RESEND_MS) -> None:
        self.tray_id = tray_id
        self.resend_ms = resend_ms
        self.sides = sides
        # Start each boot at a random sequence number (main.py does): if the host misses the
        # HELLO of a restarted tray, its new rolls still do not look like the old ones.
        self.next_seq = first_seq & 0xFFFF
        self.pending = []  # type: list[list[int]]  # [seq, value, last_sent_ms]
        self.last_sent_ms = 0
        self.started_ms = 0
        self.calling = 0  # the host wants a roll of this die now (0: it does not)
        # the last roll the host refused: (seq, value, reason in words)
        self.refused = None  # type: tuple[int, int, str] | None
        self._inbox = b""

    def start(self, now_ms: int) -> bytes:
        self.started_ms = now_ms
        self.last_sent_ms = now_ms
        return hello_frame(self.tray_id, self.sides)

    def roll(self, value: int, now_ms: int) -> bytes:
        """Send a new roll (a face already rolled, 1..sides) and keep it until acknowledged."""
        seq = self.next_seq
        self.next_seq = (seq + 1) & 0xFFFF
        self.pending.append([seq, value, now_ms])
        if len(self.pending) > MAX_PENDING:
            self.pending.pop(0)
        self.last_sent_ms = now_ms
        self.calling = 0  # rolled: the call is answered
        return roll_frame(seq, self.tray_id, self.sides, value)

    def receive(self, data: bytes) -> "list[tuple[str, int, str]]":
        """Bytes from the host: drop every roll an ACK or a REFUSE names (the host answered it),
        note a refusal and a call. Returns what the host said, as `parse_host` gives it."""
        said = []  # type: list[tuple[str, int, str]]
        self._inbox += data
        while b"\n" in self._inbox:
            line, self._inbox = self._inbox.split(b"\n", 1)
            got = parse_host(line)
            if got is None:
                continue
            if got[0] == "CALL":
                self.calling = got[1]
            else:
                seq = got[1]
                gone = [p for p in self.pending if p[0] == seq]
                if not gone:
                    continue  # a late copy of an answer already taken
                self.pending = [p for p in self.pending if p[0] != seq]
                if got[0] == "REFUSE":
                    self.refused = (seq, gone[0][1], REFUSALS[got[2]])
            said.append(got)
        if len(self._inbox) > MAX_LINE:
            self._inbox = b""
        return said

    def tick(self, now_ms: int) -> bytes:
        """What to send now: unacknowledged rolls due again, and a heartbeat when quiet."""
        out = b""
        for p in self.pending:
            if now_ms - p[2] >= self.resend_ms:
                p[2] = now_ms
                out += roll_frame(p[0], self.tray_id, self.sides, p[1])
        if out:
            self.last_sent_ms = now_ms
        elif now_ms - self.last_sent_ms >= HEARTBEAT_MS:
            self.last_sent_ms = now_ms
            out = heartbeat_frame(self.tray_id, (now_ms - self.started_ms) // 1000)
        return out
