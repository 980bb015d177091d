"""The seats' secrets: one unguessable token per seat per game, kept in memory only.

A seat is named by a key: "ship/station" for a crew seat, "instructor" for the Instructor's
console, "view" for the viewscreen. A token is 128 random bits (`secrets.token_urlsafe(16)`),
looked up with `hmac.compare_digest` against every token in the book, so the time an answer
takes says nothing about how close a guess was. `revoke` replaces a seat's token (its old link
opens nothing any more); `reset` forgets every token: the links die with their game.
"""

from __future__ import annotations

import hmac
import secrets
import threading

INSTRUCTOR_SEAT = "instructor"
VIEW_SEAT = "view"
TOKEN_BYTES = 16
"""128 bits: a guess succeeds once in 2**128 tries."""
MAX_TOKEN_CHARS = 64
"""A longer token is no token of ours: refused before it is compared."""


class TokenBook:
    """Seat key -> token, thread-safe (the main thread issues, the server's loop looks up)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._tokens: dict[str, str] = {}
        self.generation = 0      # bumped by reset: the game the tokens belong to

    def issue(self, seat: str) -> str:
        """The seat's token, made now if it has none."""
        with self._lock:
            token = self._tokens.get(seat)
            if token is None:
                token = self._tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
            return token

    def revoke(self, seat: str) -> str:
        """A new token for the seat; the old one opens nothing any more."""
        with self._lock:
            token = self._tokens[seat] = secrets.token_urlsafe(TOKEN_BYTES)
            return token

    def reset(self) -> None:
        """Forget every token (a new game: every old link dies)."""
        with self._lock:
            self._tokens.clear()
            self.generation += 1

    def seats(self) -> tuple[str, ...]:
        with self._lock:
            return tuple(self._tokens)

    def seat_of(self, token: object) -> str | None:
        """The seat the token opens, or None (wrong, stale or revoked: all alike)."""
        return self.lookup(token)[0]

    def lookup(self, token: object) -> tuple[str | None, int]:
        """The seat the token opens (or None) and the generation it belongs to, read together."""
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_CHARS:
            return None, self.generation
        given = token.encode("utf-8", "replace")
        found: str | None = None
        with self._lock:
            for seat, known in self._tokens.items():   # every one compared: no early exit
                if hmac.compare_digest(given, known.encode("ascii")):
                    found = seat
            return found, self.generation
