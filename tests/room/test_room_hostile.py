"""Hostile and broken devices at the room's edge: a WLED address that answers anything but its
JSON API (garbage, a cut connection, a header without end, a body without end, silence, an
error status), and random bytes. Each is said once, in one line, the main thread never waits on
it, no exception escapes the link's thread, and the newest look is sent again once it answers."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from room.link import Link
from room.wled import WledPost, wled_body

WAIT = 10.0   # a bound against a hang, not a timing
Reply = Callable[[socket.socket], None]


def answers(data: bytes) -> Reply:
    def reply(conn: socket.socket) -> None:
        conn.recv(65536)
        conn.sendall(data)
    return reply


def closes(conn: socket.socket) -> None:
    conn.close()


def silent(conn: socket.socket) -> None:
    time.sleep(3.0)   # past the link's timeout


def endless_header(conn: socket.socket) -> None:
    conn.recv(65536)
    conn.sendall(b"HTTP/1.1 200 OK\r\nX: " + b"a" * 200_000)


def endless_body(conn: socket.socket) -> None:
    conn.recv(65536)
    conn.sendall(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n" + b"x" * 10_000)


HOSTILE: dict[str, Reply] = {
    "garbage": answers(b"\x00\xff\x13garbage\r\n\r\n"),
    "closes": closes,
    "silent": silent,
    "endless header": endless_header,
    "endless body": endless_body,
    "error status": answers(b"HTTP/1.1 500 Internal Server Error\r\nContent-Length: 0\r\n\r\n"),
    "a reason of many lines": answers(b"HTTP/1.1 404 Not\rFound\r\nContent-Length: 0\r\n\r\n"),
    "not http": answers(b"SSH-2.0-OpenSSH_9.2\r\n"),
}


class Server:
    """A TCP server on loopback whose every connection is answered by `reply`."""

    def __init__(self, reply: Reply) -> None:
        self.reply = reply
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.stop = threading.Event()
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self) -> None:
        self.sock.settimeout(0.1)
        while not self.stop.is_set():
            try:
                conn, _ = self.sock.accept()
            except OSError:
                continue
            try:
                self.reply(conn)
            except OSError:
                pass
            finally:
                conn.close()

    def close(self) -> None:
        self.stop.set()
        self.sock.close()


@pytest.fixture
def escaped() -> Iterator[list[BaseException]]:
    """Every exception that escapes a thread during the test."""
    seen: list[BaseException] = []
    before = threading.excepthook
    threading.excepthook = lambda args: seen.append(args.exc_value or RuntimeError())
    yield seen
    threading.excepthook = before


def said_once(reply: Reply) -> list[str]:
    server = Server(reply)
    link = Link("WLED room", WledPost(f"http://127.0.0.1:{server.port}"), retry_s=0.05)
    try:
        t0 = time.monotonic()
        for n in range(5):
            link.put(wled_body(0, (255, 0, 0), n / 5))
        assert time.monotonic() - t0 < 0.5   # the main thread never waits on the device
        news: list[str] = []
        deadline = time.monotonic() + WAIT
        while not news and not link.sent and time.monotonic() < deadline:
            news += link.news()
            time.sleep(0.02)
        time.sleep(0.3)   # tried again meanwhile: still said once
        return news + link.news()
    finally:
        link.close()
        server.close()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_wled_that_answers_badly_is_said_once_in_one_line(name: str,
                                                            escaped: list[BaseException]) -> None:
    news = said_once(HOSTILE[name])
    assert len(news) == 1, news
    assert news[0].startswith("WLED room does not answer (") and "\n" not in news[0] \
        and "\r" not in news[0] and len(news[0]) < 300, news[0]
    assert escaped == []


@pytest.mark.slow
@settings(max_examples=25, deadline=None)
@given(data=st.binary(max_size=300))
def test_any_reply_is_taken_or_said_once_in_one_line(data: bytes) -> None:
    """Random bytes back (after an HTTP status line, or alone)."""
    seen: list[BaseException] = []
    before = threading.excepthook
    threading.excepthook = lambda args: seen.append(args.exc_value or RuntimeError())
    try:
        news = said_once(answers(b"HTTP/1.1 200 OK\r\n" + data[1:] if data[:1] == b"+" else data))
    finally:
        threading.excepthook = before
    assert len(news) <= 1 and all("\n" not in n and "\r" not in n for n in news), news
    assert seen == []
