"""What the consoles' web server guards its answers with, apart from its connections: the
security headers on every answer (a page, a file, a refusal, aiohttp's own 400), the check that
a browser's Origin names this table, and the static files it may serve (no link followed)."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.web_protocol import RequestHandler

log = logging.getLogger("starbridge.stations")

HEADERS = {
    "Content-Security-Policy": ("default-src 'self'; connect-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; "
                                "base-uri 'none'; form-action 'none'"),
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "no-store",
}

def own_origin(origin: str, names: Iterable[str], port: int) -> bool:
    """Whether a browser's Origin header names this table: one of its own addresses or names
    (`names`), on its port. Never the request's own Host header: a page of another name that
    the attacker's DNS points at the table (DNS rebinding) sends a Host it chose itself."""
    try:
        parts = urlsplit(origin)
        given = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError:
        return False
    host = (parts.hostname or "").lower().rstrip(".")
    return parts.scheme in ("http", "https") and given == port and \
        host in {n.lower().strip("[]").rstrip(".") for n in names}


def static_files(folder: Path) -> dict[str, Path]:
    """Every regular file under `folder` (no link followed) by its path under it."""
    if not folder.is_dir():
        return {}
    return {p.relative_to(folder).as_posix(): p for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink()
            and not any(part.is_symlink() for part in p.relative_to(folder).parents
                        if part != Path("."))}


def own_names() -> list[str]:
    """This machine's names and addresses, as a page of the table may be opened by: the
    addresses its links name (consoles.addresses), localhost, its host name and mDNS name."""
    import socket

    from consoles.addresses import MDNS_NAME, link_addresses

    host = socket.gethostname().lower()
    return ["localhost", "127.0.0.1", "::1", host, f"{host}.local", MDNS_NAME,
            *(a.address for a in link_addresses())]


def with_headers(response: web.StreamResponse) -> web.StreamResponse:
    if not response.prepared:
        for key, value in HEADERS.items():
            response.headers.setdefault(key, value)
    return response


@web.middleware
async def security_headers(request: web.Request,
                   handler: Callable[[web.Request], Any]) -> web.StreamResponse:
    """The security headers on every answer: a page, a file, a refusal (404, 400, 403...)."""
    try:
        response: web.StreamResponse = await handler(request)
    except web.HTTPException as exc:
        with_headers(exc)
        raise
    except Exception as exc:   # never a traceback in the log, never an answer without them
        log.warning("stations: %s %s failed: %s: %s", request.method, request.path[:80],
                    type(exc).__name__, exc)
        return with_headers(web.Response(status=500, text="Something went wrong.\n"))
    return with_headers(response)


class GuardedHandler(RequestHandler):
    """aiohttp's connection handler, whose own answers (a request it cannot parse: 400) carry
    the security headers too, and are logged in a line."""

    def handle_error(self, request: Any, status: int = 500, exc: BaseException | None = None,
                     message: str | None = None) -> web.StreamResponse:
        return with_headers(super().handle_error(request, status, exc, message))

    def log_exception(self, *args: Any, **kw: Any) -> None:
        kw.pop("exc_info", None)
        log.info("stations: " + str(args[0]), *args[1:])
