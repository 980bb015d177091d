"""The consoles' server alone: hello, welcome and state, the pages, and every hostile client of
issue 16 refused or dropped while a good console goes on."""

from __future__ import annotations

import json
import os
import queue
import socket
import threading
import time

import aiohttp
import pytest
from console_client import CLOSED, Net, serve

from consoles import ConsoleInput, StationServer
from consoles.protocol import REFUSED_TOKEN

SEAT = "enterprise/helm"


def hello(net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput],
          seat: str = SEAT) -> object:
    c = net.console(server.port, server.tokens.issue(seat))
    welcome = c.recv()
    assert welcome["type"] == "welcome", welcome
    assert inputs.get(timeout=5) == ConsoleInput(seat, inputs_client(welcome, server), {"type": "join"},
                                               server.tokens.generation)
    return c


def inputs_client(_welcome: dict[str, object], server: StationServer) -> int:
    return max(server._conns)   # the newest connection is the one that said hello


def test_hello_welcome_state_and_ping(net: Net, server: StationServer,
                                      inputs: queue.Queue[ConsoleInput]) -> None:
    server.set_titles({SEAT: "Helm · USS Enterprise"})
    c = net.console(server.port, server.tokens.issue(SEAT))
    assert c.recv() == {"v": 1, "type": "welcome",
                        "seat": {"station": "helm", "ship": "enterprise"},
                        "title": "Helm · USS Enterprise", "protocol": 1}
    join = inputs.get(timeout=5)
    assert (join.seat, join.message) == (SEAT, {"type": "join"})
    assert server.connected() == frozenset({SEAT})
    server.publish(SEAT, {"type": "state", "seq": 1, "x": 1})
    assert c.recv() == {"v": 1, "type": "state", "seq": 1, "x": 1}
    c.send({"v": 1, "type": "ping"})
    assert c.recv() == {"v": 1, "type": "pong"}
    # a console connecting later gets the latest state at once, after its welcome
    d = net.console(server.port, server.tokens.issue(SEAT))
    assert d.recv()["type"] == "welcome"
    assert d.recv() == {"v": 1, "type": "state", "seq": 1, "x": 1}


def test_pages_carry_no_secret_and_strict_headers(net: Net, server: StationServer) -> None:
    base = f"http://127.0.0.1:{server.port}"
    for path in ("/", "/console", "/instructor", "/view"):
        r = net.run(net.session.get(base + path))
        assert r.status == 200, path
        assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
        assert r.headers["Referrer-Policy"] == "no-referrer"
        body = net.run(r.text())
        assert server.tokens.issue(SEAT) not in body
    for path in ("/qr/enterprise", "/static/../server.py", "/static/%2e%2e/server.py"):
        r = net.run(net.session.get(base + path))
        assert r.status in (403, 404), path


def test_a_foreign_origin_is_refused_before_the_websocket_opens(
        net: Net, server: StationServer) -> None:
    with pytest.raises(aiohttp.WSServerHandshakeError) as err:
        net.console(server.port, origin="http://evil.example")
    assert err.value.status == 403
    ok = net.console(server.port, server.tokens.issue(SEAT),
                     origin=f"http://127.0.0.1:{server.port}")
    assert ok.recv()["type"] == "welcome"


@pytest.mark.parametrize("token", ["wrong", "", "x" * 65, None, 5])
def test_a_wrong_token_is_refused_in_the_same_words(net: Net, server: StationServer,
                                                     token: object) -> None:
    server.tokens.issue(SEAT)
    c = net.console(server.port, hello=False)
    c.send({"v": 1, "type": "hello", "token": token})
    assert c.recv() == {"v": 1, "type": "refused", "reason": REFUSED_TOKEN}
    assert c.recv() is CLOSED


def test_a_revoked_or_stale_token_is_refused_and_its_consoles_closed(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput]) -> None:
    old = server.tokens.issue(SEAT)
    c = net.console(server.port, old)
    assert c.recv()["type"] == "welcome"
    inputs.get(timeout=5)
    new = server.tokens.revoke(SEAT)
    server.close_seat(SEAT, "This link was replaced: scan the new code at the table.")
    assert c.recv()["reason"].startswith("This link was replaced")
    assert c.recv() is CLOSED
    again = net.console(server.port, old)
    assert again.recv() == {"v": 1, "type": "refused", "reason": REFUSED_TOKEN}
    assert net.console(server.port, new).recv()["type"] == "welcome"
    server.tokens.reset()   # a new game: every old link is stale
    assert net.console(server.port, new).recv()["reason"] == REFUSED_TOKEN


@pytest.mark.slow
def test_no_hello_in_time_is_refused(net: Net, inputs: queue.Queue[ConsoleInput]) -> None:
    server = serve(inputs, hello_timeout=0.3)
    try:
        c = net.console(server.port, hello=False)
        assert "No hello" in c.recv()["reason"]
        assert c.recv() is CLOSED
    finally:
        server.stop()


@pytest.mark.parametrize("text, words", [
    ("not json", "not JSON"), ("[1, 2]", "not a JSON object"), ('{"type":"hello"}', "version"),
    ('{"v":2,"type":"hello"}', "version"), ('{"v":1,"type":"shout"}', "Unknown message type"),
    ('{"v":1,"type":"decide"}', "needs an id"), ('{"v":1,"type":"roll","id":7}', "id must"),
    ("[" * 10_000, "not JSON"), ("[" * 20_000, "larger than"),
    ('{"v":1,"type":"ping","pad":"' + "é" * 9000 + '"}', "larger than"),
])
def test_malformed_and_oversized_messages_are_refused(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput],
        text: str, words: str) -> None:
    c = hello(net, server, inputs)
    good = hello(net, server, inputs, "kronos/helm")
    c.send_text(text)   # type: ignore[attr-defined]
    refused = c.until(lambda m: m.get("type") == "refused")   # type: ignore[attr-defined]
    assert words in refused["reason"]
    assert c.recv() is CLOSED   # type: ignore[attr-defined]
    assert inputs.empty()
    good.send({"v": 1, "type": "ping"})   # type: ignore[attr-defined]
    assert good.recv() == {"v": 1, "type": "pong"}   # type: ignore[attr-defined]


def test_a_frame_beyond_the_largest_closes_the_connection(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput]) -> None:
    c = hello(net, server, inputs)
    c.send_text("x" * 100_000)   # type: ignore[attr-defined]
    assert c.recv() is CLOSED   # type: ignore[attr-defined]
    assert c.ws.close_code == 1009   # type: ignore[attr-defined]


def test_a_flood_is_refused_and_the_others_go_on(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput]) -> None:
    started = time.monotonic()   # before the connection: its bucket fills from then on
    c = hello(net, server, inputs)
    good = hello(net, server, inputs, "kronos/helm")
    for n in range(200):
        if c.ws.closed:   # type: ignore[attr-defined]
            break
        try:
            c.send({"v": 1, "type": "decide", "id": f"f{n}", "decision": {}})   # type: ignore[attr-defined]
        except ConnectionError:
            break
    refused = c.until(lambda m: m.get("type") == "refused")   # type: ignore[attr-defined]
    took = time.monotonic() - started
    assert "Too many messages" in refused["reason"]
    forwarded = 0
    while not inputs.empty():
        inputs.get_nowait()
        forwarded += 1
    # The bucket holds `burst` and fills at `rate` a second while the flood is sent (a busy
    # machine sends it slowly): never more than that gets through.
    assert forwarded <= server.limits.burst + int(server.limits.rate * took), (forwarded, took)
    assert forwarded < 200
    good.send({"v": 1, "type": "ping"})   # type: ignore[attr-defined]
    assert good.recv() == {"v": 1, "type": "pong"}   # type: ignore[attr-defined]


def test_a_repeated_id_is_forwarded_once_and_answered_as_the_first_time(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput]) -> None:
    c = hello(net, server, inputs)
    message = {"v": 1, "type": "decide", "id": "tap-1", "decision": {"action": "x", "what": "y"}}
    c.send(message)   # type: ignore[attr-defined]
    c.send(message)   # type: ignore[attr-defined]   (a retry before the answer)
    got = inputs.get(timeout=5)
    assert got.message["id"] == "tap-1"
    server.answer(SEAT, got.client, "tap-1", {"type": "result", "id": "tap-1", "ok": True})
    assert c.recv() == {"v": 1, "type": "result", "id": "tap-1", "ok": True}   # type: ignore[attr-defined]
    assert c.recv() == {"v": 1, "type": "result", "id": "tap-1", "ok": True}   # type: ignore[attr-defined]
    # after a dropped connection: another console of the seat repeats it
    c.close()   # type: ignore[attr-defined]
    d = hello(net, server, inputs)
    d.send(message)   # type: ignore[attr-defined]
    assert d.until(lambda m: m.get("type") == "result")["ok"] is True   # type: ignore[attr-defined]
    assert inputs.empty(), "a repeated id was forwarded again"


def test_the_most_connections_refuses_the_next_one_clearly(
        net: Net, inputs: queue.Queue[ConsoleInput]) -> None:
    server = serve(inputs, max_connections=3)
    try:
        for n in range(3):
            hello(net, server, inputs, f"s{n}/helm")
        extra = net.console(server.port, hello=False)
        assert "3 consoles connected" in extra.recv()["reason"]
        assert extra.recv() is CLOSED
    finally:
        server.stop()


@pytest.mark.slow
def test_hundreds_of_idle_connections_keep_no_console_out(
        net: Net, inputs: queue.Queue[ConsoleInput]) -> None:
    server = serve(inputs, max_connections=16)
    try:
        idle = [net.console(server.port, hello=False) for _ in range(300)]
        assert server.connections() <= 16
        c = hello(net, server, inputs)
        server.publish(SEAT, {"type": "state", "seq": 1})
        assert c.until(lambda m: m.get("type") == "state")["seq"] == 1   # type: ignore[attr-defined]
        assert sum(1 for i in idle if i.until(lambda m: m is CLOSED, timeout=10)) >= 280
    finally:
        server.stop()


def _frame(text: str) -> bytes:
    data, mask = text.encode(), os.urandom(4)
    head = bytes([0x81, 0x80 | len(data)]) if len(data) < 126 else \
        bytes([0x81, 0x80 | 126]) + len(data).to_bytes(2, "big")
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data))


@pytest.mark.slow
def test_a_slow_reader_is_dropped_and_never_stalls_the_others(
        net: Net, inputs: queue.Queue[ConsoleInput]) -> None:
    server = serve(inputs, send_timeout=0.5)
    try:
        slow = socket.socket()
        slow.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        slow.connect(("127.0.0.1", server.port))
        slow.sendall(f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\nUpgrade: websocket"
                     "\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ=="
                     "\r\nSec-WebSocket-Version: 13\r\n\r\n".encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += slow.recv(1)
        assert b" 101 " in head
        slow.sendall(_frame(json.dumps({"v": 1, "type": "hello",
                                        "token": server.tokens.issue(SEAT)})))
        assert inputs.get(timeout=5).seat == SEAT
        good = hello(net, server, inputs)
        big = "x" * 100_000
        for n in range(1, 121):
            server.publish(SEAT, {"type": "state", "seq": n, "pad": big})
        last = good.until(lambda m: m.get("seq") == 120, timeout=30)   # type: ignore[attr-defined]
        states = [m["seq"] for m in good.seen if m.get("type") == "state"]   # type: ignore[attr-defined]
        assert states == sorted(set(states)) and last["pad"] == big   # newest whole, in order
        n, end = 120, time.monotonic() + 10
        while server.drops == 0 and time.monotonic() < end:   # gone within its send timeout
            n += 1
            server.publish(SEAT, {"type": "state", "seq": n, "pad": big})
            good.until(lambda m, n=n: m.get("seq") == n)   # type: ignore[attr-defined]
        assert server.drops == 1 and server.connections() == 1
        server.publish(SEAT, {"type": "state", "seq": n + 1})
        assert good.until(lambda m: m.get("type") == "state")["seq"] == n + 1   # type: ignore[attr-defined]
        slow.close()
    finally:
        server.stop()


def test_stop_leaves_no_thread_and_frees_the_port(inputs: queue.Queue[ConsoleInput]) -> None:
    server = serve(inputs)
    port = server.port
    server.stop()
    assert not server.running
    assert not any(t.name == "stations" for t in threading.enumerate())
    with socket.socket() as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(("127.0.0.1", port))
