"""The consoles' message protocol, version 1 (docs/stations.md): shapes, limits, checks.

Every message is a JSON object in a WebSocket text frame with `"v": 1`. This module checks what a
client sends before anything else looks at it: the server refuses (and closes) what is not JSON,
not an object, of another version or of an unknown type, and forwards the rest to the app as a
`ConsoleInput`. What each input does is the app's (companion/table/consoles.py); what each seat is sent
is consoles/payload.py's.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

PROTOCOL = 1
CLIENT_TYPES = ("hello", "decide", "roll", "instructor", "ping")
INSTRUCTOR_DOES = ("undo", "undo-phase", "end", "seat", "revoke", "override")
MAX_ID_CHARS = 64
REMEMBERED_IDS = 256
"""Answers remembered per seat: a repeated `id` gets its first answer, nothing applied again."""

REFUSED_TOKEN = "This link does not open a console: scan the code at the table again."
"""The same words for a wrong, a stale and a revoked token: nothing about the game."""
REPLACED = "This link was replaced: scan the new code at the table."
GAME_ENDED = "This game has ended: scan the new code at the table."


@dataclass(frozen=True, slots=True)
class Limits:
    """What one client may cost the table (docs/stations.md, "Limits")."""

    max_message: int = 16 * 1024        # bytes of one message from a client
    max_frame: int = 64 * 1024          # beyond this aiohttp itself closes (code 1009)
    max_connections: int = 64           # consoles connected at once, those saying hello too
    per_seat: int = 4                   # consoles of one seat at once (a phone, a tablet, a
    #                                     reload or two): a newer one closes the seat's oldest
    hello_timeout: float = 5.0          # seconds to send `hello` after connecting
    rate: float = 20.0                  # messages a second a client may keep up
    burst: int = 40                     # messages at once before the rate applies
    send_queue: int = 64                # messages waiting for a client (states coalesce): more
    #                                     than a burst's answers, handed over in one batch
    send_timeout: float = 10.0          # seconds one send may wait: longer, the client is dropped
    heartbeat: float = 30.0             # seconds between pings (a phone gone without a word)

    def __post_init__(self) -> None:
        if self.send_queue <= self.burst + 2:   # a burst's answers, the state and a pong
            raise ValueError(f"send_queue ({self.send_queue}) must hold a burst's answers "
                             f"(burst {self.burst}) and the state after them")


@dataclass(frozen=True, slots=True)
class ConsoleInput:
    """One console's message for the app's main thread: `seat` is the key its token opened,
    `client` the connection's number (for the answer), `message` the checked JSON object.
    `message["type"]` is "join" when a console has just said hello (the app publishes that
    seat's state). `generation` is the token book's generation when the console said hello:
    the game its link belonged to (an input of an older game is dropped, never applied to the
    next one)."""

    seat: str
    client: int
    message: dict[str, Any]
    generation: int | None = None


def dumps(message: dict[str, Any]) -> str:
    """A message as sent: compact JSON, `v` first. Text that cannot be sent as UTF-8 (a lone
    surrogate from a file or an older message) is sent escaped, as JSON allows, never raised."""
    data = {"v": PROTOCOL, **message}
    text = json.dumps(data, separators=(",", ":"), ensure_ascii=False)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return json.dumps(data, separators=(",", ":"), ensure_ascii=True)
    return text


def parse(text: str) -> tuple[dict[str, Any] | None, str | None]:
    """The client's message, or the reason it is refused (in words for the page to show)."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        return None, "That message was not JSON: reload the page."
    if not isinstance(data, dict):
        return None, "That message was not a JSON object: reload the page."
    try:   # a lone surrogate ("\\ud800") is JSON but no text: nothing downstream gets one
        json.dumps(data, ensure_ascii=False).encode("utf-8")
    except UnicodeEncodeError:
        return None, "That message had text that is not Unicode (a lone surrogate): reload the page."
    if type(data.get("v")) is not int or data.get("v") != PROTOCOL:   # true == 1 in Python
        return None, (f"This console speaks another version of the protocol "
                      f"({data.get('v')!r}; the table speaks {PROTOCOL}): reload the page.")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        return None, f"Unknown message type {kind!r}: reload the page."
    if "id" in data:
        mid = data["id"]
        if not isinstance(mid, str) or not 0 < len(mid) <= MAX_ID_CHARS:
            return None, f"A message's id must be text of 1 to {MAX_ID_CHARS} characters."
    elif kind in ("decide", "roll", "instructor"):
        return None, f"A {kind} message needs an id (text made by the console)."
    return data, None


def result(mid: str, problem: str | None = None, **extra: Any) -> dict[str, Any]:
    """The answer to a message with an `id`."""
    out: dict[str, Any] = {"type": "result", "id": mid, "ok": problem is None}
    if problem is not None:
        out["problem"] = problem
    out.update(extra)
    return out
