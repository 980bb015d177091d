"""A WLED strip or lamp, over its JSON API (https://kno.wled.ge/interfaces/json-api/).

Each look is one POST of the segment's state to /json/state:
`{"on": true, "tt": 0, "seg": [{"id": 0, "on": true, "bri": 255, "col": [[255, 0, 0]], "fx": 0}]}`
(`tt` 0: no crossfade, so a flash is a flash; `fx` 0: solid; the segment's own `bri` and `on`,
so two outputs on two segments of one WLED do not dim each other). The standard library's
http.client is all it needs: one small POST on a connection kept open.
"""

from __future__ import annotations

import http.client
import json
from urllib.parse import urlsplit

from lights.rules import Output
from readouts.colour import Colour
from room.link import Link

TIMEOUT_S = 1.0


def wled_body(segment: int, colour: Colour, level: float) -> bytes:
    """The JSON API's state for one segment at `colour` and `level` (0..1)."""
    bri = max(0, min(255, round(level * 255)))
    seg = {"id": segment, "on": bri > 0, "bri": max(bri, 1), "col": [list(colour)], "fx": 0}
    return json.dumps({"on": True, "tt": 0, "seg": [seg]}, separators=(",", ":")).encode()


def address(url: str) -> tuple[str, int]:
    parts = urlsplit(url if "://" in url else f"http://{url}")
    if parts.scheme not in ("http", "") or not parts.hostname:
        raise ValueError(f"{url!r} is not an http address")
    return parts.hostname, parts.port or 80


class WledPost:
    """POSTs a body to a WLED's /json/state on one kept-open connection (opened again after a
    failure)."""

    def __init__(self, url: str) -> None:
        self.host, self.port = address(url)
        self.conn: http.client.HTTPConnection | None = None

    def __call__(self, body: bytes) -> None:
        for attempt in (0, 1):   # a kept connection the WLED closed: once more on a new one
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT_S)
            try:
                self.conn.request("POST", "/json/state", body,
                                  {"Content-Type": "application/json"})
                reply = self.conn.getresponse()
                reply.read(4096)
            except (OSError, http.client.HTTPException) as exc:
                self.conn.close()
                self.conn = None
                if attempt == 1 or not isinstance(exc, http.client.RemoteDisconnected |
                                                  ConnectionResetError | BrokenPipeError):
                    raise OSError(str(exc) or type(exc).__name__) from None
                continue
            if reply.status != 200:
                raise OSError(f"HTTP {reply.status} {reply.reason}")
            return


def wled_link(output: Output) -> Link:
    return Link(f"WLED {output.name} at {output.url}", WledPost(output.url))
