"""The room's outputs on their real protocols at the edges: a WLED stand-in answering its JSON
API on loopback, the sacn library's own receiver on loopback, SDL's dummy audio driver. Each
output drops and comes back without stopping the game, and says so once each way."""

from __future__ import annotations

import json
import os
import queue
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import pytest

os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from lights.load import parse_rules
from room.dmx import DmxUniverses
from room.link import Link
from room.room import Room
from room.sound import Speaker
from room.wled import WledPost, wled_body

WAIT = 10.0   # a bound against a hang, not a timing


class Wled:
    """A WLED stand-in: answers POST /json/state as the JSON API documents (the new state back
    with "v": true, else {"success": true}), and keeps every body it was sent."""

    def __init__(self, port: int = 0) -> None:
        self.bodies: queue.Queue[dict[str, Any]] = queue.Queue()
        owner = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                n = int(self.headers.get("Content-Length", "0"))
                body = json.loads(self.rfile.read(n))
                ok = self.path in ("/json/state", "/json")
                if ok:
                    owner.bodies.put(body)
                reply = json.dumps({"success": True} if ok else {"error": 4}).encode()
                self.send_response(200 if ok else 404)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(reply)))
                self.end_headers()
                self.wfile.write(reply)

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
        self.port = self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, args=(0.05,),
                                       daemon=True)
        self.thread.start()

    def next(self) -> dict[str, Any]:
        return self.bodies.get(timeout=WAIT)

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def wled() -> Iterator[Wled]:
    w = Wled()
    yield w
    w.close()


def test_a_look_is_one_post_of_the_segments_state(wled: Wled) -> None:
    post = WledPost(f"http://127.0.0.1:{wled.port}")
    post(wled_body(1, (255, 0, 0), 1.0))
    assert wled.next() == {"on": True, "tt": 0, "seg": [{"id": 1, "on": True, "bri": 255,
                                                         "col": [[255, 0, 0]], "fx": 0}]}
    post(wled_body(1, (255, 0, 0), 0.0))
    assert wled.next()["seg"][0]["on"] is False


@pytest.mark.slow
def test_a_wled_that_drops_is_said_once_and_lit_again_when_it_answers() -> None:
    first = Wled()
    port = first.port
    link = Link("WLED room", WledPost(f"http://127.0.0.1:{port}"), retry_s=0.05)
    try:
        link.put(b'{"on":true}')
        first.next()
        first.close()   # unplugged
        link.put(wled_body(0, (0, 0, 255), 1.0))
        news = wait_for(link, "does not answer")
        assert len(news) == 1 and "the game goes on without it" in news[0]
        back = Wled(port)   # plugged in again on the same address
        try:
            assert back.next()["seg"][0]["col"] == [[0, 0, 255]]   # the newest look, resent
            assert any("answers again" in n for n in wait_for(link, "answers again"))
        finally:
            back.close()
    finally:
        link.close()


def wait_for(link: Link, words: str) -> list[str]:
    got: list[str] = []
    done = threading.Event()
    for _ in range(int(WAIT / 0.02)):
        got.extend(link.news())
        if any(words in n for n in got):
            return got
        done.wait(0.02)
    raise AssertionError(f"never said {words!r}: {got}")


def free_udp_port() -> int:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = int(s.getsockname()[1])
    s.close()
    return port


def test_dmx_channels_reach_an_sacn_receiver_on_loopback() -> None:
    from sacn import sACNreceiver

    port = free_udp_port()
    got: queue.Queue[Any] = queue.Queue()
    receiver = sACNreceiver(bind_address="127.0.0.1", bind_port=port)
    receiver.register_listener("universe", lambda packet: got.put(packet), universe=7)
    receiver.start()
    rules = parse_rules(f'''[outputs.wash]
kind = "dmx"
universe = 7
channels = [10, 11, 12]
host = "127.0.0.1"
port = {port}
[outputs.dimmer]
kind = "dmx"
universe = 7
channels = [1]
host = "127.0.0.1"
port = {port}
''', "t")
    dmx = DmxUniverses(rules.outputs.values())
    try:
        dmx.set("wash", (255, 128, 0), 0.5)
        dmx.set("dimmer", (0, 0, 0), 1.0)
        dmx.flush([("127.0.0.1", port, 7)])
        for _ in range(20):
            packet = got.get(timeout=WAIT)
            data = packet.dmxData
            if data[9:12] == (128, 64, 0):
                break
        assert data[0] == 255 and data[9:12] == (128, 64, 0)
        assert packet.sourceName == "starbridge"
    finally:
        dmx.close()
        receiver.stop()


def test_a_dmx_send_that_fails_is_said_once() -> None:
    sends: list[bytes] = []

    def fails(payload: bytes) -> None:
        sends.append(payload)
        raise OSError("Network is unreachable")

    link = Link("DMX universe 1", fails, keepalive=0.02, retry_s=0.02)
    try:
        link.put(bytes(512))
        news = wait_for(link, "does not answer")
        for _ in range(5):
            threading.Event().wait(0.03)
            news += link.news()
        assert len(news) == 1 and len(sends) > 1   # tried again and again, said once
    finally:
        link.close()


def test_sounds_play_on_sdls_dummy_driver_and_a_bad_file_is_said_once(tmp_path: Any) -> None:
    bad = tmp_path / "bad.wav"
    bad.write_bytes(b"not a sound")
    rules = parse_rules(f'''[outputs.klaxon]
kind = "sound"
sound = "klaxon"
[outputs.broken]
kind = "sound"
sound = "{bad}"
''', "t")
    speaker = Speaker(rules.outputs.values())
    try:
        speaker.play("klaxon")
        speaker.play("klaxon", loop=True)
        assert "klaxon" in speaker.channels and speaker.channels["klaxon"].get_busy()
        speaker.stop("klaxon")
        speaker.play("broken")
        speaker.play("broken")
        news = speaker.news()
        assert len(news) == 1 and "cannot be played" in news[0]
    finally:
        speaker.close()
        import pygame

        pygame.mixer.quit()


def test_no_audio_device_is_said_once_and_the_game_goes_on(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    pygame.mixer.quit()
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    rules = parse_rules('[outputs.k]\nkind = "sound"\nsound = "chime"\n', "t")
    t = [0.0]
    speaker = Speaker(rules.outputs.values(), clock=lambda: t[0])
    speaker.play("k")
    speaker.play("k")
    news = speaker.news()
    assert len(news) == 1 and news[0].startswith("no sound")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    t[0] = 60.0
    speaker.play("k")
    assert speaker.news() == ["sound is back"]
    pygame.mixer.quit()


def test_the_room_lights_a_wled_from_a_game(wled: Wled) -> None:
    from companion.dice import VirtualDice
    from companion.session import load_scenario, prepare
    from engine import apply, decide, new_game, pending

    rules = parse_rules(f'''[outputs.room]
kind = "wled"
url = "http://127.0.0.1:{wled.port}"
[[state]]
output = "room"
when = "asked.decide"
colour = "amber"
[[event]]
output = "room"
on = "Rolled"
colour = "blue"
time = 5
''', "t")
    room = Room(rules)
    try:
        state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 1))
        room.follow(state, (), 0.0)
        assert wled.next()["seg"][0]["col"] == [[255, 160, 0]]
        dice = VirtualDice(3)
        for _ in range(12):
            p = pending(state)[0]
            state, events = apply(state, dice.roll(p.roll) if p.roll else decide(state, p))
            room.follow(state, events, 1.0)
            if p.roll is not None:
                break
        got = drain(wled)
        assert any(b["seg"][0]["col"] == [[0, 0, 255]] for b in got)
        assert json.loads(room.wire["room"]) == got[-1]   # what the room says it sent, it sent
        assert room.news() == []
    finally:
        room.close()


def test_a_room_that_drives_nothing_still_makes_each_command() -> None:
    """drive=False (lights test, the secrets suite): no device, yet each light's command is
    made as it would be sent: a WLED's JSON body, a DMX fixture's channel values."""
    rules = parse_rules('''[outputs.strip]
kind = "wled"
url = "nowhere.invalid"
segment = 2
[outputs.wash]
kind = "dmx"
channels = [5, 6, 7]
[outputs.dimmer]
kind = "dmx"
channels = [9]
[[state]]
output = ["strip", "wash", "dimmer"]
when = "asked.decide"
colour = "red"
level = 0.5
''', "t")
    from companion.session import load_scenario, prepare
    from engine import new_game

    room = Room(rules, drive=False)
    room.follow(new_game(prepare(load_scenario("duel", None), None, "basic", None, 1)), (), 0.0)
    assert room.wled == {} and room.dmx is None
    assert room.wire == {"strip": wled_body(2, (255, 0, 0), 0.5), "wash": bytes([128, 0, 0]),
                         "dimmer": bytes([128])}


def drain(wled: Wled) -> list[dict[str, Any]]:
    out = [wled.next()]
    while True:
        try:
            out.append(wled.bodies.get(timeout=0.5))
        except queue.Empty:
            return out


def test_a_seat_whose_ship_is_not_in_the_game_is_said_once_and_stays_dark() -> None:
    from companion.session import load_scenario, prepare
    from engine import new_game

    rules = parse_rules('[outputs.lamp]\nkind = "wled"\nurl = "127.0.0.1:9"\n'
                        'seat = "nosuch/captain"\n[[state]]\noutput = "lamp"\n'
                        'when = "asked.decide"\n', "t")
    room = Room(rules, drive=False)
    state = new_game(prepare(load_scenario("duel", None), None, "basic", None, 1))
    room.follow(state, (), 0.0)
    room.follow(state, (), 1.0)
    news = room.news()
    assert len(news) == 1 and "no ship 'nosuch'" in news[0] and "lamp stay dark" in news[0]
    assert room.looks(1.0)["lamp"].rule == -1


def test_a_room_that_drives_nothing_hands_over_each_sound_it_started_once() -> None:
    """drive=False: every sound the rules start is kept, in order, until asked for
    (`Room.played`, the lights walk's and the secrets suite's), and asked again gives nothing
    new."""
    rules = parse_rules('''[outputs.klaxon]
kind = "sound"
sound = "klaxon"
[[state]]
output = "klaxon"
when = "asked.decide"
''', "t")
    from companion.session import load_scenario, prepare
    from engine import new_game

    room = Room(rules, drive=False)
    room.follow(new_game(prepare(load_scenario("duel", None), None, "basic", None, 1)), (), 0.0)
    assert room.played() == (("klaxon", True),)   # a state's sound loops
    assert room.played() == ()
