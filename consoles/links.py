"""The seats' links and their QR codes (segno): for the bridge display, the terminal and the
Instructor's console. A link carries its seat's secret in the URL's fragment
(`http://HOST:PORT/console#k=TOKEN`): a browser never sends a fragment in a request, so the
secret stays out of logs and Referer headers. No `/qr` route is offered: a QR code of a seat's
link is the secret itself, so only the table shows it.
"""

from __future__ import annotations

import io

import segno

from consoles.addresses import link_addresses
from consoles.tokens import INSTRUCTOR_SEAT, VIEW_SEAT

PAGE_OF = {INSTRUCTOR_SEAT: "instructor", VIEW_SEAT: "view"}
ANY_ADDRESS = ("", "0.0.0.0", "::")


def base_url(address: str, port: int, link: str | None = None) -> str:
    """The address phones open: the listening address, or, when the server listens on every
    address, `link` (the one chosen) or the likeliest of this machine's (consoles.addresses)."""
    host = address
    if address in ANY_ADDRESS:
        host = link if link is not None else link_addresses()[0].address
    if ":" in host:
        host = f"[{host}]"
    return f"http://{host}:{port}"


def seat_url(base: str, seat: str, token: str) -> str:
    return f"{base}/{PAGE_OF.get(seat, 'console')}#k={token}"


def qr(url: str) -> segno.QRCode:
    return segno.make(url, error="m")


def qr_svg(url: str) -> str:
    """The QR code as an SVG document (for the Instructor's console)."""
    out = io.BytesIO()
    qr(url).save(out, kind="svg", xmldecl=False, nl=False, border=2, dark="#000",
                 light="#fff", scale=4)
    return out.getvalue().decode("ascii")


def qr_text(url: str) -> str:
    """The QR code in a terminal's block characters (two modules a line)."""
    out = io.StringIO()
    qr(url).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def qr_matrix(url: str) -> tuple[tuple[bool, ...], ...]:
    """The QR code's modules, dark True, with a quiet zone of 2: for drawing with rects."""
    return tuple(tuple(bool(m) for m in row) for row in qr(url).matrix_iter(border=2))
