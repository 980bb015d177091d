"""The consoles' server attacked again, as a hostile player at the table would, over real
sockets: one seat's link cannot lock the others out, a burst within the documented rate keeps
its console, a lone surrogate silences nothing, a long file name is a 404, every answer carries
the security headers, the Origin must be the table's own, and `"v": true` is no protocol 1."""

from __future__ import annotations

import logging
import queue
import socket

import pytest
from console_client import CLOSED, Net

from consoles import ConsoleInput, StationServer
from consoles.http_guard import HEADERS, own_origin
from consoles.protocol import Limits
from consoles.tokens import INSTRUCTOR_SEAT

SEAT = "enterprise/helm"


def joined(net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput],
           seat: str = SEAT) -> object:
    c = net.console(server.port, server.tokens.issue(seat))
    assert c.recv()["type"] == "welcome"
    assert inputs.get(timeout=5).message == {"type": "join"}
    return c


def test_one_seats_link_opened_seventy_times_locks_nobody_else_out(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput]) -> None:
    mine = [net.console(server.port, server.tokens.issue(SEAT)) for _ in range(70)]   # > 64
    for c in mine:
        c.until(lambda m: m.get("type") in ("welcome", "refused"))
    assert server.connections() <= server.limits.per_seat + 1   # the rest closed themselves
    instructor = net.console(server.port, server.tokens.issue(INSTRUCTOR_SEAT))
    assert instructor.until(lambda m: m.get("type") == "welcome")["seat"]["station"] == \
        INSTRUCTOR_SEAT
    other = net.console(server.port, server.tokens.issue("kronos/helm"))
    assert other.until(lambda m: m.get("type") == "welcome")["seat"]["ship"] == "kronos"
    # the seat keeps its newest consoles; the older ones were told why and closed
    told = [c.until(lambda m: m is CLOSED or m.get("type") == "refused", timeout=10)
            for c in mine[:60]]
    assert all(m is CLOSED or "opened on another console" in m["reason"] for m in told)
    newest = mine[-1]
    server.publish(SEAT, {"type": "state", "seq": 1})
    assert newest.until(lambda m: m.get("type") == "state")["seq"] == 1


def test_a_burst_within_the_rate_answered_in_one_batch_keeps_its_console(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput]) -> None:
    c = joined(net, server, inputs)
    burst = server.limits.burst - 1   # the hello was the first message of the burst
    for n in range(burst):
        c.send({"v": 1, "type": "decide", "id": f"q{n}", "decision": {}})
    got = [inputs.get(timeout=5) for _ in range(burst)]
    for g in got:   # the app answers them all, then publishes, in one wake-up of the loop
        server.answer_later(SEAT, g.client, g.message["id"],
                            {"type": "result", "id": g.message["id"], "ok": True})
    server.publish_many({SEAT: {"type": "state", "seq": 7}})
    c.until(lambda m: m.get("type") == "state", timeout=10)   # the state first, then its answers
    c.until(lambda m: m.get("type") == "result" and m["id"] == f"q{burst - 1}", timeout=10)
    results = [m for m in c.seen if m.get("type") == "result"]
    assert [m["id"] for m in results] == [f"q{n}" for n in range(burst)]
    assert server.drops == 0
    server.publish(SEAT, {"type": "state", "seq": 8})   # still connected, still told
    assert c.until(lambda m: m.get("type") == "state")["seq"] == 8


def test_the_send_queue_must_hold_a_bursts_answers() -> None:
    with pytest.raises(ValueError, match="burst"):
        Limits(burst=40, send_queue=32)


@pytest.mark.parametrize("message", [
    {"v": 1, "type": "decide", "id": "\ud800", "decision": {}},
    {"v": 1, "type": "decide", "id": "d1", "decision": {"action": "\ud800", "what": "x"}},
    {"v": 1, "type": "instructor", "id": "i1", "do": "seat", "seat": "\udfff"},
    {"v": 1, "type": "ping", "\ud800": 1},
])
def test_a_lone_surrogate_in_any_field_is_refused_and_silences_nobody(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput],
        caplog: pytest.LogCaptureFixture, message: dict[str, object]) -> None:
    import json

    c = joined(net, server, inputs)
    good = joined(net, server, inputs, "kronos/helm")
    with caplog.at_level(logging.DEBUG):
        c.send_text(json.dumps(message))   # json escapes it: "\\ud800", as a browser may
        refused = c.until(lambda m: m.get("type") == "refused")
        assert "not Unicode" in refused["reason"]
        assert c.recv() is CLOSED
        assert inputs.empty()
        good.send({"v": 1, "type": "ping"})
        assert good.until(lambda m: m.get("type") == "pong")
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.INFO], \
        "a traceback was logged"


def test_a_surrogate_the_table_sends_goes_out_escaped_and_the_writer_lives(
        net: Net, server: StationServer, inputs: queue.Queue[ConsoleInput],
        caplog: pytest.LogCaptureFixture) -> None:
    c = joined(net, server, inputs)
    with caplog.at_level(logging.DEBUG):
        server.publish(SEAT, {"type": "state", "seq": 1, "name": "Kirk \ud800"})
        assert c.until(lambda m: m.get("type") == "state")["name"] == "Kirk \ud800"
        server.publish(SEAT, {"type": "state", "seq": 2})
        assert c.until(lambda m: m.get("type") == "state")["seq"] == 2
    assert server.drops == 0
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.INFO]


def raw(port: int, request: bytes) -> tuple[int, dict[str, str]]:
    """A request sent as bytes; the status and headers of the answer."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(request)
        data = b""
        while b"\r\n\r\n" not in data:
            chunk = s.recv(65536)
            if not chunk:
                break
            data += chunk
    head = data.split(b"\r\n\r\n", 1)[0].decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in head[1:] if ": " in line)
    return int(head[0].split()[1]), headers


@pytest.mark.parametrize("request_line, status", [
    (b"GET /static/" + b"a" * 8000 + b" HTTP/1.1", 404),
    (b"GET /static/" + b"%2e%2e/" * 50 + b"server.py HTTP/1.1", 404),
    (b"GET /static/nope.js HTTP/1.1", 404),
    (b"GET /no/such/page HTTP/1.1", 404),
    (b"GET /ws HTTP/1.1", 400),                       # not a WebSocket handshake
    (b"POST / HTTP/1.1", 405),
    (b"GARBAGE", 400),                                # not HTTP at all: aiohttp's own answer
    (b"GET /static/console.js HTTP/1.1", 200),
])
def test_every_answer_carries_the_security_headers_and_no_500(
        server: StationServer, caplog: pytest.LogCaptureFixture, request_line: bytes,
        status: int) -> None:
    with caplog.at_level(logging.DEBUG):
        got, headers = raw(server.port, request_line +
                           b"\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    assert got == status
    for key, value in HEADERS.items():
        assert headers.get(key) == value, (key, headers)
    assert not [r for r in caplog.records if r.exc_info and r.levelno >= logging.INFO], \
        "a traceback was logged"


def test_a_dns_rebinding_page_is_refused_though_its_host_matches(
        net: Net, inputs: queue.Queue[ConsoleInput]) -> None:
    """A page at http://evil.example:PORT whose name the attacker points at the table sends
    Origin and Host both naming evil.example: the Origin is not one of the table's names."""
    import aiohttp

    server = StationServer(inputs.put, "127.0.0.1", 0,
                           names=lambda: ["127.0.0.1", "starbridge.local"]).start()
    try:
        evil = f"http://evil.example:{server.port}"
        with pytest.raises(aiohttp.WSServerHandshakeError) as err:
            net.run(net.session.ws_connect(f"http://127.0.0.1:{server.port}/ws", headers={
                "Origin": evil, "Host": f"evil.example:{server.port}"}))
        assert err.value.status == 403
        for good in (f"http://127.0.0.1:{server.port}", f"http://starbridge.local:{server.port}"):
            c = net.console(server.port, server.tokens.issue(SEAT), origin=good)
            assert c.recv()["type"] == "welcome", good
    finally:
        server.stop()


@pytest.mark.parametrize("origin, ok", [
    ("http://10.42.0.1:8765", True), ("http://STARBRIDGE.local:8765", True),
    ("http://10.42.0.1:8766", False), ("http://10.42.0.1", False),
    ("https://10.42.0.1:8765", True), ("http://evil.example:8765", False),
    ("null", False), ("http://10.42.0.1:99999", False), ("file://10.42.0.1:8765", False),
    ("http://[::1]:8765", True), ("http://10.42.0.1.evil.example:8765", False),
])
def test_the_origin_is_one_of_the_tables_own_names_on_its_port(origin: str, ok: bool) -> None:
    assert own_origin(origin, ["10.42.0.1", "starbridge.local", "::1"], 8765) is ok


@pytest.mark.parametrize("v", ["true", "1.0", '"1"', "[1]"])
def test_a_version_that_only_equals_one_is_refused(
        net: Net, server: StationServer, v: str) -> None:
    c = net.console(server.port, hello=False)
    c.send_text(f'{{"v":{v},"type":"hello","token":"{server.tokens.issue(SEAT)}"}}')
    assert "version" in c.until(lambda m: m.get("type") == "refused")["reason"]
