"""DMX channels by sACN (ANSI E1.31) over UDP, packets made by the `sacn` library.

The `sacn` library (pure Python, MIT) makes and reads E1.31 data packets; its own sender thread
wakes `fps` times a second whatever happens, so the packets go out on a `Link` of ours instead:
at once when a look changes, and again every KEEPALIVE_S (a receiver lets go of a universe not
refreshed within 2.5 s, E1.31 section 6.7.1). One universe (at one address) is one frame of 512
channels that every DMX output on it writes into: one channel is a dimmer (the level), three are
red, green and blue (the colour at the level). Without `host`, the universe's multicast address
(239.255.hi.lo).
"""

from __future__ import annotations

import secrets
import socket
from collections.abc import Iterable

from sacn.messages.data_packet import DataPacket, calculate_multicast_addr

from lights.rules import Output
from readouts.colour import Colour
from room.link import Link

KEEPALIVE_S = 1.0
SOURCE = "starbridge"

Universe = tuple[str, int, int]
"""(host, port, universe): where one frame goes."""


def channel_values(output: Output, colour: Colour, level: float) -> dict[int, int]:
    """The DMX values (0..255) an output's channels take for a look."""
    k = max(0.0, min(1.0, level))
    if len(output.channels) == 1:
        return {output.channels[0]: round(255 * k)}
    return {ch: round(c * k) for ch, c in zip(output.channels, colour, strict=True)}


class SacnSend:
    """Sends a 512-channel frame as an E1.31 data packet, the sequence counting on per send."""

    def __init__(self, where: Universe, cid: tuple[int, ...] | None = None) -> None:
        host, self.port, self.universe = where
        self.host = host or calculate_multicast_addr(self.universe)
        self.cid = cid or tuple(secrets.token_bytes(16))
        self.sequence = 0
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        if not host:
            self.sock.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 8)

    def packet(self, frame: bytes) -> bytes:
        p = DataPacket(self.cid, SOURCE, self.universe, tuple(frame), sequence=self.sequence)
        self.sequence = (self.sequence + 1) % 256
        return bytes(p.getBytes())

    def __call__(self, frame: bytes) -> None:
        self.sock.sendto(self.packet(frame), (self.host, self.port))

    def close(self) -> None:
        self.sock.close()


class DmxUniverses:
    """The frames of every universe the DMX outputs use, each on a link of its own."""

    def __init__(self, outputs: Iterable[Output]) -> None:
        self.outputs = {o.name: o for o in outputs}
        self.frames: dict[Universe, bytearray] = {}
        self.links: dict[Universe, Link] = {}
        self.sends: dict[Universe, SacnSend] = {}
        for o in self.outputs.values():
            where = (o.host, o.port, o.universe)
            if where not in self.frames:
                self.frames[where] = bytearray(512)
                self.sends[where] = SacnSend(where)
                name = f"DMX universe {o.universe} at {o.host or 'multicast'}:{o.port}"
                self.links[where] = Link(name, self.sends[where], keepalive=KEEPALIVE_S)

    def where(self, name: str) -> Universe:
        o = self.outputs[name]
        return (o.host, o.port, o.universe)

    def set(self, name: str, colour: Colour, level: float) -> bool:
        """Write one output's channels; True when the frame changed."""
        frame = self.frames[self.where(name)]
        changed = False
        for ch, v in channel_values(self.outputs[name], colour, level).items():
            if frame[ch - 1] != v:
                frame[ch - 1] = v
                changed = True
        return changed

    def flush(self, changed: Iterable[Universe]) -> None:
        for where in changed:
            self.links[where].put(bytes(self.frames[where]))

    def close(self) -> None:
        for link in self.links.values():
            link.close()
        for send in self.sends.values():
            send.close()
